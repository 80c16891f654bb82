// Package keys makes and reads what names a player and proves them in
// mail: canonical addresses, the ids of games and of a player's own keys,
// the reply keys (HMACs under the server secret, compared in constant
// time), and the threading formats that carry a key back (the bot's
// plus-address, the subject tag, windpost's Message-IDs), each written and
// read side by side. Redact hides the keys in logs and dumps.
//
// It decides nothing: which key lets a mail do what is the games
// package's authority (authority.go).
package keys
