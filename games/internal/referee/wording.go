package referee

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
)

// The wording of what players read that is not tied to one mail kind:
// the move format's example, names of players, results in the reader's
// words, "did you mean".

// replyWithMove says how to write a move, with an example that is a
// legal move of g's position (exampleMove), or in words when it has none.
func replyWithMove(n notation.Notation, g *rules.Game, seed uint64, number int) string {
	if e := ExampleMove(n, g, seed); e != "" {
		return fmt.Sprintf("Reply with your move, e.g. \"%s #%d\"; \"moves\" lists the legal ones.\n", e, number)
	}
	return fmt.Sprintf("Reply with your move and its number, #%d; \"moves\" lists the legal ones.\n", number)
}

// DayCount is n days in words: "1 day", "3 days".
func DayCount(n int) string {
	return fmt.Sprintf("%d %s", n, Plural(n, "day", "days"))
}

// DidYouMean returns the command word that the first word of line is a
// slip of: one letter changed, added, left out or two swapped (two such
// slips in a word of six letters or more), and the word as written. ok is
// false when the line starts with no such word.
func (r *verbRegistry) DidYouMean(line string) (word string, meant Verb, ok bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 || len(fields) > 3 {
		return "", "", false
	}
	word = strings.ToLower(strings.TrimFunc(fields[0], unicode.IsPunct))
	if len(word) < 4 {
		return "", "", false
	}
	best := 3
	for _, v := range r.suggestions {
		d := Slips(word, string(v))
		if d == 0 {
			return "", "", false
		}
		if d < best && (d == 1 || len(word) >= 6 && len(v) >= 6) {
			best, meant = d, v
		}
	}
	return word, meant, meant != ""
}

// Slips is the optimal string alignment distance between a and b: the
// letters changed, added or left out and the neighbours swapped to turn
// one into the other.
func Slips(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the table (the one before last for the swaps): one
	// array on the stack for the words of commands.
	n := len(rb) + 1
	var buf [3 * 24]int
	rows := buf[:]
	if 3*n > len(buf) {
		rows = make([]int, 3*n)
	}
	before, last, row := rows[:n], rows[n:2*n], rows[2*n:3*n]
	for j := range last {
		last[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		row[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			row[j] = min(last[j]+1, row[j-1]+1, last[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				row[j] = min(row[j], before[j-2]+1)
			}
		}
		before, last, row = last, row, before
	}
	return last[len(rb)]
}

// NotUnderstood refuses a line that is neither a command nor a move; one
// that starts with a slip of a command word is asked about ("Did you mean
// "help"?").
func (r *verbRegistry) NotUnderstood(line string) *Refusal {
	if word, meant, ok := r.DidYouMean(line); ok {
		return &Refusal{wrong: fmt.Sprintf("I do not know the command %q.", word),
			right: fmt.Sprintf("Did you mean %q? (\"help\" lists the commands.)", string(meant)), notCommand: true, slip: true}
	}
	return &Refusal{wrong: "I do not understand this line.",
		right: "It is not a command, nor a move (moves name squares, so they have digits).", notCommand: true}
}

// ResultFor says how the game ended in reader's own words: "you win by
// checkmate", "you lose on time", "draw by agreement"; to someone who
// does not play it, "black wins by resignation". A game that never began
// keeps its reason ("the challenge expired"); a game going on gives "".
func (lg *LiveGame) ResultFor(reader string) string {
	if lg.Rec.State != record.Over {
		return lg.Rec.Result
	}
	o := lg.Outcome
	how := "by " + string(o.Reason)
	switch o.Reason {
	case rules.AgreedDraw:
		how = "by agreement"
	case rules.Timeout:
		how = "on time"
	case rules.Abandoned:
		how = "by abandonment"
	}
	if o.Status != rules.Win {
		return "draw " + how
	}
	side, player := lg.Rec.SideOf(reader)
	switch {
	case !player:
		return fmt.Sprintf("%s wins %s", o.Winner, how)
	case side == o.Winner:
		return "you win " + how
	}
	return "you lose " + how
}

// MaxNameRunes is the longest display name shown; longer ones are cut.
const MaxNameRunes = 40

// CleanName makes a display name from a From header fit to show to
// others: it is user input, so control, format (bidi) and other invisible
// characters are dropped, quotes and angle brackets too, white space is
// folded, and the name is cut to maxNameRunes. A name that holds an
// address or nothing readable gives "".
func CleanName(name string) string {
	var b strings.Builder
	space := false
	for _, r := range name {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Co, r), r == unicode.ReplacementChar,
			!unicode.IsPrint(r), strings.ContainsRune("\"'`<>«»‹›“”‘’„", r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	s := b.String()
	if strings.Contains(s, "@") || !strings.ContainsFunc(s, unicode.IsLetter) {
		return ""
	}
	if r := []rune(s); len(r) > MaxNameRunes {
		s = strings.TrimSpace(string(r[:MaxNameRunes]))
	}
	return s
}

// shownAs is how others see a player: "Alice (alice@example.org)" when
// they gave a display name, else the address.
func shownAs(name, address string) string {
	if name == "" {
		return address
	}
	return fmt.Sprintf("%s (%s)", name, address)
}

// noteName keeps the display name of the sender's From on their record,
// and on their seats in the games they play, when the sender is proven
// (a forged From cannot rename someone). A mail without a name changes
// nothing.
func (h *Handling) noteName() error {
	name := CleanName(h.Req.FromName)
	if name == "" || !h.Consent.proven {
		return nil
	}
	p, err := h.Player(h.From)
	if err != nil {
		return err
	}
	if p.Name == name {
		return nil
	}
	p.Name = name
	h.MarkChanged(h.From)
	lgs, err := h.PlayerGames(h.From)
	if err != nil {
		return err
	}
	for _, lg := range lgs {
		if side, ok := lg.Rec.SideOf(h.From); ok && lg.Rec.State != record.Over {
			lg.Rec.Players[side].Name = name
		}
	}
	return nil
}

// FromShown is the sender as the mails to others show them.
func (h *Handling) FromShown() string {
	if p, err := h.Player(h.From); err == nil {
		return shownAs(p.Name, h.From)
	}
	return h.From
}

// ShownSlot is the player as mails to others show them: "the bot (casual)",
// "Alice (alice@example.org)" or the address.
func ShownSlot(p record.Slot) string {
	if p.Bot {
		return p.Label()
	}
	return shownAs(p.Name, p.Address)
}

// whoDoes says that the player of side does something, to reader: "You
// offer a draw.", "The bot offers a draw.", "Alice (alice@example.org)
// offers a draw."; you and them are the two forms of the verb phrase.
func whoDoes(rec *record.Game, side rules.Side, reader, you, them string) string {
	p := rec.Players[side]
	switch {
	case p.Bot:
		return "The bot " + them
	case p.Address == reader:
		return "You " + you
	case !rec.HasPlayer(reader):
		return keys.Shown(p.Address, reader) + " " + them
	}
	return ShownSlot(p) + " " + them
}

// otherOpponent says what to write when an address cannot be challenged.
const otherOpponent = `Challenge someone else, or play the bot: write "new" and a game's name.`

// nameAnd is what stands in parentheses after a side or a name, so that
// they never nest: "Alice, alice@example.org", "alice@example.org", or
// with more, "alice@example.org, black".
func nameAnd(p record.Slot, more string) string {
	parts := []string{p.Address}
	if p.Name != "" {
		parts = []string{p.Name, p.Address}
	}
	if more != "" {
		parts = append(parts, more)
	}
	return strings.Join(parts, ", ")
}
