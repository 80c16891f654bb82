package record

import (
	"fmt"
	"slices"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/rating"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// State is where a game is in its life.
type State string

const (
	Invited  State = "invited"  // a challenge waiting for an answer
	Playing  State = "playing"  // moves are being made
	Over     State = "over"     // ended; Result says how
	Declined State = "declined" // the challenge was declined, withdrawn or expired
)

// Slot is one side of a game.
type Slot struct {
	Address string       `json:"address,omitempty"` // canonical; "" for the bot
	Name    string       `json:"name,omitempty"`    // the player's display name when the game began or they last gave it
	Bot     bool         `json:"bot,omitempty"`
	Level   solver.Level `json:"level,omitempty"` // the bot's level
	// Thread is the Message-ID of the first mail of this game to this
	// player; later mails reference it.
	Thread string `json:"thread,omitempty"`
}

// Label is the player as lists show it: the address, or "the bot (level)".
func (p Slot) Label() string {
	if p.Bot {
		return "the bot (" + string(p.Level) + ")"
	}
	return p.Address
}

// Move is one move as stored: its text in the variant's notation
// (what `admin dump` shows and what rebuilds the game if the engine's
// encoding ever changes), the engine's code, and the position after it.
type Move struct {
	Text     string    `json:"text"`
	Code     uint32    `json:"code"`
	Position string    `json:"position"`
	At       time.Time `json:"at"`
}

// Game is a game as the games bucket keeps it. Position, ToMove,
// and in a finished game Result, Winner and Reason are derived from the
// moves and the outcome by liveGame.derive, for the store's readers
// (admin games and dump); a declined challenge's Result says how it ended.
type Game struct {
	V          int     `json:"v"`
	ID         string  `json:"id"`
	Variant    string  `json:"variant"`
	State      State   `json:"state"`
	Players    [2]Slot `json:"players"` // index: rules.Side (0 black, 1 white)
	Challenger string  `json:"challenger"`
	Start      string  `json:"start"` // the start position string
	Moves      []Move  `json:"moves"`
	Position   string  `json:"position"` // the current position string
	ToMove     string  `json:"to_move"`  // "black", "white" or "none"
	Result     string  `json:"result,omitempty"`
	Winner     string  `json:"winner,omitempty"` // "black", "white" or "" (draw, or going on)
	Reason     string  `json:"reason,omitempty"`

	DaysPerMove int       `json:"days_per_move,omitempty"` // 0 in bot games: no clock
	Deadline    time.Time `json:"deadline,omitempty"`      // for the move, or for answering a challenge
	Reminded    bool      `json:"reminded,omitempty"`      // the reminders for Deadline went out
	// RemindBefore are the reminders still to go for Deadline, as times
	// before it, longest first (remind.go); empty and not Reminded: one a
	// day before, in games of 2 days per move or more (records before it).
	RemindBefore []time.Duration `json:"remind_before,omitempty"`
	Paused       *Pause          `json:"paused,omitempty"` // time not charged while Deadline ran (outage.go)

	DrawOffer   string `json:"draw_offer,omitempty"`   // the side that offered a draw
	UndoRequest string `json:"undo_request,omitempty"` // the side that asked to take back
	UndoPly     int    `json:"undo_ply,omitempty"`     // the ply count when it asked

	Talk  []TalkEntry `json:"talk,omitempty"`  // the players' messages and notes (the referee's talk.go)
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
	RatingChanges []SideRating `json:"rating_changes,omitempty"`

	// Tournament and Round name the tournament game this is, if any;
	// Organiser is the address that may adjudicate or extend it by mail
	// (the tournament's organiser), "" in a game between two players.
	Tournament string `json:"tournament,omitempty"`
	Round      int    `json:"round,omitempty"`
	Organiser  string `json:"organiser,omitempty"`

	// Public are the sides whose players said "public": the game's web
	// page is reachable by its plain id once every person in it did
	// (package games' verb_public.go).
	Public []string `json:"public,omitempty"`

	// Conditional are the players' conditional moves, by side ("black",
	// "white"); only their owner ever sees them (conditional.go).
	Conditional map[string]*conditional.Tree `json:"conditional,omitempty"`
}

const GameVersion = 1

// SideOf returns the side address plays in the game.
func (g *Game) SideOf(address string) (rules.Side, bool) {
	for s := rules.Black; s <= rules.White; s++ {
		if !g.Players[s].Bot && g.Players[s].Address == address {
			return s, true
		}
	}
	return rules.Black, false
}

// BotSide returns the bot's side in a bot game.
func (g *Game) BotSide() (rules.Side, bool) {
	for s := rules.Black; s <= rules.White; s++ {
		if g.Players[s].Bot {
			return s, true
		}
	}
	return rules.Black, false
}

func (g *Game) IsBotGame() bool { _, ok := g.BotSide(); return ok }

// Invitee is the challenged player of a challenge.
func (g *Game) Invitee() string {
	for _, p := range g.Players {
		if !p.Bot && p.Address != g.Challenger {
			return p.Address
		}
	}
	return ""
}

// Humans lists the human players' addresses.
func (g *Game) Humans() []string {
	var hs []string
	for _, p := range g.Players {
		if !p.Bot {
			hs = append(hs, p.Address)
		}
	}
	return hs
}

// OpponentAddress is the address of side's opponent in a human game, ""
// in a bot game.
func (g *Game) OpponentAddress(side rules.Side) string {
	o := g.Players[side.Opponent()]
	if o.Bot {
		return ""
	}
	return o.Address
}

// LastMove is the last move in the record's numbered form ("4.K-2b"), or
// "".
func (g *Game) LastMove() string {
	if len(g.Moves) == 0 {
		return ""
	}
	return fmt.Sprintf("%d.%s", len(g.Moves), g.Moves[len(g.Moves)-1].Text)
}

// Outcome is how a finished game ended, read back from Winner and Reason;
// the zero Outcome for a game that is not over.
func (g *Game) Outcome() rules.Outcome {
	if g.State != Over {
		return rules.Outcome{}
	}
	if w, ok := rules.ParseSide(g.Winner); ok {
		return rules.WinFor(w, rules.Reason(g.Reason))
	}
	return rules.DrawBy(rules.Reason(g.Reason))
}

// Due reports whether the clock has something to do in the game at now:
// a reminder, a loss on time, or an expired challenge.
func (g *Game) Due(now time.Time) bool {
	if g.Deadline.IsZero() || (g.State != Playing && g.State != Invited) {
		return false
	}
	at, ok := g.NextReminder()
	remind := ok && g.State == Playing && !now.Before(at)
	return remind || !now.Before(g.Deadline)
}

// Ended reports whether the game has ended, over or cancelled.
func (g *Game) Ended() bool { return g.State == Over || g.State == Cancelled }

// ReminderBefore is the one reminder of a game of 2 days per move or more
// whose player set no schedule: a day before the deadline.
const ReminderBefore = 24 * time.Hour

// NextReminder is when the next reminder for the deadline is due; false
// if none is left.
func (g *Game) NextReminder() (time.Time, bool) {
	switch {
	case g.Reminded || g.Deadline.IsZero():
		return time.Time{}, false
	case len(g.RemindBefore) > 0:
		return g.Deadline.Add(-g.RemindBefore[0]), true
	case g.DaysPerMove >= 2:
		return g.Deadline.Add(-ReminderBefore), true
	}
	return time.Time{}, false
}

// HasPlayer reports whether address plays in the game: only players see
// each other's whole addresses and names; to anyone else (who may have
// written any From line) a player is "alice@...".
func (g *Game) HasPlayer(address string) bool {
	_, ok := g.SideOf(address)
	return ok
}

// ShownTo is address as reader may see it in this game (hasPlayer).
func (g *Game) ShownTo(address, reader string) string {
	if g.HasPlayer(reader) {
		return address
	}
	return keys.Shown(address, reader)
}

// IsPublic reports whether the game's page may be reached by its plain id:
// a tournament's game always (its players joined a tournament whose
// crosstable and pairings are shown), another game once every person in
// it said "public".
func (g *Game) IsPublic() bool {
	if g.Tournament != "" {
		return true
	}
	if g.State == Invited || g.State == Declined {
		return false
	}
	for s := rules.Black; s <= rules.White; s++ {
		if !g.Players[s].Bot && !slices.Contains(g.Public, s.String()) {
			return false
		}
	}
	return true
}

// Pause is the time not charged to the player to move while a deadline
// ran: the last gap (From, Until) and all gaps together (Total).
type Pause struct {
	From  time.Time     `json:"from"`
	Until time.Time     `json:"until"`
	Total time.Duration `json:"total"`
}

// SideRating is what a rated game did to one side's rating, kept in the
// game record.
type SideRating struct {
	Side   string        `json:"side"` // "black" or "white"
	Before rating.Rating `json:"before"`
	After  rating.Rating `json:"after"`
}

// TalkEntry is a message or a note as a game's record keeps it.
type TalkEntry struct {
	Side string    `json:"side"` // the writer's side
	Ply  int       `json:"ply"`  // the moves made when it was written
	At   time.Time `json:"at"`
	Text string    `json:"text"`
	Note bool      `json:"note,omitempty"` // a note: only its writer sees it
	Held bool      `json:"held,omitempty"` // not passed on: the opponent had muted messages
}

// Cancelled is a game the operator cancelled: it ended with no
// result, is not rated, and counts nowhere (a tournament treats it as not
// played). Result says so.
const Cancelled State = "cancelled"
