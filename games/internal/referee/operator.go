package referee

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// What a tournament's organiser (by mail, verb_organiser.go) and the
// server's operator (windpost admin) may do to a game: adjudicate it,
// extend the deadline of its move, and, the operator only, cancel it. Each
// action ends or changes the game in the change like a player's command
// does (an adjudicated game ends through liveGame.finish, so ratings and
// tournaments see it end), mails both players what happened and why, and
// goes to the audit log with who took it and why.

// adjudication is the reason of an adjudicated game's outcome: "black
// wins by adjudication".
const adjudication rules.Reason = "adjudication"

// MaxExtendDays caps one extension of a deadline.
const MaxExtendDays = 30

// CancelledResult is a cancelled game's Result.
const CancelledResult = "cancelled by the server's operator, without a result"

// Decision names the operator who takes an action and why; the players
// are told why, and the audit log keeps both.
type Decision struct {
	By  string // the operator's name; the audit log writes "operator:<By>"
	Why string // required
}

// check refuses a decision without a name or a reason.
func (d Decision) check() error {
	switch {
	case strings.TrimSpace(d.By) == "":
		return errors.New("say who takes the action (--by)")
	case strings.TrimSpace(d.Why) == "":
		return errors.New("say why (--why): the players are told")
	}
	return nil
}

func (d Decision) who() string { return "operator:" + strings.TrimSpace(d.By) }

// Actor is who took an action, as the players read it.
type Actor struct {
	Who   string // for the audit log: an address, or "operator:<name>"
	Words string // "The tournament's organiser, alice@example.org," or "The server's operator"
	Why   string // "" if none was given
}

func operatorActor(d Decision) Actor {
	return Actor{Who: d.who(), Words: "The server's operator", Why: strings.TrimSpace(d.Why)}
}

// told are the players of rec to tell of an action: both, but not an
// organiser who plays in it (their answer tells them).
func (a Actor) told(rec *record.Game) []string {
	var out []string
	for _, addr := range rec.Humans() {
		if addr != a.Who {
			out = append(out, addr)
		}
	}
	return out
}

// because is the reason as the players' mail says it, on a line of its
// own ("\nWhy: ..."), or "".
func (a Actor) because() string {
	if a.Why == "" {
		return ""
	}
	return "\nWhy: " + a.Why
}

// Adjudicate ends game id, a game in progress, by adjudication for the
// operator: in a solved game (Gufuu Shogi, Jul-Gonu) by the result the
// position is worth with perfect play, which result must then agree with
// if given (in Jul-Gonu only where that value is proven with the game's
// history, and by result otherwise); in another game (Micro-shogi) by
// result, "black", "white" or "draw", which is then required. It returns the result ("black wins by
// adjudication").
func (s *Server) Adjudicate(ctx context.Context, id, result string, d Decision) (string, error) {
	var text string
	err := s.operate(ctx, id, d, true, func(c *Change, lg *LiveGame) error {
		o, _, err := Adjudicate(c, lg, strings.ToLower(strings.TrimSpace(result)), operatorActor(d))
		text = o.String()
		return err
	})
	return text, err
}

// Extend gives the player to move in game id days more (1 to 30) for the
// move, for the operator, and returns the new deadline.
func (s *Server) Extend(ctx context.Context, id string, days int, d Decision) (time.Time, error) {
	var deadline time.Time
	err := s.operate(ctx, id, d, false, func(c *Change, lg *LiveGame) error {
		var err error
		deadline, err = Extend(c, lg, days, operatorActor(d))
		return err
	})
	return deadline, err
}

// Cancel ends game id, a game in progress or a challenge, without a
// result, for the operator: it is not rated and counts nowhere.
func (s *Server) Cancel(ctx context.Context, id string, d Decision) error {
	return s.operate(ctx, id, d, false, func(c *Change, lg *LiveGame) error {
		return cancel(c, lg, operatorActor(d))
	})
}

// operate runs act on game id in one write transaction and commits what
// it did; a refusal is returned as the error. table readies the game's
// solved table first, outside the transaction.
func (s *Server) operate(ctx context.Context, id string, d Decision, table bool, act func(*Change, *LiveGame) error) error {
	id = strings.ToLower(strings.TrimSpace(id))
	if err := d.check(); err != nil {
		return fmt.Errorf("games: game %s: %w", id, err)
	}
	if table {
		if err := s.readyTable(ctx, id); err != nil {
			return fmt.Errorf("games: game %s: %w", id, err)
		}
	}
	err := s.Store.Update(func(st StoreTx) error {
		c := s.NewChange(ctx, st, "")
		lg := c.Game(id)
		if err := c.Unreadable[id]; err != nil {
			return err
		}
		if lg == nil {
			return errors.New("there is no such game")
		}
		if err := sameBot(c, lg); err != nil {
			return err
		}
		if err := act(c, lg); err != nil {
			return err
		}
		return c.Commit()
	})
	if err != nil {
		return fmt.Errorf("games: game %s: %w", id, err)
	}
	return nil
}

// sameBot refuses to mail lg's players from a bot address whose domain
// is not the one of the mails they had about it (the operator named
// another config than serve's): their replies would go astray.
func sameBot(c *Change, lg *LiveGame) error {
	for _, p := range lg.Rec.Players {
		if p.Thread == "" {
			continue
		}
		if _, domain := keys.SplitAddress(strings.Trim(p.Thread, "<>")); !strings.EqualFold(domain, c.Server.Domain) {
			return fmt.Errorf("the game's mails come from @%s, not from the bot address given (@%s): name the config file windpost serve uses", domain, c.Server.Domain)
		}
	}
	return nil
}

// readyTable makes (or loads) the solved table of game id's variant, if it
// has one, so that the transaction reads it at once.
func (s *Server) readyTable(ctx context.Context, id string) error {
	var variant string
	err := s.Store.View(func(st StoreTx) error {
		rec, _, err := st.Game(id)
		if rec != nil {
			variant = rec.Variant
		}
		return err
	})
	if err != nil || variant == "" {
		return err
	}
	if kit, ok := s.Catalog.Lookup(variant); ok && kit.Table != nil {
		_, err = kit.Table.Ready(ctx)
	}
	return err
}

// notInProgress refuses an action on a game that is not being played.
func notInProgress(lg *LiveGame, what string) *Refusal {
	return Refused("game %s is not in progress (%s), so it cannot be %s.", lg.Rec.ID, stateWords(lg), what)
}

// stateWords says where a game that is not being played stands.
func stateWords(lg *LiveGame) string {
	switch lg.Rec.State {
	case record.Invited:
		return "the challenge has not been accepted"
	case record.Over:
		return "it is over: " + lg.Result()
	}
	return lg.Rec.Result
}

// Adjudicate ends lg by adjudication (see Server.Adjudicate; stated is ""
// or "black", "white", "draw"), tells both players, and logs it. It
// returns the outcome and on what it rests.
func Adjudicate(c *Change, lg *LiveGame, stated string, by Actor) (rules.Outcome, string, error) {
	rec := lg.Rec
	if rec.State != record.Playing {
		return rules.Outcome{}, "", notInProgress(lg, "adjudicated")
	}
	if rec.BotThinking {
		return rules.Outcome{}, "", ThinkingRefusal(lg)
	}
	o, basis, err := adjudicatedOutcome(c, lg, stated)
	if err != nil {
		return rules.Outcome{}, "", err
	}
	lg.Finish(o)
	for _, addr := range by.told(rec) {
		c.Notify(Notice, addr, rec.ID, fmt.Sprintf("%s adjudicated game %s: %s, %s.%s", by.Words, rec.ID, lg.ResultFor(addr), basis, by.because()))
	}
	return o, basis, c.Audit(by.Who, "adjudicate", rec.ID, o.String()+", "+basis, by.Why)
}

// adjudicatedOutcome is the outcome lg is adjudicated to: the solved table's,
// or in a game without one the stated result.
func adjudicatedOutcome(c *Change, lg *LiveGame, stated string) (rules.Outcome, string, error) {
	want, given := StatedOutcome(stated)
	if stated != "" && !given {
		return rules.Outcome{}, "", Refused("%q is not a result;", stated).Instead(`write black, white or draw (the side that wins, or draw).`)
	}
	title := lg.Kit.Rules.Title()
	if lg.Kit.Table == nil {
		if !given {
			return rules.Outcome{}, "", Refused("%s is not solved, so a game of it is adjudicated only by a stated result;", title).
				Instead(`write "adjudicate %s black", "adjudicate %s white" or "adjudicate %s draw".`, lg.Rec.ID, lg.Rec.ID, lg.Rec.ID)
		}
		return want, "by decision", nil
	}
	v, proven, searched, err := tableValue(c, lg)
	if err != nil {
		return rules.Outcome{}, "", err
	}
	toMove := lg.ToMove()
	table := "by the solved table: with perfect play from this position"
	if searched != "" {
		// Jul-Gonu: the table ignores the rule that no position may repeat;
		// only a value proven with the game's history decides.
		if !proven && !given {
			return rules.Outcome{}, "", Refused("the solved table of %s calls this position %s for %s to move, but it ignores the rule that no position may repeat, and the search with this game's history did not prove that (%s);", title, v, toMove, searched).
				Instead(`state the result: "adjudicate %s black", "adjudicate %s white" or "adjudicate %s draw".`, lg.Rec.ID, lg.Rec.ID, lg.Rec.ID)
		}
		if !proven {
			return want, fmt.Sprintf("by decision (the table's %s for %s to move is %s)", v, toMove, searched), nil
		}
		table += ", " + searched
	}
	o, basis := rules.DrawBy(adjudication), fmt.Sprintf("%s (%s to move), neither side can force a win", table, toMove)
	switch v.Kind {
	case solver.Won:
		o, basis = rules.WinFor(toMove, adjudication), fmt.Sprintf("%s, %s (to move) wins", table, toMove)
	case solver.Lost:
		o, basis = rules.WinFor(toMove.Opponent(), adjudication), fmt.Sprintf("%s, %s wins (%s is to move and loses)", table, toMove.Opponent(), toMove)
	}
	if given && want != o {
		return rules.Outcome{}, "", Refused("the solved table says %s in game %s, not what you wrote;", o, lg.Rec.ID).
			Instead(`a game of %s is adjudicated by the table alone: write "adjudicate %s" without a result.`, title, lg.Rec.ID)
	}
	return o, basis, nil
}

// StatedOutcome reads a stated result: "black" or "white" (that side
// wins) or "draw".
func StatedOutcome(s string) (rules.Outcome, bool) {
	if s == "draw" {
		return rules.DrawBy(adjudication), true
	}
	if side, ok := rules.ParseSide(s); ok {
		return rules.WinFor(side, adjudication), true
	}
	return rules.Outcome{}, false
}

// tableValue is the solved table's value of lg's position for the side to
// move, within Config.AnalysisTime (a table that is ready answers at once).
// When the analyst is a solver.Prover (its table ignores a rule of the
// game's history), it also says whether the value is proven and on what it
// rests (searched); otherwise proven is true and searched empty.
func tableValue(c *Change, lg *LiveGame) (v solver.Value, proven bool, searched string, err error) {
	prover, isProver := lg.Kit.Analyst.(solver.Prover)
	if isProver {
		ctx, cancel := context.WithTimeout(c.ctx, c.Server.Config.AnalysisTime)
		defer cancel()
		v, proven, searched, err = prover.Prove(ctx, lg.Game.Clone())
	} else {
		v, err = c.evaluate(lg, lg.Game.Clone())
		proven = true
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		c.Server.Log.Info("the solved table is not ready for an adjudication", "game", lg.Rec.ID, "err", err)
		return v, false, "", Refused("the solved table of %s is still being prepared;", lg.Kit.Rules.Title()).Instead("write again in a few minutes.")
	case err != nil:
		return v, false, "", fmt.Errorf("the solved table: %w", err)
	case v.Kind == solver.Estimate:
		return v, false, "", fmt.Errorf("the solved table gave an estimate (%s), not a proven value", v)
	}
	return v, proven, searched, nil
}

// Extend gives the player to move in lg days more for the move, tells both
// players, logs it, and returns the new deadline.
func Extend(c *Change, lg *LiveGame, days int, by Actor) (time.Time, error) {
	rec := lg.Rec
	switch {
	case rec.State != record.Playing:
		return time.Time{}, notInProgress(lg, "extended")
	case rec.Deadline.IsZero():
		return time.Time{}, Refused("game %s has no deadline to extend (games against the bot have no clock).", rec.ID)
	case days < 1 || days > MaxExtendDays:
		return time.Time{}, Refused("%d days is not an extension from 1 to %d days.", days, MaxExtendDays)
	}
	rec.Deadline = rec.Deadline.Add(time.Duration(days) * 24 * time.Hour)
	if err := armReminders(c, lg); err != nil {
		return time.Time{}, err
	}
	move := fmt.Sprintf("move #%d (%s to move)", len(rec.Moves)+1, lg.ToMove())
	for _, addr := range by.told(rec) {
		c.Notify(Notice, addr, rec.ID, fmt.Sprintf("%s gave %d more %s for %s in game %s: the deadline is now %s.%s",
			by.Words, days, Plural(days, "day", "days"), move, rec.ID, FormatTimeIn(rec.Deadline, c.LocationOf(addr)), by.because()))
	}
	detail := fmt.Sprintf("%d %s for %s; deadline %s", days, Plural(days, "day", "days"), move, rec.Deadline.UTC().Format(time.DateTime))
	return rec.Deadline, c.Audit(by.Who, "extend", rec.ID, detail, by.Why)
}

// cancel ends lg, a game in progress or a challenge, without a result,
// tells its players, and logs it.
func cancel(c *Change, lg *LiveGame, by Actor) error {
	rec := lg.Rec
	if rec.State != record.Playing && rec.State != record.Invited {
		return Refused("game %s cannot be cancelled: %s.", rec.ID, stateWords(lg))
	}
	if rec.BotThinking {
		return ThinkingRefusal(lg)
	}
	before := rec.State
	rec.State, rec.Result = record.Cancelled, CancelledResult
	rec.Deadline, rec.Reminded, rec.RemindBefore = time.Time{}, false, nil
	rec.DrawOffer, rec.UndoRequest, rec.UndoPly = "", "", 0
	told := rec.Humans()
	if before == record.Invited {
		told = []string{rec.Challenger} // the invitee never agreed to be mailed about it
	}
	for _, addr := range told {
		c.Notify(Notice, addr, rec.ID, fmt.Sprintf("%s cancelled game %s: it ends here without a result; it is not rated and counts nowhere.%s",
			by.Words, rec.ID, by.because()))
	}
	return c.Audit(by.Who, "cancel", rec.ID, fmt.Sprintf("was %s after %d moves", before, len(rec.Moves)), by.Why)
}
