package games

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/variants/varianttest"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

var gameNames = []string{"gufuu", "microshogi", "julgonu"}

// TestExampleMoveIsLegal: over 1,000 positions of random games of each
// game, the example a player is shown, read back by the game's notation
// as a player's move, is a legal move of the position; where the side to
// move can win at once, the example wins at once; else, where a move
// exists after which the opponent cannot win at once, the example is one;
// and it is not always the first legal move.
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
			positions, notFirst, winsAtOnce, losesAtOnce := 0, 0, 0, 0
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
					e := referee.ExampleMove(n, g, uint64(games))
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
					if !safeAfter(line, g.Position().ToMove()) {
						for _, other := range ms {
							next := g.Clone()
							if err := next.Play(other); err == nil && safeAfter(next, g.Position().ToMove()) {
								t.Errorf("in %s the example %q loses at once, and %s would not", n.FormatPosition(g.Position()), e, n.FormatMove(g.Position(), other))
								break
							}
						}
						losesAtOnce++
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
			t.Logf("%d positions, %d examples not the first legal move, %d wins at once, %d that lose at once (no other move did not)", positions, notFirst, winsAtOnce, losesAtOnce)
		})
	}
}

// safeAfter reports whether, in line just after us moved, us has won or
// the game goes on and the opponent cannot win at once.
func safeAfter(line *rules.Game, us rules.Side) bool {
	o := line.Outcome()
	return o.Status == rules.Win && o.Winner == us || !o.Over() && !solver.WinsInOne(line)
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

// TestStatusAtEveryEnd: for each way a game ends, the status line under
// the board says the end and the result, never whose move, in the text
// and as the picture's caption (BoardRef.Status, which the mailer and the
// web view draw: the web page's is the mail's) and alt text, and only a game with
// moves invites "analysis".
func TestStatusAtEveryEnd(t *testing.T) {
	catalog := variants.Default(variants.Options{CacheDir: t.TempDir()})
	h := newHarness(t, catalog)
	kit := func(name string) variants.Kit {
		k, _ := catalog.Lookup(name)
		return k
	}
	// playOut plays moves in turn from alice (black) and bob, and returns
	// the last mail to alice.
	playOut := func(t *testing.T, toAlice, toBob Mail, moves []string) Mail {
		for i, mv := range moves {
			m := toAlice
			if i%2 == 1 {
				m = toBob
			}
			mails := h.reply(t, m, fmt.Sprintf("%s #%d", mv, i+1))
			wantText(t, only(t, mails, m.To), "Done: you played")
			toAlice, toBob = only(t, mails, alice), only(t, mails, bob)
		}
		return toAlice
	}
	byMoves := func(game string, reason rules.Reason) func(*testing.T) Mail {
		return func(t *testing.T) Mail {
			_, toAlice, toBob := startGame(t, h, game)
			return playOut(t, toAlice, toBob, must[[]string](t)(varianttest.GameTo(kit(game), reason, 3)))
		}
	}
	tests := []struct {
		name     string
		end      func(*testing.T) Mail // ends a game and returns a mail to alice of it
		status   string                // its end; the winner is checked below
		analysis bool
	}{
		{"micro-shogi checkmate", byMoves("microshogi", rules.Checkmate), " is checkmated: ", true},
		{"gufuu checkmate", byMoves("gufuu", rules.Checkmate), " is checkmated: ", true},
		{"micro-shogi stalemate", byMoves("microshogi", rules.Stalemate), " has no legal move: ", true},
		{"jul-gonu one piece left", byMoves("julgonu", rules.OnePieceLeft), " has one piece left: ", true},
		{"jul-gonu no legal move", byMoves("julgonu", rules.NoLegalMove), " has no legal move: ", true},
		{"resigned before any move", func(t *testing.T) Mail {
			_, toAlice, _ := startGame(t, h, "gufuu")
			return only(t, h.reply(t, toAlice, "resign"), alice)
		}, "Black resigned: White wins.", false},
		{"on time", func(t *testing.T) Mail {
			startGame(t, h, "microshogi")
			h.clock.Advance(4 * 24 * time.Hour)
			return only(t, must[[]Mail](t)(h.srv.Tick(t.Context())), alice)
		}, "Black ran out of time: White wins.", false},
		{"by agreement", func(t *testing.T) Mail {
			_, toAlice, toBob := startGame(t, h, "julgonu")
			toAlice = playOut(t, toAlice, toBob, []string{"a1-a2"})
			only(t, h.reply(t, toAlice, "draw"), alice)
			return only(t, h.reply(t, toBob, "draw"), alice)
		}, "Drawn by agreement.", true},
		{"adjudicated", func(t *testing.T) Mail {
			id, toAlice, _ := startGame(t, h, "microshogi")
			must[string](t)(h.srv.Adjudicate(t.Context(), id, "white", Decision{By: "root", Why: "test"}))
			return only(t, h.reply(t, toAlice, "board"), alice)
		}, "Adjudicated: White wins.", false},
		{"cancelled", func(t *testing.T) Mail {
			id, toAlice, _ := startGame(t, h, "gufuu")
			if err := h.srv.Cancel(t.Context(), id, Decision{By: "root", Why: "test"}); err != nil {
				t.Fatal(err)
			}
			return only(t, h.reply(t, toAlice, "board"), alice)
		}, "Cancelled by the server's operator: no result.", false},
		{"declined", func(t *testing.T) Mail {
			inv := only(t, h.write(t, alice, "challenge "+bob+" gufuu as black"), bob)
			h.reply(t, inv, "decline")
			return only(t, h.reply(t, inv, "board"), bob)
		}, "The challenge was declined: the game never began.", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h.clock.Advance(2 * time.Hour) // under the limit of challenges an hour
			m := tc.end(t)
			if m.Board == nil {
				t.Fatalf("mail to %s has no board:\n%s", m.To, m.Text)
			}
			got := m.Board.Status
			if !strings.Contains(got, tc.status) || !strings.HasSuffix(got, ".") {
				t.Fatalf("the picture's caption is %q; want one with %q", got, tc.status)
			}
			id := m.Headers["X-Windpost-Game"]
			link := h.store.GameLink(id)
			page := must[GamePage](t)(h.store.GamePage(id, link[len(id)+1:]))
			if page.Board.Status != got {
				t.Errorf("the web page's picture says %q, the mail's %q", page.Board.Status, got)
			}
			if o := gameRec(t, h, id).Outcome(); o.Status == rules.Win &&
				!strings.HasSuffix(got, notation.SideName(o.Winner)+" wins.") {
				t.Errorf("the caption %q does not name the winner, %s", got, o.Winner)
			}
			if !strings.Contains(m.Text, got+"\n") && !strings.Contains(m.Text, got+" b = ") {
				t.Errorf("the text does not say %q under the board:\n%s", got, m.Text)
			}
			if b := m.Doc.FirstBoard(); b == nil || !strings.Contains(b.AltText(), tc.status) || strings.Contains(b.AltText(), " to move") {
				t.Errorf("the picture's alt text does not say %q: %v", tc.status, b)
			}
			for _, stale := range []string{" to move", "Opening:", "in check"} {
				if strings.Contains(m.Text, stale) {
					t.Errorf("the text of an ended game says %q:\n%s", stale, m.Text)
				}
			}
			if inv := strings.Contains(m.Text, `"analysis"`); inv != tc.analysis {
				t.Errorf("analysis invited: %v, want %v:\n%s", inv, tc.analysis, m.Text)
			}
		})
	}
}

// BenchmarkExampleMove: the example of a status block, in a position 20
// plies into a random game of each game (or its last before the end) (the casual choice plays every
// legal move and the opponent's answers).
func BenchmarkExampleMove(b *testing.B) {
	catalog := variants.Default(variants.Options{CacheDir: b.TempDir()})
	for _, name := range gameNames {
		b.Run(name, func(b *testing.B) {
			kit, _ := catalog.Lookup(name)
			g := rules.NewGame(kit.Rules)
			rng := rand.New(rand.NewPCG(1, 2))
			for ply := 0; ply < 20; ply++ {
				ms := g.LegalMoves()
				if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
					b.Fatal(err)
				}
				if g.Outcome().Over() {
					g.Undo() // the last position with a move to show
					break
				}
			}
			for b.Loop() {
				if referee.ExampleMove(kit.Notation, g, 1) == "" {
					b.Fatal("no example")
				}
			}
		})
	}
}
