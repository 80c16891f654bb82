package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// parseTalk reads "say <text>", "note <text>", "mute [game]" and "unmute
// [game]".
func parseTalk(c *referee.Command, verb, line string, args []string) {
	c.Verb = referee.Verb(verb)
	if c.Verb == referee.VerbMute || c.Verb == referee.VerbUnmute {
		c.ParseGameArg(args)
		return
	}
	rest := line
	if c.Game != "" {
		rest = strings.TrimSpace(rest[len(strings.Fields(rest)[0]):])
	}
	c.Text = strings.TrimSpace(rest[len(strings.Fields(rest)[0]):])
	if c.Text == "" {
		c.Err = fmt.Sprintf("write %s and your text on one line, e.g. \"%s Nice move!\"", verb, verb)
	}
}

// talkTarget finds the game say and note are about: one the sender plays
// and proved with the reply key, that has begun.
func talkTarget(h *referee.Handling, c referee.Command) (*referee.LiveGame, error) {
	lg, _, err := referee.GameFor(h, c, true, referee.IsPlaying, "game in progress")
	if err != nil {
		return nil, err
	}
	if s := lg.Rec.State; s != record.Playing && s != record.Over {
		return nil, referee.Refused("game %s has not begun;", lg.Rec.ID).Instead("you can write to your opponent once it has.")
	}
	return lg, nil
}

// say answers "say <text>": the text joins the sender's message to the
// opponent, passed on when the mail's commands have run.
func say(h *referee.Handling, c referee.Command) (string, error) {
	lg, err := talkTarget(h, c)
	if err != nil {
		return "", err
	}
	if lg.Rec.IsBotGame() {
		return `The bot does not read messages, so this went to no one ("note <text>" keeps a note for yourself).`, nil
	}
	h.Talk.Add(lg.Rec.ID, c.Text)
	// What becomes of the message is said once, below the commands
	// (passTalk): it may yet not be passed on.
	return "Added to your message (below).", nil
}

// noteVerb answers "note <text>": a note in the game's record that only its
// writer sees.
func noteVerb(h *referee.Handling, c referee.Command) (string, error) {
	lg, err := talkTarget(h, c)
	if err != nil {
		return "", err
	}
	text, cut := referee.CutTalk(c.Text)
	side, _ := lg.Rec.SideOf(h.From)
	referee.KeepTalk(lg.Rec, record.TalkEntry{Side: side.String(), Ply: len(lg.Rec.Moves), At: h.Now, Text: text, Note: true})
	done := fmt.Sprintf("Done: noted in game %s. Only you see your notes, in \"history\".", lg.Rec.ID)
	if cut {
		done += fmt.Sprintf(" The note was cut to %d characters.", referee.TalkLimit)
	}
	return done, nil
}

// mute answers "mute" and "unmute": the opponent's messages in a game
// stop reaching the sender, or reach them again.
func mute(h *referee.Handling, c referee.Command) (string, error) {
	lg, side, err := referee.GameFor(h, c, true, referee.IsPlaying, "game in progress")
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	if rec.IsBotGame() {
		return "", referee.Refused("the bot sends no messages in game %s.", rec.ID).
			Instead(`Reply with your move, or "help" for the commands.`)
	}
	opp := rec.OpponentAddress(side)
	on := slices.Contains(rec.Muted, side.String())
	switch {
	case c.Verb == referee.VerbMute && on:
		return fmt.Sprintf("Messages from %s in game %s are already muted; \"unmute\" lets them through again.", opp, rec.ID), nil
	case c.Verb == referee.VerbMute:
		rec.Muted = append(rec.Muted, side.String())
		return fmt.Sprintf("Done: messages from %s in game %s no longer reach you; \"unmute\" lets them through again.", opp, rec.ID), nil
	case !on:
		return fmt.Sprintf("Messages from %s in game %s are not muted.", opp, rec.ID), nil
	}
	rec.Muted = slices.DeleteFunc(rec.Muted, func(s string) bool { return s == side.String() })
	return fmt.Sprintf("Done: messages from %s in game %s reach you again.", opp, rec.ID), nil
}

// talkHelp is "help talk".
const talkHelp = `In a game against a person, write to your opponent in your reply about
the game: every line that is not a command (a greeting, a comment) is
passed on to them with the news of your mail, and kept in the game's
record ("history" shows the messages to both of you). "say <text>" says
it explicitly. At most 500 characters a mail; quoted text and your
signature are never passed on. "note <text>" keeps a note that only you
see in "history". "mute" stops your opponent's messages in that game,
"unmute" lets them through again. The bot does not read messages.`
