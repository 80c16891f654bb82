package notation_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// botGame is a game the casual bot plays against itself from seed: from
// the start, or (every fourth seed) from the position after some moves of
// another game, cut after maxPly moves if it has not ended.
func botGame(t testing.TB, v rules.Variant, seed uint64, maxPly int) *rules.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 13))
	g := rules.NewGame(v)
	if seed%4 == 3 {
		for i := 0; i < 6 && !g.Outcome().Over(); i++ {
			m, err := solver.CasualMove(g, rng)
			if err != nil {
				t.Fatal(err)
			}
			g.Play(m)
		}
		if !g.Outcome().Over() {
			g = rules.NewGameFrom(v, g.Position())
		}
	}
	for g.Ply() < maxPly && !g.Outcome().Over() {
		m, err := solver.CasualMove(g, rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// header is a game's header as the store would give it; a game the moves
// did not end is, by seed, going on, resigned, lost on time or drawn.
func header(g *rules.Game, seed uint64) notation.Header {
	h := notation.Header{Black: fmt.Sprintf("black%d@example.org", seed), White: "the bot", WhiteBot: true,
		Date: time.Date(2026, 11, int(seed%28)+1, 9, 0, 0, 0, time.UTC), DaysPerMove: int(seed % 4), GameID: fmt.Sprintf("g%03d", seed)}
	if !g.Outcome().Over() {
		h.Outcome = []rules.Outcome{{}, rules.WinFor(g.Position().ToMove().Opponent(), rules.Resignation),
			rules.WinFor(g.Position().ToMove().Opponent(), rules.Timeout), rules.DrawBy(rules.AgreedDraw),
			rules.WinFor(rules.Black, rules.Abandoned)}[seed%5]
	}
	return h
}

func TestPGNRoundTripBotGames(t *testing.T) {
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	for _, name := range []string{"gufuu", "microshogi", "julgonu"} {
		kit, _ := cat.Lookup(name)
		forms := []notation.PGNForm{notation.OwnForm(kit.Rules, kit.Notation)}
		if name == "microshogi" {
			forms = append(forms, microshogi.FairyForm())
		}
		for _, f := range forms {
			t.Run(f.Variant, func(t *testing.T) {
				var file strings.Builder
				var want []*rules.Game
				ended := 0
				for seed := uint64(0); seed < 30; seed++ {
					g := botGame(t, kit.Rules, seed, 300)
					h := header(g, seed)
					rec := notation.NewPGN(f, g, h)
					text := rec.String()
					file.WriteString(text)
					want = append(want, g)
					if g.Outcome().Over() {
						ended++
					}
					read, err := notation.ReadPGN(text)
					if err != nil || len(read) != 1 {
						t.Fatalf("seed %d: read %d games, %v:\n%s", seed, len(read), err, text)
					}
					if rec.FullMoves { // read back as stretches between numbers
						read[0].Moves = strings.Fields(strings.Join(read[0].Moves, " "))
						read[0].FullMoves = true
					}
					if !samePGN(read[0], rec) {
						t.Fatalf("seed %d: read back\n%#v\nwant\n%#v", seed, read[0], rec)
					}
					got, o, err := notation.PlayPGN(kit.Rules, f, read[0])
					if err != nil {
						t.Fatalf("seed %d: %v\n%s", seed, err, text)
					}
					wantO := g.Outcome()
					if !wantO.Over() {
						wantO = h.Outcome
					}
					if !slices.Equal(got.Moves, g.Moves) || o != wantO || got.Positions[0] != g.Positions[0] {
						t.Fatalf("seed %d: replayed %d moves, %v; want %d, %v\n%s", seed, got.Ply(), o, g.Ply(), wantO, text)
					}
				}
				if ended < 5 {
					t.Errorf("only %d of 30 games ended by the rules", ended)
				}
				all, err := notation.ReadPGN(file.String())
				if err != nil || len(all) != len(want) {
					t.Fatalf("the file of %d games read as %d, %v", len(want), len(all), err)
				}
				for i, r := range all {
					if g, _, err := notation.PlayPGN(kit.Rules, f, r); err != nil || g.Ply() != want[i].Ply() {
						t.Errorf("game %d of the file: %d moves, %v", i+1, g.Ply(), err)
					}
				}
			})
		}
	}
}

// samePGN reports whether two records are the same in every field.
func samePGN(a, b notation.PGN) bool {
	return slices.Equal(a.Tags, b.Tags) && slices.Equal(a.Moves, b.Moves) &&
		a.Comment == b.Comment && a.Result == b.Result && a.FullMoves == b.FullMoves
}
