package julgonu

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/internal/testenv"
	ngj "github.com/windpost/windpost/notation/julgonu"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// hunt is the repetition-hunting adversary: a history-aware search that
// never gives up its own table value, takes a win the search proves (a
// repetition trap), and otherwise steers toward the positions where the
// other side has the fewest replies that keep its table value without
// repeating. In a table-won position it plays as the perfect bot.
func hunt(ctx context.Context, s *Solver, g *rules.Game, budget int, rng *rand.Rand) (rules.Move, error) {
	t, err := s.Table(ctx)
	if err != nil {
		return rules.NoMove, err
	}
	ps, err := concrete(g)
	if err != nil {
		return rules.NoMove, err
	}
	p := ps[len(ps)-1]
	bestRank := -1
	var cands []cand
	for _, m := range jg.SuperkoMoves(ps) {
		c, _ := p.After(m)
		v, _ := t.Lookup(c)
		r := v.ForMover().Rank()
		if r == 2 {
			return s.Choose(ctx, g, solver.Perfect, rng)
		}
		if r > bestRank {
			bestRank, cands = r, cands[:0]
		}
		if r == bestRank {
			cands = append(cands, cand{m: m, child: c, plies: v.Plies + 1})
		}
	}
	if len(cands) == 0 {
		return rules.NoMove, solver.ErrGameOver
	}
	js, _ := judge(ctx, t, ps, cands, plan{depthNodes: budget, numberNodes: budget / 2})
	// The fewest replies that keep the opponent's table value.
	st := newStretch(ctx, t, ps, 1)
	room := make([]int, len(js))
	for i, j := range js {
		old := st.enter(j.child, j.captured)
		var ks [16]kid
		n := st.kids(&ks)
		for _, k := range ks[:n] {
			if k.rank >= 1 {
				room[i]++
			}
		}
		st.leave(old)
	}
	best, bestScore, bestRoom := []rules.Move(nil), -1<<30, 1<<30
	for i, j := range js {
		sc := score(j)
		if sc > bestScore || (sc == bestScore && room[i] < bestRoom) {
			best, bestScore, bestRoom = best[:0], sc, room[i]
		}
		if sc == bestScore && room[i] == bestRoom {
			best = append(best, j.m)
		}
	}
	return best[rng.IntN(len(best))], nil
}

// matchGames is how many games TestPerfectAgainstHunter plays: 12, or
// WINDPOST_GONU_MATCH_GAMES (1000 for the full figure).
func matchGames(t *testing.T) int {
	return testenv.Count(t, "WINDPOST_GONU_MATCH_GAMES", 1, 12)
}

// matchFigures are the figures of a match of the perfect bot against the
// hunter.
type matchFigures struct {
	won, drawn, lost int
	botMoves         int
	total, slowest   time.Duration
	// trapped counts the bot's moves that a check search proved lost
	// from a position it did not prove lost (0 while the bot's search
	// reaches the check's depth); wonThrown the
	// games the bot lost or drew after standing in a table-won position.
	trapped, wonThrown int
	// forced counts the lost games in which the check search proved the
	// bot's position lost at one of its turns before it had made a move
	// the check proved lost (the loss was forced before the bot erred,
	// as far as the check sees).
	forced int
}

// checkJudge is the history search of the end of ps to depth plies, with
// no node budget.
func checkJudge(tab *Table, ps []jg.Position, depth int) Verdict {
	return newStretch(context.Background(), tab, ps, 1<<40).verdict(depth)
}

// playMatch plays games of the perfect bot (budget botNodes) against the
// hunter (hunterNodes), alternating colours, from the start and from
// positions the table calls drawn or won for the bot (reached by random
// play). Every bot move is checked by a search of checkDepth plies on the
// position after it (and checkDepth+1 on the position before); the bot's
// own search must reach that depth. With blame > 0 each lost game is
// logged with where it became lost as far as ProveWin on blame nodes
// proves (lossStart): deeper than the check, and only for lost games.
func playMatch(t testing.TB, games, botNodes, hunterNodes, checkDepth int, seed uint64, blame int) matchFigures {
	ctx, s, tab, rng := botFixture(seed)
	s.nodes = botNodes
	var f matchFigures
	for game := 0; game < games; game++ {
		botSide := rules.Side(game % 2)
		g := rules.NewGame(jg.Variant{})
		for game%4 >= 2 {
			p := randomPosition(rng, 30)
			v, ok := tab.Lookup(p)
			if p.ToMove() != botSide {
				v = v.Flip()
			}
			if ok && len(p.Moves()) > 0 && v.Kind != solver.Lost {
				g = rules.NewGameFrom(jg.Variant{}, p)
				break
			}
		}
		tableWon, erred, forcedLoss := false, false, false
		forcedAt := -1 // the ply of the first position the check proved lost for the bot
		for !g.Outcome().Over() {
			var m rules.Move
			var err error
			if g.Position().ToMove() != botSide {
				m, err = hunt(ctx, s, g, hunterNodes, rng)
			} else {
				ps, _ := concrete(g)
				if v, _ := tab.Lookup(ps[len(ps)-1]); v.Kind == solver.Won {
					tableWon = true
				}
				before := Verdict{}
				if checkDepth > 0 {
					before = checkJudge(tab, ps, checkDepth+1)
				}
				if before.Proven && before.Value.Kind == solver.Lost && !erred && !forcedLoss {
					forcedLoss, forcedAt = true, g.Ply()
				}
				start := time.Now()
				m, err = s.Choose(ctx, g, solver.Perfect, rng)
				d := time.Since(start)
				f.total += d
				f.botMoves++
				f.slowest = max(f.slowest, d)
				if err == nil && checkDepth > 0 {
					c, _ := ps[len(ps)-1].After(m)
					after := checkJudge(tab, append(ps, c), checkDepth)
					if after.Proven && after.Value.Kind == solver.Won && !(before.Proven && before.Value.Kind == solver.Lost) {
						f.trapped++
						erred = true
						t.Errorf("game %d ply %d: the bot walked into a proven loss (%v)", game, g.Ply()+1, after.Value)
					}
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatalf("game %d ply %d: %v", game, g.Ply()+1, err)
			}
		}
		switch o := g.Outcome(); {
		case o.Status == rules.Draw:
			f.drawn++
		case o.Winner == botSide:
			f.won++
		default:
			f.lost++
			if forcedLoss {
				f.forced++
			}
			t.Logf("game %d: the bot (%s) lost from %v: %s after %d plies (forced before it erred: %v, proven lost at ply %d; moves %s)", game, botSide, g.Positions[0], o, g.Ply(), forcedLoss, forcedAt, record(g))
			if blame > 0 {
				ps, _ := concrete(g)
				at, _, how := lossStart(tab, ps, g.Moves, blame)
				t.Logf("game %d: ProveWin on %d nodes: the bot proven lost from ply %d, %s", game, blame, at, how)
			}
			keepRecord(t, game, botSide, g)
		}
		if testing.Verbose() {
			t.Logf("game %d (bot %s): %s after %d plies; so far %d-%d-%d, bot moves mean %v, slowest %v", game, botSide, g.Outcome(), g.Ply(), f.won, f.drawn, f.lost, f.total/time.Duration(max(f.botMoves, 1)), f.slowest)
		}
		if tableWon && !(g.Outcome().Status == rules.Win && g.Outcome().Winner == botSide) {
			f.wonThrown++
			t.Errorf("game %d: the bot stood in a table-won position and the game ended %s", game, g.Outcome())
		}
	}
	t.Logf("perfect (%d nodes) against the hunter (%d nodes), %d games: %d-%d-%d (W-D-L), %d losses forced before the bot erred; %d bot moves, mean %v, slowest %v",
		botNodes, hunterNodes, games, f.won, f.drawn, f.lost, f.forced, f.botMoves, f.total/time.Duration(max(f.botMoves, 1)), f.slowest)
	return f
}

// TestPerfectAgainstHunter plays the perfect bot against the repetition
// hunter (matchGames games; small budgets unless the count is set, so that
// go test stays short): the bot never walks into a loss a check search of
// its own budget proves, and never lets a table win go. It does not win
// every game: the hunter's traps deeper than the bot's search win some
// (see the package doc); the figures are logged. With the count set, the
// real budgets play (WINDPOST_GONU_MATCH_SEED, _CHECK: the check's depth,
// 8; _BLAME: ProveWin's nodes for where a lost game became lost, 1,000,000;
// _RECORDS: a file the lost games are appended to).
func TestPerfectAgainstHunter(t *testing.T) {
	games := matchGames(t)
	if os.Getenv("WINDPOST_GONU_MATCH_GAMES") != "" {
		check := testenv.Count(t, "WINDPOST_GONU_MATCH_CHECK", 0, 8)
		seed := uint64(testenv.Count(t, "WINDPOST_GONU_MATCH_SEED", 0, 31))
		blame := testenv.Count(t, "WINDPOST_GONU_MATCH_BLAME", 0, 1_000_000)
		playMatch(t, games, defaultBotNodes, 150_000, check, seed, blame)
		return
	}
	playMatch(t, games, 60_000, 20_000, 5, 31, 0)
}

// BenchmarkPerfectAgainstHunter plays one game of the perfect bot (its
// default budget) against the hunter per iteration, alternating colours
// from the start, and reports the bot's time per move (median and worst)
// and the history search's nodes per move where the table does not call
// the bot's position won.
func BenchmarkPerfectAgainstHunter(b *testing.B) {
	ctx, s, tab, rng := botFixture(77)
	s.nodes = 0
	var times []time.Duration
	var nodes []int
	game := 0
	for b.Loop() {
		botSide := rules.Side(game % 2)
		game++
		g := rules.NewGame(jg.Variant{})
		for !g.Outcome().Over() {
			var m rules.Move
			var err error
			if g.Position().ToMove() != botSide {
				m, err = hunt(ctx, s, g, 150_000, rng)
			} else {
				start := time.Now()
				m, err = s.Choose(ctx, g, solver.Perfect, rng)
				times = append(times, time.Since(start))
				b.StopTimer()
				ps, _ := concrete(g)
				if v, _ := tab.Lookup(ps[len(ps)-1]); v.Kind != solver.Won {
					_, cands := split(tab, ps, jg.SuperkoMoves(ps))
					_, n := judge(ctx, tab, ps, cands, botPlan(defaultBotNodes))
					nodes = append(nodes, n)
				}
				b.StartTimer()
			}
			if err != nil {
				b.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				b.Fatal(err)
			}
		}
	}
	slices.Sort(times)
	slices.Sort(nodes)
	if len(times) > 0 {
		b.ReportMetric(float64(times[len(times)/2].Milliseconds()), "median-ms/move")
		b.ReportMetric(float64(times[len(times)-1].Milliseconds()), "worst-ms/move")
	}
	if len(nodes) > 0 {
		b.ReportMetric(float64(nodes[len(nodes)/2]), "median-nodes/move")
		b.ReportMetric(float64(nodes[len(nodes)-1]), "worst-nodes/move")
	}
}

// keepRecord appends a game the bot lost to the file named by
// WINDPOST_GONU_MATCH_RECORDS, if set: a comment line, the first position
// as two masks and the side to move, and the moves (the form lostGames
// reads).
func keepRecord(t testing.TB, game int, botSide rules.Side, g *rules.Game) {
	name := os.Getenv("WINDPOST_GONU_MATCH_RECORDS")
	if name == "" {
		return
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := g.Positions[0].(jg.Position)
	var moves []string
	for _, m := range g.Moves {
		moves = append(moves, jg.MoveName(m))
	}
	if _, err := fmt.Fprintf(f, "# game %d, the bot %s, %s after %d plies\nstart %04x %04x %d\n%s\n", game, botSide, g.Outcome(), g.Ply(), p.Black(), p.White(), p.ToMove(), strings.Join(moves, " ")); err != nil {
		t.Fatal(err)
	}
}

// record writes g's moves in notation.
func record(g *rules.Game) string {
	var b strings.Builder
	for i, m := range g.Moves {
		fmt.Fprintf(&b, " %d.%s", i+1, ngj.Notation{}.FormatMove(g.Positions[i], m))
	}
	return strings.TrimSpace(b.String())
}
