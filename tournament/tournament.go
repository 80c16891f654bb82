package tournament

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
)

// Errors told apart with errors.Is.
var (
	// ErrFinished means every round of the tournament has been paired.
	ErrFinished = errors.New("every round is paired")
	// ErrRoundOpen means a Swiss round cannot be paired before every result of the last one is in.
	ErrRoundOpen = errors.New("the last round still has games without a result")
	// ErrNoPairing means no pairing meets the absolute criteria (no repeat, colours, one bye each).
	ErrNoPairing = errors.New("no pairing meets the absolute criteria")
)

// System is how a tournament pairs its players.
type System int8

// The pairing systems.
const (
	RoundRobin       System = iota + 1 // everyone meets everyone once (Berger tables)
	DoubleRoundRobin                   // everyone meets everyone twice, colours reversed
	Swiss                              // a fixed number of rounds, paired by the Dutch system
)

// String names the system as an organiser writes it.
func (s System) String() string {
	switch s {
	case RoundRobin:
		return "round robin"
	case DoubleRoundRobin:
		return "double round robin"
	case Swiss:
		return "Swiss (Dutch)"
	}
	return "System(" + strconv.Itoa(int(s)) + ")"
}

// Colour is a player's side in one game; White moves first.
type Colour int8

// The colours; NoColour is a bye's or an unplayed game's.
const (
	NoColour Colour = iota
	White
	Black
)

// String names the colour: "White", "Black" or "none".
func (c Colour) String() string {
	switch c {
	case White:
		return "White"
	case Black:
		return "Black"
	}
	return "none"
}

// Opposite is the other colour (NoColour stays NoColour).
func (c Colour) Opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// Score counts points in halves, so that 5 is two and a half points.
type Score int

// String writes the points as "2.5" or "3".
func (s Score) String() string {
	if s%2 == 0 {
		return strconv.Itoa(int(s) / 2)
	}
	return strconv.Itoa(int(s)/2) + ".5"
}

// Result is how one game ended, or Pending while it is played.
type Result int8

// The results. A forfeit is scored without play and never counts for
// colours. The values are stored by callers: new ones go at the end.
const (
	Pending Result = iota
	WhiteWins
	BlackWins
	Draw
	WhiteWinsByForfeit // Black did not play
	BlackWinsByForfeit // White did not play
	DoubleForfeit      // neither played: no points
)

// Forfeit reports whether the game was scored without being played.
func (r Result) Forfeit() bool {
	return r == WhiteWinsByForfeit || r == BlackWinsByForfeit || r == DoubleForfeit
}

// String writes the result as in a game record: "1-0", "0-1", "1/2-1/2",
// "+/-", "-/+", "-/-" or "*".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case WhiteWinsByForfeit:
		return "+/-"
	case BlackWinsByForfeit:
		return "-/+"
	case DoubleForfeit:
		return "-/-"
	}
	return "*"
}

// points is what the player of colour c scored.
func (r Result) points(c Colour) Score {
	switch {
	case r == Draw:
		return 1
	case (r == WhiteWins || r == WhiteWinsByForfeit) && c == White,
		(r == BlackWins || r == BlackWinsByForfeit) && c == Black:
		return 2
	}
	return 0
}

// Player is one entrant: an id the caller chooses, a name for tables,
// and a rating (0 for none) that seeds the pairing.
type Player struct {
	ID     string
	Name   string
	Rating int
}

// Game is one pairing of a round. A Game with no Black is a bye for White:
// a point in a Swiss, a round of rest (no points) in a round robin.
type Game struct {
	White, Black string
	Result       Result
}

// Bye reports whether the game is a bye.
func (g Game) Bye() bool { return g.Black == "" }

// Round is one round's games, in board order.
type Round struct {
	Number int
	Games  []Game
}

// GameOf finds a player's game in the round, with its board counted from 1.
func (r Round) GameOf(id string) (board int, g Game, ok bool) {
	for i, g := range r.Games {
		if g.White == id || (g.Black == id && id != "") {
			return i + 1, g, true
		}
	}
	return 0, Game{}, false
}

// Tournament is one event: its players in seed order, the rounds paired so
// far with their results, and who has withdrawn. The caller stores it.
type Tournament struct {
	System System
	// Rounds is the number of rounds a Swiss plays; a round robin's follows from its players.
	Rounds    int
	Players   []Player
	Paired    []Round
	Withdrawn map[string]bool
}

// New makes a tournament. Players are seeded by rating, highest first,
// the unrated (0) last; equal ratings keep the order given, which may
// itself be a seeding.
func New(system System, rounds int, players []Player) (*Tournament, error) {
	if system < RoundRobin || system > Swiss {
		return nil, fmt.Errorf("tournament: unknown system %d", system)
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("tournament: %d players, at least 2 are needed", len(players))
	}
	if len(players) > maxPlayers {
		return nil, fmt.Errorf("tournament: %d players, at most %d can be paired", len(players), maxPlayers)
	}
	seen := make(map[string]bool, len(players))
	for _, p := range players {
		if p.ID == "" {
			return nil, errors.New("tournament: a player has no id")
		}
		if seen[p.ID] {
			return nil, fmt.Errorf("tournament: player %s entered twice", p.ID)
		}
		seen[p.ID] = true
	}
	if system == Swiss && rounds < 1 {
		return nil, fmt.Errorf("tournament: a Swiss needs at least one round, not %d", rounds)
	}
	seeded := append([]Player(nil), players...)
	sort.SliceStable(seeded, func(i, j int) bool { return seeded[i].Rating > seeded[j].Rating })
	t := &Tournament{System: system, Rounds: rounds, Players: seeded, Withdrawn: map[string]bool{}}
	if system != Swiss {
		t.Rounds = bergerRounds(len(seeded), system == DoubleRoundRobin)
	}
	return t, nil
}

// Player returns the entrant with the given id.
func (t *Tournament) Player(id string) (Player, bool) {
	for _, p := range t.Players {
		if p.ID == id {
			return p, true
		}
	}
	return Player{}, false
}

// seed is a player's pairing number less one (0 for the top seed), or -1.
func (t *Tournament) seed(id string) int {
	for i, p := range t.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// Finished reports whether every round is paired and every game has a result.
func (t *Tournament) Finished() bool {
	if len(t.Paired) < t.Rounds {
		return false
	}
	for _, r := range t.Paired {
		for _, g := range r.Games {
			if !g.Bye() && g.Result == Pending {
				return false
			}
		}
	}
	return true
}

// PairNext pairs the next round and returns it: the Berger table's next
// round in a round robin, a Dutch pairing in a Swiss (which needs every
// result of the round before).
func (t *Tournament) PairNext() (Round, error) {
	if len(t.Paired) >= t.Rounds {
		return Round{}, ErrFinished
	}
	var games []Game
	if t.System == Swiss {
		if len(t.Paired) > 0 {
			for _, g := range t.Paired[len(t.Paired)-1].Games {
				if !g.Bye() && g.Result == Pending {
					return Round{}, ErrRoundOpen
				}
			}
		}
		var err error
		if games, err = t.pairSwiss(); err != nil {
			return Round{}, fmt.Errorf("round %d: %w", len(t.Paired)+1, err)
		}
	} else {
		games = t.bergerGames(len(t.Paired))
	}
	r := Round{Number: len(t.Paired) + 1, Games: games}
	t.Paired = append(t.Paired, r)
	return r, nil
}

// PairAll pairs every round not yet paired at once; a Swiss cannot.
func (t *Tournament) PairAll() ([]Round, error) {
	if t.System == Swiss {
		return nil, errors.New("tournament: a Swiss is paired one round at a time")
	}
	var out []Round
	for len(t.Paired) < t.Rounds {
		r, err := t.PairNext()
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Record sets the result of the game on a board (both counted from 1).
// A result already set may be corrected.
func (t *Tournament) Record(round, board int, r Result) error {
	if round < 1 || round > len(t.Paired) {
		return fmt.Errorf("tournament: no round %d", round)
	}
	games := t.Paired[round-1].Games
	if board < 1 || board > len(games) {
		return fmt.Errorf("tournament: round %d has no board %d", round, board)
	}
	if games[board-1].Bye() {
		return fmt.Errorf("tournament: round %d board %d is a bye", round, board)
	}
	if r < Pending || r > DoubleForfeit {
		return fmt.Errorf("tournament: unknown result %d", r)
	}
	games[board-1].Result = r
	return nil
}

// Withdraw takes a player out: they are not paired again, every game of
// theirs still without a result is lost by forfeit, and so are the round
// robin games still to come.
func (t *Tournament) Withdraw(id string) error {
	if t.seed(id) < 0 {
		return fmt.Errorf("tournament: no player %s", id)
	}
	if t.Withdrawn == nil {
		t.Withdrawn = map[string]bool{}
	}
	t.Withdrawn[id] = true
	for _, r := range t.Paired {
		for i := range r.Games {
			forfeitWithdrawn(&r.Games[i], t.Withdrawn)
		}
	}
	return nil
}

// forfeitWithdrawn scores a game without result against a withdrawn player.
func forfeitWithdrawn(g *Game, withdrawn map[string]bool) {
	if g.Bye() || g.Result != Pending {
		return
	}
	switch {
	case withdrawn[g.White] && withdrawn[g.Black]:
		g.Result = DoubleForfeit
	case withdrawn[g.White]:
		g.Result = BlackWinsByForfeit
	case withdrawn[g.Black]:
		g.Result = WhiteWinsByForfeit
	}
}
