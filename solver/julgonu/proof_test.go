package julgonu

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

// TestProveWinIssueGame proves, after 1.c1-c2 b4-b3 2.d1-d2 b3-b2 of the
// issue's game, Black's forced win, and checks the proof with the rules
// alone (rules/julgonu.VerifyWin), also after writing and reading it.
func TestProveWinIssueGame(t *testing.T) {
	tab := solved()
	g := prefix(issueGame(t), 4)
	ps, err := concrete(g)
	if err != nil {
		t.Fatal(err)
	}
	p, depth, err := tab.ProveWin(context.Background(), ps, rules.Black, 20_000_000)
	if err != nil {
		t.Fatal(err)
	}
	n, err := jg.VerifyWin(ps, p, rules.Black)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := jg.WriteProof(&buf, p); err != nil {
		t.Fatal(err)
	}
	t.Logf("depth %d, %d nodes checked, %d bytes", depth, n, buf.Len())
	q, err := jg.ReadProof(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jg.VerifyWin(ps, q, rules.Black); err != nil {
		t.Fatal(err)
	}
	if _, err := jg.VerifyWin(ps, p, rules.White); err == nil {
		t.Error("the proof of Black's win passes as White's")
	}
	c := jg.Compact(p)
	if got, want := lines(c), lines(p); got != want {
		t.Errorf("Compact: %d lines from the root, the proof has %d", got, want)
	}
	if got, was := distinct(c), distinct(p); got >= was {
		t.Errorf("Compact: %d distinct nodes, the proof had %d", got, was)
	}
	if m, err := jg.VerifyWin(ps, c, rules.Black); err != nil || m > n {
		t.Errorf("the compacted proof: %d nodes checked (%d before), %v", m, n, err)
	}
	var cbuf bytes.Buffer
	if err := jg.WriteProof(&cbuf, c); err != nil {
		t.Fatal(err)
	}
	t.Logf("compacted: %d distinct nodes (%d before), %d bytes", distinct(c), distinct(p), cbuf.Len())
}

// lines counts the lines of a proof from its root to its leaves, as the
// tree it stands for unfolded.
func lines(p *jg.Proof) int {
	memo := map[*jg.Proof]int{}
	var count func(*jg.Proof) int
	count = func(n *jg.Proof) int {
		if v, ok := memo[n]; ok {
			return v
		}
		v := 0
		if len(n.Next) == 0 {
			v = 1
		}
		for _, k := range n.Next {
			v += count(k)
		}
		memo[n] = v
		return v
	}
	return count(p)
}

// distinct counts a proof's nodes, each shared one once.
func distinct(p *jg.Proof) int {
	seen := map[*jg.Proof]bool{}
	var walk func(*jg.Proof)
	walk = func(n *jg.Proof) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, k := range n.Next {
			walk(k)
		}
	}
	walk(p)
	return len(seen)
}

// TestVerifyWinRefuses damages a true proof and wants the verifier to say
// what is wrong: a reply of the loser left out, the winner's move swapped
// for another legal one, a leaf cut off.
func TestVerifyWinRefuses(t *testing.T) {
	tab := solved()
	g := prefix(issueGame(t), 4)
	ps, _ := concrete(g)
	p, _, err := tab.ProveWin(context.Background(), ps, rules.Black, 20_000_000)
	if err != nil {
		t.Fatal(err)
	}
	// p: Black to move, one move; below it White's replies.
	white := p.Next[0]
	if len(white.Next) < 2 {
		t.Fatalf("want White to have two replies or more, it has %d", len(white.Next))
	}
	other := jg.SuperkoMoves(ps)
	tests := []struct {
		name   string
		damage func(*jg.Proof) *jg.Proof
		want   string
	}{
		{"a reply left out", func(p *jg.Proof) *jg.Proof {
			w := *p.Next[0]
			w.Next = w.Next[1:]
			return &jg.Proof{Move: p.Move, Next: []*jg.Proof{&w}}
		}, "legal moves and the proof answers"},
		{"the winner's move swapped", func(p *jg.Proof) *jg.Proof {
			for _, m := range other {
				if m != p.Next[0].Move {
					return &jg.Proof{Move: p.Move, Next: []*jg.Proof{{Move: m, Next: p.Next[0].Next}}}
				}
			}
			t.Fatal("Black has one move")
			return nil
		}, ""},
		{"two moves for the winner", func(p *jg.Proof) *jg.Proof {
			return &jg.Proof{Move: p.Move, Next: []*jg.Proof{p.Next[0], p.Next[0]}}
		}, "not one"},
		{"a line cut short", func(p *jg.Proof) *jg.Proof {
			return &jg.Proof{Move: p.Move, Next: []*jg.Proof{{Move: p.Next[0].Move}}}
		}, "legal moves and the proof answers 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := jg.VerifyWin(ps, tc.damage(p), rules.Black)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestPiecedProof pieces a proof together (losses_test.go's pieces, which
// TestHunterLosses uses for losses no one search proves) after 1.c1-c2
// b4-b3 2.d1-d2 b3-b2 3.a1-a2 of the issue's game, White to move and lost:
// each of White's moves answered by a reply after which one search proves
// the loss. The rules alone check it, and again compacted.
func TestPiecedProof(t *testing.T) {
	tab := solved()
	ps, err := concrete(prefix(issueGame(t), 5))
	if err != nil {
		t.Fatal(err)
	}
	pc := pieces{tab: tab, winner: rules.Black, budget: 1000}
	p := pc.lost(ps, 1, true)
	if p == nil {
		t.Fatal("no proof pieced together")
	}
	if want := len(jg.SuperkoMoves(ps)); len(p.Next) != want {
		t.Errorf("the pieced proof answers %d of White's moves, not %d", len(p.Next), want)
	}
	n, err := jg.VerifyWin(ps, p, rules.Black)
	if err != nil {
		t.Fatal(err)
	}
	m, err := jg.VerifyWin(ps, jg.Compact(p), rules.Black)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d searches, %d nodes checked, %d compacted (%d distinct of %d)", pc.calls, n, m, distinct(jg.Compact(p)), distinct(p))
}
