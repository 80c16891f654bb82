package keys

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"strings"
)

// Game ids are 'g' and four characters of Alphabet, e.g. "g7k3q": short
// and easy to type (no 0/o, 1/l/i to confuse). They are derived from the
// server secret and a counter, so they cannot be guessed in bulk without the
// secret; knowing an id gives nothing anyway, since every change to a game
// needs the player's reply token. When the four-character ids are
// crowded, longer ones follow.
const Alphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// GameID returns the id for counter n with length chars after the
// 'g'.
func GameID(secret []byte, n uint64, length int) string {
	return ID(secret, "game-id", 'g', n, length)
}

// ID returns the id for counter n of the ids labelled label
// (games, seeks, ...): prefix and length chars of Alphabet from the HMAC
// of the server secret, the label and the counter.
func ID(secret []byte, label string, prefix byte, n uint64, length int) string {
	mac := hmac.New(sha256.New, secret)
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], n)
	mac.Write([]byte(label + "\x00"))
	mac.Write(buf[:])
	sum := mac.Sum(nil)
	id := make([]byte, 0, length+1)
	id = append(id, prefix)
	for i := 0; i < length; i++ {
		id = append(id, Alphabet[int(sum[i])%len(Alphabet)])
	}
	return string(id)
}

// ValidGameID reports whether s has the form of a game id.
func ValidGameID(s string) bool { return ValidID(s, 'g') }

// ValidID reports whether s has the form of an id made by ID with
// prefix.
func ValidID(s string, prefix byte) bool {
	if len(s) < 5 || len(s) > 12 || s[0] != prefix {
		return false
	}
	for i := 1; i < len(s); i++ {
		if strings.IndexByte(Alphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

// Personal is the game-id-shaped id of one of address's own keys: "g",
// the purpose's first letter and 10 letters of an HMAC under secret, so
// that it never names a game (game ids are shorter).
func Personal(secret []byte, purpose, address string) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(purpose + "-id\x00" + address))
	sum := mac.Sum(nil)
	id := []byte{'g', purpose[0]}
	for _, b := range sum[:10] {
		id = append(id, Alphabet[int(b)%len(Alphabet)])
	}
	return string(id)
}

// personalLen is the length of Personal's ids: two letters and ten.
const personalLen = 12

// The purposes of a player's own keys (PersonalKey).
const (
	// Digest is the key of a player's digests: it plays in every game of
	// theirs.
	Digest = "digest"
	// Address is the key of an answer about none of the player's games:
	// it proves the sender for what acts in their name, and changes no
	// game (a forwarded answer to "help" must not play).
	Address = "address"
)

// PersonalKey is the id and the key of address's own key for purpose
// (Digest, Address): the id is Personal's ("gd...", "ga..."), the key a
// reply token over purpose, '.', id, so that no game's key is one of
// these and none of these is a game's.
func PersonalKey(secret []byte, purpose, address string) (id, token string) {
	id = Personal(secret, purpose, address)
	return id, Token(secret, purpose+"."+id, address)
}

// MatchPersonal reports whether id and token, as a mail carried them,
// are address's own key for purpose.
func MatchPersonal(secret []byte, purpose, address, id, token string) bool {
	// A personal id has its own length and prefix ("gd", "ga"): a game's
	// id, or another purpose's, is told apart before any HMAC is made.
	if len(id) != personalLen || id[0] != 'g' || id[1] != purpose[0] {
		return false
	}
	want, key := PersonalKey(secret, purpose, address)
	return id == want && Match(token, key)
}
