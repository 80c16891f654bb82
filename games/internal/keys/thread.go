package keys

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"fmt"
	"strings"
)

// The threading formats, each written and read here side by side (see the
// package doc): the reply token, the bot's plus-address that carries it,
// the subject tag, and windpost's Message-IDs.

// tokenBytes is the length of a reply token before encoding: 80 bits.
const tokenBytes = 10

var tokenEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// Token returns the reply token of the player at canonical address in
// game id under secret: HMAC-SHA256 of id, NUL, address, truncated to 80
// bits, in lower-case base32 without padding (16 characters).
func Token(secret []byte, id, address string) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(id))
	mac.Write([]byte{0})
	mac.Write([]byte(address))
	return strings.ToLower(tokenEncoding.EncodeToString(mac.Sum(nil)[:tokenBytes]))
}

// Match compares a token as received with the right one in constant
// time (case-insensitively: some clients upper-case addresses).
func Match(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(strings.ToLower(got)), []byte(want)) == 1
}

// ValidToken reports whether s has the form of a reply token.
func ValidToken(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// ReplyAddress is the bot's plus-address carrying game and token:
// "<local>+<game>.<token>@<domain>", where local is the bot's local part
// without any plus part of its own.
func ReplyAddress(local, domain, game, token string) string {
	return local + "+" + PlusTag(game, token) + "@" + domain
}

// ParseReplyAddress reads game and token from addr if it is a plus-address
// of the bot address bot: its local part is the bot's, a '+' and a plus
// tag (ParsePlusTag), and its domain the bot's. Case is ignored; bot may
// be written with angle brackets.
func ParseReplyAddress(bot, addr string) (game, token string, ok bool) {
	bl, bd := SplitAddress(BareAddress(bot))
	local, domain := SplitAddress(addr)
	if bd == "" || !strings.EqualFold(domain, bd) || len(local) <= len(bl) ||
		!strings.EqualFold(local[:len(bl)], bl) || local[len(bl)] != '+' {
		return "", "", false
	}
	return ParsePlusTag(local[len(bl)+1:])
}

// PlusTag is the part after '+' in the bot's local part of the reply
// address: "<game>.<token>".
func PlusTag(game, token string) string { return game + "." + token }

// ParsePlusTag reads "<game>.<token>" from the plus part of an address
// (what follows the '+' of the local part, without the domain). Case is
// ignored.
func ParsePlusTag(tag string) (game, token string, ok bool) {
	tag = strings.ToLower(strings.TrimSpace(tag))
	game, token, found := strings.Cut(tag, ".")
	if !found || !ValidGameID(game) || !ValidToken(token) {
		return "", "", false
	}
	return game, token, true
}

// SubjectTag is the tag windpost puts in the subject of every mail about a
// game, for clients that drop the plus part of the reply address.
func SubjectTag(game, token string) string { return "[windpost " + game + " " + token + "]" }

// ParseSubjectTag finds "[windpost <game> <token>]" in a subject (the last
// one, if several).
func ParseSubjectTag(subject string) (game, token string, ok bool) {
	s := strings.ToLower(subject)
	for {
		i := strings.LastIndex(s, "[windpost ")
		if i < 0 {
			return "", "", false
		}
		rest := s[i+len("[windpost "):]
		if j := strings.IndexByte(rest, ']'); j >= 0 {
			f := strings.Fields(rest[:j])
			if len(f) == 2 && ValidGameID(f[0]) && ValidToken(f[1]) {
				return f[0], f[1], true
			}
		}
		s = s[:i]
	}
}

// GameMessageID is the Message-ID of mail number n about game to the
// player with token.
func GameMessageID(game, token string, n uint64, domain string) string {
	return fmt.Sprintf("<windpost.%s.%s.%d@%s>", game, token, n, domain)
}

// PlainMessageID is the Message-ID of mail number n about no game.
func PlainMessageID(n uint64, domain string) string {
	return fmt.Sprintf("<windpost.%d@%s>", n, domain)
}

// ParseReference reads game and token from one of windpost's Message-IDs
// ("<windpost.<game>.<token>.<n>@domain>", with or without the angle
// brackets), as found in In-Reply-To or References.
func ParseReference(messageID string) (game, token string, ok bool) {
	s := strings.ToLower(strings.TrimSpace(messageID))
	s = strings.TrimPrefix(s, "<")
	s = strings.TrimSuffix(s, ">")
	local, _, found := strings.Cut(s, "@")
	if !found {
		return "", "", false
	}
	f := strings.Split(local, ".")
	if len(f) != 4 || f[0] != "windpost" || !ValidGameID(f[1]) || !ValidToken(f[2]) {
		return "", "", false
	}
	for _, c := range f[3] {
		if c < '0' || c > '9' {
			return "", "", false
		}
	}
	return f[1], f[2], f[3] != ""
}
