package clubplay

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/referee"
)

// The pairing mail (tournament.go): when a tournament begins, each player
// gets one mail with all their games of the rounds paired, the board of
// each where it is their move, and a reply to it with lines like "g7k3q
// P-2c" plays them, as the digest's does (it carries the player's own
// key). A later Swiss round comes inside the crosstable mail each player
// gets anyway (tournament_mail.go): one mail per player per pairing.

// pairings are, per player, their games of the rounds just paired.
type pairings map[string][]pairedGame

// pairedGame is a player's game in a round just paired; game is nil for a
// bye.
type pairedGame struct {
	round int
	game  *referee.LiveGame
}

// add notes game (nil for a bye) in round for to.
func (ps pairings) add(to string, round int, game *referee.LiveGame) {
	ps[to] = append(ps[to], pairedGame{round: round, game: game})
}

// mailPairings mails each player of a tournament that has just begun
// their games, one mail each.
func mailPairings(c *referee.Change, tr *club.Tournament, paired pairings) error {
	title := tr.Variant
	if kit, ok := c.Server.Catalog.Lookup(tr.Variant); ok {
		title = kit.Rules.Title()
	}
	head := fmt.Sprintf("%s has begun: %s.\n\n", tr.Title(), tournamentTerms(tr, title))
	for _, to := range tr.Entrants {
		games := paired[to]
		if len(games) == 0 {
			continue
		}
		body, err := pairingText(c, to, games)
		if err != nil {
			return err
		}
		if err := tournamentMail(c, tr, to, pairingSubject(games), document.Document{Blocks: append(referee.Paragraphs(head), body.Blocks...)}); err != nil {
			return err
		}
	}
	return nil
}

// pairingSubject names a player's new games in a subject: "a bye in
// round 3", "your game of round 2", "your 15 games".
func pairingSubject(games []pairedGame) string {
	switch {
	case len(games) > 1:
		return fmt.Sprintf("your %d games", len(games))
	case games[0].game == nil:
		return fmt.Sprintf("a bye in round %d", games[0].round)
	}
	return fmt.Sprintf("your game of round %d", games[0].round)
}

// pairingText tells to their new games: a line for each (its id, colour
// and opponent, or a bye), how to answer, and the board of each game
// where it is their move.
func pairingText(c *referee.Change, to string, games []pairedGame) (document.Document, error) {
	p, err := c.Player(to)
	if err != nil {
		return document.Document{}, err
	}
	var b strings.Builder
	var yours []*referee.LiveGame
	waiting := false
	for _, pg := range games {
		lg := pg.game
		if lg == nil {
			fmt.Fprintf(&b, "Round %d: you have a bye, worth a point (an odd number of players leaves one out). "+
				"Your next game comes with the next round.\n", pg.round)
			continue
		}
		side, _ := lg.Rec.SideOf(to)
		turn := "your move"
		if lg.ToMove() == side {
			yours = append(yours, lg)
		} else {
			turn, waiting = "black moves first", true
		}
		fmt.Fprintf(&b, "Round %d, game %s: you play %s against %s (%s).\n", pg.round, lg.Rec.ID, side, referee.ShownSlot(lg.Rec.Players[side.Opponent()]), turn)
	}
	if waiting {
		b.WriteString("\nWhere you play white, the game's first mail comes with your opponent's\nmove; reply to it to play.\n")
	}
	if len(yours) == 0 {
		return document.FromText(b.String()), nil
	}
	b.WriteString("\nTo move, reply to this mail with one line per game: the game's id, then the\n")
	fmt.Fprintf(&b, "move, e.g. \"%s <your move>\". One reply may answer several games; after\n", yours[0].Rec.ID)
	b.WriteString("the first move, each game's mails go on in its own thread.\n")
	d := document.FromText(b.String())
	for _, lg := range yours {
		d.Add(referee.YourMoveSection(lg, p)...)
	}
	return d, nil
}
