package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

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
	Bot     bool         `json:"bot,omitempty"`
	Level   solver.Level `json:"level,omitempty"` // the bot's level
	// Thread is the Message-ID of the first mail of this game to this
	// player; later mails reference it.
	Thread string `json:"thread,omitempty"`
}

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

// gameRecord is a game as the games bucket keeps it.
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
	Reminded    bool      `json:"reminded,omitempty"`      // the reminder for Deadline went out

	DrawOffer   string `json:"draw_offer,omitempty"`   // the side that offered a draw
	UndoRequest string `json:"undo_request,omitempty"` // the side that asked to take back
	UndoPly     int    `json:"undo_ply,omitempty"`     // the ply count when it asked

	Analysis string    `json:"analysis,omitempty"` // cached text of the post-game analysis
	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
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

// liveGame is a game loaded for a request: its record, its kit and the
// rules.Game rebuilt from the moves.
type liveGame struct {
	rec *gameRecord
	kit variants.Kit
	g   *rules.Game
	// stored is the record as read from the store (nil for a new game):
	// flush writes rec back only if it differs, so that a refused command
	// or a tick with nothing to do changes nothing.
	stored []byte
}

// rebuild replays rec's moves with the engine. A stored move whose code
// the engine no longer accepts is read again from its text.
func rebuild(rec *gameRecord, kit variants.Kit) (*rules.Game, error) {
	start, err := kit.Notation.ParsePosition(rec.Start)
	if err != nil {
		return nil, fmt.Errorf("game %s: start position: %w", rec.ID, err)
	}
	g := rules.NewGameFrom(kit.Rules, start)
	for i, mr := range rec.Moves {
		m := rules.Move(mr.Code)
		if err := g.Play(m); err != nil {
			m, err = kit.Notation.ParseMove(g.Position(), mr.Text)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				return nil, fmt.Errorf("game %s: move %d (%s): %w", rec.ID, i+1, mr.Text, err)
			}
			rec.Moves[i].Code = uint32(m)
		}
	}
	return g, nil
}

// play plays m for the side to move and records it.
func (lg *liveGame) play(m rules.Move, now time.Time) (string, error) {
	before := lg.g.Position()
	text := lg.kit.Notation.FormatMove(before, m)
	if err := lg.g.Play(m); err != nil {
		return "", err
	}
	pos := lg.kit.Notation.FormatPosition(lg.g.Position())
	lg.rec.Moves = append(lg.rec.Moves, moveRecord{Text: text, Code: uint32(m), Position: pos, At: now})
	lg.sync()
	if o := lg.g.Outcome(); o.Over() {
		lg.finish(o)
	}
	return fmt.Sprintf("%d.%s", len(lg.rec.Moves), text), nil
}

// takeBack removes the last n moves.
func (lg *liveGame) takeBack(n int) {
	for i := 0; i < n && lg.g.Undo(); i++ {
		lg.rec.Moves = lg.rec.Moves[:len(lg.rec.Moves)-1]
	}
	lg.sync()
}

// sync copies the position and the side to move into the record.
func (lg *liveGame) sync() {
	lg.rec.Position = lg.kit.Notation.FormatPosition(lg.g.Position())
	lg.rec.ToMove = lg.g.Position().ToMove().String()
	if lg.rec.State == stateOver {
		lg.rec.ToMove = "none"
	}
}

// finish ends the game with outcome o.
func (lg *liveGame) finish(o rules.Outcome) {
	lg.rec.State = stateOver
	lg.rec.Result = o.String()
	lg.rec.Reason = string(o.Reason)
	lg.rec.Winner = ""
	if o.Status == rules.Win {
		lg.rec.Winner = o.Winner.String()
	}
	lg.rec.ToMove = "none"
	lg.rec.Deadline = time.Time{}
	lg.rec.DrawOffer, lg.rec.UndoRequest, lg.rec.UndoPly = "", "", 0
}

// lastMove is the last move in the record's numbered form ("4.K-2b"), or
// "".
func (g *gameRecord) lastMove() string {
	if len(g.Moves) == 0 {
		return ""
	}
	return fmt.Sprintf("%d.%s", len(g.Moves), g.Moves[len(g.Moves)-1].Text)
}

// playerRecord is a player as the players bucket keeps it.
type playerRecord struct {
	V             int            `json:"v"`
	Address       string         `json:"address"`
	Games         []string       `json:"games,omitempty"`         // every game id, oldest first
	VacationFrom  time.Time      `json:"vacation_from,omitempty"` // when the last vacation began: its days count in that year
	VacationUntil time.Time      `json:"vacation_until,omitempty"`
	VacationDays  map[string]int `json:"vacation_days,omitempty"` // year -> days taken
	ErrorAnswers  []time.Time    `json:"error_answers,omitempty"` // within the last hour
	Created       time.Time      `json:"created"`
}

func (p *playerRecord) onVacation(now time.Time) bool { return now.Before(p.VacationUntil) }

// tokenRecord is the token index: which game and player a token belongs to.
type tokenRecord struct {
	V       int    `json:"v"`
	Game    string `json:"game"`
	Address string `json:"address"`
}
