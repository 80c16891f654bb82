package referee

import (
	"log/slog"

	"github.com/windpost/windpost/games/internal/keys"
)

// The keys and threading formats of package keys, as the mailer and the
// commands read them.

// Redacted stands for a reply key in logs and dumps.
const Redacted = keys.Redacted

// ReplyToken returns the reply token of the player at canonical address in
// game id under secret (keys.Token).
func ReplyToken(secret []byte, id, address string) string { return keys.Token(secret, id, address) }

// ParseReplyAddress reads game and token from addr if it is a plus-address
// of the bot address bot (keys.ParseReplyAddress).
func ParseReplyAddress(bot, addr string) (game, token string, ok bool) {
	return keys.ParseReplyAddress(bot, addr)
}

// ParsePlusTag reads "<game>.<token>" from the plus part of an address.
func ParsePlusTag(tag string) (game, token string, ok bool) { return keys.ParsePlusTag(tag) }

// ParseSubjectTag finds "[windpost <game> <token>]" in a subject (the last
// one, if several).
func ParseSubjectTag(subject string) (game, token string, ok bool) {
	return keys.ParseSubjectTag(subject)
}

// ParseReference reads game and token from one of windpost's Message-IDs.
func ParseReference(messageID string) (game, token string, ok bool) {
	return keys.ParseReference(messageID)
}

// RedactKeys returns s with every reply key in a subject tag, reply
// address or Message-ID replaced by Redacted (keys.Redact).
func RedactKeys(s string) string { return keys.Redact(s) }

// RedactHandler returns a slog.Handler that writes to h with every reply
// key in the message and in the attributes' values replaced (RedactKeys).
func RedactHandler(h slog.Handler) slog.Handler { return keys.RedactHandler(h) }

// CanonicalAddress returns the form of an address windpost keys players
// by: trimmed, angle brackets removed, lower case.
func CanonicalAddress(addr string) string { return keys.CanonicalAddress(addr) }

// BareAddress returns addr without white space around it and without the
// display name and angle brackets of "Name <a@b>"; its case is kept.
func BareAddress(addr string) string { return keys.BareAddress(addr) }

// SplitAddress splits an address at its last '@'; domain is "" if there is
// none.
func SplitAddress(addr string) (local, domain string) { return keys.SplitAddress(addr) }
