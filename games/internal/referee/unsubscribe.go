package referee

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/keys"
)

// One-click unsubscribe (RFC 8058). An invitation's List-Unsubscribe
// header carries a mailto to the invitee's keyed reply address whose mail
// says "stop" (RFC 2369); when the web view has an https base URL
// (Config.WebBaseURL) it carries first <BASE/unsubscribe/KEY>, KEY being
// the same game key as the mailto's ("<game>.<token>"), with
// List-Unsubscribe-Post: List-Unsubscribe=One-Click. Package web answers
// the POST to that URL with Server.Unsubscribe, which runs "stop" as the
// mailto's mail would, with the same key checks and nothing more, but
// writes no answer: the person asked to get no mail.

// ErrUnknownKey is matched (errors.Is) by Unsubscribe's error for a key
// that proves no address (any more): malformed, of no game, wrong, of an
// address that left ("forget me") or is banned. It does not say which.
var ErrUnknownKey = errors.New("the key proves no address")

// UnsubscribePost is the List-Unsubscribe-Post header's value, and the
// body of the POST that stops (RFC 8058 section 3.1).
const UnsubscribePost = "List-Unsubscribe=One-Click"

// UnsubscribePath is where the web view answers the one-click POST, below
// its base URL; the key follows.
const UnsubscribePath = "/unsubscribe/"

// Unsubscribed is what an unsubscribe did.
type Unsubscribed struct {
	// Text says it, as the answer to "stop" would ("Done: nobody can
	// invite you any more, ...").
	Text string
	// Mails are the mails it put in the outbox (already stored): the
	// notices to the challengers whose challenges it declined. No answer
	// goes to the address itself.
	Mails []Mail
}

// listUnsubscribe sets the List-Unsubscribe header of invitation m, which
// carries game's key tok in its reply address: the keyed mailto, after
// the one-click URL with its List-Unsubscribe-Post when the web view is
// on and reached by https (RFC 8058 needs an https URI).
func listUnsubscribe(cfg Config, m *Mail, game, tok string) {
	mailto := "<mailto:" + m.ReplyTo + "?subject=stop&body=stop>"
	base := strings.TrimRight(cfg.WebBaseURL, "/")
	if !strings.HasPrefix(strings.ToLower(base), "https://") {
		m.Headers["List-Unsubscribe"] = mailto
		return
	}
	m.Headers["List-Unsubscribe"] = "<" + base + UnsubscribePath + keys.PlusTag(game, tok) + ">, " + mailto
	m.Headers["List-Unsubscribe-Post"] = UnsubscribePost
}

// Unsubscribe runs "stop" for the address whose game key is key
// ("<game>.<token>", as the one-click URL carries it), in one write
// transaction: the address goes on the do-not-mail list and the
// challenges waiting for it are declined, exactly as a "stop" mailed
// with that key does. Unlike the mail, it is answered by nobody's mail:
// Text is for the page that asked. A key that proves no address is
// ErrUnknownKey, and nothing changes. Doing it again changes nothing more.
func (s *Server) Unsubscribe(ctx context.Context, key string) (Unsubscribed, error) {
	if err := ctx.Err(); err != nil {
		return Unsubscribed{}, fmt.Errorf("games: unsubscribe: %w", err)
	}
	game, token, ok := keys.ParsePlusTag(key)
	if !ok {
		return Unsubscribed{}, fmt.Errorf("games: unsubscribe: %w", ErrUnknownKey)
	}
	var done Unsubscribed
	err := s.Store.Update(func(st StoreTx) error {
		done = Unsubscribed{}
		// No resumeClocks: a stop moves no deadline, and Handle and Tick
		// note the server's runs.
		address, err := keyHolder(st, s.Store.Secret, game, token)
		if err != nil {
			return err
		}
		h := &Handling{Change: s.NewChange(ctx, st, address), MailState: MailState{From: address,
			Req: Request{From: address, GameID: game, Token: token, Subject: "stop", Received: s.now()}}}
		h.authenticate() // the checks of a mail with this key (authority.go)
		if err := noteProof(h); err != nil {
			return err
		}
		if !h.Consent.proven {
			return ErrUnknownKey
		}
		text, err := h.Run(Command{Line: "stop", Verb: VerbStop})
		if err != nil {
			return err
		}
		if err := h.commit(); err != nil { // h.Answer is not present: no answer is queued
			return err
		}
		done = Unsubscribed{Text: text, Mails: h.Queued}
		return nil
	})
	if err != nil {
		return Unsubscribed{}, fmt.Errorf("games: unsubscribe: %w", err)
	}
	return done, nil
}

// keyHolder is the player of game whose key token is (under secret), or ErrUnknownKey;
// a banned address holds no key here, as its mails are never handled.
func keyHolder(st StoreTx, secret []byte, game, token string) (string, error) {
	rec, _, err := st.Game(game)
	if err != nil {
		return "", err
	}
	if rec == nil {
		return "", ErrUnknownKey
	}
	for _, a := range rec.Humans() {
		if keys.Match(token, keys.Token(secret, game, a)) && !st.Banned(a) {
			return a, nil
		}
	}
	return "", ErrUnknownKey
}
