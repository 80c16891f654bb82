package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// nim is the toy variant that drives these tests: a pile of stones, each
// move takes 1, 2 or 3, and the side that cannot move (the pile is empty)
// loses. With n stones the side to move wins exactly when n%4 != 0. A
// move is written "t2" (take 2); "2" and "take 2" are read too.
type nim struct{ stones int }

type pile struct {
	n    int
	side rules.Side
}

func (p pile) ToMove() rules.Side { return p.side }
func (p pile) Moves() []rules.Move {
	var ms []rules.Move
	for t := 1; t <= 3 && t <= p.n; t++ {
		ms = append(ms, rules.Move(t))
	}
	return ms
}
func (p pile) Play(m rules.Move) (rules.Position, error) {
	if m < 1 || m > 3 || int(m) > p.n {
		return nil, fmt.Errorf("%w: there are %d stones, you cannot take %d", rules.ErrIllegal, p.n, m)
	}
	return pile{p.n - int(m), p.side.Opponent()}, nil
}
func (p pile) Key() string { return fmt.Sprint(p.n, p.side) }

func (nim) Name() string            { return "nim" }
func (nim) Aliases() []string       { return []string{"stones"} }
func (nim) Title() string           { return "Nim" }
func (v nim) Start() rules.Position { return pile{v.stones, rules.Black} }
func (v nim) LegalMoves(ps []rules.Position) []rules.Move {
	if v.Outcome(ps).Over() {
		return nil
	}
	return ps[len(ps)-1].Moves()
}
func (nim) Outcome(ps []rules.Position) rules.Outcome {
	p := ps[len(ps)-1]
	if len(p.Moves()) == 0 {
		return rules.WinFor(p.ToMove().Opponent(), rules.NoLegalMove)
	}
	return rules.Outcome{}
}

type nimNotation struct{}

func (nimNotation) ParseMove(p rules.Position, text string) (rules.Move, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.TrimPrefix(t, "take")
	t = strings.TrimPrefix(strings.TrimSpace(t), "t")
	n, err := strconv.Atoi(strings.TrimSpace(t))
	if err != nil {
		return 0, fmt.Errorf("write how many stones you take, e.g. t2")
	}
	if _, err := p.Play(rules.Move(n)); err != nil || n < 1 {
		return 0, fmt.Errorf("%w: you may take 1, 2 or 3 stones, and not more than there are (%d)", rules.ErrIllegal, p.(pile).n)
	}
	return rules.Move(n), nil
}
func (nimNotation) FormatMove(p rules.Position, m rules.Move) string { return fmt.Sprintf("t%d", m) }
func (nimNotation) ParsePosition(s string) (rules.Position, error) {
	if len(s) < 2 {
		return nil, fmt.Errorf("position %q", s)
	}
	n, err := strconv.Atoi(s[:len(s)-1])
	side, ok := rules.ParseSide(s[len(s)-1:])
	if err != nil || !ok {
		return nil, fmt.Errorf("position %q", s)
	}
	return pile{n, side}, nil
}
func (nimNotation) FormatPosition(p rules.Position) string {
	q := p.(pile)
	return fmt.Sprintf("%d%s", q.n, q.side.String()[:1])
}
func (nimNotation) Board(p rules.Position) string {
	q := p.(pile)
	return fmt.Sprintf("Pile: %s (%d)\n%s to move\n", strings.Repeat("o", q.n), q.n, q.side)
}
func (nimNotation) Rules() string {
	return "Take 1, 2 or 3 stones; who cannot move loses. Write t1, t2 or t3.\n"
}

type nimBot struct{}

func (nimBot) Levels() []solver.Level { return []solver.Level{solver.Perfect, solver.Casual} }
func (nimBot) Choose(ctx context.Context, g *rules.Game, l solver.Level, rng *rand.Rand) (rules.Move, error) {
	p := g.Position().(pile)
	if l == solver.Perfect && p.n%4 != 0 {
		return rules.Move(p.n % 4), nil
	}
	ms := g.LegalMoves()
	return ms[rng.IntN(len(ms))], nil
}

type nimAnalyst struct{}

func (nimAnalyst) Evaluate(ctx context.Context, g *rules.Game) (solver.Value, error) {
	n := g.Position().(pile).n
	if n%4 == 0 {
		return solver.Value{Kind: solver.Lost, Plies: n / 2}, nil
	}
	return solver.Value{Kind: solver.Won, Plies: 1 + n/4*2}, nil
}

func nimKit(stones int) variants.Kit {
	return variants.Kit{Rules: nim{stones}, Notation: nimNotation{}, Bot: nimBot{}, Analyst: nimAnalyst{}}
}

// fakeClock is a clock the test moves.
type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time          { return c.t }
func (c *fakeClock) Advance(d time.Duration) { c.t = c.t.Add(d) }

var testSecret = []byte("windpost test secret, 32 bytes..")

const botAddress = "bot@windpost.test"

// harness runs a server on a store in a temporary directory.
type harness struct {
	t       *testing.T
	path    string
	store   *Store
	srv     *Server
	clock   *fakeClock
	catalog *variants.Catalog
	cfg     Config
	n       int
}

func newHarness(t testing.TB, catalog *variants.Catalog) *harness {
	tt, _ := t.(*testing.T)
	h := &harness{t: tt, path: filepath.Join(t.TempDir(), "windpost.db"), catalog: catalog,
		clock: &fakeClock{time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}}
	h.cfg = Config{BotAddress: botAddress, Clock: h.clock, Seed: 1}
	h.open(t)
	t.Cleanup(func() { h.store.Close() })
	return h
}

func (h *harness) open(t testing.TB) {
	t.Helper()
	st, err := OpenWith(h.path, StoreOptions{secret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(st, h.catalog, h.cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.store, h.srv = st, srv
}

// reopen closes and opens the store again, with a new server.
func (h *harness) reopen(t testing.TB) {
	t.Helper()
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	h.open(t)
}

// request builds a request with a fresh Message-ID.
func (h *harness) request(from, game, token string, lines ...string) Request {
	h.n++
	return Request{From: from, GameID: game, Token: token, Subject: "windpost",
		MessageID: fmt.Sprintf("<m%d@players.test>", h.n), Lines: lines, Received: h.clock.Now()}
}

// send handles a request and fails the test on an error.
func (h *harness) send(t testing.TB, r Request) []Mail {
	t.Helper()
	mails, err := h.srv.Handle(context.Background(), r)
	if err != nil {
		t.Fatalf("Handle(%q): %v", r.Lines, err)
	}
	return mails
}

// write sends lines from a player without a token.
func (h *harness) write(t testing.TB, from string, lines ...string) []Mail {
	t.Helper()
	return h.send(t, h.request(from, "", "", lines...))
}

// reply answers mail m from its recipient, with the token of its reply
// address, as a mail client would.
func (h *harness) reply(t testing.TB, m Mail, lines ...string) []Mail {
	t.Helper()
	return h.replyFrom(t, m, m.To, lines...)
}

func (h *harness) replyFrom(t testing.TB, m Mail, from string, lines ...string) []Mail {
	t.Helper()
	local, _, _ := strings.Cut(m.ReplyTo, "@")
	_, tag, _ := strings.Cut(local, "+")
	game, token, ok := ParsePlusTag(tag)
	if !ok {
		t.Fatalf("mail to %s has no plus tag in its Reply-To %q", m.To, m.ReplyTo)
	}
	r := h.request(from, game, token, lines...)
	r.Subject = m.Subject
	return h.send(t, r)
}

// only returns the one mail to address among mails.
func only(t testing.TB, mails []Mail, to string) Mail {
	t.Helper()
	var found []Mail
	for _, m := range mails {
		if m.To == to {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want 1 mail to %s, got %d of %d: %s", to, len(found), len(mails), describe(mails))
	}
	return found[0]
}

func describe(mails []Mail) string {
	var b strings.Builder
	for _, m := range mails {
		fmt.Fprintf(&b, "\n--- %s to %s: %s\n%s", m.Kind, m.To, m.Subject, m.Text)
	}
	return b.String()
}

func wantText(t testing.TB, m Mail, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(m.Text, p) {
			t.Errorf("mail to %s lacks %q:\n%s", m.To, p, m.Text)
		}
	}
}
