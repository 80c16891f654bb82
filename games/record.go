package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/consent"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// The records the store keeps, as JSON (see store.go for the buckets).

// gameState is where a game is in its life.
type gameState string

const (
	stateInvited  gameState = "invited"  // a challenge waiting for an answer
	statePlaying  gameState = "playing"  // moves are being made
	stateOver     gameState = "over"     // ended; Result says how
	stateDeclined gameState = "declined" // the challenge was declined, withdrawn or expired
)

// playerSlot is one side of a game.
type playerSlot struct {
	Address string       `json:"address,omitempty"` // canonical; "" for the bot
	Name    string       `json:"name,omitempty"`    // the player's display name when the game began or they last gave it
	Bot     bool         `json:"bot,omitempty"`
	Level   solver.Level `json:"level,omitempty"` // the bot's level
	// Thread is the Message-ID of the first mail of this game to this
	// player; later mails reference it.
	Thread string `json:"thread,omitempty"`
}

// label is the player as lists show it: the address, or "the bot (level)".
func (p playerSlot) label() string {
	if p.Bot {
		return "the bot (" + string(p.Level) + ")"
	}
	return p.Address
}

// moveRecord is one move as stored: its text in the variant's notation
// (what `admin dump` shows and what rebuilds the game if the engine's
// encoding ever changes), the engine's code, and the position after it.
type moveRecord struct {
	Text     string    `json:"text"`
	Code     uint32    `json:"code"`
	Position string    `json:"position"`
	At       time.Time `json:"at"`
}

// gameRecord is a game as the games bucket keeps it. Position, ToMove,
// and in a finished game Result, Winner and Reason are derived from the
// moves and the outcome by liveGame.derive, for the store's readers
// (admin games and dump); a declined challenge's Result says how it ended.
type gameRecord struct {
	V          int           `json:"v"`
	ID         string        `json:"id"`
	Variant    string        `json:"variant"`
	State      gameState     `json:"state"`
	Players    [2]playerSlot `json:"players"` // index: rules.Side (0 black, 1 white)
	Challenger string        `json:"challenger"`
	Start      string        `json:"start"` // the start position string
	Moves      []moveRecord  `json:"moves"`
	Position   string        `json:"position"` // the current position string
	ToMove     string        `json:"to_move"`  // "black", "white" or "none"
	Result     string        `json:"result,omitempty"`
	Winner     string        `json:"winner,omitempty"` // "black", "white" or "" (draw, or going on)
	Reason     string        `json:"reason,omitempty"`

	DaysPerMove int       `json:"days_per_move,omitempty"` // 0 in bot games: no clock
	Deadline    time.Time `json:"deadline,omitempty"`      // for the move, or for answering a challenge
	Reminded    bool      `json:"reminded,omitempty"`      // the reminders for Deadline went out
	// RemindBefore are the reminders still to go for Deadline, as times
	// before it, longest first (remind.go); empty and not Reminded: one a
	// day before, in games of 2 days per move or more (records before it).
	RemindBefore []time.Duration `json:"remind_before,omitempty"`
	Paused       *pause          `json:"paused,omitempty"` // time not charged while Deadline ran (outage.go)

	DrawOffer   string `json:"draw_offer,omitempty"`   // the side that offered a draw
	UndoRequest string `json:"undo_request,omitempty"` // the side that asked to take back
	UndoPly     int    `json:"undo_ply,omitempty"`     // the ply count when it asked

	Talk  []talkEntry `json:"talk,omitempty"`  // the players' messages and notes (verb_talk.go)
	Muted []string    `json:"muted,omitempty"` // the sides that muted their opponent's messages

	Analysis string `json:"analysis,omitempty"` // the post-game analysis as an older windpost kept it, as text
	// AnalysisDoc is the post-game analysis, worked out once and kept.
	AnalysisDoc *document.Document `json:"analysisDoc,omitempty"`
	Created     time.Time          `json:"created"`
	Updated     time.Time          `json:"updated"`

	// BotThinking says the bot works on this game outside the mail loop
	// (botwork.go): a continuation waits for its answer.
	BotThinking bool `json:"bot_thinking,omitempty"`

	// Rated says the game moves its players' ratings when it ends
	// (ratings.go); RatingChanges is what it did to them, set once.
	Rated         bool         `json:"rated,omitempty"`
	RatingChanges []sideRating `json:"rating_changes,omitempty"`

	// Tournament and Round name the tournament game this is, if any;
	// Organiser is the address that may adjudicate or extend it by mail
	// (the tournament's organiser), "" in a game between two players.
	Tournament string `json:"tournament,omitempty"`
	Round      int    `json:"round,omitempty"`
	Organiser  string `json:"organiser,omitempty"`

	// Public are the sides whose players said "public": the game's web
	// page is reachable by its plain id once every person in it did
	// (verb_public.go).
	Public []string `json:"public,omitempty"`

	// Conditional are the players' conditional moves, by side ("black",
	// "white"); only their owner ever sees them (conditional.go).
	Conditional map[string]*conditional.Tree `json:"conditional,omitempty"`
}

const gameRecordVersion = 1

// sideOf returns the side address plays in the game.
func (g *gameRecord) sideOf(address string) (rules.Side, bool) {
	for s := rules.Black; s <= rules.White; s++ {
		if !g.Players[s].Bot && g.Players[s].Address == address {
			return s, true
		}
	}
	return rules.Black, false
}

// botSide returns the bot's side in a bot game.
func (g *gameRecord) botSide() (rules.Side, bool) {
	for s := rules.Black; s <= rules.White; s++ {
		if g.Players[s].Bot {
			return s, true
		}
	}
	return rules.Black, false
}

func (g *gameRecord) isBotGame() bool { _, ok := g.botSide(); return ok }

// invitee is the challenged player of a challenge.
func (g *gameRecord) invitee() string {
	for _, p := range g.Players {
		if !p.Bot && p.Address != g.Challenger {
			return p.Address
		}
	}
	return ""
}

// humans lists the human players' addresses.
func (g *gameRecord) humans() []string {
	var hs []string
	for _, p := range g.Players {
		if !p.Bot {
			hs = append(hs, p.Address)
		}
	}
	return hs
}

// opponentAddress is the address of side's opponent in a human game, ""
// in a bot game.
func (g *gameRecord) opponentAddress(side rules.Side) string {
	o := g.Players[side.Opponent()]
	if o.Bot {
		return ""
	}
	return o.Address
}

// lastMove is the last move in the record's numbered form ("4.K-2b"), or
// "".
func (g *gameRecord) lastMove() string {
	if len(g.Moves) == 0 {
		return ""
	}
	return fmt.Sprintf("%d.%s", len(g.Moves), g.Moves[len(g.Moves)-1].Text)
}

// outcome is how a finished game ended, read back from Winner and Reason;
// the zero Outcome for a game that is not over.
func (g *gameRecord) outcome() rules.Outcome {
	if g.State != stateOver {
		return rules.Outcome{}
	}
	if w, ok := rules.ParseSide(g.Winner); ok {
		return rules.WinFor(w, rules.Reason(g.Reason))
	}
	return rules.DrawBy(rules.Reason(g.Reason))
}

// due reports whether the clock has something to do in the game at now:
// a reminder, a loss on time, or an expired challenge.
func (g *gameRecord) due(now time.Time) bool {
	if g.Deadline.IsZero() || (g.State != statePlaying && g.State != stateInvited) {
		return false
	}
	at, ok := g.nextReminder()
	remind := ok && g.State == statePlaying && !now.Before(at)
	return remind || !now.Before(g.Deadline)
}

// playerRecord is a player as the players bucket keeps it.
type playerRecord struct {
	V             int            `json:"v"`
	Address       string         `json:"address"`
	Games         []string       `json:"games,omitempty"`         // every game id, oldest first
	VacationFrom  time.Time      `json:"vacation_from,omitempty"` // when the last vacation began: its days count in that year
	VacationUntil time.Time      `json:"vacation_until,omitempty"`
	VacationDays  map[string]int `json:"vacation_days,omitempty"` // year -> days taken
	ErrorAnswers  consent.Window `json:"error_answers,omitempty"` // within the last hour
	Created       time.Time      `json:"created"`

	// Proven is when the address first answered a windpost mail with its
	// reply key (or confirmed a request): mail it asks for may go to
	// others. Zero: never.
	Proven time.Time `json:"proven,omitempty"`
	// Confirm holds the challenges of a sender not yet proven, waiting
	// for their "confirm"; nil if none.
	Confirm *consent.Confirmation `json:"confirm,omitempty"`
	// Invited is when the player invited an address that never played,
	// within the last day (withdrawn invitations count too).
	Invited consent.Window `json:"invited,omitempty"`
	// InvitedBy is when someone invited the address, within the last
	// hour (invitationsPerHourTo).
	InvitedBy consent.Window `json:"invited_by,omitempty"`
	// Blocked are the addresses that may not challenge the player.
	Blocked []string `json:"blocked,omitempty"`
	// Notify, Remind and Timezone are the player's mail settings
	// (verb_notify.go); zero values mean the defaults.
	Notify   string          `json:"notify,omitempty"`    // "" or "each"; "digest" sends DigestAt
	DigestAt int             `json:"digest_at,omitempty"` // minutes after local midnight
	Remind   []time.Duration `json:"remind,omitempty"`    // before a deadline, longest first
	Timezone string          `json:"timezone,omitempty"`  // IANA name; "" is UTC
	// Board is the side the player chose to see at the bottom of every
	// board ("board always black"): "black", "white", or "" for their own
	// side (outbox.BoardRef).
	Board string `json:"board,omitempty"`
	// Format is how the player's mails show a game: "" a board (text and
	// picture), or formatAccessible ("format accessible"): in words, for a
	// screen reader or large print (verb_format.go).
	Format string `json:"format,omitempty"`
	// DigestNext is when the next digest goes (digest.go); DigestEvents
	// the news held for it.
	DigestNext   time.Time     `json:"digest_next,omitempty"`
	DigestEvents []digestEvent `json:"digest_events,omitempty"`
	// Name is the display name of the player's From, cleaned (cleanName);
	// others see "Name (address)". "" if none was given.
	Name string `json:"name,omitempty"`
}

// doNotMailRecord is an address that asked never to be mailed ("stop").
type doNotMailRecord struct {
	V  int       `json:"v"`
	At time.Time `json:"at"`
}

func (p *playerRecord) onVacation(now time.Time) bool { return now.Before(p.VacationUntil) }

// processedRecord marks a handled Message-ID.
type processedRecord struct {
	V      int       `json:"v"`
	At     time.Time `json:"at"`
	From   string    `json:"from"`
	Queued int       `json:"queued"` // mails queued in answer
}
