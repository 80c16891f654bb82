package julgonu

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

func TestRecordRoundTrip(t *testing.T) {
	n := Notation{}
	g := rules.NewGame(jg.Variant{})
	captures := 0
	for i := 0; i < 80 && !g.Outcome().Over(); i++ {
		ms := g.LegalMoves()
		m := ms[(i*5+3)%len(ms)]
		if strings.Contains(n.FormatMove(g.Position(), m), " x ") {
			captures++
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if captures == 0 {
		t.Fatal("the test game has no capture; pick another")
	}
	rec := notation.FormatRecord(n, g)
	g2, err := notation.ParseRecord(jg.Variant{}, n, rec)
	if err != nil {
		t.Fatalf("%s: %v", rec, err)
	}
	if g2.Ply() != g.Ply() || g2.Position() != g.Position() {
		t.Fatalf("record %q replays to %v, want %v", rec, g2.Position(), g.Position())
	}
	// A wrong capture claim in a record names the move and the truth.
	bad := strings.Replace(rec, " x ", " x d4 ", 1)
	if _, err := notation.ParseRecord(jg.Variant{}, n, bad); err == nil || !strings.Contains(err.Error(), "captures") {
		t.Errorf("record with a wrong capture claim: %v", err)
	}
}
