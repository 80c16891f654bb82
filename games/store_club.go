package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/rating"
)

// clubTx is the club's part of the store: seeks, tournaments and ratings.
// Each bucket is made by its first write; until then it has nothing.
//
//	seeks        seek id -> seekRecord: the open seeks (seek.go); its
//	             sequence is the counter seek ids are made from
//	tournaments  tournament id -> tournamentRecord (tournament.go)
//	ratings      "<game>/<canonical address>" -> ratingRecord (ratings.go):
//	             the game first, so that the standings of one game are one
//	             prefix
type clubTx struct{ tx *store.Tx }

// seek reads seek id; rec is nil if there is none.
func (st clubTx) seek(id string) (*seekRecord, error) {
	rec, _, err := store.Get[seekRecord](st.tx.Bucket(store.Seeks), id)
	return rec, err
}

// hasSeek reports whether there is a seek id.
func (st clubTx) hasSeek(id string) bool { return st.tx.Bucket(store.Seeks).Has(id) }

// newSeekNumber reserves the counter from which the next seek id is made.
func (st clubTx) newSeekNumber() (uint64, error) { return st.tx.Bucket(store.Seeks).NextSequence() }

// putSeek writes a seek.
func (st clubTx) putSeek(rec *seekRecord) error {
	rec.V = 1
	return st.tx.Bucket(store.Seeks).Put(rec.ID, rec)
}

// deleteSeek deletes seek id.
func (st clubTx) deleteSeek(id string) error { return st.tx.Bucket(store.Seeks).Delete(id) }

// eachSeek calls f with every seek, in id order; a record that cannot be
// read is handed to f as an error, with its id.
func (st clubTx) eachSeek(f func(id string, rec *seekRecord, err error) error) error {
	return store.Each(st.tx.Bucket(store.Seeks), func(id string, rec *seekRecord, err error) error {
		if err != nil {
			err = fmt.Errorf("seek %s: %w", id, err)
		}
		return f(id, rec, err)
	})
}

// tournament reads tournament id; rec is nil if there is none.
func (st clubTx) tournament(id string) (*tournamentRecord, error) {
	rec, _, err := store.Get[tournamentRecord](st.tx.Bucket(store.Tournaments), id)
	return rec, err
}

// putTournament writes a tournament record.
func (st clubTx) putTournament(rec *tournamentRecord) error {
	rec.V = 1
	return st.tx.Bucket(store.Tournaments).Put(rec.ID, rec)
}

// eachTournament calls f with every tournament in id order; a record that
// cannot be read is handed to f as an error.
func (st clubTx) eachTournament(f func(rec *tournamentRecord, err error) error) error {
	return store.Each(st.tx.Bucket(store.Tournaments), func(id string, rec *tournamentRecord, err error) error {
		if err != nil {
			err = fmt.Errorf("tournament %s: %w", id, err)
		}
		return f(rec, err)
	})
}

// newTournamentID draws the id of a new tournament: 't' and four
// characters of keys.Alphabet from the server secret and the bucket's
// counter, as game ids are made (gameid.go), longer when crowded.
func (st clubTx) newTournamentID(secret []byte) (string, error) {
	b := st.tx.Bucket(store.Tournaments)
	for tries := 0; ; tries++ {
		n, err := b.NextSequence()
		if err != nil {
			return "", err
		}
		if id := tournamentIDCandidate(secret, n, 4+tries/8); !b.Has(id) {
			return id, nil
		}
	}
}

// tournamentIDCandidate is the id for counter n with length characters
// after the 't': an HMAC of the counter under the server secret, with a
// label of its own, in keys.Alphabet.
func tournamentIDCandidate(secret []byte, n uint64, length int) string {
	return keys.ID(secret, "tournament-id", 't', n, length)
}

// validTournamentID reports whether s has the form of a tournament id.
func validTournamentID(s string) bool { return keys.ValidID(s, 't') }

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

func ratingKey(variant, address string) string { return variant + "/" + address }

// rating reads address's rating in variant; rec is nil if they have none.
func (st clubTx) rating(variant, address string) (*ratingRecord, error) {
	rec, _, err := store.Get[ratingRecord](st.tx.Bucket(store.Ratings), ratingKey(variant, address))
	return rec, err
}

// putRating writes a rating record.
func (st clubTx) putRating(rec *ratingRecord) error {
	rec.V = 1
	return st.tx.Bucket(store.Ratings).Put(ratingKey(rec.Variant, rec.Address), rec)
}

// deleteRating deletes address's rating in variant.
func (st clubTx) deleteRating(variant, address string) error {
	return st.tx.Bucket(store.Ratings).Delete(ratingKey(variant, address))
}

// eachRating calls f with every rating of variant, in address order; a
// record that cannot be read is handed to f as an error.
func (st clubTx) eachRating(variant string, f func(rec *ratingRecord, err error) error) error {
	b := st.tx.Bucket(store.Ratings)
	for _, k := range b.Keys("", ratingKey(variant, ""), 0) {
		rec, _, err := store.Get[ratingRecord](b, k)
		if err := f(rec, err); err != nil {
			return err
		}
	}
	return nil
}
