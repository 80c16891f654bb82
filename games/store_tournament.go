package games

import (
	"encoding/json"
	"fmt"
)

// bucketTournaments holds the tournaments (tournament.go): id ->
// tournamentRecord. It is made by the first "tournament new"; until then
// there are none. Only this file knows its encoding (its name is in buckets.go).
// (the bucket's name is in buckets.go)

// tournament reads tournament id; rec is nil if there is none.
func (st storeTx) tournament(id string) (rec *tournamentRecord, err error) {
	if b := st.tx.Bucket(bucketTournaments); b != nil {
		var found bool
		rec = &tournamentRecord{}
		if found, err = getJSON(b, id, rec); !found {
			rec = nil
		}
	}
	return rec, err
}

// putTournament writes a tournament record.
func (st storeTx) putTournament(rec *tournamentRecord) error {
	rec.V = 1
	b, err := st.tx.CreateBucketIfNotExists(bucketTournaments)
	if err == nil {
		err = putJSON(b, rec.ID, rec)
	}
	return err
}

// eachTournament calls f with every tournament in id order; a record that
// cannot be read is handed to f as an error.
func (st storeTx) eachTournament(f func(rec *tournamentRecord, err error) error) error {
	b := st.tx.Bucket(bucketTournaments)
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		rec := &tournamentRecord{}
		if err := json.Unmarshal(v, rec); err != nil {
			return f(nil, fmt.Errorf("tournament %s: %w", k, err))
		}
		return f(rec, nil)
	})
}

// newTournamentID draws the id of a new tournament: 't' and four
// characters of idAlphabet from the server secret and the bucket's
// counter, as game ids are made (gameid.go), longer when crowded.
func (st storeTx) newTournamentID(secret []byte) (string, error) {
	b, err := st.tx.CreateBucketIfNotExists(bucketTournaments)
	if err != nil {
		return "", err
	}
	for tries := 0; ; tries++ {
		n, err := b.NextSequence()
		if err != nil {
			return "", err
		}
		id := tournamentIDCandidate(secret, n, 4+tries/8)
		if b.Get([]byte(id)) == nil {
			return id, nil
		}
	}
}

// tournamentIDCandidate is the id for counter n with length characters
// after the 't': an HMAC of the counter under the server secret, with a
// label of its own, in idAlphabet.
func tournamentIDCandidate(secret []byte, n uint64, length int) string {
	return idCandidate(secret, "tournament-id", 't', n, length)
}

// validTournamentID reports whether s has the form of a tournament id.
func validTournamentID(s string) bool { return validID(s, 't') }
