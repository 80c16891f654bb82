package julgonu

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	ngj "github.com/windpost/windpost/notation/julgonu"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// issueGame reads testdata/issue21.txt: the moves of a game, in notation,
// with # comments.
func issueGame(t testing.TB) *rules.Game {
	t.Helper()
	f, err := os.Open("testdata/issue21.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := rules.NewGame(jg.Variant{})
	nt := ngj.Notation{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, text := range strings.Fields(line) {
			m, err := nt.ParseMove(g.Position(), text)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatalf("move %d %s: %v", g.Ply()+1, text, err)
			}
		}
	}
	return g
}

// prefix is g up to and with the position after ply n.
func prefix(g *rules.Game, n int) *rules.Game {
	return (&rules.Game{Variant: g.Variant, Positions: g.Positions[:n+1], Moves: g.Moves[:n]}).Clone()
}

// TestIssueGameTrap checks the record against the issue: a table draw up
// to move 23, at move 24 (w2w/w1bb/bb2/4 w) the table's only drawing move
// a4-b4 repeats the position after move 20, and the history search proves
// the position lost for White, though the table calls it drawn.
func TestIssueGameTrap(t *testing.T) {
	tab, nt := solved(), ngj.Notation{}
	g := issueGame(t)
	for i := 0; i <= 23; i++ {
		if v, _ := tab.Lookup(g.Positions[i].(jg.Position)); v.Kind != solver.Drawn {
			t.Fatalf("position after move %d: table %v, want D", i, v)
		}
	}
	at := prefix(g, 23)
	if got := nt.FormatPosition(at.Position()); got != "w2w/w1bb/bb2/4 w" {
		t.Fatalf("position at move 24: %s", got)
	}
	a4b4, _ := nt.ParseMove(at.Position(), "a4-b4")
	err := jg.Variant{}.Explain(at.Positions, a4b4)
	if err == nil || !strings.Contains(err.Error(), "after move 20") {
		t.Fatalf("a4-b4 at move 24: %v, want refused as recreating the position after move 20", err)
	}
	ps, _ := concrete(at)
	v := tab.Judge(context.Background(), ps, 0)
	if !v.Proven || v.Value.Kind != solver.Lost {
		t.Fatalf("move 24: %+v, want a proven loss", v)
	}
	// Without the history, a4-b4 is legal and keeps the table's draw.
	alone := jg.SuperkoMoves(ps[len(ps)-1:])
	if !slices.Contains(alone, a4b4) {
		t.Errorf("the position alone: a4-b4 not among %v", alone)
	}
}

// TestIssueGameBotHolds puts the perfect bot (its default budget) in
// White's place at each of White's turns of the record, with the record's
// history: from a position that a search of 100,000 nodes does not prove
// lost, the bot never plays a move after which such a search proves the
// loss (the record's 4.b3-b2 is one, and so is its 22.b4-a4).
func TestIssueGameBotHolds(t *testing.T) {
	ctx, s, tab, _ := botFixture(41)
	g, nt := issueGame(t), ngj.Notation{}
	s.nodes = 0 // the bot's own budget
	for ply := 1; ply < 24; ply += 2 {
		at := prefix(g, ply)
		ps, _ := concrete(at)
		before := tab.Judge(ctx, ps, 100_000)
		m, err := s.Choose(ctx, at, solver.Perfect, rand.New(rand.NewPCG(uint64(ply), 1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := at.Play(m); err != nil {
			t.Fatal(err)
		}
		ps, _ = concrete(at)
		after := tab.Judge(ctx, ps, 100_000)
		text := nt.FormatMove(g.Positions[ply], m)
		t.Logf("move %d: before %v (%s); bot %s, after it %v (%s)", ply+1, before.Value, before.Basis(), text, after.Value, after.Basis())
		if after.Proven && after.Value.Kind == solver.Won && !(before.Proven && before.Value.Kind == solver.Lost) {
			t.Errorf("move %d: the bot played %s into a proven loss from a position not proven lost", ply+1, text)
		}
	}
}

// forcedWin reports, by the rules engine alone (rules.Game: superko, the
// no-capture draw, the game's ends), whether the side to move in g can
// force a win within depth plies.
func forcedWin(g *rules.Game, depth int) bool {
	mover := g.Position().ToMove()
	for _, m := range g.LegalMoves() {
		c := g.Clone()
		if err := c.Play(m); err != nil {
			panic(err)
		}
		if o := c.Outcome(); o.Over() {
			if o.Status == rules.Win && o.Winner == mover {
				return true
			}
			continue
		}
		if depth < 3 {
			continue
		}
		all := true
		for _, r := range c.LegalMoves() {
			cc := c.Clone()
			if err := cc.Play(r); err != nil {
				panic(err)
			}
			if cc.Outcome().Over() || !forcedWin(cc, depth-2) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// TestJudgeAgreesWithTheRules checks the history search against a search
// by the rules engine alone, in games played at random from the start:
// a win within 5 plies is found by both or by neither (the history search
// may prove longer ones), and a proven loss in few plies has every move
// answered by such a win.
func TestJudgeAgreesWithTheRules(t *testing.T) {
	tab := solved()
	rng := rand.New(rand.NewPCG(17, 18))
	ctx := context.Background()
	var wins, shorts, losses, checked int
	for checked < 300 {
		g := rules.NewGame(jg.Variant{})
		for n := 6 + rng.IntN(40); n > 0 && !g.Outcome().Over(); n-- {
			ms := g.LegalMoves()
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
		if g.Outcome().Over() {
			continue
		}
		checked++
		ps, _ := concrete(g)
		v := tab.Judge(ctx, ps, 20_000)
		short := forcedWin(g, 5)
		provenWin := v.Proven && v.Value.Kind == solver.Won
		switch {
		case short && !provenWin:
			t.Errorf("%v after %d plies: the rules force a win within 5 plies, the search says %+v", g.Position(), g.Ply(), v)
		case provenWin && v.Value.Plies <= 5 && !short:
			t.Errorf("%v after %d plies: the search proves %v, the rules find no such win", g.Position(), g.Ply(), v.Value)
		case v.Proven && v.Value.Kind == solver.Lost && v.Value.Plies <= 6:
			losses++
			for _, m := range g.LegalMoves() {
				c := g.Clone()
				if err := c.Play(m); err != nil {
					t.Fatal(err)
				}
				if o := c.Outcome(); !(o.Over() && o.Status == rules.Win && o.Winner != g.Position().ToMove()) && !forcedWin(c, v.Value.Plies-1) {
					t.Errorf("%v after %d plies: proven %v, but %v is not answered by a win", g.Position(), g.Ply(), v.Value, m)
				}
			}
		}
		if provenWin {
			wins++
		}
		if short {
			shorts++
		}
	}
	t.Logf("%d positions: %d proven wins (%d within 5 plies), %d short proven losses checked move by move", checked, wins, shorts, losses)
	if wins < 20 || shorts < 10 || losses < 1 {
		t.Errorf("too few decided positions to test anything (%d wins, %d short, %d short losses)", wins, shorts, losses)
	}
}

// TestIssueGameAnalysis values every position of the record as the
// analysis does (with the history, a fixed budget here): the first move
// after which its player stands proven lost, from a position not proven
// lost, is White's 4.b3-b2, twenty moves before the trap closed; and
// 24.d4-c4, which the table blamed, had no choice.
func TestIssueGameAnalysis(t *testing.T) {
	tab := solved()
	g := issueGame(t)
	ps, _ := concrete(g)
	vs := make([]Verdict, len(ps))
	for i := range ps {
		vs[i] = tab.Judge(context.Background(), ps[:i+1], 300_000)
	}
	lostFor := func(i int, moverAfter bool) bool {
		// Whether the player who moved into position i (moverAfter) or the
		// player to move in it stands proven lost.
		v := vs[i]
		if moverAfter {
			return v.Proven && v.Value.Kind == solver.Won
		}
		return v.Proven && v.Value.Kind == solver.Lost
	}
	first := 0
	for i := 1; i < len(ps); i++ {
		if lostFor(i, true) && !lostFor(i-1, false) {
			first = i
			break
		}
	}
	if first != 4 {
		t.Errorf("first move into a proven loss: %d, want 4 (b3-b2)", first)
	}
	if !lostFor(23, false) {
		t.Errorf("before 24.d4-c4: %+v, want White proven lost", vs[23])
	}
}
