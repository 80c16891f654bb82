// Package solver holds what windpost's opponents share: bot levels, the
// value of a position (a solved table's verdict or a search's estimate) and
// of a finished game, the casual level every bot plays, the solved tables'
// interface and byte encoding, and the interfaces the bots of each variant
// satisfy. The bots themselves live in solver/gufuu, solver/microshogi and
// solver/julgonu.
package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/windpost/windpost/rules"
)

// ErrGameOver is wrapped by the error of every bot and analyst asked for a
// move in a finished game, whatever the variant.
var ErrGameOver = errors.New("the game is over")

// Level is how well a bot plays.
type Level string

// The bot levels. Not every variant has every level (Micro-shogi is not
// solved, so it has no perfect level).
const (
	Perfect Level = "perfect" // fastest win, slowest loss, from a solved table
	Strong  Level = "strong"  // never throws away a win or a draw
	Club    Level = "club"    // a club player: a short search (Micro-shogi only)
	Casual  Level = "casual"  // a beginner: random, but takes a mate in one and avoids one
)

// Bot chooses moves for one variant.
type Bot interface {
	// Levels lists the levels this bot plays, strongest first.
	Levels() []Level
	// Choose returns the bot's move in g's current position, which must not
	// be over. rng makes the choice among equally good moves; the same rng
	// state gives the same move.
	Choose(ctx context.Context, g *rules.Game, level Level, rng *rand.Rand) (rules.Move, error)
}

// Kind is the verdict of a value.
type Kind uint8

// The kinds of value.
const (
	Estimate Kind = iota // a search score, not a proven result
	Won                  // the side to move wins
	Lost                 // the side to move loses
	Drawn                // neither side can force a win
)

// Value is the worth of a position for the side to move: a proven result
// with its distance in plies (from a table, or a search that found a
// mate), or a search score.
type Value struct {
	Kind Kind
	// Plies: for Won, the mating (winning) move is the Plies-th ply from
	// now (1 = wins with this move); for Lost, the side to move is mated
	// (has lost) after Plies plies (0 = lost now).
	Plies int
	// Score is a search's estimate in hundredths of a pawn for Estimate.
	Score int
}

// String writes "W 5", "L 0", "D", or a score such as "+1.20".
func (v Value) String() string {
	switch v.Kind {
	case Won:
		return fmt.Sprintf("W %d", v.Plies)
	case Lost:
		return fmt.Sprintf("L %d", v.Plies)
	case Drawn:
		return "D"
	}
	sign := "+"
	s := v.Score
	if s < 0 {
		sign, s = "-", -s
	}
	return fmt.Sprintf("%s%d.%02d", sign, s/100, s%100)
}

// ParseValue reads the proven forms of String ("W 5", "L 0", "D").
func ParseValue(s string) (Value, error) {
	var v Value
	switch {
	case s == "D":
		return Value{Kind: Drawn}, nil
	case len(s) > 2 && s[0] == 'W' && s[1] == ' ':
		v.Kind = Won
	case len(s) > 2 && s[0] == 'L' && s[1] == ' ':
		v.Kind = Lost
	default:
		return v, fmt.Errorf("value %q: want W n, L n or D", s)
	}
	if _, err := fmt.Sscanf(s[2:], "%d", &v.Plies); err != nil {
		return v, fmt.Errorf("value %q: %w", s, err)
	}
	return v, nil
}

// Rank orders values for the side to move: wins > draws/estimates > losses.
// It is what analysis uses to mark mistakes (a win turned into a draw or a
// loss, a draw into a loss).
func (v Value) Rank() int {
	switch v.Kind {
	case Won:
		return 2
	case Lost:
		return 0
	}
	return 1
}

// ForMover returns the value of a move for the player making it, given the
// value v of the position it leads to (for the opponent): a loss in n for
// the opponent is a win in n+1, a win in n a loss in n+1.
func (v Value) ForMover() Value {
	v = v.Flip()
	if v.Kind == Won || v.Kind == Lost {
		v.Plies++
	}
	return v
}

// OutcomeValue returns the value of a finished game for its side to move:
// won or lost now (W 0, L 0), or drawn. It reports false while the game
// goes on.
func OutcomeValue(g *rules.Game) (Value, bool) {
	switch o := g.Outcome(); {
	case !o.Over():
		return Value{}, false
	case o.Status == rules.Draw:
		return Value{Kind: Drawn}, true
	case o.Winner == g.Position().ToMove():
		return Value{Kind: Won}, true
	}
	return Value{Kind: Lost}, true
}

// Flip returns the same value seen by the other side, at the same distance:
// a win in n becomes a loss in n, a score s becomes -s.
func (v Value) Flip() Value {
	switch v.Kind {
	case Won, Lost:
		v.Kind = Won + Lost - v.Kind // the other one
	case Estimate:
		v.Score = -v.Score
	}
	return v
}

// Better reports whether v is a better value than w for the player who has
// it: a sooner win, a win over a draw, a draw over a loss, a later loss,
// and of two estimates the higher score.
func (v Value) Better(w Value) bool {
	if v.Rank() != w.Rank() {
		return v.Rank() > w.Rank()
	}
	switch {
	case v.Kind == Won && w.Kind == Won:
		return v.Plies < w.Plies
	case v.Kind == Lost && w.Kind == Lost:
		return v.Plies > w.Plies
	case v.Kind == Estimate && w.Kind == Estimate:
		return v.Score > w.Score
	}
	return false
}

// Meaning says in words what v means for toMove, the side to move ("Black
// to move wins with this move", "a draw with best play").
func (v Value) Meaning(toMove rules.Side) string {
	who := strings.ToUpper(toMove.String()[:1]) + toMove.String()[1:]
	switch v.Kind {
	case Won:
		if v.Plies == 1 {
			return fmt.Sprintf("%s to move wins with this move", who)
		}
		return fmt.Sprintf("%s to move wins; the winning move is the %s ply from now (both sides' moves count)", who, ordinal(v.Plies))
	case Lost:
		if v.Plies == 0 {
			return fmt.Sprintf("%s to move has lost", who)
		}
		return fmt.Sprintf("%s to move loses after %d plies (both sides' moves count)", who, v.Plies)
	case Drawn:
		return "a draw with best play"
	}
	return "a search estimate"
}

// ordinal writes 1st, 2nd, 3rd, 4th, 11th, 21st...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Analyst values positions of one variant.
type Analyst interface {
	// Evaluate returns the value of g's current position for the side to
	// move, taking the game's history into account where the variant's
	// rules do.
	Evaluate(ctx context.Context, g *rules.Game) (Value, error)
}

// Prover is an Analyst whose table ignores rules of the game's history
// (Jul-Gonu's no repeated position): it says whether its value is proven
// under the real rules. A table Analyst that is not a Prover is exact.
type Prover interface {
	// Prove returns Evaluate's value, whether it is proven with the game's
	// history, and on what it rests, in words ("by the table (repetition
	// not searched beyond 12 plies)").
	Prove(ctx context.Context, g *rules.Game) (v Value, proven bool, basis string, err error)
}
