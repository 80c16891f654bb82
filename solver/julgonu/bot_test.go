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

// tableSolver is a Solver holding the shared test table. Its history
// search budget per move is small, so that the many-game tests stay short;
// the tests of that search set their own.
func tableSolver() *Solver {
	s := New("")
	s.nodes = 5_000
	s.lazy.Get(context.Background(), func() (*Table, solver.Provenance) { return solved(), solver.Provenance{} })
	return s
}

// botFixture returns what the bot tests use: a context, a Solver and the
// table it holds, and an rng seeded with (seed, seed+1).
func botFixture(seed uint64) (context.Context, *Solver, *Table, *rand.Rand) {
	return context.Background(), tableSolver(), solved(), rand.New(rand.NewPCG(seed, seed+1))
}

func valueOfGame(t *testing.T, tab *Table, g *rules.Game) solver.Value {
	t.Helper()
	v, ok := tab.Lookup(g.Position().(jg.Position))
	if !ok {
		t.Fatalf("position %v not in the table", g.Position())
	}
	return v
}

// TestBotNeverLosesAWonGame plays 500 games of the bot against a random
// player and the casual bot, superko applied by rules.Game: once the bot has
// stood in a won position on its turn, it must win.
func TestBotNeverLosesAWonGame(t *testing.T) {
	ctx, s, tab, rng := botFixture(11)
	var botWins, draws, losses, wonGames int
	for game := 0; game < 500; game++ {
		level := solver.Perfect
		if game%4 >= 2 {
			level = solver.Strong
		}
		botSide := rules.Side(game % 2)
		opponentCasual := game%8 >= 4
		g := rules.NewGame(jg.Variant{})
		won := false
		for !g.Outcome().Over() {
			var m rules.Move
			var err error
			if g.Position().ToMove() == botSide {
				if valueOfGame(t, tab, g).Kind == solver.Won {
					won = true
				}
				m, err = s.Choose(ctx, g, level, rng)
			} else if opponentCasual {
				m, err = s.Choose(ctx, g, solver.Casual, rng)
			} else {
				ms := g.LegalMoves()
				m = ms[rng.IntN(len(ms))]
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatalf("game %d ply %d: the bot chose an illegal move: %v", game, g.Ply()+1, err)
			}
		}
		o := g.Outcome()
		switch {
		case o.Status == rules.Draw:
			draws++
		case o.Winner == botSide:
			botWins++
		default:
			losses++
		}
		if won {
			wonGames++
			if o.Status != rules.Win || o.Winner != botSide {
				t.Errorf("game %d (%s bot, %s): the bot had a won position and the game ended %s after %d plies", game, level, botSide, o, g.Ply())
			}
		}
	}
	t.Logf("bot: %d wins, %d draws, %d losses; %d games with a won position", botWins, draws, losses, wonGames)
	if losses > 0 {
		t.Errorf("the bot lost %d games from the drawn start", losses)
	}
	if wonGames < 250 {
		t.Errorf("only %d of 500 games reached a won position: the opponents are too strong to test anything", wonGames)
	}
}

// TestPerfectPlaysFastest checks the perfect bot's choices against the table
// where superko does not interfere.
func TestPerfectPlaysFastest(t *testing.T) {
	ctx, s, tab, rng := botFixture(5)
	checked := 0
	for checked < 200 {
		p := randomPosition(rng, 40)
		g := rules.NewGameFrom(jg.Variant{}, p)
		if g.Outcome().Over() {
			continue
		}
		v, _ := tab.Lookup(p)
		m, err := s.Choose(ctx, g, solver.Perfect, rng)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := p.After(m)
		cv, _ := tab.Lookup(c)
		if got := cv.ForMover(); got != v {
			t.Fatalf("%v (%v): perfect chose a move worth %v", p, v, got)
		}
		checked++
	}
}

// TestPerfectFindsAWinAroundSuperko builds games in which the table's
// fastest winning move would recreate an earlier position: the bot must
// still win against the perfect defence.
func TestPerfectFindsAWinAroundSuperko(t *testing.T) {
	ctx, s, tab, rng := botFixture(9)
	found := 0
	for tries := 0; found < 20 && tries < 200000; tries++ {
		// c: the opponent to move and lost; four plies later p, our turn,
		// whose fastest win is the move back to c.
		var c jg.Position = jg.Start()
		for n := 2 + rng.IntN(30); n > 0 && len(c.Moves()) > 0; n-- {
			ms := c.Moves()
			c, _ = c.After(ms[rng.IntN(len(ms))])
		}
		cv, ok := tab.Lookup(c)
		if !ok || cv.Kind != solver.Lost || cv.Plies < 4 || len(c.Moves()) == 0 {
			continue
		}
		line := []jg.Position{c}
		for k := 0; k < 3; k++ {
			q := line[len(line)-1]
			ms := q.Moves()
			if len(ms) == 0 {
				break
			}
			n, _ := q.After(ms[rng.IntN(len(ms))])
			line = append(line, n)
		}
		if len(line) != 4 {
			continue
		}
		p := line[3]
		pv, _ := tab.Lookup(p)
		if pv.Kind != solver.Won || pv.Plies != cv.Plies+1 {
			continue
		}
		var back rules.Move
		for _, m := range p.Moves() {
			if q, _ := p.After(m); q == c {
				back = m
			}
		}
		if back == rules.NoMove {
			continue
		}
		g := rules.NewGameFrom(jg.Variant{}, c)
		for _, q := range line[1:] {
			var played bool
			for _, m := range g.LegalMoves() {
				if n, _ := g.Position().(jg.Position).After(m); n == q {
					if err := g.Play(m); err != nil {
						t.Fatal(err)
					}
					played = true
					break
				}
			}
			if !played {
				break
			}
		}
		if g.Ply() != 3 || g.Outcome().Over() {
			continue
		}
		// Is there a winning move left at all?
		winning := false
		for _, m := range g.LegalMoves() {
			n, _ := p.After(m)
			if v, _ := tab.Lookup(n); v.Kind == solver.Lost {
				winning = true
			}
		}
		if !winning {
			continue
		}
		found++
		us := p.ToMove()
		for !g.Outcome().Over() {
			level := solver.Perfect
			m, err := s.Choose(ctx, g, level, rng)
			if err != nil {
				t.Fatal(err)
			}
			if g.Ply() == 3 && m == back {
				t.Fatal("the bot chose the move superko forbids")
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if o := g.Outcome(); o.Status != rules.Win || o.Winner != us {
			t.Errorf("from %v after %v: %s", c, line[1:], o)
		}
	}
	if found < 20 {
		t.Fatalf("only %d test games built", found)
	}
}

func TestCasualTakesAWinInOne(t *testing.T) {
	// Black c1 a2 d4 against white b2 a4: c1-c2 wins at once.
	p, _ := jg.NewPosition(0x8014, 0x1020, rules.Black)
	g := rules.NewGameFrom(jg.Variant{}, p)
	s := New("")
	for seed := uint64(0); seed < 20; seed++ {
		m, err := s.Choose(context.Background(), g, solver.Casual, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if m != jg.NewMove(jg.Square(2, 0), jg.Square(2, 1)) {
			t.Fatalf("casual chose %v, not the win c1-c2", m)
		}
	}
}

func TestAnalystAndLevels(t *testing.T) {
	s := tableSolver()
	g := rules.NewGame(jg.Variant{})
	v, err := s.Evaluate(context.Background(), g)
	if err != nil || v.String() != "D" {
		t.Fatalf("start: %v %v", v, err)
	}
	if _, err := s.Choose(context.Background(), g, "grandmaster", rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("unknown level accepted")
	}
	p, _ := jg.NewPosition(0x000f, 0x1000, rules.White)
	v, _ = s.Evaluate(context.Background(), rules.NewGameFrom(jg.Variant{}, p))
	if v.String() != "L 0" {
		t.Errorf("finished game valued %v", v)
	}
	if _, err := s.Choose(context.Background(), rules.NewGameFrom(jg.Variant{}, p), solver.Perfect, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("a move in a finished game")
	}
}

// TestWonPositionsPlayedOut plays won positions out, the bot against the
// perfect defence: perfect wins in exactly the table's distance, strong wins
// too, at most a few plies later.
func TestWonPositionsPlayedOut(t *testing.T) {
	ctx, s, tab, rng := botFixture(21)
	played := 0
	for played < 60 {
		p := randomPosition(rng, 40)
		v, _ := tab.Lookup(p)
		if v.Kind != solver.Won || len(p.Moves()) == 0 {
			continue
		}
		for _, level := range []solver.Level{solver.Perfect, solver.Strong} {
			g := rules.NewGameFrom(jg.Variant{}, p)
			us := p.ToMove()
			for !g.Outcome().Over() {
				l := level
				if g.Position().ToMove() != us {
					l = solver.Perfect
				}
				m, err := s.Choose(ctx, g, l, rng)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			o := g.Outcome()
			if o.Status != rules.Win || o.Winner != us {
				t.Fatalf("%s from %v (%v): %s", level, p, v, o)
			}
			if level == solver.Perfect && g.Ply() != v.Plies {
				t.Errorf("perfect from %v (%v) won in %d plies", p, v, g.Ply())
			}
			if level == solver.Strong && g.Ply() > 2*v.Plies+1 {
				t.Errorf("strong from %v (%v) needed %d plies", p, v, g.Ply())
			}
		}
		played++
	}
}

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
		g := playRandom(t, rng, 6+rng.IntN(40))
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
