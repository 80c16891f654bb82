package clubplay

import (
	"errors"
	"fmt"
	"slices"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/tournament"
)

// Tournaments run by the referee, by mail: an organiser opens one
// ("tournament new"), players join it themselves ("join t7k3q"), the
// organiser starts it, and windpost pairs the rounds with package
// tournament, makes the games, and after every result mails the crosstable
// to the players. The record lives in its own bucket (internal/club);
// the commands are in verb_tournament.go, the web view's reading in
// tournament_view.go.
//
// A round robin's games all begin at once when it starts (its Berger
// round is the game's round, which gives the colours), as correspondence
// sections are played: nobody waits for the slowest game of a round. A
// Swiss is paired round by round (Dutch), the next round when every game
// of the last has a result.
//
// Colours are the game's own: "white" in a pairing is white on the board
// (in windpost's games black moves first); the crosstable's w and b are
// the same colours.

// Caps of the tournaments.
const (
	maxOpenTournaments = 3 // not over, per organiser
	maxSwissRounds     = 20
	MaxTournamentName  = 60 // characters
)

// tournamentTerms says what is played: "Gufuu Shogi, Swiss of 5 rounds, 3 days per
// move, rated".
func tournamentTerms(tr *club.Tournament, variantTitle string) string {
	s := variantTitle + ", " + club.FormatWords(tr.Format)
	if tr.Format == club.Swiss {
		s += fmt.Sprintf(" of %d rounds", tr.Rounds)
	}
	s += ", " + referee.DayCount(tr.DaysPerMove) + " per move, "
	if tr.Rated {
		return s + "rated"
	}
	return s + "unrated"
}

// TournamentResult is the tournament's result of a finished game between
// people: a win, a loss or a draw as played, except a loss on time by a
// player who never made a move in the game, which is a forfeit (the game
// was not played: it counts no colour, and a Swiss gives no bye to a
// player who won one).
//
// A game the operator cancelled was not played: a double forfeit, no point
// to either, so that the round can end.
func TournamentResult(lg *referee.LiveGame) tournament.Result {
	if lg.Rec.State == record.Cancelled {
		return tournament.DoubleForfeit
	}
	o := lg.Outcome
	if o.Status != rules.Win {
		return tournament.Draw
	}
	loser := o.Winner.Opponent()
	// Black moves first: black made a move if there is one, white if there are two.
	moved := len(lg.Rec.Moves) > int(loser)
	switch {
	case o.Reason == rules.Timeout && !moved && o.Winner == rules.White:
		return tournament.WhiteWinsByForfeit
	case o.Reason == rules.Timeout && !moved:
		return tournament.BlackWinsByForfeit
	case o.Winner == rules.White:
		return tournament.WhiteWins
	}
	return tournament.BlackWins
}

// TournamentResults records the results of the tournament games that
// ended in this change, and moves their tournaments on (advance): the
// crosstable to the players, the next round, the final standings. A game
// whose result the tournament already has (a withdrawal scored it) is
// passed over, so that a second call does nothing.
func TournamentResults(c *referee.Change) error {
	ids, ended := endedTournamentGames(c, false)
	for _, id := range ids {
		tr, err := c.Tx.Club().Tournament(id)
		if err != nil {
			c.Server.Log.Error("tournament cannot be read", "tournament", id, "err", err)
			continue
		}
		if tr == nil || tr.State != club.Playing {
			continue
		}
		var news []string
		for _, lg := range ended[id] {
			if !tournamentPending(tr, lg) {
				continue
			}
			r, b, _ := tr.GameAt(lg.Rec.ID)
			res := TournamentResult(lg)
			if err := tr.Pairing.Record(r+1, b+1, res); err != nil {
				return fmt.Errorf("tournament %s: %w", id, err)
			}
			how := fmt.Sprint(lg.Outcome)
			if lg.Rec.State == record.Cancelled {
				how = "cancelled by the operator: not played, no point to either"
			}
			news = append(news, fmt.Sprintf("Round %d, game %s: %s - %s %s (%s).", r+1, lg.Rec.ID,
				keys.Shown(lg.Rec.Players[rules.White].Address, ""), keys.Shown(lg.Rec.Players[rules.Black].Address, ""), res, how))
		}
		if len(news) == 0 {
			continue
		}
		if err := advanceTournament(c, tr, news); err != nil {
			return err
		}
	}
	return nil
}

// endedTournamentGames are the tournament games of the change that have
// ended, by tournament, and the tournaments in the order their games were
// read; fresh keeps only the games that ended in this change. Nothing is
// allocated for a change without such games.
func endedTournamentGames(c *referee.Change, fresh bool) ([]string, map[string][]*referee.LiveGame) {
	var ids []string
	var ended map[string][]*referee.LiveGame
	for _, id := range c.GameOrder {
		lg := c.Games[id]
		t := lg.Rec.Tournament
		if t == "" || !lg.Rec.Ended() || (fresh && lg.EndedBefore) {
			continue
		}
		if ended == nil {
			ended = map[string][]*referee.LiveGame{}
		}
		if _, seen := ended[t]; !seen {
			ids = append(ids, t)
		}
		ended[t] = append(ended[t], lg)
	}
	return ids, ended
}

// tournamentPending reports whether lg is a game of tr whose result tr has yet to
// record.
func tournamentPending(tr *club.Tournament, lg *referee.LiveGame) bool {
	r, b, ok := tr.GameAt(lg.Rec.ID)
	return ok && tr.Pairing.Paired[r].Games[b].Result == tournament.Pending
}

// CrosstablesDue counts the mails that commit sends for the tournament
// games ended in this change (tournamentResults): one to each recipient
// of each tournament with a result to record, its next pairings inside.
func CrosstablesDue(c *referee.Change) int {
	ids, ended := endedTournamentGames(c, true)
	n := 0
	for _, id := range ids {
		tr, err := c.Tx.Club().Tournament(id)
		if err != nil || tr == nil || tr.State != club.Playing || !slices.ContainsFunc(ended[id], func(lg *referee.LiveGame) bool { return tournamentPending(tr, lg) }) {
			continue // an unreadable one is logged and passed over at commit
		}
		for _, to := range tournamentRecipients(c, tr) {
			if !c.Tx.DoNotMail(to) {
				n++
			}
		}
	}
	return n
}

// startTournament pairs a tournament that was open: the players seeded by
// their rating in the game (the unrated last, in the order they joined),
// every round at once in a round robin, the first in a Swiss.
func startTournament(c *referee.Change, tr *club.Tournament) error {
	players := make([]tournament.Player, 0, len(tr.Entrants))
	for _, addr := range tr.Entrants {
		p := tournament.Player{ID: addr, Name: keys.Shown(addr, "")}
		rr, err := c.Tx.Club().Rating(tr.Variant, addr)
		if err != nil {
			return err
		}
		if rr != nil {
			p.Rating = club.Whole(rr.Rating.R)
		}
		players = append(players, p)
	}
	t, err := tournament.New(tr.System(), tr.Rounds, players)
	if err != nil {
		return fmt.Errorf("tournament %s: %w", tr.ID, err)
	}
	tr.Pairing, tr.State, tr.Started, tr.Rounds = t, club.Playing, c.Now, t.Rounds
	return advanceTournament(c, tr, nil)
}

// advanceTournament moves a started tournament on after news (results,
// a withdrawal): it pairs what can be paired (a round robin's rounds all
// at once, a Swiss's next round once the last is complete) and makes the
// games, then mails the players the crosstable with their new games, or
// at the end the final standings; at the start, each player their games
// alone (tournament_pairing.go). Either way each player gets one mail.
// It writes the record.
func advanceTournament(c *referee.Change, tr *club.Tournament, news []string) error {
	t := tr.Pairing
	announce := len(news) > 0 // at the start, the pairing mails say it all
	paired := pairings{}
	for !t.Finished() && len(t.Paired) < t.Rounds {
		r, err := t.PairNext()
		if errors.Is(err, tournament.ErrRoundOpen) {
			break
		}
		if err != nil {
			// No pairing meets the rules (too few players left): the
			// tournament ends with the rounds played.
			c.Server.Log.Info("tournament ends early", "tournament", tr.ID, "err", err)
			t.Rounds, tr.Rounds = len(t.Paired), len(t.Paired)
			news = append(news, fmt.Sprintf("No further round can be paired (%v): the tournament ends after round %d.", err, len(t.Paired)))
			announce = true
			break
		}
		if err := makeRound(c, tr, r, paired); err != nil {
			return err
		}
		if tr.Format == club.Swiss {
			news = append(news, fmt.Sprintf("Round %d is paired: each player's game of it is in their mail.%s", r.Number, byeWords(tr, r)))
		}
	}
	if t.Finished() {
		tr.State, tr.Ended = club.Over, c.Now
	}
	var err error
	if announce {
		err = mailCrosstable(c, tr, news, paired)
	} else {
		err = mailPairings(c, tr, paired)
	}
	if err != nil {
		return err
	}
	return c.Tx.Club().PutTournament(tr)
}

// makeRound makes the games of a round just paired and notes each
// player's game, or bye in a Swiss, in paired for the tournament's mail
// to them. A game's own mails begin with its first move.
func makeRound(c *referee.Change, tr *club.Tournament, r tournament.Round, paired pairings) error {
	kit, err := c.Server.Catalog.Get(tr.Variant)
	if err != nil {
		return fmt.Errorf("tournament %s: %w", tr.ID, err)
	}
	ids := make([]string, len(r.Games))
	for b, g := range r.Games {
		if g.Bye() && tr.Format == club.Swiss {
			paired.add(g.White, r.Number, nil)
		}
		if g.Bye() || g.Result != tournament.Pending {
			continue // a bye, or a game against a withdrawn player: scored already
		}
		lg, err := c.NewGame(kit, g.White, rules.White, record.Slot{Address: g.Black}, record.Playing)
		if err != nil {
			return err
		}
		rec := lg.Rec
		rec.DaysPerMove, rec.Rated = tr.DaysPerMove, tr.Rated
		rec.Tournament, rec.Round, rec.Organiser = tr.ID, r.Number, tr.Organiser
		if err := referee.StartClock(c, lg); err != nil {
			return err
		}
		ids[b] = rec.ID
		paired.add(g.White, r.Number, lg)
		paired.add(g.Black, r.Number, lg)
	}
	tr.Games = append(tr.Games, ids)
	return nil
}
