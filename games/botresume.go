package games

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
	err := s.store.view(func(st storeTx) error {
		pending = st.botWork().Any()
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
		var cont *continuation
		var lg *liveGame
		err := s.store.view(func(st storeTx) error {
			var err error
			if key, cont, err = s.nextWork(st, skip); cont != nil && err == nil {
				lg = s.newChange(ctx, st, "").game(cont.Job.Game)
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
func (s *Server) workOn(ctx context.Context, key string, cont *continuation, lg *liveGame) ([]Mail, error) {
	lane, _, _ := botwork.SplitKey(key)
	s.log.Debug("bot work taken", "key", key, "lane", lane, "mail", cont.Req.MessageID, "from", cont.From, "game", cont.Job.Game, "kind", cont.Job.Kind)
	start := time.Now()
	res, err := s.work(ctx, cont, lg)
	took := time.Since(start) // the bot's real time, whatever the server's clock says
	s.log.Debug("bot work done", "key", key, "mail", cont.Req.MessageID, "took", took)
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
func (s *Server) work(ctx context.Context, cont *continuation, lg *liveGame) (workResult, error) {
	job := cont.Job
	if !unchanged(lg, job) || !lg.rec.BotThinking {
		return workResult{changed: true}, nil
	}
	c := &change{srv: s, ctx: ctx, now: cont.Now}
	switch job.Kind {
	case jobAnswer, jobOpen:
		if _, err := c.botMoves(lg); err != nil {
			return workResult{}, err
		}
		var res workResult
		for _, mr := range lg.rec.Moves[job.Ply:] {
			res.moves = append(res.moves, rules.Move(mr.Code))
		}
		return res, nil
	case jobDraw:
		v, err := c.evaluate(lg, lg.g.Clone())
		return workResult{value: v}, err
	case jobAnalysis:
		d, err := analyse(func(g *rules.Game) (solver.Value, error) { return c.evaluate(lg, g) }, lg)
		return workResult{analysis: &d}, err
	}
	return workResult{}, fmt.Errorf("unknown bot job %q", job.Kind)
}

// resume finishes the mail of continuation key with the bot's work res,
// which took the bot took, in one write transaction: the bot's move, the
// mail's remaining commands, its answer and notices, and the time charged
// to the sender.
func (s *Server) resume(ctx context.Context, key string, cont *continuation, res workResult, took time.Duration) ([]Mail, error) {
	var queued []Mail
	err := s.store.update(func(st storeTx) error {
		queued = nil
		if c, err := botwork.Read[continuation](st.botWork(), key); err != nil || c.Job != cont.Job {
			return nil // another worker finished it (or went on with it) meanwhile
		}
		h, err := s.restore(ctx, st, cont)
		if err != nil {
			return err
		}
		if h.Consent.proven { // a From line alone is charged nothing (botqueue.go)
			if err := st.botWork().Charge(cont.From, took, s.now()); err != nil {
				return fmt.Errorf("charge the bot's time: %w", err)
			}
		}
		rest, err := h.apply(cont.Job, res)
		if err != nil {
			return err
		}
		for _, l := range cont.Rest {
			if c, ok := h.srv.verbs.parse(l); ok {
				rest = append(rest, c)
			}
		}
		if err := h.runCommands(rest); err != nil {
			return err
		}
		if h.bot.pending != nil {
			return h.suspend(key)
		}
		if err := st.botWork().Delete(key); err != nil {
			return err
		}
		if err := h.commit(); err != nil {
			return err
		}
		queued = h.queued
		return nil
	})
	return queued, err
}

// restore makes the handling of cont again, as it was when it paused.
func (s *Server) restore(ctx context.Context, st storeTx, cont *continuation) (*handling, error) {
	c := s.newChange(ctx, st, cont.From)
	c.now = cont.Now
	if err := c.pcg.UnmarshalBinary(cont.RNG); err != nil {
		return nil, fmt.Errorf("the random numbers: %w", err)
	}
	c.rng = rand.New(c.pcg)
	h := &handling{change: c, mailState: cont.mailState}
	h.Answer = h.Answer.resumed()
	h.Searched = append(h.Searched, searchKey(cont.Job.Game, cont.Job.Kind))
	for _, n := range cont.Notices {
		if c.game(n.Game) == nil {
			s.log.Error("news dropped: the game is gone", "game", n.Game, "to", n.To)
			continue
		}
		c.notices[noticeKey{n.To, n.Game}] = &notice{kind: n.Kind, events: n.Events, order: n.Order}
	}
	if f := h.Answer.Focus; f != "" && c.game(f) == nil {
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
func (h *handling) apply(job botJob, res workResult) ([]Command, error) {
	lg := h.game(job.Game)
	if lg != nil {
		lg.rec.BotThinking = false
	}
	if res.changed || !unchanged(lg, job) {
		if job.Kind == jobAnswer || job.Kind == jobOpen {
			sep := " "
			if job.Kind == jobOpen {
				sep = "\n"
			}
			h.Answer.reply(job.Line, paragraphs(job.Prefix+sep+
				fmt.Sprintf("The bot did not answer: game %s changed while it was thinking.", job.Game)))
			h.Answer.Done++
			return nil, nil
		}
		return h.rerun(job), nil
	}
	switch job.Kind {
	case jobDraw:
		h.bot.value = &judged{game: job.Game, ply: job.Ply, v: res.value}
		return h.rerun(job), nil
	case jobAnalysis:
		if lg.rec.Analysis == "" && lg.rec.AnalysisDoc == nil {
			lg.rec.AnalysisDoc = res.analysis
		}
		return h.rerun(job), nil
	}
	var played []string
	for _, m := range res.moves {
		text, err := lg.play(m, h.now)
		if err != nil {
			return nil, fmt.Errorf("game %s: the bot chose a move the rules refuse: %w", job.Game, err)
		}
		played = append(played, text)
	}
	text := job.Prefix
	if job.Kind == jobOpen {
		if len(played) > 0 {
			text += "\nThe bot opened with " + strings.Join(played, " ") + "."
		}
	} else {
		out := []string{text}
		if len(played) > 0 {
			out = append(out, "The bot answered "+strings.Join(played, " ")+".")
		}
		if lg.rec.State == record.Over {
			out = append(out, "Game over: "+lg.resultFor(h.From)+".")
		}
		text = strings.Join(out, " ")
	}
	h.Answer.reply(job.Line, paragraphs(text))
	h.Answer.Done++
	return nil, nil
}

// unchanged reports whether lg is as job left it: at the same ply, and
// still being played if the bot is to move.
func unchanged(lg *liveGame, job botJob) bool {
	if lg == nil || len(lg.rec.Moves) != job.Ply {
		return false
	}
	return analystJob(job.Kind) || lg.rec.State == record.Playing
}

// rerun is the job's command, to run again now that the work is done.
func (h *handling) rerun(job botJob) []Command {
	if c, ok := h.srv.verbs.parse(job.Line); ok {
		return []Command{c}
	}
	return nil
}

// judgedValue is the analyst's value of lg from BotWork, if it has one
// for lg as it is.
func (h *handling) judgedValue(lg *liveGame) (solver.Value, bool) {
	j := h.bot.value
	if j == nil || j.game != lg.rec.ID || j.ply != len(lg.rec.Moves) {
		return solver.Value{}, false
	}
	return j.v, true
}

// analyse values every position of a finished game and marks the moves
// that made the mover's result worse: a proven value dropped (a win into a
// draw or a loss, a draw into a loss, by solver.Value.Rank), or, between
// the search's estimates of a game that is not solved, winning chances
// lost (judgeMove).
func analyse(evaluate func(*rules.Game) (solver.Value, error), lg *liveGame) (document.Document, error) {
	g := lg.g
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
	d.Add(document.Para(fmt.Sprintf("Analysis of game %s (%s).", lg.rec.ID, lg.result())),
		document.Joined(document.Para("Each move, who made it, and the position's value for that player "+
			"before and after the move, with best play from both sides:")),
		document.Joined(document.Grid(valueKey())),
		document.Joined(document.Para("A mistake turns a win into a draw or a loss, or a draw into a loss.")))
	if lg.kit.Analyst != nil && !solved(values) {
		d.Add(document.Joined(document.Para(chancesHelp)))
	}
	if _, ok := lg.kit.Analyst.(solver.Prover); ok {
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
		row := []string{fmt.Sprintf("%d.%s", i+1, lg.kit.Notation.FormatMove(g.Positions[i], m)),
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
	sum := fmt.Sprintf("%d %s", mistakes, plural(mistakes, "mistake", "mistakes"))
	if blunders > 0 || !solved(values) {
		sum += fmt.Sprintf(", %d %s", blunders, plural(blunders, "blunder", "blunders"))
	}
	d.Add(document.Para(sum + "."))
	return d, nil
}
