package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// exportContentType is the content type of the records "export" attaches:
// plain text, which every mail program shows and every phone opens, where
// application/x-chess-pgn would hand a Gufuu record to a chess program that
// cannot read it. The name's ".pgn" tells game programs what it is.
const exportContentType = "text/plain; charset=utf-8"

// exportVerb answers "export [game]": the game's records in PGN (export_pgn.go)
// attached to the answer, in its own notation and in every other form of
// it (Micro-shogi also in Fairy-Stockfish's). A game's players may export
// it, going on or over, and so may a tournament game's organiser; nobody
// else, since the records name the players by their addresses, which
// "board" and "history" show nobody.
func exportVerb(h *referee.Handling, c referee.Command) (string, error) {
	begun := func(g *record.Game) bool { return g.State == record.Playing || g.State == record.Over }
	lg, _, err := referee.GameFor(h, c, false, begun, "game")
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	if _, player := rec.SideOf(h.From); !player && rec.Organiser != h.From {
		return "", referee.Refused("only the players of game %s may have its record (and a tournament game's organiser): it names the players by their addresses.", rec.ID).
			Instead(`Write "history %s" for its moves.`, rec.ID)
	}
	if !begun(rec) {
		return "", referee.Refused("game %s never began, so it has no record.", rec.ID).
			Instead(`Write "games" to list your games.`)
	}
	r := referee.RecordOf(rec)
	r.Outcome = lg.Outcome // a game this mail ended is not derived yet
	files, err := referee.ExportFiles(h.Server.Catalog, r)
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	var as []Attachment
	var names []string
	for _, f := range files {
		as = append(as, Attachment{Name: f.Name, ContentType: exportContentType, Data: []byte(f.Text)})
		names = append(names, f.Name)
	}
	if err := h.Answer.Attach(h.Server.Config.AttachmentByteLimit(), as...); err != nil {
		return "", err
	}
	state := "going on"
	if rec.State == record.Over {
		state = lg.Result()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The record of game %s (%s, %d %s, %s) is attached as %s: a text file in PGN, the form game programs read.",
		rec.ID, lg.Kit.Rules.Title(), len(rec.Moves), referee.Plural(len(rec.Moves), "move", "moves"), state, names[0])
	if len(names) > 1 {
		fmt.Fprintf(&b, " The same game in the form of Fairy-Stockfish and the programs built on it is attached as %s.",
			strings.Join(names[1:], " and "))
	}
	return b.String(), nil
}

// exportHelp is "help export".
const exportHelp = `"export" (or "export g7k3q" for another of your games) answers with the
game's record attached as a file, g7k3q.pgn: the players, the date, how it
ended and every move in the game's own notation, in PGN, the form game
programs and databases read; it is plain text, so you can also simply open
it. A Micro-shogi game comes as a second file too, g7k3q.micro.pgn: the same
game in the form of Fairy-Stockfish and the programs built on it. In both,
White is the side that moves first (our Black), as game programs have it,
so "1-0" means Black won. You may
export your games, going on or over; a tournament's organiser may export
the tournament's games. The records name the players by their addresses,
so nobody else may have them ("history" shows anyone the moves).`
