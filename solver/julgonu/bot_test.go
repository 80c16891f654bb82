package julgonu

import (
	"context"
	"math/rand/v2"
	"testing"

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
