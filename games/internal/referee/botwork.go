package referee

import (
	"slices"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/solver"
)

// The bot thinks outside the mail's write transaction. A command that
// needs the bot's move or the analyst's values (a move or "new" against
// the bot, "draw" with the bot, "analysis") returns a *thinking error;
// Handle then commits what the mail did so far, marks the game
// BotThinking, and stores a continuation: the job, the mail's remaining
// command lines and the answer so far. BotWork loads the game in a read
// transaction, thinks with no lock held, then in a second write
// transaction checks that the game is unchanged, plays the move, runs the
// remaining lines and sends the one answer. A restart finds the
// continuation in the store and thinks again. The bot thinks at most once
// per game in each mail.

// The kinds of bot work.
const (
	JobAnswer   = "answer"   // the bot answers the player's move
	JobOpen     = "open"     // the bot opens a new game
	JobDraw     = "draw"     // the analyst judges a draw offered to the bot
	JobAnalysis = "analysis" // the analyst values every move of a finished game
)

// BotJob is the work a command left for the bot: in game Game at ply Ply,
// for the command Line, which said Prefix before the bot's move.
type BotJob struct {
	Kind   string `json:"kind"`
	Game   string `json:"game"`
	Ply    int    `json:"ply"`
	Line   string `json:"line"`
	Prefix string `json:"prefix,omitempty"`
}

// thinking is the error of a command that needs the bot's work first.
type thinking struct{ job BotJob }

func (t *thinking) Error() string { return "game " + t.job.Game + ": the bot is to think" }

// botState is the bot's part of a handling: the command being run, the
// games the bot thought about in this mail, the analyst's value found by
// BotWork, the commands over budget, and the continuation to store.
type botState struct {
	line    string
	value   *judged
	pending *Continuation
}

// judged is the analyst's value of a game at a ply.
type judged struct {
	game string
	ply  int
	v    solver.Value
}

// Continuation is a mail whose answer waits for the bot, as the bot-work
// bucket keeps it.
type Continuation struct {
	V int `json:"v"`
	MailState
	Now     time.Time     `json:"now"`
	RNG     []byte        `json:"rng"`
	Notices []savedNotice `json:"notices,omitempty"`
	Job     BotJob        `json:"job"`
	Rest    []string      `json:"rest,omitempty"` // the command lines after Job.Line
}

type savedNotice struct {
	To     string   `json:"to"`
	Game   string   `json:"game"`
	Kind   MailKind `json:"kind"`
	Events []string `json:"events"`
	Order  int      `json:"order"`
}

// Think returns the *thinking error of a command that needs the bot's
// work of kind in lg; prefix is what the command says before the bot's
// move.
func (h *Handling) Think(kind string, lg *LiveGame, prefix string) error {
	return &thinking{BotJob{Kind: kind, Game: lg.Rec.ID, Ply: len(lg.Rec.Moves), Line: h.bot.line, Prefix: prefix}}
}

// MayThink refuses a command that needs the bot's work of kind in lg
// while it thinks there already, or when it did that work there before in
// this mail: the bot searches a move once per game in each mail, and the
// analyst judges once per game in each mail.
func (h *Handling) MayThink(lg *LiveGame, kind string) error {
	if lg.Rec.BotThinking {
		return ThinkingRefusal(lg)
	}
	if slices.Contains(h.Searched, searchKey(lg.Rec.ID, kind)) {
		what := "searched for a move in"
		if analystJob(kind) {
			what = "judged"
		}
		return Refused("the bot has already %s game %s for this mail, and it does that once per game in each mail.", what, lg.Rec.ID).
			Instead("Send this command again in a new mail.")
	}
	return nil
}

// analystJob reports whether work of kind is the analyst's.
func analystJob(kind string) bool { return kind == JobDraw || kind == JobAnalysis }

// searchKey is what botState.searched notes for work of kind in game.
func searchKey(game, kind string) string {
	if analystJob(kind) {
		return game + " analyst"
	}
	return game
}

// ThinkingRefusal refuses a change to a game whose bot is thinking.
func ThinkingRefusal(lg *LiveGame) *Refusal {
	return Refused("the bot is thinking about game %s; its answer comes in a separate mail.", lg.Rec.ID).
		Instead("Write again once it has answered.")
}

// pause keeps what the mail did so far and the commands rest as the
// continuation of job.
func (h *Handling) pause(job BotJob, rest []Command) {
	rng, _ := h.pcg.MarshalBinary() // a PCG always marshals
	cont := &Continuation{MailState: h.MailState, Now: h.Now, RNG: rng, Job: job}
	cont.Req.Lines = nil
	cont.Caused = h.Caused + len(h.Queued) + h.Server.club.mailsFor(h.Change)
	for _, c := range rest {
		cont.Rest = append(cont.Rest, c.Line)
	}
	for k, n := range h.Notices {
		cont.Notices = append(cont.Notices, savedNotice{To: k.To, Game: k.Game, Kind: n.kind, Events: n.Events, Order: n.order})
	}
	slices.SortFunc(cont.Notices, func(a, b savedNotice) int { return a.Order - b.Order })
	h.bot.pending = cont
}

// suspend writes what the mail did so far and its continuation, at the
// back of its lane of the bot's queue (botqueue.go). old is the key of the
// continuation it goes on from, "" in the mail's first transaction, which
// marks the mail processed too.
func (h *Handling) suspend(old string) error {
	cont := h.bot.pending
	if lg := h.Game(cont.Job.Game); lg != nil {
		lg.Rec.BotThinking = true
	}
	if err := h.writeRecords(); err != nil {
		return err
	}
	if old != "" {
		if err := h.Tx.BotWork().Delete(old); err != nil {
			return err
		}
	}
	lane := h.lane()
	cont.V = 1
	key, err := h.Tx.BotWork().Push(lane, cont)
	if err != nil {
		return err
	}
	h.Server.Log.Debug("bot work queued", "key", key, "lane", lane, "mail", h.Req.MessageID, "from", h.From, "game", cont.Job.Game, "kind", cont.Job.Kind)
	if old != "" {
		return nil
	}
	return h.Tx.MarkProcessed(h.Req.MessageID, record.Processed{At: h.Now, From: h.From})
}
