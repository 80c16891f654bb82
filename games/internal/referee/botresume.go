package referee

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/botwork"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// The bot's side of a continuation: BotWork takes the waiting mails in
// turn (botqueue.go), the bot works out its move or the analyst its value
// outside any transaction, and resume restores the handling and runs the
// rest of the mail.

// PendingBot reports whether mails wait for the bot's work (BotWork).
func (s *Server) PendingBot() (bool, error) {
	var pending bool
	err := s.Store.View(func(st StoreTx) error {
		pending = st.BotWork().Any()
		return nil
	})
	return pending, err
}

// BotWork does the bot's work that mails left, in turns by lane
// (botqueue.go), until none is left, and returns the mails it queued. The
// bot thinks with no transaction open, within Config.BotMoveTime per
// move; when ctx ends it stops thinking at once and returns ctx's error:
// the work waits in the store for the next call (after a restart too).
// Work that fails (the bot's error, a damaged record) stays in the store
// and is passed over until the next call; its errors are returned
// together.
func (s *Server) BotWork(ctx context.Context) ([]Mail, error) {
	var all []Mail
	var failed []error
	skip := map[string]bool{} // at most one key per continuation
	for {
		if err := ctx.Err(); err != nil {
			return all, fmt.Errorf("games: bot work: %w", err)
		}
		var key string
		var cont *Continuation
		var lg *LiveGame
		err := s.Store.View(func(st StoreTx) error {
			var err error
			if key, cont, err = s.NextWork(st, skip); cont != nil && err == nil {
				lg = s.NewChange(ctx, st, "").Game(cont.Job.Game)
			}
			return err
		})
		if key == "" {
			return all, errors.Join(append(failed, err)...)
		}
		if err == nil {
			var mails []Mail
			mails, err = s.workOn(ctx, key, cont, lg)
			all = append(all, mails...)
		}
		if ctx.Err() != nil {
			return all, fmt.Errorf("games: bot work: %w", ctx.Err()) // the bot may have answered at the end of its time, but we were asked to stop
		}
		if err != nil {
			failed = append(failed, fmt.Errorf("games: bot work: %w", err))
			skip[key] = true
		}
	}
}

// workOn does the work of continuation key and finishes its mail.
func (s *Server) workOn(ctx context.Context, key string, cont *Continuation, lg *LiveGame) ([]Mail, error) {
	lane, _, _ := botwork.SplitKey(key)
	s.Log.Debug("bot work taken", "key", key, "lane", lane, "mail", cont.Req.MessageID, "from", cont.From, "game", cont.Job.Game, "kind", cont.Job.Kind)
	start := time.Now()
	res, err := s.work(ctx, cont, lg)
	took := time.Since(start) // the bot's real time, whatever the server's clock says
	s.Log.Debug("bot work done", "key", key, "mail", cont.Req.MessageID, "took", took)
	if err == nil && ctx.Err() == nil {
		var mails []Mail
		mails, err = s.resume(ctx, key, cont, res, took)
		if err == nil {
			return mails, nil
		}
	}
	return nil, fmt.Errorf("continuation %s (mail %s): %w", key, cont.Req.MessageID, errors.Join(err, ctx.Err()))
}

// workResult is what the bot worked out: its moves, the analyst's value,
// or the analysis text; changed says the game was no longer as the job
// found it, and nothing was worked out.
type workResult struct {
	moves    []rules.Move
	value    solver.Value
	analysis *document.Document
	changed  bool
}

// work does cont's job on lg, a game read before, with no lock held.
func (s *Server) work(ctx context.Context, cont *Continuation, lg *LiveGame) (workResult, error) {
	job := cont.Job
	if !unchanged(lg, job) || !lg.Rec.BotThinking {
		return workResult{changed: true}, nil
	}
	c := &Change{Server: s, ctx: ctx, Now: cont.Now}
	switch job.Kind {
	case JobAnswer, JobOpen:
		if _, err := c.botMoves(lg); err != nil {
			return workResult{}, err
		}
		var res workResult
		for _, mr := range lg.Rec.Moves[job.Ply:] {
			res.moves = append(res.moves, rules.Move(mr.Code))
		}
		return res, nil
	case JobDraw:
		v, err := c.evaluate(lg, lg.Game.Clone())
		return workResult{value: v}, err
	case JobAnalysis:
		d, err := Analyse(func(g *rules.Game) (solver.Value, error) { return c.evaluate(lg, g) }, lg)
		return workResult{analysis: &d}, err
	}
	return workResult{}, fmt.Errorf("unknown bot job %q", job.Kind)
}

// resume finishes the mail of continuation key with the bot's work res,
// which took the bot took, in one write transaction: the bot's move, the
// mail's remaining commands, its answer and notices, and the time charged
// to the sender.
func (s *Server) resume(ctx context.Context, key string, cont *Continuation, res workResult, took time.Duration) ([]Mail, error) {
	var queued []Mail
	err := s.Store.Update(func(st StoreTx) error {
		queued = nil
		if c, err := botwork.Read[Continuation](st.BotWork(), key); err != nil || c.Job != cont.Job {
			return nil // another worker finished it (or went on with it) meanwhile
		}
		h, err := s.restore(ctx, st, cont)
		if err != nil {
			return err
		}
		if h.Consent.proven { // a From line alone is charged nothing (botqueue.go)
			if err := st.BotWork().Charge(cont.From, took, s.now()); err != nil {
				return fmt.Errorf("charge the bot's time: %w", err)
			}
		}
		rest, err := h.apply(cont.Job, res)
		if err != nil {
			return err
		}
		for _, l := range cont.Rest {
			if c, ok := h.Server.Verbs.Parse(l); ok {
				rest = append(rest, c)
			}
		}
		if err := h.runCommands(rest); err != nil {
			return err
		}
		if h.bot.pending != nil {
			return h.suspend(key)
		}
		if err := st.BotWork().Delete(key); err != nil {
			return err
		}
		if err := h.commit(); err != nil {
			return err
		}
		queued = h.Queued
		return nil
	})
	return queued, err
}

// restore makes the handling of cont again, as it was when it paused.
func (s *Server) restore(ctx context.Context, st StoreTx, cont *Continuation) (*Handling, error) {
	c := s.NewChange(ctx, st, cont.From)
	c.Now = cont.Now
	if err := c.pcg.UnmarshalBinary(cont.RNG); err != nil {
		return nil, fmt.Errorf("the random numbers: %w", err)
	}
	c.rng = rand.New(c.pcg)
	h := &Handling{Change: c, MailState: cont.MailState}
	h.Answer = h.Answer.Resumed()
	h.Searched = append(h.Searched, searchKey(cont.Job.Game, cont.Job.Kind))
	for _, n := range cont.Notices {
		if c.Game(n.Game) == nil {
			s.Log.Error("news dropped: the game is gone", "game", n.Game, "to", n.To)
			continue
		}
		c.Notices[NoticeKey{n.To, n.Game}] = &notice{kind: n.Kind, Events: n.Events, order: n.Order}
	}
	if f := h.Answer.Focus; f != "" && c.Game(f) == nil {
		return nil, fmt.Errorf("game %s is gone", f)
	}
	// The first part of the mail recorded the sender's proof; read it
	// again, so that the answer counts against the right limit.
	if err := noteProof(h); err != nil {
		return nil, err
	}
	return h, nil
}

// apply brings the bot's work res for job into the game and the answer,
// and returns the commands to run first: the job's command again where
// it waited for the analyst.
func (h *Handling) apply(job BotJob, res workResult) ([]Command, error) {
	lg := h.Game(job.Game)
	if lg != nil {
		lg.Rec.BotThinking = false
	}
	if res.changed || !unchanged(lg, job) {
		if job.Kind == JobAnswer || job.Kind == JobOpen {
			sep := " "
			if job.Kind == JobOpen {
				sep = "\n"
			}
			h.Answer.reply(job.Line, Paragraphs(job.Prefix+sep+
				fmt.Sprintf("The bot did not answer: game %s changed while it was thinking.", job.Game)))
			h.Answer.Done++
			return nil, nil
		}
		return h.rerun(job), nil
	}
	switch job.Kind {
	case JobDraw:
		h.bot.value = &judged{game: job.Game, ply: job.Ply, v: res.value}
		return h.rerun(job), nil
	case JobAnalysis:
		if lg.Rec.Analysis == "" && lg.Rec.AnalysisDoc == nil {
			lg.Rec.AnalysisDoc = res.analysis
		}
		return h.rerun(job), nil
	}
	var played []string
	for _, m := range res.moves {
		text, err := lg.Play(m, h.Now)
		if err != nil {
			return nil, fmt.Errorf("game %s: the bot chose a move the rules refuse: %w", job.Game, err)
		}
		played = append(played, text)
	}
	text := job.Prefix
	if job.Kind == JobOpen {
		if len(played) > 0 {
			text += "\nThe bot opened with " + strings.Join(played, " ") + "."
		}
	} else {
		out := []string{text}
		if len(played) > 0 {
			out = append(out, "The bot answered "+strings.Join(played, " ")+".")
		}
		if lg.Rec.State == record.Over {
			out = append(out, "Game over: "+lg.ResultFor(h.From)+".")
		}
		text = strings.Join(out, " ")
	}
	h.Answer.reply(job.Line, Paragraphs(text))
	h.Answer.Done++
	return nil, nil
}

// unchanged reports whether lg is as job left it: at the same ply, and
// still being played if the bot is to move.
func unchanged(lg *LiveGame, job BotJob) bool {
	if lg == nil || len(lg.Rec.Moves) != job.Ply {
		return false
	}
	return analystJob(job.Kind) || lg.Rec.State == record.Playing
}

// rerun is the job's command, to run again now that the work is done.
func (h *Handling) rerun(job BotJob) []Command {
	if c, ok := h.Server.Verbs.Parse(job.Line); ok {
		return []Command{c}
	}
	return nil
}

// JudgedValue is the analyst's value of lg from BotWork, if it has one
// for lg as it is.
func (h *Handling) JudgedValue(lg *LiveGame) (solver.Value, bool) {
	j := h.bot.value
	if j == nil || j.game != lg.Rec.ID || j.ply != len(lg.Rec.Moves) {
		return solver.Value{}, false
	}
	return j.v, true
}

// Analyse values every position of a finished game and marks the moves
// that made the mover's result worse: a proven value dropped (a win into a
// draw or a loss, a draw into a loss, by solver.Value.Rank), or, between
// the search's estimates of a game that is not solved, winning chances
// lost (judgeMove).
func Analyse(evaluate func(*rules.Game) (solver.Value, error), lg *LiveGame) (document.Document, error) {
	g := lg.Game
	values := make([]solver.Value, len(g.Positions))
	for i := range g.Positions {
		prefix := &rules.Game{Variant: g.Variant, Positions: g.Positions[:i+1], Moves: g.Moves[:i]}
		v, err := evaluate(prefix.Clone())
		if err != nil {
			return document.Document{}, fmt.Errorf("position after move %d: %w", i, err)
		}
		values[i] = v
	}
	var d document.Document
	d.Add(document.Para(fmt.Sprintf("Analysis of game %s (%s).", lg.Rec.ID, lg.Result())),
		document.Joined(document.Para("Each move, who made it, and the position's value for that player "+
			"before and after the move, with best play from both sides:")),
		document.Joined(document.Grid(valueKey())),
		document.Joined(document.Para("A mistake turns a win into a draw or a loss, or a draw into a loss.")))
	if lg.Kit.Analyst != nil && !solved(values) {
		d.Add(document.Joined(document.Para(ChancesHelp)))
	}
	if _, ok := lg.Kit.Analyst.(solver.Prover); ok {
		d.Add(document.Joined(document.Para("No position may repeat: a value is the one proven with the game's " +
			"history where a search of the moves since the last capture proves it, else the solved table's, " +
			"which ignores that rule (in a table draw, a repetition trap deeper than the search is not seen).")))
	}
	t := document.TablePart{Columns: []document.Column{{Name: "Move", Whole: true}, {Name: "By"},
		{Name: "Before", Align: document.Right, Whole: true}, {Whole: true}, {Name: "After", Whole: true}, {}}}
	var mistakes, blunders int
	for i, m := range g.Moves {
		before := values[i]
		after := values[i+1].ForMover()
		row := []string{fmt.Sprintf("%d.%s", i+1, lg.Kit.Notation.FormatMove(g.Positions[i], m)),
			g.Positions[i].ToMove().String(), before.String(), "->", after.String(), ""}
		switch kind, why := judgeMove(before, after); kind {
		case "mistake":
			mistakes++
			row[5] = "mistake: " + why
		case "blunder":
			blunders++
			row[5] = "blunder: " + why
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) > 0 {
		d.Add(document.Grid(t))
	}
	sum := fmt.Sprintf("%d %s", mistakes, Plural(mistakes, "mistake", "mistakes"))
	if blunders > 0 || !solved(values) {
		sum += fmt.Sprintf(", %d %s", blunders, Plural(blunders, "blunder", "blunders"))
	}
	d.Add(document.Para(sum + "."))
	return d, nil
}
