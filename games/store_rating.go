package games

import (
	"bytes"
	"time"

	"github.com/windpost/windpost/rating"
)

// bucketRatings holds the players' ratings (ratings.go): key "<game>/<canonical
// address>" (the variant's name, a slash, the address) -> ratingRecord. The
// game first, so that the standings of one game are one prefix. It is made
// by the first rated game; until then there are no ratings. Only this file
// knows it.
// (the bucket's name is in buckets.go)

// ratingRecord is one player's rating in one game, with its history.
type ratingRecord struct {
	V       int           `json:"v"`
	Address string        `json:"address"`
	Variant string        `json:"variant"`
	Rating  rating.Rating `json:"rating"`
	Games   int           `json:"games"` // rated games played
	Last    time.Time     `json:"last"`  // when the last rated game ended
	// History is the rating's changes, oldest first; the last
	// maxRatingHistory are kept (the game records keep every change).
	History []ratingChange `json:"history,omitempty"`
}

// ratingChange is what one rated game did to one player's rating.
type ratingChange struct {
	At       time.Time     `json:"at"`
	Game     string        `json:"game"`
	Opponent string        `json:"opponent"` // an address, or "the bot (strong)"
	Result   string        `json:"result"`   // "win", "draw" or "loss"
	Before   rating.Rating `json:"before"`   // aged for the idle time before the game
	After    rating.Rating `json:"after"`
}

func ratingKey(variant, address string) []byte { return []byte(variant + "/" + address) }

// rating reads address's rating in variant; rec is nil if they have none.
func (st storeTx) rating(variant, address string) (*ratingRecord, error) {
	b := st.tx.Bucket(bucketRatings)
	if b == nil {
		return nil, nil
	}
	rec := &ratingRecord{}
	ok, err := getJSON(b, string(ratingKey(variant, address)), rec)
	if !ok || err != nil {
		return nil, err
	}
	return rec, nil
}

// putRating writes a rating record.
func (st storeTx) putRating(rec *ratingRecord) error {
	b, err := st.tx.CreateBucketIfNotExists(bucketRatings)
	if err != nil {
		return err
	}
	rec.V = 1
	return putJSON(b, string(ratingKey(rec.Variant, rec.Address)), rec)
}

// deleteRating deletes address's rating in variant.
func (st storeTx) deleteRating(variant, address string) error {
	if b := st.tx.Bucket(bucketRatings); b != nil {
		return b.Delete(ratingKey(variant, address))
	}
	return nil
}

// eachRating calls f with every rating of variant, in address order; a
// record that cannot be read is handed to f as an error.
func (st storeTx) eachRating(variant string, f func(rec *ratingRecord, err error) error) error {
	b := st.tx.Bucket(bucketRatings)
	if b == nil {
		return nil
	}
	prefix := ratingKey(variant, "")
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		rec := &ratingRecord{}
		if _, err := getJSON(b, string(k), rec); err != nil {
			if err := f(nil, err); err != nil {
				return err
			}
			continue
		}
		if err := f(rec, nil); err != nil {
			return err
		}
	}
	return nil
}
