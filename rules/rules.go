// Package rules is the variant-neutral contract between windpost's rules
// engines and everything built on them (notation, solver, games, mailer).
//
// An engine (rules/gufuu, rules/microshogi, rules/julgonu) implements
// Variant and Position. A Position is an immutable value: Play returns a new
// one. A Move is an engine's own compact encoding in a uint32; only the
// engine that made it can interpret it, and notation turns it into text.
//
// Rules that depend on the history of a game (fourfold repetition,
// positional superko, perpetual check, the no-capture draw) are decided by
// the Variant from the whole list of positions, so that games and the bots
// see exactly the same rules. Game bundles that list with the moves.
//
// The package knows nothing of text beyond the names of sides and reasons.
package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Side is one of the two players.
type Side uint8

// The two sides. Black moves first in every windpost variant.
const (
	Black Side = 0
	White Side = 1
)

// Opponent returns the other side.
func (s Side) Opponent() Side { return s ^ 1 }

// String returns "black" or "white".
func (s Side) String() string {
	if s == White {
		return "white"
	}
	return "black"
}

// ParseSide reads "black"/"b" or "white"/"w" (lower case).
func ParseSide(s string) (Side, bool) {
	switch s {
	case "black", "b":
		return Black, true
	case "white", "w":
		return White, true
	}
	return Black, false
}

// Move is a move in an engine's own encoding. The zero Move is never a legal
// move of any engine and stands for "no move".
type Move uint32

// NoMove is the zero Move.
const NoMove Move = 0

// Position is one state of a game: what is on the board, in hand, and whose
// turn it is. Implementations are immutable values.
type Position interface {
	// ToMove is the side whose turn it is.
	ToMove() Side
	// Moves returns the moves legal in this position by the rules that look
	// at this position alone (history rules such as superko are applied by
	// Variant.LegalMoves). It returns nil when the side to move has none.
	Moves() []Move
	// Play returns the position after m. It returns an error wrapping
	// ErrIllegal when m is not in Moves.
	Play(m Move) (Position, error)
	// Key identifies the position for repetition rules: two positions are
	// the same position under the variant's rules exactly when their keys
	// are equal.
	Key() string
}

// Status tells whether a game goes on, and if not, how it ended.
type Status uint8

// The states of a game.
const (
	Ongoing Status = iota
	Win            // Outcome.Winner won
	Draw
)

// Reason says why a game ended. The rules engines produce the first group;
// games adds the rest.
type Reason string

// Reasons for the end of a game.
const (
	Checkmate      Reason = "checkmate"
	Stalemate      Reason = "stalemate"       // no legal move, and that loses
	NoLegalMove    Reason = "no legal move"   // Jul-Gonu: blocked or every move repeats
	OnePieceLeft   Reason = "one piece left"  // Jul-Gonu
	Repetition     Reason = "repetition"      // a draw by repeated position
	PerpetualCheck Reason = "perpetual check" // Micro-shogi: the checking side loses
	NoCaptureLimit Reason = "no capture in 100 plies"
	Resignation    Reason = "resignation"
	Timeout        Reason = "timeout"
	AgreedDraw     Reason = "agreed draw"
	Abandoned      Reason = "abandoned"
)

// Outcome is the state of a game: going on, won by one side, or drawn, and
// why.
type Outcome struct {
	Status Status
	Winner Side // meaningful only when Status is Win
	Reason Reason
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Status != Ongoing }

// String reads "black wins by checkmate", "draw by repetition" or "" while
// the game goes on.
func (o Outcome) String() string {
	switch o.Status {
	case Win:
		return fmt.Sprintf("%s wins by %s", o.Winner, o.Reason)
	case Draw:
		return fmt.Sprintf("draw by %s", o.Reason)
	}
	return ""
}

// WinFor returns the outcome in which side w wins for reason r.
func WinFor(w Side, r Reason) Outcome { return Outcome{Status: Win, Winner: w, Reason: r} }

// DrawBy returns the drawn outcome for reason r.
func DrawBy(r Reason) Outcome { return Outcome{Status: Draw, Reason: r} }

// ErrIllegal is wrapped by every error that refuses a move.
var ErrIllegal = errors.New("illegal move")

// Why is a refused move's error in plain words, without the "illegal
// move: " that every such error starts with, and without a final period.
func Why(err error) string {
	s := strings.TrimPrefix(err.Error(), ErrIllegal.Error()+": ")
	return strings.TrimSuffix(s, ".")
}

// ErrForeignPosition is wrapped by the error of As when a position was
// made by another engine than the one asking.
var ErrForeignPosition = errors.New("a position of another game")

// As returns p as an engine's concrete position type T, from a T or a *T.
// Any other position gives an error wrapping ErrForeignPosition that names
// both types. It is the one way engines, notations and bots recover their
// own position from a rules.Position.
func As[T Position](p Position) (T, error) {
	if q, ok := p.(T); ok {
		return q, nil
	}
	if q, ok := any(p).(*T); ok && q != nil {
		return *q, nil
	}
	var zero T
	return zero, fmt.Errorf("%w: %T, not %T", ErrForeignPosition, p, zero)
}

// Variant is one game's rules.
type Variant interface {
	// Name is the variant's canonical lower-case name ("gufuu").
	Name() string
	// Aliases are further names users may type ("micro"); may be nil.
	Aliases() []string
	// Title is the name shown to people ("Gufuu Shogi").
	Title() string
	// Start is the starting position.
	Start() Position
	// LegalMoves returns the moves legal in the last of positions (a game's
	// positions from the start or from its first known position, oldest
	// first), applying the rules that depend on history. It returns nil
	// when the game is over or the side to move has no legal move.
	LegalMoves(positions []Position) []Move
	// Outcome judges the game whose positions are given, oldest first.
	Outcome(positions []Position) Outcome
}

// OngoingMover is implemented by variants that can list the legal moves of
// a game already judged not over without judging it again, as LegalMoves
// must. Game uses it so that each position is judged once.
type OngoingMover interface {
	// OngoingMoves is LegalMoves for positions whose Outcome is Ongoing.
	OngoingMoves(positions []Position) []Move
}

// PositionMoves is embedded by a variant whose history rules end games but
// never forbid a move: it gives the variant OngoingMoves, the moves of the
// last position.
type PositionMoves struct{}

// OngoingMoves returns the moves of the last of positions.
func (PositionMoves) OngoingMoves(positions []Position) []Move {
	return positions[len(positions)-1].Moves()
}

// MovesUnlessOver is LegalMoves for a variant that is an OngoingMover: nil
// when there is no position or the game is over, else its OngoingMoves.
func MovesUnlessOver(v interface {
	Variant
	OngoingMover
}, positions []Position) []Move {
	if len(positions) == 0 || v.Outcome(positions).Over() {
		return nil
	}
	return v.OngoingMoves(positions)
}

// Explainer is implemented by variants that can say in plain words why a
// move is refused by a rule about the game's history (for example "it would
// recreate the position after move 12"). Explain returns nil when it has
// nothing more specific to say; its errors wrap ErrIllegal.
type Explainer interface {
	Explain(positions []Position, m Move) error
}

// Game is a game in progress: its variant, the positions it went through
// (Positions[0] is where it began) and the moves between them
// (len(Moves) == len(Positions)-1).
//
// A Game remembers the outcome and the legal moves of each position it has
// judged, so that replaying a game judges each position once. Play, Undo
// and Clone keep that memory right, and a Game built as a composite literal
// starts without one; code that changes Positions by other means must not
// reuse a slice Undo has shortened. A Game is not safe for concurrent use.
type Game struct {
	Variant   Variant
	Positions []Position
	Moves     []Move

	plies []ply     // plies[i] judges Positions[:i+1]
	base  *Position // &Positions[0] when plies was filled
}

// ply is what a Game knows of the game up to one of its positions.
type ply struct {
	outcome Outcome
	legal   []Move
	judged  bool // outcome is known
	listed  bool // legal is known
}

// NewGame starts a game of v from its start position.
func NewGame(v Variant) *Game { return NewGameFrom(v, v.Start()) }

// NewGameFrom starts a game of v from position p.
func NewGameFrom(v Variant, p Position) *Game {
	return &Game{Variant: v, Positions: []Position{p}}
}

// Position is the current position.
func (g *Game) Position() Position { return g.Positions[len(g.Positions)-1] }

// Ply is the number of moves played.
func (g *Game) Ply() int { return len(g.Moves) }

// now returns the memory of the current position, forgetting what belongs
// to positions no longer in Positions.
func (g *Game) now() *ply {
	n := len(g.Positions)
	if g.base != &g.Positions[0] {
		g.plies, g.base = g.plies[:0], &g.Positions[0]
	}
	if len(g.plies) > n {
		g.plies = g.plies[:n]
	}
	for len(g.plies) < n {
		g.plies = append(g.plies, ply{})
	}
	return &g.plies[n-1]
}

// LegalMoves returns the moves legal now, history rules included.
func (g *Game) LegalMoves() []Move {
	return append([]Move(nil), g.legalMoves()...)
}

// legalMoves is LegalMoves without the copy.
func (g *Game) legalMoves() []Move {
	p := g.now()
	if p.listed {
		return p.legal
	}
	om, ok := g.Variant.(OngoingMover)
	switch {
	case !ok:
		p.legal = g.Variant.LegalMoves(g.Positions)
	case !g.Outcome().Over():
		p.legal = om.OngoingMoves(g.Positions)
	}
	p.listed = true
	return p.legal
}

// Outcome judges the game as it stands.
func (g *Game) Outcome() Outcome {
	p := g.now()
	if !p.judged {
		p.outcome, p.judged = g.Variant.Outcome(g.Positions), true
	}
	return p.outcome
}

// Play plays m if it is legal now. The error wraps ErrIllegal otherwise; a
// move after the end of the game is illegal too.
func (g *Game) Play(m Move) error {
	if g.Outcome().Over() {
		return fmt.Errorf("%w: the game is over", ErrIllegal)
	}
	legal := false
	for _, l := range g.legalMoves() {
		if l == m {
			legal = true
			break
		}
	}
	if !legal {
		if e, ok := g.Variant.(Explainer); ok {
			if err := e.Explain(g.Positions, m); err != nil {
				return err
			}
		}
		return fmt.Errorf("%w: not a legal move here", ErrIllegal)
	}
	next, err := g.Position().Play(m)
	if err != nil {
		return err
	}
	g.Positions = append(g.Positions, next)
	g.Moves = append(g.Moves, m)
	return nil
}

// Undo takes back the last move. It reports false when there is none.
func (g *Game) Undo() bool {
	if len(g.Moves) == 0 {
		return false
	}
	g.Positions = g.Positions[:len(g.Positions)-1]
	g.Moves = g.Moves[:len(g.Moves)-1]
	if len(g.plies) > len(g.Positions) {
		g.plies = g.plies[:len(g.Positions)]
	}
	return true
}

// Clone returns a copy of g that can be played on independently.
func (g *Game) Clone() *Game {
	c := &Game{
		Variant:   g.Variant,
		Positions: append([]Position(nil), g.Positions...),
		Moves:     append([]Move(nil), g.Moves...),
	}
	if len(g.Positions) > 0 && g.base == &g.Positions[0] && len(g.plies) <= len(g.Positions) {
		c.plies, c.base = append([]ply(nil), g.plies...), &c.Positions[0]
	}
	return c
}

// Occurrences counts the positions that are the same position as the last
// one (that one included): those with its key. hash, if not nil, is a quick
// fingerprint of a position: positions whose fingerprints differ from the
// last one's are passed over without making their keys.
func Occurrences(positions []Position, hash func(Position) uint64) int {
	last := positions[len(positions)-1]
	var h uint64
	if hash != nil {
		h = hash(last)
	}
	key, n := "", 1
	for _, q := range positions[:len(positions)-1] {
		if hash != nil && hash(q) != h {
			continue
		}
		if key == "" {
			key = last.Key()
		}
		if q.Key() == key {
			n++
		}
	}
	return n
}

// Registry finds variants by name or alias. It is a value built once by the
// program; it is never changed after NewRegistry.
type Registry struct {
	list   []Variant
	byName map[string]Variant
}

// NewRegistry returns a registry of vs. It panics if two names collide,
// which is a programming error.
func NewRegistry(vs ...Variant) *Registry {
	r := &Registry{list: vs, byName: map[string]Variant{}}
	for _, v := range vs {
		for _, n := range append([]string{v.Name()}, v.Aliases()...) {
			if _, dup := r.byName[n]; dup {
				panic("rules: variant name " + n + " registered twice")
			}
			r.byName[n] = v
		}
	}
	return r
}

// Lookup returns the variant called name (canonical name or alias, any
// case).
func (r *Registry) Lookup(name string) (Variant, bool) {
	v, ok := r.byName[strings.ToLower(strings.TrimSpace(name))]
	return v, ok
}

// Variants lists the registered variants in registration order.
func (r *Registry) Variants() []Variant { return append([]Variant(nil), r.list...) }

// Perft counts the leaves of the legal-move tree of depth plies below p,
// using Position.Moves (no history rules). Engines provide faster versions
// on their concrete types; this one states the definition and checks them.
func Perft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := p.Moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		q, err := p.Play(m)
		if err != nil {
			panic(fmt.Sprintf("rules: Perft: Moves returned a move Play refuses: %v", err))
		}
		n += Perft(q, depth-1)
	}
	return n
}
