package notation

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/windpost/windpost/rules"
)

// A PGN record is a game written as chess's Portable Game Notation writes
// one: tag pairs ([Event "..."]), then the moves, a comment saying how the
// game ended, and the result token (1-0, 0-1, 1/2-1/2, or * for a game not
// over). Every record windpost writes names the sides as shogi and chess
// PGN readers do: the White tag is the side that moves first (windpost's
// Black, sente), the Black tag the other, "1-0" means the side that moved
// first won, and the moves are numbered by move pairs, the first side's
// move then the other's ("1. G-2d P-4c 2. ...", or "1... P-4c 2. ..." from
// a start with the second side to move). Fairy-Stockfish (White moves
// first, "w" in its FEN) and lishogi (1-0 when sente wins, moves paired
// sente then gote) write theirs so. A comment before the first move says
// it once: {White moves first: windpost's Black.}. windpost writes two
// forms (PGNForm):
//
//   - Its own form, for every game: the moves in the game's own notation
//     (a move's spaces dropped: Jul-Gonu's "b2-b3 x b4 c3" is
//     "b2-b3xb4c3"), and a start elsewhere than the start as the variant's
//     position string in the FEN tag, with SetUp "1".
//   - Fairy-Stockfish's form, for Micro-shogi (notation/microshogi's
//     FairyForm): Variant "micro", the FEN and UCI moves of
//     Fairy-Stockfish.
//
// Records windpost wrote before (issue 20) numbered each move on its own
// ("1.K*1c>N 2.K*2c>S") and named windpost's White the White tag; PlayPGN
// still reads them so (ByPly).
//
// NewPGN writes the tags in this order: Event, Site, Date (the game's start,
// UTC, "2026.11.23"), Round ("-" outside a tournament), White, Black,
// Result, Variant, SetUp and FEN (only for a start elsewhere), TimeControl
// ("1/259200": one move in 3 days; "-" without a clock), Termination
// ("normal", "time forfeit", "abandoned", "unterminated" for a game
// going on, or the reason of another ending, "adjudication"), WhiteType
// and BlackType "program" for the bot, and GameId.
// The comment after the moves says how the game ended in the file's own
// side names: {White wins by checkmate.}, {Draw by repetition.}.

// Tag is one tag pair of a PGN record: [Name "Value"].
type Tag struct{ Name, Value string }

// PGN is one game's record: its tag pairs in order, its moves as written,
// the comment after the last move and the result token.
type PGN struct {
	Tags []Tag
	// Moves are the moves as written. In a record ReadPGN read, each is the
	// text between two move numbers or comments: one move, or two in a
	// record numbered by full moves; PlayPGN tells them apart.
	Moves []string
	// Preamble is the comment before the first move: windpost writes
	// which side is White there; ReadPGN keeps the first one.
	Preamble string
	Comment  string // windpost writes how the game ended here
	Result   string // "1-0", "0-1", "1/2-1/2" or "*"
	// FullMoves numbers the moves by full moves when written ("1. a b
	// 2. c"); otherwise each move has its own number ("1.a 2.b 3.c").
	// ReadPGN leaves it false: it cannot know.
	FullMoves bool
	// SecondFirst says, in a record numbered by full moves, that the
	// first move is the second side's (a start with that side to move):
	// "1... b 2. c d". ReadPGN sets it when the first move follows "...".
	SecondFirst bool
}

// Tag returns the value of the tag called name (any case), or "".
func (r PGN) Tag(name string) string {
	for _, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// Movetext writes and reads the moves and positions of a record: a
// Notation, or another notation of the same engine (Fairy-Stockfish's UCI
// moves and FEN for Micro-shogi).
type Movetext interface {
	ParseMove(p rules.Position, text string) (rules.Move, error)
	FormatMove(p rules.Position, m rules.Move) string
	ParsePosition(s string) (rules.Position, error)
	FormatPosition(p rules.Position) string
}

// PGNForm is one form of PGN record: its Variant tag, how it writes moves
// and positions, how its move text splits into moves, and which side its
// White tag names.
type PGNForm struct {
	Variant string
	Moves   Movetext
	// WordMoves says each word of the move text is one move (UCI moves);
	// otherwise a stretch between two move numbers may be one move with
	// spaces (see PlayPGN).
	WordMoves bool
	// ByPly is the form of windpost's records before issue 20: each move
	// has its own number ("1.a 2.b") and the tags keep windpost's names
	// (White moves second, "1-0" means windpost's White won). PlayPGN
	// reads a record numbered so in it; windpost no longer writes it.
	ByPly bool
}

// whiteMovesFirst is the comment before the first move of the records
// windpost writes.
const whiteMovesFirst = "White moves first: windpost's Black."

// OwnForm is the form of records in the game's own notation n (see the
// comment at the top of pgn.go), with v's name as the Variant tag.
func OwnForm(v rules.Variant, n Notation) PGNForm { return PGNForm{Variant: v.Name(), Moves: n} }

// Header is what a record says of a game besides its moves.
type Header struct {
	Event, Site, Round string    // "" writes "windpost game", "windpost" and "-"
	Date               time.Time // the game's start; zero writes "????.??.??"
	Black, White       string    // windpost's Black and White players
	BlackBot, WhiteBot bool      // a program, not a person
	DaysPerMove        int       // the clock; 0 for none
	GameID             string    // the GameId tag when not ""
	// Outcome is how the game ended when it did not end by the rules
	// (resignation, time, agreement, abandoned); a game the moves end is
	// written with the rules' outcome.
	Outcome rules.Outcome
}

// NewPGN writes game g in form f with the tags of h.
func NewPGN(f PGNForm, g *rules.Game, h Header) PGN {
	o := g.Outcome()
	if !o.Over() {
		o = h.Outcome
	}
	white, black, whiteBot, blackBot := h.White, h.Black, h.WhiteBot, h.BlackBot
	if !f.ByPly {
		white, black, whiteBot, blackBot = black, white, blackBot, whiteBot
	}
	date := "????.??.??"
	if !h.Date.IsZero() {
		date = h.Date.UTC().Format("2006.01.02")
	}
	tc := "-"
	if h.DaysPerMove > 0 {
		tc = "1/" + strconv.Itoa(h.DaysPerMove*86400)
	}
	r := PGN{Tags: []Tag{
		{"Event", or(h.Event, "windpost game")}, {"Site", or(h.Site, "windpost")}, {"Date", date},
		{"Round", or(h.Round, "-")}, {"White", or(white, "?")}, {"Black", or(black, "?")},
		{"Result", f.result(o)}, {"Variant", f.Variant},
	}}
	if start := f.Moves.FormatPosition(g.Positions[0]); start != f.Moves.FormatPosition(g.Variant.Start()) {
		r.Tags = append(r.Tags, Tag{"SetUp", "1"}, Tag{"FEN", start})
	}
	r.Tags = append(r.Tags, Tag{"TimeControl", tc}, Tag{"Termination", termination(o)})
	for _, t := range []struct {
		name string
		bot  bool
	}{{"WhiteType", whiteBot}, {"BlackType", blackBot}} {
		if t.bot {
			r.Tags = append(r.Tags, Tag{t.name, "program"})
		}
	}
	if h.GameID != "" {
		r.Tags = append(r.Tags, Tag{"GameId", h.GameID})
	}
	for i, m := range g.Moves {
		// A move is one PGN token: the designer's "K-2b>W X" is "K-2b>WX".
		r.Moves = append(r.Moves, strings.ReplaceAll(f.Moves.FormatMove(g.Positions[i], m), " ", ""))
	}
	r.Result, r.FullMoves = f.result(o), !f.ByPly
	r.SecondFirst = !f.ByPly && g.Positions[0].ToMove() == rules.White
	if !f.ByPly {
		r.Preamble = whiteMovesFirst
	}
	switch o.Status {
	case rules.Win:
		r.Comment = fmt.Sprintf("%s wins by %s.", f.tagSide(o.Winner), o.Reason)
	case rules.Draw:
		r.Comment = fmt.Sprintf("Draw by %s.", o.Reason)
	}
	return r
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// tagSide is the tag that names windpost's side s in form f.
func (f PGNForm) tagSide(s rules.Side) string {
	if !f.ByPly {
		s = s.Opponent()
	}
	return SideName(s)
}

// result is o's result token in form f.
func (f PGNForm) result(o rules.Outcome) string {
	switch o.Status {
	case rules.Win:
		if f.tagSide(o.Winner) == "White" {
			return "1-0"
		}
		return "0-1"
	case rules.Draw:
		return "1/2-1/2"
	}
	return "*"
}

// termination is o's Termination tag, in the words of the PGN standard;
// an ending the standard has no word for and the rules do not give (an
// organiser's adjudication, a forfeit) is written as its reason, which
// PGN.Outcome reads back.
func termination(o rules.Outcome) string {
	switch o.Reason {
	case rules.Timeout:
		return "time forfeit"
	case rules.Abandoned:
		return "abandoned"
	case rules.Resignation, rules.AgreedDraw, rules.Checkmate, rules.Stalemate, rules.NoLegalMove,
		rules.OnePieceLeft, rules.Repetition, rules.PerpetualCheck, rules.NoCaptureLimit:
		return "normal"
	}
	if !o.Over() {
		return "unterminated"
	}
	return string(o.Reason)
}

// String writes the record: the tags one a line, an empty line, the
// preamble on a line of its own, the numbered moves wrapped at about 79 columns, the comment and the result,
// and an empty line.
func (r PGN) String() string {
	var b strings.Builder
	for _, t := range r.Tags {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, tagEscaper.Replace(t.Value))
	}
	b.WriteByte('\n')
	if r.Preamble != "" && !strings.Contains(r.Preamble, "}") {
		b.WriteString("{" + r.Preamble + "}\n") // a line of its own
	}
	var toks []string // each starts a line or follows a space
	for i, m := range r.Moves {
		switch {
		case !r.FullMoves:
			toks = append(toks, fmt.Sprintf("%d.%s", i+1, m))
		case r.SecondFirst && i == 0:
			toks = append(toks, fmt.Sprintf("1... %s", m))
		case (i%2 == 0) != r.SecondFirst:
			toks = append(toks, fmt.Sprintf("%d. %s", (i+b2i(r.SecondFirst))/2+1, m))
		default:
			toks[len(toks)-1] += " " + m // a line never begins with a bare move
		}
	}
	if r.Comment != "" && !strings.Contains(r.Comment, "}") {
		toks = append(toks, "{"+r.Comment+"}")
	}
	toks = append(toks, or(r.Result, "*"))
	if strings.Contains(r.Comment, "}") { // a comment to the end of the line
		toks[len(toks)-1] = ";" + r.Comment + "\n" + toks[len(toks)-1]
	}
	line := ""
	for _, t := range toks {
		if line != "" && len(line)+1+len(t) > 79 {
			b.WriteString(line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += t
	}
	b.WriteString(line + "\n\n")
	return b.String()
}

var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)
