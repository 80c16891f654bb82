package referee

import (
	"fmt"
	"strconv"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// A game's record in a standard form, the one code path of `windpost
// admin export` and the mail command "export": PGN records (see
// notation/pgn.go for the tags and the two forms), one file in the game's
// own notation, <id>.pgn, and one per other form of its notation
// (Micro-shogi: <id>.micro.pgn, Fairy-Stockfish's form). The tags Event and
// Round name a tournament game's tournament and round ("windpost
// tournament t2345", "3"); other games are "windpost game", round "-".
// White and Black are the players' addresses, or "windpost bot (level)".

// ExportFile is one file of a game's record.
type ExportFile struct {
	Name   string // "<id>.pgn", "<id>.<variant tag>.pgn"
	Text   string // the PGN record
	Result string // its result token: "1-0", "0-1", "1/2-1/2" or "*"
}

// ExportFiles writes rec as PGN records, one file per form of its
// variant's notation (notation.PGNForms), its own form first.
func ExportFiles(cat *variants.Catalog, rec GameRecord) ([]ExportFile, error) {
	kit, err := cat.Get(rec.Variant)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	g, err := rec.Play(kit)
	if err != nil {
		return nil, err
	}
	h := rec.pgnHeader()
	var files []ExportFile
	for i, f := range notation.PGNForms(kit.Rules, kit.Notation) {
		p := notation.NewPGN(f, g, h)
		name := rec.ID + ".pgn"
		if i > 0 {
			name = rec.ID + "." + f.Variant + ".pgn"
		}
		files = append(files, ExportFile{Name: name, Text: p.String(), Result: p.Result})
	}
	return files, nil
}

// pgnHeader is what rec's PGN records say of it besides the moves.
func (rec GameRecord) pgnHeader() notation.Header {
	h := notation.Header{Date: rec.Created, DaysPerMove: rec.DaysPerMove, GameID: rec.ID, Outcome: rec.Outcome}
	if rec.Tournament != "" {
		h.Event = "windpost tournament " + rec.Tournament
		if rec.Round > 0 {
			h.Round = strconv.Itoa(rec.Round)
		}
	}
	h.Black, h.BlackBot = rec.Players[rules.Black].pgnName()
	h.White, h.WhiteBot = rec.Players[rules.White].pgnName()
	return h
}

// pgnName is a side's name in a record, and whether it is the bot.
func (s RecordSide) pgnName() (string, bool) {
	if s.Bot {
		return "windpost bot (" + s.Level + ")", true
	}
	return s.Address, false
}

// Play plays rec's moves from its start, in kit's rules and notation. The
// error is a *notation.RecordError naming the first move that cannot be
// read or played.
func (rec GameRecord) Play(kit variants.Kit) (*rules.Game, error) {
	start := kit.Rules.Start()
	if rec.Start != "" {
		p, err := kit.Notation.ParsePosition(rec.Start)
		if err != nil {
			return nil, fmt.Errorf("game %s: start: %w", rec.ID, err)
		}
		start = p
	}
	g := rules.NewGameFrom(kit.Rules, start)
	for i, text := range rec.Moves {
		m, err := kit.Notation.ParseMove(g.Position(), text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", rec.ID, &notation.RecordError{Ply: i + 1, Text: text, Err: err})
		}
	}
	return g, nil
}
