package mailer

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

// What the tests of this package share: an in-memory outbox store, an
// outbox mail, a sender to a local server, a test logger and a log
// recorder (clock_test.go has the fake clock and waiting on events).

// memOutbox is an in-memory OutboxStore.
type memOutbox struct {
	mu    sync.Mutex
	mails map[string]*games.Mail
	order []string
	hold  games.SendHold
}

func newMemOutbox(ms ...games.Mail) *memOutbox {
	o := &memOutbox{mails: map[string]*games.Mail{}}
	o.add(ms...)
	return o
}

func (o *memOutbox) add(ms ...games.Mail) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, m := range ms {
		m := m
		if _, dup := o.mails[m.ID]; dup {
			continue
		}
		o.mails[m.ID] = &m
		o.order = append(o.order, m.ID)
	}
}

// NextMail is games.Store.NextMail over the mails in memory: moves and
// results first, then the later mail, each fresh before retries, in the
// order queued.
func (o *memOutbox) NextMail(now time.Time, limit, retries int) ([]games.Mail, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var due []games.Mail
	for _, later := range []bool{false, true} {
		for _, retry := range []bool{false, true} {
			for _, id := range o.order {
				m := o.mails[id]
				if m.Later != later || (m.Attempts > 0) != retry || !m.SentAt.IsZero() || !m.FailedAt.IsZero() || m.NextTry.After(now) {
					continue
				}
				if retry && retries == 0 {
					break
				}
				if limit > 0 && len(due) == limit {
					return due, nil
				}
				if retry {
					retries--
				}
				due = append(due, *m)
			}
		}
	}
	return due, nil
}

// SentSince is games.Store.SentSince over the mails in memory.
func (o *memOutbox) SentSince(since time.Time, limit int) (int, time.Time, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var times []time.Time
	for _, m := range o.mails {
		if m.SentAt.After(since) {
			times = append(times, m.SentAt)
		}
	}
	slices.SortFunc(times, func(a, b time.Time) int { return b.Compare(a) })
	var at time.Time
	if limit > 0 && len(times) >= limit {
		at = times[limit-1]
	}
	return len(times), at, nil
}

func (o *memOutbox) SetSendHold(h games.SendHold) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.hold = h
	return nil
}

func (o *memOutbox) MarkSent(id string, at time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.mails[id].SentAt = at
	o.mails[id].Attempts++
	return nil
}

func (o *memOutbox) Failed(id string, f games.SendFailure) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	m := o.mails[id]
	m.Attempts, m.LastError, m.NextTry = m.Attempts+1, f.Reason, f.Retry
	m.FirstFailure = cmp.Or(m.FirstFailure, f.At)
	if f.Permanent {
		m.Refused++
	}
	if f.Retry.IsZero() {
		m.FailedAt = f.At
	}
	return nil
}

func (o *memOutbox) get(id string) games.Mail {
	o.mu.Lock()
	defer o.mu.Unlock()
	return *o.mails[id]
}

// testBot is who the tests' mail comes from.
var testBot = Bot{Address: "bot@example.test", Name: "windpost"}

// newTestSender is a Sender (no TLS) to srv's SMTP server, closed when the
// test ends.
func newTestSender(t *testing.T, srv *localmail.Server) *Sender {
	t.Helper()
	host, port := mailtest.HostPort(t, srv.SMTPAddr())
	snd, err := NewSender(SMTPOptions{Host: host, Port: port, TLS: config.TLSNone, Timeout: 5 * time.Second}, testBot)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { snd.Close() })
	return snd
}

func testMail(i int, to string) games.Mail {
	return games.Mail{
		ID:         fmt.Sprintf("m%d", i),
		MessageID:  fmt.Sprintf("<g7.%d.answer@example.test>", i),
		Kind:       games.Answer,
		To:         to,
		Subject:    fmt.Sprintf("Re: [windpost g7 tok%d] your move", i),
		ReplyTo:    "bot+g7.tok@example.test",
		InReplyTo:  "<player-1@example.test>",
		References: []string{"<g7.start@example.test>", "<player-1@example.test>"},
		Headers:    map[string]string{"X-Windpost-Game": "g7", "X-Windpost-Turn": strconv.Itoa(i)},
		Text:       "  9 8 7\n a <K> .\nYour move, café.\n",
		Doc: &document.Document{Blocks: []document.Block{
			document.Diagram(document.BoardPart{Title: "Gufuu Shogi", Diagram: "  9 8 7\n a <K> ."}),
			document.Joined(document.Para("Your move, café.")),
		}},
	}
}

func testLogger(t *testing.T) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return nil
}

// records is a slog handler that keeps what it is given.
type records struct {
	mu   sync.Mutex
	recs []slog.Record
}

func (h *records) Enabled(context.Context, slog.Level) bool { return true }
func (h *records) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.recs = append(h.recs, r.Clone())
	return nil
}
func (h *records) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *records) WithGroup(string) slog.Handler      { return h }

// find returns the first record at level or above whose message or
// attributes contain s.
func (h *records) find(level slog.Level, s string) (slog.Record, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range h.recs {
		if r.Level < level {
			continue
		}
		text := r.Message
		r.Attrs(func(a slog.Attr) bool { text += " " + a.Value.String(); return true })
		if strings.Contains(text, s) {
			return r, true
		}
	}
	return slog.Record{}, false
}
