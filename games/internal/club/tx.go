package club

import (
	"fmt"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/store"
)

// Tx is the club's part of a store transaction: seeks, tournaments and
// ratings. Each bucket is made by its first write; until then it has
// nothing.
//
//	seeks        seek id -> Seek: the open seeks (Seek); its
//	             sequence is the counter seek ids are made from
//	tournaments  tournament id -> Tournament (Tournament)
//	ratings      "<game>/<canonical address>" -> Rating (Rating):
//	             the game first, so that the standings of one game are one
//	             prefix
type Tx struct{ tx *store.Tx }

// View is the club's part of tx.
func View(tx *store.Tx) Tx { return Tx{tx} }

// Seek reads seek id; rec is nil if there is none.
func (st Tx) Seek(id string) (*Seek, error) {
	rec, _, err := store.Get[Seek](st.tx.Bucket(store.Seeks), id)
	return rec, err
}

// HasSeek reports whether there is a seek id.
func (st Tx) HasSeek(id string) bool { return st.tx.Bucket(store.Seeks).Has(id) }

// NewSeekNumber reserves the counter from which the next seek id is made.
func (st Tx) NewSeekNumber() (uint64, error) { return st.tx.Bucket(store.Seeks).NextSequence() }

// PutSeek writes a seek.
func (st Tx) PutSeek(rec *Seek) error {
	rec.V = 1
	return st.tx.Bucket(store.Seeks).Put(rec.ID, rec)
}

// DeleteSeek deletes seek id.
func (st Tx) DeleteSeek(id string) error { return st.tx.Bucket(store.Seeks).Delete(id) }

// EachSeek calls f with every seek, in id order; a record that cannot be
// read is handed to f as an error, with its id.
func (st Tx) EachSeek(f func(id string, rec *Seek, err error) error) error {
	return store.Each(st.tx.Bucket(store.Seeks), func(id string, rec *Seek, err error) error {
		if err != nil {
			err = fmt.Errorf("seek %s: %w", id, err)
		}
		return f(id, rec, err)
	})
}

// Tournament reads tournament id; rec is nil if there is none.
func (st Tx) Tournament(id string) (*Tournament, error) {
	rec, _, err := store.Get[Tournament](st.tx.Bucket(store.Tournaments), id)
	return rec, err
}

// PutTournament writes a tournament record.
func (st Tx) PutTournament(rec *Tournament) error {
	rec.V = 1
	return st.tx.Bucket(store.Tournaments).Put(rec.ID, rec)
}

// EachTournament calls f with every tournament in id order; a record that
// cannot be read is handed to f as an error.
func (st Tx) EachTournament(f func(rec *Tournament, err error) error) error {
	return store.Each(st.tx.Bucket(store.Tournaments), func(id string, rec *Tournament, err error) error {
		if err != nil {
			err = fmt.Errorf("tournament %s: %w", id, err)
		}
		return f(rec, err)
	})
}

// NewTournamentID draws the id of a new tournament: 't' and four
// characters of keys.Alphabet from the server secret and the bucket's
// counter, as game ids are made (keys.ID), longer when crowded.
func (st Tx) NewTournamentID(secret []byte) (string, error) {
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

// RatingKey is the key of address's rating in variant in the ratings
// bucket: the game first, so that the standings of one game are one prefix.
func RatingKey(variant, address string) string { return variant + "/" + address }

// Rating reads address's rating in variant; rec is nil if they have none.
func (st Tx) Rating(variant, address string) (*Rating, error) {
	rec, _, err := store.Get[Rating](st.tx.Bucket(store.Ratings), RatingKey(variant, address))
	return rec, err
}

// PutRating writes a rating record.
func (st Tx) PutRating(rec *Rating) error {
	rec.V = 1
	return st.tx.Bucket(store.Ratings).Put(RatingKey(rec.Variant, rec.Address), rec)
}

// DeleteRating deletes address's rating in variant.
func (st Tx) DeleteRating(variant, address string) error {
	return st.tx.Bucket(store.Ratings).Delete(RatingKey(variant, address))
}

// EachRating calls f with every rating of variant, in address order; a
// record that cannot be read is handed to f as an error.
func (st Tx) EachRating(variant string, f func(rec *Rating, err error) error) error {
	b := st.tx.Bucket(store.Ratings)
	for _, k := range b.Keys("", RatingKey(variant, ""), 0) {
		rec, _, err := store.Get[Rating](b, k)
		if err := f(rec, err); err != nil {
			return err
		}
	}
	return nil
}
