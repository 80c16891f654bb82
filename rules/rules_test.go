package rules_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
)

// nim is a toy variant for testing the contract: a pile of n stones, take 1
// or 2; who cannot move loses. A position seen three times is a draw.
type nim struct{}

type pile struct {
	n    int
	side rules.Side
}

func (p pile) ToMove() rules.Side { return p.side }
func (p pile) Moves() []rules.Move {
	var ms []rules.Move
	for t := 1; t <= 2 && t <= p.n; t++ {
		ms = append(ms, rules.Move(t))
	}
	return ms
}
func (p pile) Play(m rules.Move) (rules.Position, error) {
	if m < 1 || m > 2 || int(m) > p.n {
		return nil, fmt.Errorf("take %d: %w", m, rules.ErrIllegal)
	}
	return pile{p.n - int(m), p.side.Opponent()}, nil
}
func (p pile) Key() string { return fmt.Sprint(p.n, p.side) }

func (nim) Name() string          { return "nim" }
func (nim) Aliases() []string     { return []string{"stones"} }
func (nim) Title() string         { return "Nim" }
func (nim) Start() rules.Position { return pile{4, rules.Black} }
func (nim) LegalMoves(ps []rules.Position) []rules.Move {
	if (nim{}).Outcome(ps).Over() {
		return nil
	}
	return ps[len(ps)-1].Moves()
}
func (nim) Outcome(ps []rules.Position) rules.Outcome {
	p := ps[len(ps)-1]
	if len(p.Moves()) == 0 {
		return rules.WinFor(p.ToMove().Opponent(), rules.NoLegalMove)
	}
	return rules.Outcome{}
}

func TestGamePlayUndoOutcome(t *testing.T) {
	g := rules.NewGame(nim{})
	for _, m := range []rules.Move{2, 1} {
		if err := g.Play(m); err != nil {
			t.Fatalf("play %d: %v", m, err)
		}
	}
	if err := g.Play(2); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("taking 2 of 1: err = %v, want ErrIllegal", err)
	}
	if err := g.Play(1); err != nil {
		t.Fatal(err)
	}
	o := g.Outcome()
	if !o.Over() || o.Winner != rules.Black || o.String() != "black wins by no legal move" {
		t.Fatalf("outcome = %+v %q", o, o)
	}
	if err := g.Play(1); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("move after the end: err = %v", err)
	}
	c := g.Clone()
	if !g.Undo() || g.Ply() != 2 || c.Ply() != 3 {
		t.Fatalf("undo: ply %d, clone ply %d", g.Ply(), c.Ply())
	}
}

func TestRegistryAndPerft(t *testing.T) {
	r := rules.NewRegistry(nim{})
	for _, name := range []string{"nim", "NIM", " stones "} {
		if _, ok := r.Lookup(name); !ok {
			t.Errorf("Lookup(%q) failed", name)
		}
	}
	if _, ok := r.Lookup("chess"); ok {
		t.Error("Lookup(chess) succeeded")
	}
	// Leaves of the take-1-or-2 tree from 4 stones: piles 4 | 3 2 | 2 1 1 0
	// | 1 0 0 0 | 0 (a path that reaches 0 stops growing).
	for d, want := range []uint64{1, 2, 4, 4, 1, 0} {
		if got := rules.Perft(nim{}.Start(), d); got != want {
			t.Errorf("Perft(%d) = %d, want %d", d, got, want)
		}
	}
}

func TestSides(t *testing.T) {
	if rules.Black.Opponent() != rules.White || rules.White.String() != "white" {
		t.Fatal("sides")
	}
	if s, ok := rules.ParseSide("w"); !ok || s != rules.White {
		t.Fatal("ParseSide(w)")
	}
	if d := rules.DrawBy(rules.Repetition); d.String() != "draw by repetition" || !d.Over() {
		t.Fatalf("draw = %q", d)
	}
}

type otherPos struct{ pile }

func TestAs(t *testing.T) {
	p := pile{n: 3}
	if q, err := rules.As[pile](p); err != nil || q != p {
		t.Fatalf("As(value) = %v, %v", q, err)
	}
	if q, err := rules.As[pile](&p); err != nil || q != p {
		t.Fatalf("As(pointer) = %v, %v", q, err)
	}
	if _, err := rules.As[pile]((*pile)(nil)); !errors.Is(err, rules.ErrForeignPosition) {
		t.Fatalf("As(nil pointer) err = %v, want ErrForeignPosition", err)
	}
	_, err := rules.As[pile](otherPos{})
	if !errors.Is(err, rules.ErrForeignPosition) || !strings.Contains(err.Error(), "otherPos") {
		t.Fatalf("As(foreign) err = %v, want ErrForeignPosition naming otherPos", err)
	}
}

// TestWhy: a refused move's error reads without the prefix every such
// error has, and without its period; another error reads as it is.
func TestWhy(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("%w: 4c is empty, so this is no capture.", rules.ErrIllegal), "4c is empty, so this is no capture"},
		{fmt.Errorf("%w: not your piece", rules.ErrIllegal), "not your piece"},
		{errors.New("a position of another game"), "a position of another game"},
	} {
		if got := rules.Why(tc.err); got != tc.want {
			t.Errorf("Why(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
