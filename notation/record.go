package notation

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/windpost/windpost/rules"
)

// A game record is a numbered list of moves, one number per ply, as on the
// Gufuu designer's page: "1.K*1c>N 2.K*2c>S 3.W*1b>S". A record of a game
// that did not begin at the variant's start begins with a tag line
// [Position "<position string>"]. Lines starting with '[' hold tags; a
// move's text runs from its number to the next number, so move texts may
// contain spaces ("b2-b3 x b4 c3", "K-2b X").

// RecordError names the first move of a record that could not be played.
type RecordError struct {
	Ply  int    // the move's number (1 = the first move)
	Text string // the move as written
	Err  error  // why it was refused
}

// Error names the move by its number and text, then why it was refused.
func (e *RecordError) Error() string {
	if e.Text == "" {
		return fmt.Sprintf("move %d: %v", e.Ply, e.Err)
	}
	return fmt.Sprintf("move %d (%s): %v", e.Ply, e.Text, e.Err)
}

// Unwrap returns why the move was refused.
func (e *RecordError) Unwrap() error { return e.Err }

// FormatRecord writes g's moves as a numbered record, wrapped at about 72
// columns. A game that did not start at the variant's start position gets a
// Position tag first.
func FormatRecord(n Notation, g *rules.Game) string {
	var b strings.Builder
	if start := n.FormatPosition(g.Positions[0]); start != n.FormatPosition(g.Variant.Start()) {
		fmt.Fprintf(&b, "[Position %q]\n", start)
	}
	col := 0
	for i, m := range g.Moves {
		tok := fmt.Sprintf("%d.%s", i+1, n.FormatMove(g.Positions[i], m))
		if col > 0 && col+1+len(tok) > 72 {
			b.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(tok)
		col += len(tok)
	}
	if col > 0 {
		b.WriteByte('\n')
	}
	return b.String()
}

var (
	moveNumber  = regexp.MustCompile(`(\d+)\.`)
	positionTag = regexp.MustCompile(`^\[\s*Position\s+"([^"]*)"\s*\]$`)
)

// ParseRecord plays the record text of a game of v. It returns the game as
// far as it could be played; the error, if any, is a *RecordError naming the
// first move that is missing, misnumbered, unreadable or illegal, and why.
func ParseRecord(v rules.Variant, n Notation, text string) (*rules.Game, error) {
	start := v.Start()
	var body strings.Builder
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			if m := positionTag.FindStringSubmatch(t); m != nil {
				p, err := n.ParsePosition(m[1])
				if err != nil {
					return rules.NewGame(v), fmt.Errorf("position tag: %w", err)
				}
				start = p
			}
			continue
		}
		body.WriteString(t)
		body.WriteByte(' ')
	}
	g := rules.NewGameFrom(v, start)
	s := body.String()
	locs := moveNumber.FindAllStringSubmatchIndex(s, -1)
	// A number must stand at the start of a token: "1.K*1c" yes, "x1." no.
	var nums [][]int
	for _, l := range locs {
		if l[0] == 0 || s[l[0]-1] == ' ' {
			nums = append(nums, l)
		}
	}
	if len(nums) == 0 && strings.TrimSpace(s) != "" {
		return g, &RecordError{Ply: 1, Text: strings.TrimSpace(s), Err: fmt.Errorf("moves must be numbered, as in \"1.%s\"", strings.TrimSpace(s))}
	}
	if len(nums) > 0 && strings.TrimSpace(s[:nums[0][0]]) != "" {
		return g, &RecordError{Ply: 1, Text: strings.TrimSpace(s[:nums[0][0]]), Err: fmt.Errorf("text before move 1")}
	}
	for i, l := range nums {
		num, _ := strconv.Atoi(s[l[2]:l[3]])
		end := len(s)
		if i+1 < len(nums) {
			end = nums[i+1][0]
		}
		mt := strings.TrimSpace(s[l[1]:end])
		ply := g.Ply() + 1
		if num != ply {
			return g, &RecordError{Ply: ply, Text: mt, Err: fmt.Errorf("numbered %d, expected %d", num, ply)}
		}
		if mt == "" {
			return g, &RecordError{Ply: ply, Err: fmt.Errorf("no move after \"%d.\"", num)}
		}
		if o := g.Outcome(); o.Over() {
			return g, &RecordError{Ply: ply, Text: mt, Err: fmt.Errorf("the game is already over (%s)", o)}
		}
		m, err := n.ParseMove(g.Position(), mt)
		if err != nil {
			return g, &RecordError{Ply: ply, Text: mt, Err: err}
		}
		if err := g.Play(m); err != nil {
			return g, &RecordError{Ply: ply, Text: mt, Err: err}
		}
	}
	return g, nil
}
