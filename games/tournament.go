package games

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/tournament"
)

// Tournaments run by the referee, by mail: an organiser opens one
// ("tournament new"), players join it themselves ("join t7k3q"), the
// organiser starts it, and windpost pairs the rounds with package
// tournament, makes the games, and after every result mails the crosstable
// to the players. The record lives in its own bucket (store_tournament.go);
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
	maxTournamentPlayers = 64 // in a Swiss (what package tournament pairs)
	maxRoundRobinPlayers = 16 // in a round robin, whose games all run at once: 15 each
	maxOpenTournaments   = 3  // not over, per organiser
	maxSwissRounds       = 20
	maxTournamentName    = 60 // characters
)

// tournamentState is where a tournament is in its life.
type tournamentState string

const (
	tournamentOpen    tournamentState = "open"    // players join
	tournamentPlaying tournamentState = "playing" // started: rounds are paired and played
	tournamentOver    tournamentState = "over"    // every game has a result
)

// The formats an organiser chooses.
const (
	formatRoundRobin = "roundrobin"
	formatSwiss      = "swiss"
)

// tournamentRecord is a tournament as its bucket keeps it.
type tournamentRecord struct {
	V           int             `json:"v"`
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Variant     string          `json:"variant"`
	Format      string          `json:"format"`           // formatRoundRobin or formatSwiss
	Rounds      int             `json:"rounds,omitempty"` // a Swiss's as asked; a round robin's from its players at the start
	DaysPerMove int             `json:"days_per_move"`
	Rated       bool            `json:"rated,omitempty"`
	Organiser   string          `json:"organiser"`
	State       tournamentState `json:"state"`
	// Entrants are the players' addresses in the order they joined.
	Entrants []string `json:"entrants,omitempty"`
	// Pairing is the tournament as package tournament keeps it (players by
	// address, rounds, results, withdrawals); nil until it starts.
	Pairing *tournament.Tournament `json:"pairing,omitempty"`
	// Games holds, per round and board, the id of the game played there;
	// "" for a bye or a game scored without being played.
	Games   [][]string `json:"games,omitempty"`
	Created time.Time  `json:"created"`
	Started time.Time  `json:"started,omitempty"`
	Ended   time.Time  `json:"ended,omitempty"`
}

// system is the pairing system of the record's format.
func (tr *tournamentRecord) system() tournament.System {
	if tr.Format == formatSwiss {
		return tournament.Swiss
	}
	return tournament.RoundRobin
}

// formatWords names the format for players: "round robin" or "Swiss".
func formatWords(format string) string {
	if format == formatSwiss {
		return "Swiss"
	}
	return "round robin"
}

// maxPlayers is how many players the record's format takes.
func (tr *tournamentRecord) maxPlayers() int {
	if tr.Format == formatSwiss {
		return maxTournamentPlayers
	}
	return maxRoundRobinPlayers
}

// withdrawn reports whether address has withdrawn (or was withdrawn).
func (tr *tournamentRecord) withdrawn(address string) bool {
	return tr.Pairing != nil && tr.Pairing.Withdrawn[address]
}

// title is the tournament as subjects and first lines name it:
// "Club Swiss (tournament t7k3q)".
func (tr *tournamentRecord) title() string {
	return fmt.Sprintf("%s (tournament %s)", tr.Name, tr.ID)
}

// terms says what is played: "Gufuu Shogi, Swiss of 5 rounds, 3 days per
// move, rated".
func (tr *tournamentRecord) terms(variantTitle string) string {
	s := variantTitle + ", " + formatWords(tr.Format)
	if tr.Format == formatSwiss {
		s += fmt.Sprintf(" of %d rounds", tr.Rounds)
	}
	s += ", " + dayCount(tr.DaysPerMove) + " per move, "
	if tr.Rated {
		return s + "rated"
	}
	return s + "unrated"
}

// gameAt finds the round and board (both from 0) of game id.
func (tr *tournamentRecord) gameAt(id string) (round, board int, ok bool) {
	for r, ids := range tr.Games {
		if b := slices.Index(ids, id); b >= 0 {
			return r, b, true
		}
	}
	return 0, 0, false
}

// tournamentResult is the tournament's result of a finished game between
// people: a win, a loss or a draw as played, except a loss on time by a
// player who never made a move in the game, which is a forfeit (the game
// was not played: it counts no colour, and a Swiss gives no bye to a
// player who won one).
//
// A game the operator cancelled was not played: a double forfeit, no point
// to either, so that the round can end.
func tournamentResult(lg *liveGame) tournament.Result {
	if lg.rec.State == stateCancelled {
		return tournament.DoubleForfeit
	}
	o := lg.outcome
	if o.Status != rules.Win {
		return tournament.Draw
	}
	loser := o.Winner.Opponent()
	// Black moves first: black made a move if there is one, white if there are two.
	moved := len(lg.rec.Moves) > int(loser)
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

// tournamentResults records the results of the tournament games that
// ended in this change, and moves their tournaments on (advance): the
// crosstable to the players, the next round, the final standings. A game
// whose result the tournament already has (a withdrawal scored it) is
// passed over, so that a second call does nothing.
func tournamentResults(c *change) error {
	ids, ended := endedTournamentGames(c, false)
	for _, id := range ids {
		tr, err := c.st.club().tournament(id)
		if err != nil {
			c.srv.log.Error("tournament cannot be read", "tournament", id, "err", err)
			continue
		}
		if tr == nil || tr.State != tournamentPlaying {
			continue
		}
		var news []string
		for _, lg := range ended[id] {
			if !tr.pending(lg) {
				continue
			}
			r, b, _ := tr.gameAt(lg.rec.ID)
			res := tournamentResult(lg)
			if err := tr.Pairing.Record(r+1, b+1, res); err != nil {
				return fmt.Errorf("tournament %s: %w", id, err)
			}
			how := fmt.Sprint(lg.outcome)
			if lg.rec.State == stateCancelled {
				how = "cancelled by the operator: not played, no point to either"
			}
			news = append(news, fmt.Sprintf("Round %d, game %s: %s - %s %s (%s).", r+1, lg.rec.ID,
				tr.shown(lg.rec.Players[rules.White].Address), tr.shown(lg.rec.Players[rules.Black].Address), res, how))
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
func endedTournamentGames(c *change, fresh bool) ([]string, map[string][]*liveGame) {
	var ids []string
	var ended map[string][]*liveGame
	for _, id := range c.gameOrder {
		lg := c.games[id]
		t := lg.rec.Tournament
		if t == "" || !lg.rec.ended() || (fresh && lg.endedBefore) {
			continue
		}
		if ended == nil {
			ended = map[string][]*liveGame{}
		}
		if _, seen := ended[t]; !seen {
			ids = append(ids, t)
		}
		ended[t] = append(ended[t], lg)
	}
	return ids, ended
}

// pending reports whether lg is a game of tr whose result tr has yet to
// record.
func (tr *tournamentRecord) pending(lg *liveGame) bool {
	r, b, ok := tr.gameAt(lg.rec.ID)
	return ok && tr.Pairing.Paired[r].Games[b].Result == tournament.Pending
}

// crosstablesDue counts the mails that commit sends for the tournament
// games ended in this change (tournamentResults): one to each recipient
// of each tournament with a result to record, its next pairings inside.
func crosstablesDue(c *change) int {
	ids, ended := endedTournamentGames(c, true)
	n := 0
	for _, id := range ids {
		tr, err := c.st.club().tournament(id)
		if err != nil || tr == nil || tr.State != tournamentPlaying || !slices.ContainsFunc(ended[id], tr.pending) {
			continue // an unreadable one is logged and passed over at commit
		}
		for _, to := range tournamentRecipients(c, tr) {
			if !c.st.doNotMail(to) {
				n++
			}
		}
	}
	return n
}

// shown is a player as the tournament shows them to everyone, as the
// standings do: "alice@...".
func (tr *tournamentRecord) shown(address string) string { return shownAddress(address, "") }

// startTournament pairs a tournament that was open: the players seeded by
// their rating in the game (the unrated last, in the order they joined),
// every round at once in a round robin, the first in a Swiss.
func startTournament(c *change, tr *tournamentRecord) error {
	players := make([]tournament.Player, 0, len(tr.Entrants))
	for _, addr := range tr.Entrants {
		p := tournament.Player{ID: addr, Name: tr.shown(addr)}
		rr, err := c.st.club().rating(tr.Variant, addr)
		if err != nil {
			return err
		}
		if rr != nil {
			p.Rating = whole(rr.Rating.R)
		}
		players = append(players, p)
	}
	t, err := tournament.New(tr.system(), tr.Rounds, players)
	if err != nil {
		return fmt.Errorf("tournament %s: %w", tr.ID, err)
	}
	tr.Pairing, tr.State, tr.Started, tr.Rounds = t, tournamentPlaying, c.now, t.Rounds
	return advanceTournament(c, tr, nil)
}

// advanceTournament moves a started tournament on after news (results,
// a withdrawal): it pairs what can be paired (a round robin's rounds all
// at once, a Swiss's next round once the last is complete) and makes the
// games, then mails the players the crosstable with their new games, or
// at the end the final standings; at the start, each player their games
// alone (tournament_pairing.go). Either way each player gets one mail.
// It writes the record.
func advanceTournament(c *change, tr *tournamentRecord, news []string) error {
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
			c.srv.log.Info("tournament ends early", "tournament", tr.ID, "err", err)
			t.Rounds, tr.Rounds = len(t.Paired), len(t.Paired)
			news = append(news, fmt.Sprintf("No further round can be paired (%v): the tournament ends after round %d.", err, len(t.Paired)))
			announce = true
			break
		}
		if err := makeRound(c, tr, r, paired); err != nil {
			return err
		}
		if tr.Format == formatSwiss {
			news = append(news, fmt.Sprintf("Round %d is paired: each player's game of it is in their mail.%s", r.Number, byeWords(tr, r)))
		}
	}
	if t.Finished() {
		tr.State, tr.Ended = tournamentOver, c.now
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
	return c.st.club().putTournament(tr)
}

// makeRound makes the games of a round just paired and notes each
// player's game, or bye in a Swiss, in paired for the tournament's mail
// to them. A game's own mails begin with its first move.
func makeRound(c *change, tr *tournamentRecord, r tournament.Round, paired pairings) error {
	kit, err := c.srv.catalog.Get(tr.Variant)
	if err != nil {
		return fmt.Errorf("tournament %s: %w", tr.ID, err)
	}
	ids := make([]string, len(r.Games))
	for b, g := range r.Games {
		if g.Bye() && tr.Format == formatSwiss {
			paired.add(g.White, r.Number, nil)
		}
		if g.Bye() || g.Result != tournament.Pending {
			continue // a bye, or a game against a withdrawn player: scored already
		}
		lg, err := c.newGame(kit, g.White, rules.White, playerSlot{Address: g.Black}, statePlaying)
		if err != nil {
			return err
		}
		rec := lg.rec
		rec.DaysPerMove, rec.Rated = tr.DaysPerMove, tr.Rated
		rec.Tournament, rec.Round, rec.Organiser = tr.ID, r.Number, tr.Organiser
		if err := startClock(c, lg); err != nil {
			return err
		}
		ids[b] = rec.ID
		paired.add(g.White, r.Number, lg)
		paired.add(g.Black, r.Number, lg)
	}
	tr.Games = append(tr.Games, ids)
	return nil
}
