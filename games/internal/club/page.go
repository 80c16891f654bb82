package club

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/tournament"
)

// Page is a tournament as the web view and "tournament <t>" show it: what
// is played, the players as others see them ("alice@..."), the crosstable
// as the players' mails show it (Crosstable in text, Tables as their
// blocks), and every round's pairings.
type Page struct {
	ID          string
	Name        string
	Variant     string // the game's name, e.g. "gufuu"
	Format      string // "roundrobin" or "swiss"
	Rounds      int    // a Swiss's rounds; a round robin's once it has begun (0 before)
	DaysPerMove int
	Rated       bool
	State       string // "open", "playing" or "over"
	Organiser   string // as shown to others
	Players     []string
	Crosstable  string // "" before the start
	// Tables are the final standings (once it is over) and the crosstable
	// as the crosstable mail's blocks: a heading, the table, its legend;
	// none before the start.
	Tables   document.Document
	Pairings []Round
}

// Round is one round's pairings.
type Round struct {
	Round int
	Games []Pairing
}

// Pairing is one board of a round: Black is "" for a bye, GameID
// "" for a bye or a game scored without being played; Result is "1-0",
// "0-1", "1/2-1/2", "+/-", "-/+", "-/-", or "playing".
type Pairing struct {
	White, Black string
	GameID       string
	Result       string
}

// Page is tr as the web view shows it.
func (tr *Tournament) Page() Page {
	v := Page{ID: tr.ID, Name: tr.Name, Variant: tr.Variant, Format: tr.Format, Rounds: tr.Rounds,
		DaysPerMove: tr.DaysPerMove, Rated: tr.Rated, State: string(tr.State), Organiser: keys.Shown(tr.Organiser, "")}
	for _, a := range tr.Entrants {
		v.Players = append(v.Players, keys.Shown(a, ""))
	}
	if tr.Pairing != nil {
		v.Crosstable = tr.Pairing.Crosstable()
		v.Tables = tr.Tables("The final standings:")
		v.Pairings = tr.Pairings()
	}
	return v
}

// Tables are the final standings (once over), who won, and the
// crosstable as blocks, as the crosstable mail has them
// (games' crosstableText, whose heading of the final standings names
// the tournament), without its news and the command it suggests.
func (tr *Tournament) Tables(standingsHead string) document.Document {
	var d document.Document
	t := tr.Pairing
	if tr.State == Over {
		d.Add(document.Para(standingsHead))
		d.Add(t.StandingsCells().Blocks()...)
		if w := Winners(t.Standings()); w != "" {
			d.Add(document.Para(strings.TrimPrefix(w, "\n")))
		}
		d.Add(document.Para("The crosstable:"))
	}
	d.Add(t.CrosstableCells().Blocks()...)
	return d
}

// Pairings are the rounds paired so far, players as others see them.
func (tr *Tournament) Pairings() []Round {
	var out []Round
	for r, round := range tr.Pairing.Paired {
		tround := Round{Round: round.Number}
		for b, g := range round.Games {
			p := Pairing{White: keys.Shown(g.White, ""), Result: ResultWords(g)}
			if !g.Bye() {
				p.Black = keys.Shown(g.Black, "")
			} else {
				p.Result = "bye"
			}
			if r < len(tr.Games) && b < len(tr.Games[r]) {
				p.GameID = tr.Games[r][b]
			}
			tround.Games = append(tround.Games, p)
		}
		out = append(out, tround)
	}
	return out
}

// Line is a pairing as "tournament <t>" lists it.
func (p Pairing) Line() string {
	if p.Black == "" {
		return fmt.Sprintf("%-6s %s has a bye", "", p.White)
	}
	game := p.GameID
	if game == "" {
		game = "-"
	}
	return fmt.Sprintf("%-6s %s - %s  %s", game, p.White, p.Black, p.Result)
}

// Winners says who won: "Winner: alice@..., 2.5 points.", or the players
// who share the first place on points and every tie-break.
func Winners(ss []tournament.Standing) string {
	var names []string
	for _, s := range ss {
		if s.Rank == 1 {
			names = append(names, s.Player.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	points := ss[0].Points.String() + " points"
	if ss[0].Points == 2 { // in halves: one point
		points = "1 point"
	}
	if len(names) == 1 {
		return fmt.Sprintf("\nWinner: %s, %s.\n", names[0], points)
	}
	return fmt.Sprintf("\nFirst place shared (equal on points and tie-breaks): %s, %s each.\n", strings.Join(names, ", "), points)
}

// ResultWords is a pairing's result as the pairings show it.
func ResultWords(g tournament.Game) string {
	if g.Result == tournament.Pending {
		return "playing"
	}
	return g.Result.String()
}
