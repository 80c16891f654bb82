package clubplay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
)

// The tournament commands (tournament.go runs the tournaments):
//
//	tournament new <game> roundrobin|swiss [rounds N] [days D] [rated] [name ...]
//	join <t>                       tournament join <t>
//	tournament leave <t>           before it starts
//	tournament <t>                 its state: players, pairings, crosstable
//	tournament                     the tournaments open or being played
//	tournament start <t>           the organiser
//	tournament withdraw <t>        a player leaves a started tournament
//	withdraw <player> <t>          the organiser withdraws a player
//
// Opening and joining need a sender who proved their address (else they
// wait for a confirm, as a challenge does); leaving, starting and
// withdrawing need a mail that carries the sender's key (a reply to a
// mail of windpost's), and the organiser's actions go to the audit log.

// TournamentVerb runs the tournament commands.
func TournamentVerb(h *referee.Handling, c referee.Command) (string, error) {
	tc := c.Tournament
	switch tc.Op {
	case "new":
		return newTournament(h, c)
	case "list":
		return listTournaments(h)
	case "join":
		return joinTournament(h, tc.ID)
	}
	tr, err := tournamentNamed(h, tc.ID)
	if err != nil {
		return "", err
	}
	switch tc.Op {
	case "show":
		return tournamentText(tr, kitTitle(h, tr)), nil
	case "start":
		return startTournamentVerb(h, tr)
	case "leave":
		return leaveTournament(h, tr, h.From)
	}
	return withdrawVerb(h, tr, tc.Address)
}

// Withdraw answers "withdraw [<player>] <t>".
func Withdraw(h *referee.Handling, c referee.Command) (string, error) { return TournamentVerb(h, c) }

// tournamentNamed reads tournament id, or refuses.
func tournamentNamed(h *referee.Handling, id string) (*club.Tournament, error) {
	tr, err := h.Tx.Club().Tournament(id)
	if err != nil {
		return nil, err
	}
	if tr == nil {
		return nil, referee.Refused("there is no tournament %s.", id).Instead(`Write "tournament" for the tournaments open or being played.`)
	}
	return tr, nil
}

func kitTitle(h *referee.Handling, tr *club.Tournament) string {
	if kit, ok := h.Server.Catalog.Lookup(tr.Variant); ok {
		return kit.Rules.Title()
	}
	return tr.Variant
}

// keyRefusal refuses a tournament command in a mail without the sender's key.
func keyRefusal(what string) *referee.Refusal {
	return referee.Refused("%s counts only in a reply to a mail windpost sent you (about the tournament or one of your games);", what).
		Instead("its reply key proves that the mail comes from you.")
}

// newTournament answers "tournament new": the sender organises it.
func newTournament(h *referee.Handling, c referee.Command) (string, error) {
	tc := c.Tournament
	kit, err := referee.Kit(h, c.Variant)
	if err != nil {
		return "", err
	}
	open := 0
	err = h.Tx.Club().EachTournament(func(tr *club.Tournament, err error) error {
		if err == nil && tr.Organiser == h.From && tr.State != club.Over {
			open++
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if open >= maxOpenTournaments {
		return "", referee.Refused("you organise %d tournaments that are not over, as many as one organiser may.", open).
			Instead("Open the next when one of them has ended.")
	}
	id, err := h.Tx.Club().NewTournamentID(h.Server.Store.Secret)
	if err != nil {
		return "", err
	}
	tr := &club.Tournament{ID: id, Name: tc.Name, Variant: kit.Rules.Name(), Format: tc.Format, Rounds: tc.Rounds,
		DaysPerMove: c.Days, Rated: c.Rating == "rated", Organiser: h.From, State: club.Open, Created: h.Now}
	if tr.DaysPerMove == 0 {
		tr.DaysPerMove = referee.DefaultDaysPerMove
	}
	if tr.Name == "" {
		tr.Name = fmt.Sprintf("%s %s", kit.Rules.Title(), club.FormatWords(tr.Format))
	}
	if err := h.Tx.Club().PutTournament(tr); err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: you organise %s: %s, for up to %d players.\n\n"+
		"Players join by writing to %s the line:\n  join %s\n"+
		"(nobody is invited: tell them yourself). \"tournament %s\" shows who has joined.\n"+
		"When enough have joined, start it by replying to this mail with:\n  tournament start %s\n"+
		"Then I pair the players, make the games, and mail each player their games and, after every result, the crosstable.",
		tr.Title(), tournamentTerms(tr, kit.Rules.Title()), tr.MaxPlayers(), h.Server.Config.BotAddress, id, id, id), nil
}

// joinTournament answers "join <t>": the sender enters an open tournament.
func joinTournament(h *referee.Handling, id string) (string, error) {
	tr, err := tournamentNamed(h, id)
	if err != nil {
		return "", err
	}
	if tr.State != club.Open {
		return "", referee.Refused("%s has begun: players join only before the start.", tr.Title()).
			Instead(`Write "tournament" for the tournaments open to join.`)
	}
	if slices.Contains(tr.Entrants, h.From) {
		return fmt.Sprintf("You are in %s already, one of %d players.", tr.Title(), len(tr.Entrants)), nil
	}
	if h.Tx.DoNotMail(h.From) {
		return "", referee.Refused("you asked windpost never to write to you, and a tournament mails you its pairings and crosstables.").
			Instead("Play a game by challenge instead.")
	}
	if len(tr.Entrants) >= tr.MaxPlayers() {
		return "", referee.Refused("%s is full: it has %d players, as many as a %s takes.", tr.Title(), len(tr.Entrants), club.FormatWords(tr.Format)).
			Instead(`Write "tournament" for the others.`)
	}
	tr.Entrants = append(tr.Entrants, h.From)
	if err := h.Tx.Club().PutTournament(tr); err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: you joined %s: %s. %d %s so far.\n"+
		"When the organiser starts it, I mail you each of your games (a round robin's all at once, a Swiss's round by round) "+
		"and the crosstable after every result. To leave before the start, reply to this mail with: tournament leave %s",
		tr.Title(), tournamentTerms(tr, kitTitle(h, tr)), len(tr.Entrants), referee.Plural(len(tr.Entrants), "player", "players"), id), nil
}

// leaveTournament takes address out of a tournament that has not begun.
func leaveTournament(h *referee.Handling, tr *club.Tournament, address string) (string, error) {
	if tr.State != club.Open {
		return "", referee.Refused("%s has begun.", tr.Title()).Instead("To leave it, write: tournament withdraw %s", tr.ID)
	}
	i := slices.Index(tr.Entrants, address)
	if i < 0 {
		return "", referee.Refused("%s is not in %s.", address, tr.Title()).Instead(`Write "tournament %s" for its players.`, tr.ID)
	}
	tr.Entrants = slices.Delete(tr.Entrants, i, i+1)
	return fmt.Sprintf("Done: %s left %s.", address, tr.Title()), h.Tx.Club().PutTournament(tr)
}

// organiserOnly refuses an organiser's command from anyone else, or
// without the key.
func organiserOnly(h *referee.Handling, tr *club.Tournament, what string) error {
	if tr.Organiser != h.From {
		return referee.Refused("only the organiser of %s may %s.", tr.Title(), what).Instead("Ask them by mail.")
	}
	if !referee.ProvedHere(h) {
		return keyRefusal("an organiser's command")
	}
	return nil
}

// startTournamentVerb answers "tournament start <t>".
func startTournamentVerb(h *referee.Handling, tr *club.Tournament) (string, error) {
	if err := organiserOnly(h, tr, "start it"); err != nil {
		return "", err
	}
	if tr.State != club.Open {
		return "", referee.Refused("%s has begun already.", tr.Title()).Instead(`Write "tournament %s" for its state.`, tr.ID)
	}
	var dropped []string
	tr.Entrants = slices.DeleteFunc(tr.Entrants, func(a string) bool {
		stop := h.Tx.DoNotMail(a)
		if stop {
			dropped = append(dropped, a)
		}
		return stop
	})
	n := len(tr.Entrants)
	if n < 2 || (tr.Format == club.Swiss && n <= tr.Rounds) {
		need := 2
		if tr.Format == club.Swiss {
			need = tr.Rounds + 1
		}
		return "", referee.Refused("%s has %d %s; it needs at least %d.", tr.Title(), n, referee.Plural(n, "player", "players"), need).
			Instead("Wait for more to join.")
	}
	if err := startTournament(h.Change, tr); err != nil {
		return "", err
	}
	if err := h.Audit(h.From, "start", tr.ID, fmt.Sprintf("%d players, %s", n, club.FormatWords(tr.Format)), ""); err != nil {
		return "", err
	}
	text := fmt.Sprintf("Done: %s has begun with %d players. I mailed each player their games", tr.Title(), n)
	if tr.Format == club.Swiss {
		text += " of round 1; each later round is paired when the one before is complete"
	}
	text += fmt.Sprintf(".\nYou get the crosstable after every result. To withdraw a player: withdraw <their address> %s", tr.ID)
	if len(dropped) > 0 {
		text += fmt.Sprintf("\n%s asked windpost never to write to them, so they are not in it.", strings.Join(dropped, ", "))
	}
	return text, nil
}

// withdrawVerb answers "tournament withdraw <t>" (the sender leaves) and
// "withdraw <player> <t>" (the organiser takes a player out).
func withdrawVerb(h *referee.Handling, tr *club.Tournament, player string) (string, error) {
	if player == "" || player == h.From {
		if !referee.ProvedHere(h) {
			return "", keyRefusal("withdrawing")
		}
		if tr.State == club.Open {
			return leaveTournament(h, tr, h.From)
		}
		if err := mayWithdraw(h, tr, h.From); err != nil {
			return "", err
		}
		if err := withdrawPlayer(h.Change, tr, h.From, fmt.Sprintf("%s withdrew.", keys.Shown(h.From, ""))); err != nil {
			return "", err
		}
		return fmt.Sprintf("Done: you withdrew from %s. Your games without a result are lost by forfeit "+
			"(those in progress end as resigned). I mail you nothing more about it.", tr.Title()), nil
	}
	if err := organiserOnly(h, tr, "withdraw a player"); err != nil {
		return "", err
	}
	if tr.State == club.Open {
		text, err := leaveTournament(h, tr, player)
		if err == nil {
			err = h.Audit(h.From, "withdraw", tr.ID, player, "before the start")
		}
		return text, err
	}
	if err := mayWithdraw(h, tr, player); err != nil {
		return "", err
	}
	if err := h.Audit(h.From, "withdraw", tr.ID, player, ""); err != nil {
		return "", err
	}
	if err := withdrawPlayer(h.Change, tr, player, fmt.Sprintf("The organiser withdrew %s.", keys.Shown(player, ""))); err != nil {
		return "", err
	}
	err := tournamentMail(h.Change, tr, player, "you were withdrawn", document.FromText(fmt.Sprintf(
		"The organiser of %s withdrew you from it: your games without a result are lost by forfeit, "+
			"and those in progress end as resigned. Ask them (%s) why.\n", tr.Title(), tr.Organiser)))
	return fmt.Sprintf("Done: you withdrew %s from %s; I told them and the players.", player, tr.Title()), err
}

// mayWithdraw refuses to withdraw someone not in a tournament being played.
func mayWithdraw(h *referee.Handling, tr *club.Tournament, player string) error {
	switch {
	case tr.State == club.Over:
		return referee.Refused("%s is over.", tr.Title())
	case !slices.Contains(tr.Entrants, player):
		return referee.Refused("%s is not in %s.", player, tr.Title()).Instead(`Write "tournament %s" for its players.`, tr.ID)
	case tr.Withdrawn(player):
		return referee.Refused("%s has withdrawn from %s already.", player, tr.Title())
	}
	return nil
}

// listTournaments answers "tournament": those open or being played.
func listTournaments(h *referee.Handling) (string, error) {
	var lines []string
	err := h.Tx.Club().EachTournament(func(tr *club.Tournament, err error) error {
		if err != nil {
			h.Server.Log.Error("tournament cannot be read", "err", err)
			return nil
		}
		if tr.State != club.Over && len(lines) < referee.StandingsSize {
			lines = append(lines, fmt.Sprintf("%s  %s: %s; %s, %d %s.", tr.ID, tr.Name, tournamentTerms(tr, kitTitle(h, tr)), tr.State,
				len(tr.Entrants), referee.Plural(len(tr.Entrants), "player", "players")))
		}
		return nil
	})
	if len(lines) == 0 {
		return `No tournament is open or being played. "help tournament" says how to open one.`, err
	}
	return "Tournaments open or being played (\"join <id>\" enters an open one):\n\n" + strings.Join(lines, "\n"), err
}

// tournamentText is "tournament <t>": the terms, the players, and once it has
// begun the crosstable and every round's pairings.
func tournamentText(tr *club.Tournament, variantTitle string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s.\nIt is %s; its organiser is %s\n", tr.Title(), tournamentTerms(tr, variantTitle), tr.State, keys.Shown(tr.Organiser, ""))
	if tr.Pairing == nil {
		fmt.Fprintf(&b, "\n%d %s joined so far:\n", len(tr.Entrants), referee.Plural(len(tr.Entrants), "player has", "players have"))
		for _, a := range tr.Entrants {
			b.WriteString("  " + keys.Shown(a, "") + "\n")
		}
		fmt.Fprintf(&b, "\nTo join, write: join %s\n", tr.ID)
		return b.String()
	}
	b.WriteString("\n" + tr.Pairing.Crosstable())
	for _, r := range tr.Pairings() {
		fmt.Fprintf(&b, "\nRound %d:\n", r.Round)
		for _, p := range r.Games {
			fmt.Fprintf(&b, "  %s\n", p.Line())
		}
	}
	return b.String()
}
