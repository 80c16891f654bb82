package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/referee"
)

// formatVerb is the registry's entry of "format".
func formatVerb() referee.VerbSpec {
	return referee.VerbSpec{Verb: referee.VerbFormat, Words: []string{"format"}, Authority: referee.Sender, Suggest: true, Topic: "format",
		Usage: "format accessible / format standard\n\teach game in words, no board (for screen readers\n\tand large print), or the board again",
		Parse: parseFormat, Run: formatRun, Help: formatHelp}
}

// parseFormat reads "format [accessible|standard]".
func parseFormat(c *referee.Command, l referee.LineWords) {
	switch w := strings.Join(l.Low, " "); w {
	case "":
	case referee.FormatAccessible, "words", "text", "screen reader", "blind":
		c.Format = referee.FormatAccessible
	case referee.FormatStandard, "board", "normal", "default":
		c.Format = referee.FormatStandard
	default:
		c.Err = fmt.Sprintf(`"format %s": write "format accessible" (each game in words) or "format standard" (the board).`, w)
	}
}

// formatRun answers "format": it sets the format of the sender's mails,
// or says it.
func formatRun(h *referee.Handling, c referee.Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	switch c.Format {
	case referee.FormatAccessible:
		p.Format = referee.FormatAccessible
		h.MarkChanged(h.From)
	case referee.FormatStandard:
		p.Format = ""
		h.MarkChanged(h.From)
	}
	say := `your mails show each game as a board (text and picture). "format accessible" shows it in words instead.`
	if p.Format == referee.FormatAccessible {
		say = `your mails show each game in words: the last move in a sentence and the pieces by square, no board. "moves" lists the legal moves; "format standard" brings the board back.`
	}
	if c.Format != "" {
		return "Done: " + say, nil
	}
	return "Now " + say, nil
}

// formatHelp is "help format".
const formatHelp = `"format accessible" shows each game in your mails in words instead of a
board, for a screen reader or large print: the last move in one sentence
("White (bob@...) moved the pawn from 4b to 4c and took the pawn, giving
check."), whose move it is, and the pieces listed by square and in hand;
no diagram and no picture. "moves" lists the legal moves in a game;
"format standard" brings the board back. "format" alone says which you
have.`
