package mailer

import (
	"errors"
	"fmt"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/windpost/windpost/games"
)

// The outbox under a provider's send limits (Outbox.Limits): before each
// round it counts the mail the store marked sent in the last day and the
// last minute (so a restart does not reset the count) and takes no more
// than the limits leave. What it does not take stays pending in the store,
// moves and results ahead of the later mail (games.Store.NextMail), and is
// sent once the window lets it: nothing held back is lost. While a limit
// holds mail back, the hold is in the store for `windpost admin outbox`,
// and the log says when it begins and when it ends.
//
// The server may still refuse mail for the account's sending limit (the
// preset's figure is too high for this account, or the account sends
// other mail too): such a refusal (OverLimit) is about no one mail. The
// mail is tried again later without counting as a refusal, the pass stops,
// and the outbox holds all mail for MaxRetryDelay (window "server").

// sendWindow is one window a limit counts in.
type sendWindow struct {
	name  string // as the hold names it: "day", "minute"
	limit int
	span  time.Duration
}

// windows are the windows of the outbox's limits.
func (o *Outbox) windows() []sendWindow {
	return []sendWindow{{"day", o.Limits.PerDay, 24 * time.Hour}, {"minute", o.Limits.PerMinute, time.Minute}}
}

// serverWindow is the hold's window when the server refused mail for
// the account's sending limit.
const serverWindow = "server"

// OverLimit reports whether err is the mail server refusing a mail because
// the account sent more than its provider allows (Gmail's "5.4.5 Daily
// user sending limit exceeded", iCloud's "exceeded your daily sending
// limit", Exchange's "SubmissionQuotaExceeded"), rather than anything
// about the mail or its recipient.
func OverLimit(err error) bool {
	var se *gomail.SendError
	if !errors.As(err, &se) || TooLarge(err) {
		return false
	}
	if se.EnhancedStatusCode() == "5.4.5" {
		return true
	}
	text := strings.ToLower(err.Error())
	for _, words := range []string{"sending limit", "sending quota", "quota exceeded", "quotaexceeded", "rate limit"} {
		if strings.Contains(text, words) {
			return true
		}
	}
	return false
}

// overLimit holds all mail for MaxRetryDelay after the server refused
// one for the account's sending limit (serr).
func (o *Outbox) overLimit(now time.Time, serr error) error {
	sent, _, err := o.Store.SentSince(now.Add(-24*time.Hour), 0)
	if err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	reason := strings.Join(strings.Fields(serr.Error()), " ")
	if r := []rune(reason); len(r) > 160 {
		reason = string(r[:160]) + "..."
	}
	return o.hold(now, games.SendHold{Limits: "the mail server's own (it answered: " + reason + ")", Window: serverWindow,
		Sent: sent, Until: now.Add(o.maxRetryDelay())})
}

// allowance is how many mails the limits let go at now (-1: no limit).
// When none, held says which window is full and until when.
func (o *Outbox) allowance(now time.Time) (allow int, held games.SendHold, err error) {
	o.mu.Lock()
	prev := o.held
	o.mu.Unlock()
	if prev.Window == serverWindow && now.Before(prev.Until) {
		return 0, prev, nil
	}
	allow = -1
	for _, w := range o.windows() {
		if w.limit <= 0 {
			continue
		}
		sent, limitAt, err := o.Store.SentSince(now.Add(-w.span), w.limit)
		if err != nil {
			return 0, games.SendHold{}, fmt.Errorf("the mail sent in the last %s: %w", w.name, err)
		}
		left := max(w.limit-sent, 0)
		if allow < 0 || left < allow {
			allow = left
		}
		if until := limitAt.Add(w.span); left == 0 && until.After(held.Until) {
			held = games.SendHold{Limits: o.Limits.String(), Window: w.name, Sent: sent, Until: until}
		}
	}
	return allow, held, nil
}

// hold records that the limits hold mail back as h says, if any mail is
// due: in the store (when it changed) and in the log (when the hold
// begins or another window is full). With nothing due, nothing is held.
func (o *Outbox) hold(now time.Time, h games.SendHold) error {
	due, err := o.Store.NextMail(now, 1, -1)
	if err != nil {
		o.log().Error("cannot read the outbox from the store", "err", err)
		return fmt.Errorf("outbox: %w", err)
	}
	if len(due) == 0 {
		return o.release(now)
	}
	o.mu.Lock()
	prev := o.held
	o.mu.Unlock()
	h.Since = now
	if prev.Held() && prev.Window == h.Window {
		h.Since = prev.Since
	}
	if prev.Held() && prev.Window == h.Window && prev.Sent == h.Sent && prev.Until.Equal(h.Until) {
		return nil
	}
	if err := o.Store.SetSendHold(h); err != nil {
		o.log().Error("cannot record in the store that a send limit holds mail back", "err", err)
		return fmt.Errorf("outbox: %w", err)
	}
	o.mu.Lock()
	o.held, o.holdKnown = h, true
	o.mu.Unlock()
	if !prev.Held() || prev.Window != h.Window {
		o.log().Warn("a send limit holds mail back: moves and results go first, the rest waits in the outbox",
			"limits", h.Limits, "full", h.Window, "sent", h.Sent, "next", h.Until.UTC().Format(time.RFC3339))
	}
	return nil
}

// release records that no limit holds mail back (and logs the end of a
// hold).
func (o *Outbox) release(now time.Time) error {
	o.mu.Lock()
	prev, known := o.held, o.holdKnown
	o.mu.Unlock()
	if known && !prev.Held() {
		return nil
	}
	if err := o.Store.SetSendHold(games.SendHold{}); err != nil {
		o.log().Error("cannot record in the store that no send limit holds mail back", "err", err)
		return fmt.Errorf("outbox: %w", err)
	}
	o.mu.Lock()
	o.held, o.holdKnown = games.SendHold{}, true
	o.mu.Unlock()
	if prev.Held() {
		o.log().Info("the send limit no longer holds mail back", "limits", prev.Limits, "held", now.Sub(prev.Since).Round(time.Second).String())
	}
	return nil
}

// nextPass is how long Run waits for the next pass when nobody wakes it:
// idle, or less when a hold ends sooner.
func (o *Outbox) nextPass(idle time.Duration) time.Duration {
	o.mu.Lock()
	h := o.held
	o.mu.Unlock()
	if !h.Held() {
		return idle
	}
	return min(idle, max(h.Until.Sub(o.now()), time.Second))
}
