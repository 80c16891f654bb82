package referee

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/windpost/windpost/games/internal/botwork"
)

// The bot's queue. The bot's work is taken in turns by lane, one search a
// turn: the mails that prove their sender (a key of theirs, or DMARC) are
// that sender's lane, all mails that prove nothing share one lane
// (laneStrangers: a From line proves nothing, so forged addresses are one
// lane, not many), and a sender past Config.BotTimePerSenderHour waits in
// the last lane (laneOverBudget), or sees their own lane passed over,
// until no other lane has work. The lane whose last turn is longest ago
// goes first (one that had no work counts as never served), ties by
// arrival. A mail with more work after its search goes to the back of its
// lane again (suspend), so that one mail of twenty searches takes twenty
// turns, not the bot's next twenty searches. So a player's answer waits
// for the search under way and at most one search of each other lane with
// work: a stranger's mails, however many and under whatever addresses,
// are one lane.
//
// The bot's time is charged to the sender of a mail that proves them;
// the strangers' lane has no budget of its own beyond its one turn in a
// round (charging a From line would let a forger spend a player's time).
// New games against the bot from senders whose address was never proven
// are capped per hour, all of them together (Config.NewBotGamesUnproven).
//
// The lanes are in the keys of the bot-work bucket (store.go), which
// survive a restart; whose turn was last is kept in memory (after a
// restart every lane starts as never served).

// The lanes of the bot's queue besides one per proven sender; neither is
// an address (they have no '@').
const (
	LaneStrangers  = "strangers"   // mails that prove nothing of their sender
	LaneOverBudget = "over-budget" // senders past their bot time this hour
)

// Defaults of the bot's budgets in Config.
const (
	// DefaultBotTimePerSenderHour is Config.BotTimePerSenderHour's
	// default: 120 searches at the Micro-shogi bot's 5 s default.
	DefaultBotTimePerSenderHour = 10 * time.Minute
	// DefaultNewBotGamesUnproven is Config.NewBotGamesUnproven's default.
	DefaultNewBotGamesUnproven = 20
)

// botTimePerSenderHour is Config.BotTimePerSenderHour or its default.
func (cfg Config) botTimePerSenderHour() time.Duration {
	if cfg.BotTimePerSenderHour <= 0 {
		return DefaultBotTimePerSenderHour
	}
	return cfg.BotTimePerSenderHour
}

// newBotGamesUnproven is Config.NewBotGamesUnproven or its default.
func (cfg Config) newBotGamesUnproven() int {
	return orDefault(cfg.NewBotGamesUnproven, DefaultNewBotGamesUnproven)
}

// botTurns remembers which lane had the bot's last turns.
type botTurns struct {
	mu   sync.Mutex
	last uint64            // the number of the last turn
	of   map[string]uint64 // a lane with work -> the number of its last turn
}

// take chooses among heads, the first keys of the lanes with work, the one
// whose turn it is, and notes the turn. late reports whether a lane is
// passed over while other lanes have work.
func (t *botTurns) take(heads []string, late func(lane string) bool) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	type rank struct {
		late bool
		turn uint64
		seq  string
	}
	before := func(a, b rank) bool {
		if a.late != b.late {
			return !a.late
		}
		if a.turn != b.turn {
			return a.turn < b.turn
		}
		return a.seq < b.seq
	}
	var best string
	var bestRank rank
	kept := make(map[string]uint64, len(heads))
	for i, key := range heads {
		lane, seq, _ := botwork.SplitKey(key)
		r := rank{late: late(lane), turn: t.of[lane], seq: seq}
		if r.turn != 0 {
			kept[lane] = r.turn
		}
		if i == 0 || before(r, bestRank) {
			best, bestRank = key, r
		}
	}
	t.last++
	lane, _, _ := botwork.SplitKey(best)
	kept[lane] = t.last
	t.of = kept // a lane without work is forgotten
	return best
}

// NextWork reads the continuation whose turn it is, passing over the keys
// in skip; key is "" when no work waits. A continuation that cannot be
// read comes with its key and the error.
func (s *Server) NextWork(st StoreTx, skip map[string]bool) (key string, c *Continuation, err error) {
	heads := st.BotWork().Heads(skip)
	if len(heads) == 0 {
		return "", nil, nil
	}
	now := s.now()
	key = s.turns.take(heads, func(lane string) bool {
		return lane == LaneOverBudget || strings.Contains(lane, "@") && s.overBudget(st, lane, now)
	})
	c, err = botwork.Read[Continuation](st.BotWork(), key)
	return key, c, err
}

// overBudget reports whether sender's mails took the bot's time for this
// hour.
func (s *Server) overBudget(st StoreTx, sender string, now time.Time) bool {
	return st.BotWork().Hour(sender, now).Spent >= s.Config.botTimePerSenderHour()
}

// lane is the lane of the bot's queue for this mail's next search.
func (h *Handling) lane() string {
	switch {
	case !h.Consent.proven:
		return LaneStrangers
	case h.Server.overBudget(h.Tx, h.From, h.Server.now()):
		return LaneOverBudget
	}
	return h.From
}

// CountUnprovenGame counts a game against the bot begun by a sender who
// never proved their address, or refuses it when such senders, all of
// them together, began Config.NewBotGamesUnproven this hour.
func (h *Handling) CountUnprovenGame() error {
	limit := h.Server.Config.newBotGamesUnproven()
	now := h.Server.now() // not the mail's time: a resumed mail's may be old
	hour := h.Tx.BotWork().Hour(botwork.KeyUnprovenGames, now)
	if hour.Games >= limit {
		return Refused("I begin at most %d games against the bot an hour for addresses that have not yet answered a windpost mail, and this hour's are taken.", limit).
			Instead("Try again after %s. Once you have answered a mail of one of your games, this limit no longer holds for you.",
				FormatTimeIn(hour.From.Add(time.Hour), h.LocationOf(h.From)))
	}
	hour.Games++
	if err := h.Tx.BotWork().PutHour(botwork.KeyUnprovenGames, hour, now); err != nil {
		return fmt.Errorf("count the game against the bot: %w", err)
	}
	return nil
}
