package notation

import (
	"errors"
	"fmt"
	"strings"

	"github.com/windpost/windpost/rules"
)

// PlayPGN plays record r, read in form f, as a game of v. It starts from
// the FEN tag when there is one (unless SetUp is "0"), plays every move,
// and reads the outcome from the Result and Termination tags (see
// PGN.Outcome). It returns the game as far as it could be played; the
// error is a *RecordError naming the first move that is unreadable or
// illegal, or says that the result contradicts the moves.
//
// In the game's own form, a stretch of move text holding more than one
// word is read as one move when it is one ("b2-b3 x b4 c3"), and otherwise
// as the longest first words that make a move, then the rest (a record
// numbered by full moves); in Fairy-Stockfish's form each word is a move.
// A record in the game's own form whose every stretch is one move, two
// stretches or more and no "..." before the first (windpost's records
// before issue 20: "1.a 2.b 3.c"), is read in the form ByPly: its White
// tag is windpost's White.
func PlayPGN(v rules.Variant, f PGNForm, r PGN) (*rules.Game, rules.Outcome, error) {
	start := v.Start()
	if fen := r.Tag("FEN"); fen != "" && r.Tag("SetUp") != "0" {
		p, err := f.Moves.ParsePosition(fen)
		if err != nil {
			return rules.NewGame(v), rules.Outcome{}, fmt.Errorf("FEN tag: %w", err)
		}
		start = p
	}
	g := rules.NewGameFrom(v, start)
	byPly := !f.WordMoves && !r.FullMoves && !r.SecondFirst && len(r.Moves) >= 2
	for _, text := range r.Moves {
		ply := g.Ply()
		if err := playWords(g, f.Moves, f.WordMoves, strings.Fields(text)); err != nil {
			return g, rules.Outcome{}, err
		}
		byPly = byPly && g.Ply() == ply+1
	}
	if byPly {
		f.ByPly = true
	}
	o, err := r.Outcome(f, g.Outcome())
	return g, o, err
}

// playWords plays the words of one stretch of move text in g: in a form
// of one-word moves (oneWord) each word is a move; otherwise the words are
// one move if they make one, and else the longest first words that make a
// move, then the rest the same way. When that fails too, the refusal is the
// whole stretch's, read as one move.
func playWords(g *rules.Game, mt Movetext, oneWord bool, words []string) error {
	if oneWord {
		for _, w := range words {
			if _, err := playMove(g, mt, w); err != nil {
				return err
			}
		}
		return nil
	}
	_, err := playMove(g, mt, strings.Join(words, " "))
	if err == nil || len(words) < 2 {
		return err
	}
	split := g.Clone()
	for rest := words; len(rest) > 0; {
		k := len(rest)
		for ; k > 0; k-- {
			if _, e := playMove(split, mt, strings.Join(rest[:k], " ")); e == nil {
				break
			}
		}
		if k == 0 {
			return err
		}
		rest = rest[k:]
	}
	*g = *split
	return nil
}

// playMove plays text in g, or says why not as a *RecordError.
func playMove(g *rules.Game, mt Movetext, text string) (rules.Move, error) {
	ply := g.Ply() + 1
	if o := g.Outcome(); o.Over() {
		return 0, &RecordError{Ply: ply, Text: text, Err: fmt.Errorf("the game is already over (%s)", o)}
	}
	m, err := mt.ParseMove(g.Position(), text)
	if err == nil {
		err = g.Play(m)
	}
	if err != nil {
		return 0, &RecordError{Ply: ply, Text: text, Err: err}
	}
	return m, nil
}

// ErrResult is matched (errors.Is) by the error of a record whose result
// contradicts its moves.
var ErrResult = errors.New("the result does not match the moves")

// Outcome is how the game of r, read in form f, ended: played, the outcome
// the moves give, when they end the game, and otherwise the Result tag
// (else the result token) with the reason its Termination tag names:
// "time forfeit" a loss on time, "abandoned", another word that word, and
// "normal" or none a resignation or an agreed draw. The error wraps
// ErrResult when the result contradicts played, or a game over by the
// moves has the result "*".
func (r PGN) Outcome(f PGNForm, played rules.Outcome) (rules.Outcome, error) {
	res := r.Result
	if t := r.Tag("Result"); t != "" {
		res = t
	}
	var o rules.Outcome
	switch res {
	case "1-0", "0-1":
		winner := rules.White
		if (res == "1-0") != f.ByPly {
			winner = rules.Black
		}
		o = rules.WinFor(winner, rules.Resignation)
	case "1/2-1/2":
		o = rules.DrawBy(rules.AgreedDraw)
	case "", "*":
		if played.Over() {
			return played, fmt.Errorf("%w: the moves end the game (%s), but the result is %q", ErrResult, played, or(res, "*"))
		}
		return played, nil
	default:
		return played, fmt.Errorf("%w: %q is not a result (1-0, 0-1, 1/2-1/2 or *)", ErrResult, res)
	}
	if played.Over() {
		if played.Status != o.Status || played.Winner != o.Winner {
			return played, fmt.Errorf("%w: the moves end the game (%s), but the result is %s", ErrResult, played, res)
		}
		return played, nil
	}
	switch t := strings.ToLower(r.Tag("Termination")); t {
	case "time forfeit":
		o.Reason = rules.Timeout
	case "abandoned":
		o.Reason = rules.Abandoned
	case "", "normal":
	default:
		o.Reason = rules.Reason(t)
	}
	return o, nil
}
