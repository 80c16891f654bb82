package clubplay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/tournament"
)

// The tournament's own mails (tournament.go): the news and the crosstable
// after every result, the final standings, a bye; each carries the
// recipient's own key.

// byeWords names the player with a bye in round r: " alice@... has a
// bye." or "".
func byeWords(tr *club.Tournament, r tournament.Round) string {
	for _, g := range r.Games {
		if g.Bye() {
			return fmt.Sprintf(" %s has a bye.", keys.Shown(g.White, ""))
		}
	}
	return ""
}

// tournamentRecipients are the addresses a tournament's mail goes to: its
// players who have not withdrawn, and the organiser, unless forgotten.
func tournamentRecipients(c *referee.Change, tr *club.Tournament) []string {
	var to []string
	for _, a := range append(slices.Clone(tr.Entrants), tr.Organiser) {
		_, domain := keys.SplitAddress(a)
		if tr.Withdrawn(a) || slices.Contains(to, a) || domain == "invalid" { // "invalid": a forgotten player's stand-in
			continue
		}
		to = append(to, a)
	}
	return to
}

// mailCrosstable mails the news and the crosstable, or when the
// tournament is over the final standings, to its recipients; a player
// with games in paired (a Swiss's next round) finds them at the top.
func mailCrosstable(c *referee.Change, tr *club.Tournament, news []string, paired pairings) error {
	subject := "crosstable"
	body := crosstableText(tr, news)
	if tr.State == club.Over {
		subject = "final standings"
	}
	for _, to := range tournamentRecipients(c, tr) {
		what, text := subject, body
		if games := paired[to]; len(games) > 0 {
			mine, err := pairingText(c, to, games)
			if err != nil {
				return err
			}
			what, text = subject+" and "+pairingSubject(games), document.Document{Blocks: append(mine.Blocks, body.Blocks...)}
		}
		if err := tournamentMail(c, tr, to, what, text); err != nil {
			return err
		}
	}
	return nil
}

// crosstableText is the body of a crosstable or final standings mail: the
// news, then the table, the tie-break named.
func crosstableText(tr *club.Tournament, news []string) document.Document {
	var d document.Document
	if len(news) > 0 {
		d.Add(document.Para(strings.Join(news, "\n")))
	}
	if tr.State != club.Over {
		d.Add(document.Para(fmt.Sprintf("The crosstable of %s:", tr.Title())))
	}
	d.Add(tr.Tables(tr.Title() + " is over. The final standings:").Blocks...)
	d.Add(document.Para(fmt.Sprintf("Write \"tournament %s\" for the pairings of every round.", tr.ID)))
	return d
}

// tournamentMail queues a mail about tr to address, with the player's own
// key (keyMail); none to an address on the do-not-mail list.
func tournamentMail(c *referee.Change, tr *club.Tournament, to, what string, body document.Document) error {
	if c.Tx.DoNotMail(to) {
		return nil
	}
	subject := fmt.Sprintf("%s: %s", tr.Title(), what)
	m, err := c.PlainMail(referee.Notice, to, subject, "", body, func(m *referee.Mail) { playerKeyMail(c, m, to) })
	if err != nil {
		return err
	}
	c.Queued = append(c.Queued, m)
	return nil
}

// playerKeyMail has mail m to address carry address's own key, the one their
// digest carries (digest.go), in its reply address and subject tag: a
// reply proves the sender, so that "tournament withdraw" and the
// organiser's commands may be written in it.
func playerKeyMail(c *referee.Change, m *referee.Mail, to string) {
	c.CarryKey(m, keys.Digest, to)
}
