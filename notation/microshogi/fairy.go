package microshogi

import (
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// FairyVariant is Fairy-Stockfish's name of Micro-shogi, the Variant tag of
// FairyForm's records.
const FairyVariant = "micro"

// FairyForm is the PGN record in the terms of Fairy-Stockfish-based tools:
// the engine's UCI ("position fen <FEN> moves <UCI moves>") and pyffish
// (get_fen, legal_moves, game_result take the variant, a FEN and a list of
// UCI moves) read its tags and moves as they are. ffish.js's readGamePGN
// (pychess-variants' paste import) plays moves as Fairy-Stockfish's SAN
// and does not read UCI moves. [Variant "micro"];
// a start elsewhere than the start as [SetUp "1"] and [FEN "<Fairy-Stockfish
// FEN>"]; the moves in UCI form (d2d3, d5d4-, c1a3+, P@b3, +P@b3), each
// word one move. Like every record windpost writes (notation.NewPGN), the
// side that moves first (windpost's Black, "w" and upper case in the FEN)
// is the White tag, "1-0" means it won, and the moves are numbered by
// move pairs ("1. d2d3 a4a3 2. ...").
func FairyForm() notation.PGNForm {
	return notation.PGNForm{Variant: FairyVariant, Moves: UCI{}, WordMoves: true}
}

// UCI writes and reads Micro-shogi as Fairy-Stockfish does: moves in UCI
// form and positions as its FEN (a notation.Movetext). Its zero value is
// ready to use.
type UCI struct{}

var _ notation.Movetext = UCI{}

// ParseMove reads a move in UCI form (see ParseUCIMove).
func (UCI) ParseMove(p rules.Position, text string) (rules.Move, error) {
	q, err := rules.As[engine.Position](p)
	if err != nil {
		return 0, err
	}
	return ParseUCIMove(q, notation.NormalizeMove(text))
}

// FormatMove writes m in UCI form (see FormatUCIMove).
func (UCI) FormatMove(p rules.Position, m rules.Move) string {
	return notation.FormatAs(p, func(q engine.Position) string { return FormatUCIMove(q, m) })
}

// ParsePosition reads Fairy-Stockfish's FEN (see ParseFEN).
func (UCI) ParsePosition(s string) (rules.Position, error) { return notation.Parsed(ParseFEN(s)) }

// FormatPosition writes Fairy-Stockfish's FEN (see FormatFEN).
func (UCI) FormatPosition(p rules.Position) string { return notation.FormatAs(p, FormatFEN) }

// OtherPGNForms lists FairyForm: a Micro-shogi game is also written in
// Fairy-Stockfish's form (notation.OtherForms).
func (Notation) OtherPGNForms() []notation.PGNForm { return []notation.PGNForm{FairyForm()} }
