package referee

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/notation"
)

// Verb is what a command line asks for.
type Verb string

// The verbs of the command language. A line that starts with no verb is a
// move (VerbMove) in the notation of the game it is about.
const (
	VerbHelp      Verb = "help"
	VerbRules     Verb = "rules"
	VerbNew       Verb = "new"
	VerbChallenge Verb = "challenge"
	VerbAccept    Verb = "accept"
	VerbDecline   Verb = "decline"
	VerbMove      Verb = "move"
	VerbBoard     Verb = "board"
	VerbHistory   Verb = "history"
	VerbMoves     Verb = "moves"
	VerbGames     Verb = "games"
	VerbResign    Verb = "resign"
	VerbDraw      Verb = "draw"
	VerbUndo      Verb = "undo"
	VerbAnalysis  Verb = "analysis"
	VerbVacation  Verb = "vacation"
	VerbConfirm   Verb = "confirm"
	VerbStop      Verb = "stop"
	VerbBlock     Verb = "block"
	VerbUnblock   Verb = "unblock"
	VerbForget    Verb = "forget"
	VerbRating    Verb = "rating"
	VerbStandings Verb = "standings"
	VerbSay       Verb = "say"
	VerbNote      Verb = "note"
	VerbMute      Verb = "mute"
	VerbUnmute    Verb = "unmute"
	VerbNotify    Verb = "notify"
	VerbRemind    Verb = "remind"
	VerbTimezone  Verb = "timezone"
	VerbFormat    Verb = "format"
	VerbExport    Verb = "export"
	VerbSeek      Verb = "seek"
	VerbUnseek    Verb = "seek cancel"
	VerbSeeks     Verb = "seeks"
	VerbJoin      Verb = "join"
	VerbRematch   Verb = "rematch"
	// Tournaments (verb_tournament.go).
	VerbTournament Verb = "tournament"
	VerbWithdraw   Verb = "withdraw"
	VerbPublic     Verb = "public"
	VerbPrivate    Verb = "private"
	// Conditional moves (verb_conditional.go).
	VerbConditional Verb = "conditional"
)

// Command is one line of a player's mail, parsed. Whether a move is legal,
// a variant known or a game the player's is decided when it runs.
type Command struct {
	Line    string // the line as written, trimmed
	Verb    Verb
	Game    string // the game id written in the line, "" if none
	Topic   string // help: the topic
	Variant string // rules, new, challenge
	Side    string // new, challenge: "black", "white", "random" or "" (random); board: "mine", "black", "white" or ""
	Always  bool   // board: keep Side as the sender's lasting choice
	Level   string // new: the bot level, "" for the default
	Rating  string // new, challenge: "rated", "unrated" or "" (the default)
	Address string // challenge, block, unblock: whom
	Days    int    // challenge: days per move (0 = default); vacation: days
	Off     bool   // vacation off, conditional clear
	Move    string // the move as written, without game id, "move" and "#n"
	Number  int    // the move number the player gave with #n, 0 if none
	Text    string // say, note: the text as written
	Tree    string // if: the conditional moves as written, with their line breaks (internal/conditional reads it)
	Offer   string // accept, decline: "draw" or "undo" when named, "" if not
	Words   bool   // decline said as "no" or "no thanks" (verb_offer.go)
	Result  string // adjudicate: "black", "white", "draw" or "" (verb_organiser.go)
	Format  string // format: formatAccessible, formatStandard, or "" to ask (view.go)
	// Setting is what notify, remind and timezone set (settings.go);
	// nil asks for the current setting.
	Setting *NotifySetting
	// ID is what join and "seek cancel" name: a seek's id (s7k3q) or
	// another's, as written; Range is a seek's rating range, zero if none
	// (verb_seek.go).
	ID    string
	Range [2]int
	// Tournament is what tournament, join and withdraw ask for
	// (verb_tournament.go).
	Tournament *TournamentCommand
	// Err explains what is wrong with a line that starts with a verb but
	// whose arguments do not fit; such a command is refused when it runs.
	Err string
}

var moveNumberSuffix = regexp.MustCompile(`(?:^|\s)#\s*(\d{1,6})\s*$`)

// Parse reads one line of a mail in the registry's language (ParseCommand).
func (r *verbRegistry) Parse(line string) (Command, bool) {
	line = strings.TrimSpace(line)
	if !strings.ContainsFunc(line, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return Command{}, false
	}
	if Pleasantry(line) {
		return Command{}, false
	}
	c := Command{Line: line}
	words := strings.Fields(line)
	low := func(i int) string { return strings.ToLower(strings.Trim(words[i], ".,;:!")) }
	if len(words) > 1 && keys.ValidGameID(low(0)) && !r.Keyword(low(0)) {
		c.Game = low(0)
		words = words[1:]
	}
	verb := strings.ToLower(strings.TrimRight(words[0], ".,;:!"))
	l := LineWords{Verb: verb, Line: line, Keyword: r.Keyword, Words: words, Args: words[1:], Low: make([]string, len(words)-1)}
	for i, a := range l.Args {
		l.Low[i] = strings.ToLower(strings.Trim(a, ".,;:!"))
	}
	spec, ok := r.byWord[verb]
	if !ok {
		c.Verb = VerbMove
		c.ParseMove(strings.Join(words, " "))
		return c, true
	}
	c.Verb = spec.Verb
	if spec.Parse != nil {
		spec.Parse(&c, l)
	} else {
		c.ParseGameArg(l.Low)
	}
	return c, true
}

// ParseMove reads "<move> [#<n>]"; a number written as in a game record
// before the move ("5.P-2c", "5. P-2c") counts as #5.
func (c *Command) ParseMove(text string) {
	if n, rest, ok := notation.SplitMoveNumber(text); ok && rest != "" {
		c.Number = n
		text = rest
	}
	if m := moveNumberSuffix.FindStringSubmatchIndex(text); m != nil {
		n, _ := strconv.Atoi(text[m[2]:m[3]])
		if c.Number != 0 && c.Number != n {
			c.Err = fmt.Sprintf("the move is numbered both %d and #%d: write its number once, as #n after the move", c.Number, n)
		}
		c.Number = n
		text = text[:m[0]]
		if n == 0 {
			c.Err = "moves are numbered from #1: write the move's number after it, e.g. #1 for the first move"
		}
	}
	c.Move = strings.TrimSpace(text)
	if c.Move == "" && c.Err == "" {
		c.Err = "a move number without a move: write the move, then its number, on one line"
	}
}

func (c *Command) ParseGameArg(args []string) {
	switch {
	case len(args) == 0:
	case c.Verb == VerbGames:
		c.Err = "\"games\" takes nothing after it"
	case len(args) == 1 && keys.ValidGameID(args[0]) && c.Game == "":
		c.Game = args[0]
	case len(args) == 1:
		c.Err = fmt.Sprintf("%q is not a game id (game ids look like g7k3q)", args[0])
	default:
		c.Err = fmt.Sprintf("write %s alone or with a game id, e.g. \"%s g7k3q\"", c.Verb, c.Verb)
	}
}

// ParseBoard reads the arguments of board, in any order: a game id, the
// side to draw at the bottom ("mine", "black", "white") and "always",
// which keeps that side for every board the sender is mailed.
func (c *Command) ParseBoard(args []string) {
	var rest []string
	for _, a := range args {
		switch a {
		case BoardMine, BoardBlack, BoardWhite:
			if c.Side != "" {
				c.Err = fmt.Sprintf(`name one side, not %q and %q: "board black", "board white" or "board mine"`, c.Side, a)
				return
			}
			c.Side = a
		case "always":
			c.Always = true
		default:
			rest = append(rest, a)
		}
	}
	if c.Always && c.Side == "" {
		c.Err = `name the side to keep after "always": "board always black", "board always white", or "board always mine" (your own side, the default)`
		return
	}
	for _, a := range rest {
		if !keys.ValidGameID(a) {
			c.Err = fmt.Sprintf(`%q is neither a game id nor a side: write "board", "board black", "board white" or "board mine", with a game id if you like ("board g7k3q white")`, a)
			return
		}
	}
	c.ParseGameArg(rest)
}

// parseSideLevel reads the options of new and challenge: "as black",
// "black", "level casual", "casual", "days 3".
func (c *Command) ParseOptions(args []string, allowLevel, allowDays bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "as" || a == "level" || a == "days":
			if i+1 >= len(args) {
				c.Err = fmt.Sprintf("%q needs a value after it", a)
				return
			}
			i++
			switch a {
			case "as":
				if !c.setSide(args[i]) {
					c.Err = fmt.Sprintf("%q is not a side: write as black, as white or as random", args[i])
					return
				}
			case "level":
				if !allowLevel {
					c.Err = "a level is for games against the bot (new), not for challenges"
					return
				}
				if !c.setLevel(args[i]) {
					c.Err = fmt.Sprintf("%q is not a level: write level perfect, strong, club or casual", args[i])
					return
				}
			case "days":
				n, err := strconv.Atoi(args[i])
				if !allowDays {
					c.Err = "days per move are for challenges; games against the bot have no clock"
					return
				}
				if err != nil || n < 1 || n > 30 {
					c.Err = fmt.Sprintf("%q is not a number of days per move from 1 to 30", args[i])
					return
				}
				c.Days = n
			}
		case c.setSide(a):
		case allowLevel && c.setLevel(a):
		case a == "rated" || a == "unrated":
			c.Rating = a
		default:
			c.Err = fmt.Sprintf("I do not understand %q here", a)
			return
		}
	}
}

func (c *Command) setSide(s string) bool {
	switch s {
	case "black", "b", "first":
		c.Side = "black"
	case "white", "w", "second":
		c.Side = "white"
	case "random", "any":
		c.Side = "random"
	default:
		return false
	}
	return true
}

func (c *Command) setLevel(s string) bool {
	switch s {
	case "perfect", "strong", "club", "casual":
		c.Level = s
		return true
	}
	return false
}

func (c *Command) ParseNew(args []string) {
	if len(args) == 0 {
		c.Err = "write new and the game, e.g. \"new gufuu\" or \"new gufuu as white level casual\""
		return
	}
	c.Variant = args[0]
	c.ParseOptions(args[1:], true, false)
}

// ParseAddress reads the address of challenge, block and unblock into
// c.Address, or explains in c.Err that it is none.
func (c *Command) ParseAddress(arg string) bool {
	addr := keys.CanonicalAddress(arg)
	if !keys.PlausibleAddress(addr) {
		c.Err = fmt.Sprintf("%q is not a mail address", arg)
		return false
	}
	c.Address = addr
	return true
}

func (c *Command) ParseChallenge(args []string) {
	if len(args) < 2 {
		c.Err = "write challenge, the player's address and the game, e.g. \"challenge friend@example.org gufuu days 3\""
		return
	}
	if !c.ParseAddress(args[0]) {
		return
	}
	c.Variant = args[1]
	c.ParseOptions(args[2:], false, true)
}

func (c *Command) ParseVacation(args []string) {
	switch {
	case len(args) == 1 && args[0] == "off":
		c.Off = true
	case len(args) == 1:
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > MaxVacationDays {
			c.Err = fmt.Sprintf("write vacation and a number of days from 1 to %d, or \"vacation off\"", MaxVacationDays)
			return
		}
		c.Days = n
	default:
		c.Err = fmt.Sprintf("write vacation and a number of days from 1 to %d, or \"vacation off\"", MaxVacationDays)
	}
}

// ParseRating reads "rating" (the sender's own) and "standings <game>".
func (c *Command) ParseRating(verb string, args []string) {
	if verb != "standings" {
		c.Verb = VerbRating
		if len(args) > 0 {
			c.Err = "write \"rating\" alone for your ratings, or \"standings <game>\" for a game's table"
		}
		return
	}
	c.Verb = VerbStandings
	if len(args) != 1 {
		c.Err = "write standings and one game's name, e.g. \"standings gufuu\""
		return
	}
	c.Variant = args[0]
}

// TournamentCommand is what a tournament command line asks for; the
// game, the days per move and rated are the Command's Variant, Days and
// Rating.
type TournamentCommand struct {
	Op      string // "new", "join", "leave", "show", "list", "start", "withdraw"
	ID      string // the tournament
	Format  string // new: club.RoundRobin or club.Swiss
	Rounds  int    // new: a Swiss's rounds
	Name    string // new: as written, "" for the default
	Address string // withdraw: the player the organiser withdraws, "" for the sender
}
