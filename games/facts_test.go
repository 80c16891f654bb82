package games

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

var gameNames = []string{"gufuu", "microshogi", "julgonu"}

// TestExampleMoveIsLegal: over 1,000 positions of random games of each
// game, the example a player is shown, read back by the game's notation
// as a player's move, is a legal move of the position; where the side to
// move can win at once, the example wins at once (the casual bot's
// choice); and it is not always the first legal move.
func TestExampleMoveIsLegal(t *testing.T) {
	catalog := variants.Default(variants.Options{CacheDir: t.TempDir()})
	for _, name := range gameNames {
		t.Run(name, func(t *testing.T) {
			kit, ok := catalog.Lookup(name)
			if !ok {
				t.Fatalf("no %s", name)
			}
			n := kit.Notation
			rng := rand.New(rand.NewPCG(7, 20))
			positions, notFirst, winsAtOnce := 0, 0, 0
			for games := 0; positions < 1000; games++ {
				if games > 1000 {
					t.Fatalf("only %d positions in %d games", positions, games)
				}
				g := rules.NewGame(kit.Rules)
				for ply := 0; ply < 200 && !g.Outcome().Over(); ply++ {
					ms := g.LegalMoves()
					if len(ms) == 0 {
						break
					}
					positions++
					e := exampleMove(n, g, uint64(games))
					if e == "" {
						t.Fatalf("no example in %s with %d legal moves", n.FormatPosition(g.Position()), len(ms))
					}
					m, err := n.ParseMove(g.Position(), e)
					if err != nil {
						t.Fatalf("the example %q in %s is refused: %v", e, n.FormatPosition(g.Position()), err)
					}
					line := g.Clone()
					if err := line.Play(m); err != nil {
						t.Fatalf("the example %q in %s: %v", e, n.FormatPosition(g.Position()), err)
					}
					if solver.WinsInOne(g) {
						winsAtOnce++
						if o := line.Outcome(); o.Status != rules.Win || o.Winner != g.Position().ToMove() {
							t.Errorf("in %s the side to move wins at once, but the example %q does not", n.FormatPosition(g.Position()), e)
						}
					}
					if len(ms) > 1 && m != ms[0] {
						notFirst++
					}
					if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if notFirst == 0 {
				t.Errorf("the example is always the first legal move in %d positions", positions)
			}
			t.Logf("%d positions, %d examples not the first legal move, %d wins at once", positions, notFirst, winsAtOnce)
		})
	}
}

var examplePattern = regexp.MustCompile(`e\.g\. "([^"]+)"`)

// TestExampleFromMailIsAccepted: two players who each answer with the
// example of the mail they got play a whole game of each game: every
// example is accepted, and the game ends with a status that says the end.
func TestExampleFromMailIsAccepted(t *testing.T) {
	h := newHarness(t, variants.Default(variants.Options{CacheDir: t.TempDir()}))
	for _, name := range gameNames {
		t.Run(name, func(t *testing.T) {
			inv := only(t, h.write(t, alice, "challenge bob@players.test "+name+" as black days 5"), bob)
			mails := h.reply(t, inv, "accept")
			toMove := only(t, mails, alice)
			for moves := 0; ; moves++ {
				if moves > 300 {
					t.Fatalf("no end after %d moves", moves)
				}
				ex := examplePattern.FindStringSubmatch(toMove.Text)
				if ex == nil {
					t.Fatalf("mail to %s has no example:\n%s", toMove.To, toMove.Text)
				}
				mails = h.reply(t, toMove, ex[1])
				answer := only(t, mails, toMove.To)
				if !strings.Contains(answer.Text, "Done: you played") {
					t.Fatalf("the example %q was refused:\n%s", ex[1], answer.Text)
				}
				if strings.Contains(answer.Text, "Game over") {
					if strings.Contains(answer.Text, " to move") {
						t.Errorf("a game over still says whose move:\n%s", answer.Text)
					}
					return
				}
				other := alice
				if toMove.To == alice {
					other = bob
				}
				toMove = only(t, mails, other)
			}
		})
	}
}
