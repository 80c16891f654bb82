package referee

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
)

// How a mail's lines are read: a command, a move, or talk to the
// opponent (readLines).

// readLines parses the mail's lines into commands. In the thread of a
// game that has begun (talkGame), the lines that are not commands, and
// greetings, are the message to the opponent, or in a game against the
// bot lines for a friendly word; nothing after a signature line ("-- ")
// is.
func readLines(h *Handling, lines []string) []Command {
	lg := talkGame(h)
	var cmds []Command
	signed := false
	for _, l := range lines {
		c, ok := h.Server.Verbs.Parse(l)
		if lg == nil {
			if ok {
				cmds = append(cmds, c)
			}
			continue
		}
		l = strings.TrimSpace(l)
		if l == "--" {
			signed = true
			continue
		}
		if ok && !prose(h, lg, c) {
			cmds = append(cmds, c)
			continue
		}
		switch {
		case signed || !talkable(l):
		case lg.Rec.IsBotGame():
			if ok {
				h.Talk.bot = append(h.Talk.bot, l)
			}
		default:
			h.Talk.Add(lg.Rec.ID, l)
		}
	}
	return cmds
}

// prose reports whether command line c, written in lg's thread, is not a
// command but talk: a line that could not be a move, words with a digit
// that name no move of the game, or "no thanks" with no offer to answer.
func prose(h *Handling, lg *LiveGame, c Command) bool {
	if c.Verb == VerbDecline && c.Words {
		return !AwaitsAnswer(h, lg)
	}
	if c.Verb != VerbMove || c.Err != "" || c.Number != 0 || SaysMove(c.Line) || (c.Game != "" && h.Tx.HasGame(c.Game)) {
		return false
	}
	if w := strings.Fields(c.Line); len(w) == 1 && h.Server.Verbs.Misspelt(strings.ToLower(strings.TrimFunc(w[0], unicode.IsPunct))) {
		return false // "resing": refused as not understood, not passed on
	}
	return !LooksLikeMove(c.Move) || (wordy(c.Move) && !namesMove(lg, c.Move))
}

// wordy reports whether text has two words or more of letters only:
// prose, since no notation's move has them ("See you in 2 weeks").
func wordy(text string) bool {
	n := 0
	for _, w := range strings.Fields(text) {
		w = strings.TrimFunc(w, unicode.IsPunct)
		if utf8.RuneCountInString(w) >= 2 && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) {
			n++
		}
	}
	return n >= 2
}

// namesMove reports whether a word of text is a move of lg's position:
// then the line may be meant as one, and it is run as a command.
func namesMove(lg *LiveGame, text string) bool {
	for _, w := range strings.Fields(text) {
		w = strings.TrimFunc(w, func(r rune) bool { return strings.ContainsRune(",.;!?()\"'", r) })
		if strings.ContainsAny(w, "0123456789") {
			if _, err := lg.Kit.Notation.ParseMove(lg.Game.Position(), w); err == nil {
				return true
			}
		}
	}
	return false
}

// Misspelt reports whether w is a slip of a command word (didYouMean).
func (r *verbRegistry) Misspelt(w string) bool {
	_, _, ok := r.DidYouMean(w)
	return ok
}

// talkable reports whether line is worth passing on: it has a letter, a
// digit or a symbol (an emoji), and is not a mail client's footer.
func talkable(line string) bool {
	low := strings.ToLower(line)
	if strings.HasPrefix(low, "sent from my ") || strings.HasPrefix(low, "get outlook for ") {
		return false
	}
	return strings.ContainsFunc(line, func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.So, r)
	})
}

// LooksLikeMove reports whether text could be a move rather than prose:
// moves name squares, which have a digit, except Gufuu's rotations in place
// ("K:>W", "s : > e"), which are short and carry the notation's ':' or '>'.
func LooksLikeMove(text string) bool {
	if strings.ContainsAny(text, "0123456789") {
		return true
	}
	letters := 0
	for _, r := range text {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return strings.ContainsAny(text, ":>") && letters <= 3
}

// SaysMove reports whether line starts with the word "move" or "play",
// perhaps after a game id: then it is meant as a move even without a digit.
func SaysMove(line string) bool {
	words := strings.Fields(strings.ToLower(line))
	if len(words) > 1 && keys.ValidGameID(words[0]) {
		words = words[1:]
	}
	return len(words) > 0 && (words[0] == "move" || words[0] == "play")
}

// AwaitsAnswer reports whether an offer in lg waits for the sender's
// answer.
func AwaitsAnswer(h *Handling, lg *LiveGame) bool {
	if lg == nil || lg.Rec.State != record.Playing || lg.Rec.IsBotGame() {
		return false
	}
	side, player := lg.Rec.SideOf(h.From)
	return player && len(OffersTo(lg.Rec, side)) > 0
}
