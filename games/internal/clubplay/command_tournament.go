package clubplay

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
)

// The tournament commands as written (verb_tournament.go runs them).

// ParseTournamentLine reads a line that starts with tournament(s), join
// or withdraw: low are the words after the verb lower-cased, words as
// written. It reports false for a line whose words name no tournament
// ("Join us at the club", "Tournament was fun"): that is no command, and
// in a game's thread it stays a message to the opponent, as it was before
// these verbs.
func ParseTournamentLine(c *referee.Command, verb string, low, words []string) bool {
	names := func(withPlayer bool) bool {
		return len(low) == 0 || slices.ContainsFunc(low, func(a string) bool {
			return club.ValidTournamentID(a) || keys.ValidGameID(a) || (withPlayer && strings.Contains(a, "@"))
		})
	}
	switch {
	case verb == "join" && names(false):
		ParseJoin(c, low)
	case verb == "withdraw" && names(true):
		parseWithdraw(c, low)
	case (verb == "tournament" || verb == "tournaments") &&
		(len(low) == 0 || club.ValidTournamentID(low[0]) || slices.Contains([]string{"new", "join", "leave", "start", "withdraw"}, low[0])):
		parseTournament(c, low, words)
	default:
		return false
	}
	return true
}

// parseTournament reads the words after "tournament" (low lower-cased,
// words as written, for the name).
func parseTournament(c *referee.Command, low, words []string) {
	c.Verb = referee.VerbTournament
	tc := &referee.TournamentCommand{Op: "list"}
	c.Tournament = tc
	if len(low) == 0 {
		return
	}
	switch op := low[0]; op {
	case "new":
		tc.Op = "new"
		parseTournamentNew(c, low[1:], words[1:])
	case "join", "leave", "start", "withdraw":
		tc.Op = op
		parseTournamentTarget(c, low[1:], op == "withdraw")
	default:
		tc.Op = "show"
		parseTournamentTarget(c, low, false)
	}
}

// parseTournamentTarget reads a tournament id and, if withPlayer, a
// player's address, in either order.
func parseTournamentTarget(c *referee.Command, args []string, withPlayer bool) {
	tc := c.Tournament
	for _, a := range args {
		switch {
		case club.ValidTournamentID(a) && tc.ID == "":
			tc.ID = a
		case withPlayer && strings.Contains(a, "@") && tc.Address == "":
			if !c.ParseAddress(a) {
				return
			}
			tc.Address, c.Address = c.Address, ""
		default:
			c.Err = fmt.Sprintf("I do not understand %q here: write the tournament's id, e.g. \"tournament %s t7k3q\"", a, tc.Op)
			return
		}
	}
	if tc.ID == "" {
		c.Err = fmt.Sprintf("write the tournament's id, e.g. \"tournament %s t7k3q\"", tc.Op)
		switch {
		case tc.Op == "show":
			c.Err = `write "tournament" and a tournament's id, e.g. "tournament t7k3q", or "tournament" alone for the list`
		case c.Verb == referee.VerbWithdraw:
			c.Err = `write "withdraw" and the tournament's id, e.g. "withdraw t7k3q" (a challenge you made is withdrawn with "decline")`
		}
	}
}

// parseTournamentNew reads "<game> roundrobin|swiss [rounds N] [days D]
// [rated|unrated] [name ...]".
func parseTournamentNew(c *referee.Command, low, words []string) {
	const example = `e.g. "tournament new gufuu swiss rounds 5 days 3 rated name Autumn Cup"`
	tc := c.Tournament
	if len(low) < 2 {
		c.Err = "write the game and the format after \"tournament new\", " + example
		return
	}
	c.Variant = low[0]
	i := 2
	switch {
	case low[1] == "roundrobin" || low[1] == "round-robin" || low[1] == "rr":
		tc.Format = club.RoundRobin
	case low[1] == "round" && len(low) > 2 && low[2] == "robin":
		tc.Format, i = club.RoundRobin, 3
	case low[1] == "swiss":
		tc.Format = club.Swiss
	default:
		c.Err = fmt.Sprintf("%q is not a format: write roundrobin or swiss, %s", low[1], example)
		return
	}
	for ; i < len(low); i++ {
		switch a := low[i]; a {
		case "rated", "unrated":
			c.Rating = a
		case "name":
			tc.Name = referee.CleanName(strings.Join(words[i+1:], " "))
			if tc.Name == "" || len([]rune(tc.Name)) > MaxTournamentName {
				c.Err = fmt.Sprintf("write a name of 1 to %d characters after \"name\"", MaxTournamentName)
			}
			i = len(low)
		case "rounds", "days":
			n := 0
			if i+1 < len(low) {
				n, _ = strconv.Atoi(low[i+1])
			}
			i++
			if a == "days" && (n < 1 || n > 30) {
				c.Err = "write days and a number of days per move from 1 to 30, e.g. \"days 3\""
				return
			}
			if a == "rounds" && (n < 1 || n > maxSwissRounds) {
				c.Err = fmt.Sprintf("write rounds and a number from 1 to %d, e.g. \"rounds 5\"", maxSwissRounds)
				return
			}
			if a == "days" {
				c.Days = n
			} else {
				tc.Rounds = n
			}
		default:
			c.Err = fmt.Sprintf("I do not understand %q here, %s", a, example)
			return
		}
	}
	switch {
	case tc.Format == club.Swiss && tc.Rounds == 0:
		c.Err = "a Swiss needs its number of rounds, " + example
	case tc.Format == club.RoundRobin && tc.Rounds != 0:
		c.Err = "a round robin's rounds follow from its players: leave out \"rounds\""
	}
}

// ParseJoin reads "join <t>".
func ParseJoin(c *referee.Command, low []string) {
	c.Verb = referee.VerbJoin
	c.Tournament = &referee.TournamentCommand{Op: "join"}
	if len(low) != 1 || !club.ValidTournamentID(low[0]) {
		c.Err = `write join and a tournament's id, e.g. "join t7k3q"`
		return
	}
	c.Tournament.ID = low[0]
}

// parseWithdraw reads "withdraw <player> <t>" (the organiser) and
// "withdraw <t>" (the sender).
func parseWithdraw(c *referee.Command, low []string) {
	c.Verb = referee.VerbWithdraw
	c.Tournament = &referee.TournamentCommand{Op: "withdraw"}
	parseTournamentTarget(c, low, true)
}
