package solver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/windpost/windpost/solver"
)

func TestPacked(t *testing.T) {
	for _, c := range []struct {
		v    solver.Value
		p    solver.Packed
		lost bool
	}{
		{solver.Value{Kind: solver.Drawn}, solver.PackedDrawn, false},
		{solver.Value{Kind: solver.Lost}, solver.PackedLostNow, true},
		{solver.Value{Kind: solver.Won, Plies: 1}, 4, false},
		{solver.Value{Kind: solver.Lost, Plies: 2}, 7, true},
		{solver.Value{Kind: solver.Won, Plies: 57}, 116, false},
	} {
		p := solver.Pack(c.v)
		v, ok := p.Value()
		if p != c.p || !ok || v != c.v || p.Lost() != c.lost {
			t.Errorf("Pack(%v) = %d (lost %v), back %v %v; want %d", c.v, p, p.Lost(), v, ok, c.p)
		}
	}
	// A loss one ply further is a win plus three, a win one further a loss
	// plus one.
	if w := solver.Pack(solver.Value{Kind: solver.Won, Plies: 3}); w+3 != solver.Pack(solver.Value{Kind: solver.Lost, Plies: 4}) {
		t.Error("won 3 + 3 is not lost 4")
	}
	if v, ok := solver.PackedNone.Value(); ok || solver.Pack(solver.Value{Kind: solver.Estimate, Score: 5}) != solver.PackedNone {
		t.Errorf("PackedNone decodes to %v, %v", v, ok)
	}
}

func TestFiguresJSON(t *testing.T) {
	f := solver.Figures{Fields: []solver.Field{
		{Name: "reachable", Value: 12},
		{Name: "start", Value: "W 3"},
		{Name: "best", Value: []string{"K*1b>N"}},
	}}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(f)
	if got, want := buf.String(), `{"reachable":12,"start":"W 3","best":["K*1b>N"]}`+"\n"; err != nil || got != want {
		t.Fatalf("got %s (%v), want %s", got, err, want)
	}
}

func TestLazyBuildsOnce(t *testing.T) {
	var l solver.Lazy[int]
	builds := 0
	build := func() (int, solver.Provenance) { builds++; return 42, solver.Provenance{Cache: "c"} }
	for i := 0; i < 3; i++ {
		v, p, err := l.Get(context.Background(), build)
		if v != 42 || p.Cache != "c" || err != nil {
			t.Fatalf("Get = %v %+v %v", v, p, err)
		}
	}
	if builds != 1 {
		t.Fatalf("built %d times", builds)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var slow solver.Lazy[int]
	block := make(chan struct{})
	defer close(block)
	if _, _, err := slow.Get(ctx, func() (int, solver.Provenance) { <-block; return 1, solver.Provenance{} }); err == nil {
		t.Fatal("a done context did not stop the wait")
	}
}
