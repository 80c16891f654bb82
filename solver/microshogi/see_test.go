package microshogi

import (
	"testing"

	notation "github.com/windpost/windpost/notation/microshogi"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// The exchange values are sums of the evaluation's worths, so that the
// test holds whatever the weights: L is what a side loses with a piece of
// that face, F what a capturer of that face gains by turning over.
func TestSEE(t *testing.T) {
	L, F := seeLoss, flipGain
	const (
		P, N, S, G = engine.Pawn, engine.Knight, engine.Silver, engine.Gold
		R, Ln, K   = engine.Rook, engine.Lance, engine.King
	)
	for _, c := range []struct {
		name, pos, move string
		want            int
	}{
		{"a pawn takes a loose pawn", "k3/4/1p2/1P2/3K b - 1", "Px3c", L(P) + F(P)},
		{"a pawn takes a pawn a gold defends, and the gold takes back",
			"k3/1g2/1p2/1P2/3K b - 1", "Px3c", min(L(P)+F(P), L(P)+F(P)-(L(N)+F(G)))},
		{"a silver dropped where a pawn takes it", "k3/1p2/4/4/3K b S 1", "S*3c", -(L(S) + F(P))},
		{"a silver dropped where a pawn takes it and a gold takes back",
			"k3/1p2/4/1G2/3K b S 1", "S*3c", min(0, -(L(S)+F(P))+L(N)+F(G))},
		{"a gold moved where a pawn takes it", "k3/1p2/4/1G2/3K b - 1", "G-3c", -(L(G) + F(P))},
		{"the rook behind the lance defends through it",
			"k3/1g2/1p2/1L2/1R1K b - 1", "Lx3c",
			min(L(P)+F(Ln), max(L(P)+F(Ln)-(L(S)+F(G)), L(P)+F(Ln)-(L(S)+F(G))+L(R)+F(R)))},
		{"the king may not take a defended piece", "1k2/1p2/1PS1/4/3K b - 1", "Px3b", L(P) + F(P)},
		{"the king takes an undefended one", "1k2/1p2/1P2/4/3K b - 1", "Px3b", min(L(P)+F(P), L(P)+F(P)-(L(N)+F(K)))},
	} {
		g := gameFrom(t, c.pos)
		p := g.Position().(engine.Position)
		m, err := (notation.Notation{}).ParseMove(p, c.move)
		if err != nil || !p.Legal(m) {
			t.Fatalf("%s: %s in %s: %v", c.name, c.move, c.pos, err)
		}
		if got := see(&p, m); got != c.want {
			t.Errorf("%s (%s, %s): see = %d, want %d", c.name, c.pos, c.move, got, c.want)
		}
	}
}
