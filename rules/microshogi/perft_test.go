package microshogi

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/windpost/windpost/rules"
)

func TestPerftStart(t *testing.T) {
	want := []uint64{9, 80, 767, 7256, 71328, 748638}
	for d, w := range want {
		depth := d + 1
		if depth == 6 && testing.Short() {
			continue
		}
		if got := Start().Perft(depth); got != w {
			t.Errorf("perft(%d) = %d, want %d", depth, got, w)
		}
	}
}

// The generic definition (rules.Perft over Moves and Play) agrees with the
// bulk-counting one.
func TestPerftMatchesDefinition(t *testing.T) {
	for d := 1; d <= 4; d++ {
		if a, b := rules.Perft(Start(), d), Start().Perft(d); a != b {
			t.Errorf("depth %d: rules.Perft %d, Position.Perft %d", d, a, b)
		}
	}
}

// Positions with hands, sliders, pins and checks, counted by the engine and
// by the slow reference generator.
var perftPositions = []string{
	"kbgs/p3/4/3P/SGBK b - 1",
	"kbgs/p3/4/3P/SGBK w - 1",
	"k3/4/1r2/4/3K b BGSP 1",
	"k3/4/1r2/4/3K w bgsp 1",
	"k1l1/4/1B2/1G2/2SK w p 1",
	"kl2/p3/4/2B1/3K b GSg 1",
	"3k/4/2b1/4/K1r1 b Pp 1",
	"k2r/3n/4/1P2/K2L b BS 1",
	"ks2/1t2/4/2NT/1L1K w GP 1",
	"1k2/4/2R1/4/1K1l b 2BGS2P 1",
	"k3/2G1/3K/4/4 w 2B2S2P 1",
}

// The reference generator reproduces the spec's figures too, and the
// engine's deeper figures (7: 8,118,500) when WINDPOST_MICRO_DEEP is set
// (about a minute).
func TestReferencePerftStart(t *testing.T) {
	r := toRef(Start())
	want := []uint64{9, 80, 767, 7256, 71328}
	for d, w := range want {
		if d == 4 && testing.Short() {
			break
		}
		if got := r.perft(d + 1); got != w {
			t.Errorf("reference perft(%d) = %d, want %d", d+1, got, w)
		}
	}
	if os.Getenv("WINDPOST_MICRO_DEEP") == "" {
		return
	}
	for d := 6; d <= 7; d++ {
		if got, want := r.perft(d), Start().Perft(d); got != want {
			t.Errorf("perft(%d): reference %d, engine %d", d, got, want)
		}
	}
}

func TestPerftAgainstReference(t *testing.T) {
	for _, s := range perftPositions {
		p := pos(t, s)
		r := toRef(p)
		depth := 3
		if testing.Short() {
			depth = 2
		}
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), r.perft(d); got != want {
				t.Errorf("%s: perft(%d) = %d, reference %d", s, d, got, want)
			}
		}
	}
}

// Along random games the engine's legal moves equal the reference's at
// every position, and the incremental hash equals a hash built afresh.
func TestRandomGamesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	games := 300
	if testing.Short() {
		games = 30
	}
	for g := 0; g < games; g++ {
		p := Start()
		if g%3 == 1 {
			p = pos(t, perftPositions[rng.IntN(len(perftPositions))])
		}
		for ply := 0; ply < 120; ply++ {
			r := toRef(p)
			var want []rules.Move
			for _, m := range r.legal() {
				want = append(want, m.encode())
			}
			got := p.Moves()
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d %q: moves differ:\n engine %v\n ref    %v", g, ply, p.Key(), got, want)
			}
			if n := p.CountMoves(); n != len(want) {
				t.Fatalf("game %d ply %d: CountMoves %d, want %d", g, ply, n, len(want))
			}
			if fresh := rebuild(t, p); fresh.Hash() != p.Hash() || fresh.Key() != p.Key() {
				t.Fatalf("game %d ply %d: incremental hash/key differ from a fresh build", g, ply)
			}
			if len(got) == 0 {
				break
			}
			p = p.After(got[rng.IntN(len(got))])
		}
	}
}

func rebuild(t *testing.T, p Position) Position {
	var b [NumSquares]Piece
	for s := Square(0); s < NumSquares; s++ {
		b[s], _ = p.At(s)
	}
	var h [2][Pairs]int
	for s := rules.Black; s <= rules.White; s++ {
		for k := 0; k < Pairs; k++ {
			h[s][k] = p.Hand(s, k)
		}
	}
	q, err := New(b, h, p.ToMove(), p.MoveNumber())
	if err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	return q
}

func BenchmarkPerft(b *testing.B) {
	p := Start()
	var leaves uint64
	for b.Loop() {
		leaves += p.Perft(6)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// GenerateCaptures returns exactly the legal moves that capture.
func TestGenerateCaptures(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for g := 0; g < 50; g++ {
		p := Start()
		for ply := 0; ply < 100; ply++ {
			var want []rules.Move
			all := p.Generate(nil)
			for _, m := range all {
				if p.Captured(m) != NoFace {
					want = append(want, m)
				}
			}
			got := p.GenerateCaptures(nil)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%q: captures %v, want %v", p.Key(), got, want)
			}
			if len(all) == 0 {
				break
			}
			p = p.After(all[rng.IntN(len(all))])
		}
	}
}
