package games

import (
	"errors"
	"fmt"
	"strings"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
)

// ErrNoTournament is Store.Tournament's error for an id that names none.
var ErrNoTournament = errors.New("no such tournament")

// TournamentView is a tournament as the web view shows it: what is played,
// the players as others see them ("alice@..."), the crosstable as the
// players' mails show it (Crosstable in text, Tables as their blocks), and
// every round's pairings.
type TournamentView struct {
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
	Pairings []TournamentRound
}

// TournamentRound is one round's pairings.
type TournamentRound struct {
	Round int
	Games []TournamentPairing
}

// TournamentPairing is one board of a round: Black is "" for a bye, GameID
// "" for a bye or a game scored without being played; Result is "1-0",
// "0-1", "1/2-1/2", "+/-", "-/+", "-/-", or "playing".
type TournamentPairing struct {
	White, Black string
	GameID       string
	Result       string
}

// tournamentPage is the record as the web view shows it.
func tournamentPage(tr *club.Tournament) TournamentView {
	v := TournamentView{ID: tr.ID, Name: tr.Name, Variant: tr.Variant, Format: tr.Format, Rounds: tr.Rounds,
		DaysPerMove: tr.DaysPerMove, Rated: tr.Rated, State: string(tr.State), Organiser: shownAddress(tr.Organiser, "")}
	for _, a := range tr.Entrants {
		v.Players = append(v.Players, shownAddress(a, ""))
	}
	if tr.Pairing != nil {
		v.Crosstable = tr.Pairing.Crosstable()
		v.Tables = tournamentTables(tr, "The final standings:")
		v.Pairings = tournamentPairings(tr)
	}
	return v
}

// tournamentTables are the final standings (once over), who won, and the
// crosstable as blocks, as the crosstable mail has them
// (crosstableText, whose heading of the final standings names the
// tournament), without its news and the command it suggests.
func tournamentTables(tr *club.Tournament, standingsHead string) document.Document {
	var d document.Document
	t := tr.Pairing
	if tr.State == club.Over {
		d.Add(document.Para(standingsHead))
		d.Add(t.StandingsCells().Blocks()...)
		if w := winners(t.Standings()); w != "" {
			d.Add(document.Para(strings.TrimPrefix(w, "\n")))
		}
		d.Add(document.Para("The crosstable:"))
	}
	d.Add(t.CrosstableCells().Blocks()...)
	return d
}

// tournamentPairings are the rounds paired so far, players as others see them.
func tournamentPairings(tr *club.Tournament) []TournamentRound {
	var out []TournamentRound
	for r, round := range tr.Pairing.Paired {
		tround := TournamentRound{Round: round.Number}
		for b, g := range round.Games {
			p := TournamentPairing{White: shownAddress(g.White, ""), Result: resultWords(g)}
			if !g.Bye() {
				p.Black = shownAddress(g.Black, "")
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

// Tournaments returns every tournament, in id order; one that cannot be
// read is left out.
func (s *Store) Tournaments() ([]TournamentView, error) {
	var out []TournamentView
	err := s.view(func(st storeTx) error {
		return st.club().EachTournament(func(tr *club.Tournament, err error) error {
			if err == nil {
				out = append(out, tournamentPage(tr))
			}
			return nil
		})
	})
	return out, err
}

// Tournament returns tournament id; ErrNoTournament if there is none.
func (s *Store) Tournament(id string) (TournamentView, error) {
	var v TournamentView
	err := s.view(func(st storeTx) error {
		tr, err := st.club().Tournament(id)
		if err != nil {
			return err
		}
		if tr == nil {
			return fmt.Errorf("tournament %q: %w", id, ErrNoTournament)
		}
		v = tournamentPage(tr)
		return nil
	})
	return v, err
}
