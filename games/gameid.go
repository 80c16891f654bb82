package games

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"strings"
)

// Game ids are 'g' and four characters of idAlphabet, e.g. "g7k3q": short
// and easy to type (no 0/o, 1/l/i to confuse). They are derived from the
// server secret and a counter, so they cannot be guessed in bulk without the
// secret; knowing an id gives nothing anyway, since every change to a game
// needs the player's reply token. When the four-character ids are
// crowded, longer ones follow.
const idAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// gameIDCandidate returns the id for counter n with length chars after the
// 'g'.
func gameIDCandidate(secret []byte, n uint64, length int) string {
	return idCandidate(secret, "game-id", 'g', n, length)
}

// idCandidate returns the id for counter n of the ids labelled label
// (games, seeks, ...): prefix and length chars of idAlphabet from the HMAC
// of the server secret, the label and the counter.
func idCandidate(secret []byte, label string, prefix byte, n uint64, length int) string {
	mac := hmac.New(sha256.New, secret)
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], n)
	mac.Write([]byte(label + "\x00"))
	mac.Write(buf[:])
	sum := mac.Sum(nil)
	id := make([]byte, 0, length+1)
	id = append(id, prefix)
	for i := 0; i < length; i++ {
		id = append(id, idAlphabet[int(sum[i])%len(idAlphabet)])
	}
	return string(id)
}

// validGameID reports whether s has the form of a game id.
func validGameID(s string) bool { return validID(s, 'g') }

// validID reports whether s has the form of an id made by idCandidate with
// prefix.
func validID(s string, prefix byte) bool {
	if len(s) < 5 || len(s) > 12 || s[0] != prefix {
		return false
	}
	for i := 1; i < len(s); i++ {
		if strings.IndexByte(idAlphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}
