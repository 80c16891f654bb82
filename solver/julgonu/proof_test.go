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
