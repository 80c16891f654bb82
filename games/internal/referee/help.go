package referee

import (
	"strings"

	"github.com/windpost/windpost/document"
)

// RulesText is a game's rules headed once by its title: a text that
// already starts with the title is not given it a second time.
func RulesText(title, text string) string {
	text = strings.TrimRight(text, "\n")
	if strings.HasPrefix(text, title) {
		return text
	}
	return title + "\n\n" + text
}

// HelpTopic returns the help text of topic; "" is the overview, made
// from the registry, as is the topic a verb's word leads to.
func (r *verbRegistry) HelpTopic(topic string) (string, bool) {
	if topic == "" {
		return r.Overview(), true
	}
	if s, ok := r.byWord[topic]; ok && s.Topic != "" {
		topic = s.Topic
	}
	switch topic {
	case "clock":
		topic = "clocks"
	case "move":
		topic = "moves"
	case "new", "challenge", "accept", "decline":
		topic = "games"
	case "accessible", "screen reader", "large print", "words":
		topic = "format"
	case "level", "levels", "perfect", "strong", "club", "casual":
		topic = "games"
	case "confirm", "stop", "unsubscribe", "block", "unblock", "forget", "forget me":
		topic = "privacy"
	case "ratings", "standings", "rated", "unrated":
		topic = "rating"
	case "say", "note", "mute", "unmute", "messages", "chat":
		topic = "talk"
	case "seeks", "seek cancel":
		topic = "seek"
	case "tournaments", "withdraw", "crosstable":
		topic = "tournament"
	case "adjudicate", "extend", "organizer", "organisers", "organizers":
		topic = "organiser"
	case "private", "web":
		topic = "public"
	case "digest", "reminders":
		topic = "notify"
	case "record", "pgn":
		topic = "export"
	case "conditionals", "forecast":
		topic = "conditional"
	}
	for _, s := range r.Order {
		if s.Topic == topic && s.Help != "" {
			return s.Help, true
		}
	}
	switch topic {
	case "moves":
		return `A move is written in the game's notation ("rules <game>" explains it),
alone on a line, optionally after "move" and the game id and followed by
#<n>, the number the move must have: "g7k3q move P-2c #5" (written as
in a game record, "5.P-2c" is the same). A move is
accepted only in a reply to windpost's mail about the game, from the
address it was sent to. If the move is refused, the answer says why and
lists the legal moves.`, true
	case "games":
		return `Games against the bot: "new gufuu", "new micro as white level casual".
The bot plays its strongest unless you ask: perfect in Gufuu (solved) and
Jul-Gonu (solved without its rule that no position may repeat), strong in
Micro-shogi. The levels, strongest first:
"level perfect" (Gufuu and Jul-Gonu) never lets a won game go; in Jul-Gonu,
where no position may repeat, it also searches the game's history (every
line some ten plies deep, the narrow forcing lines to their end, under two
seconds a move) and never walks into a repetition trap it proves there (one
it does not find in that time can still beat it);
"level strong" never gives away a win but takes its time; in Micro-shogi
it is windpost's best and holds its own against the strongest computer
program for the game;
"level club" (Micro-shogi) looks only a few moves ahead: about 400
rating points weaker than strong, it wins fewer than one game in ten
against it;
"level casual" plays like a beginner.
Your side is drawn by lot unless you write "as black" or "as white" (Black
moves first; in Gufuu, Black wins with perfect play).
Games against people: "challenge friend@example.org gufuu days 3"; they
answer "accept" or "decline" (a challenge expires after 14 days; you
withdraw yours with "decline"). "games" lists your games.`, true
	case "clocks":
		return `Each player has a number of days per move (7 unless the challenge set
it). A reminder comes one day before the deadline (when there are two
days or more per move); at the deadline the player to move loses on
time, unless the opponent had offered a draw, which then counts as
accepted. Games against the bot have no clock.`, true
	}
	return "", false
}

// HelpBlocks is helpText as blocks: the overview's commands a table.
func (s *Server) HelpBlocks(topic string) []document.Block {
	if t, ok := s.Verbs.HelpTopic(strings.TrimSpace(topic)); ok && topic != "" {
		return Paragraphs(t)
	}
	return append(s.Verbs.overviewBlocks(), document.Joined(document.Para("Games: "+strings.Join(s.Catalog.Names(), ", ")+".")))
}

// helpText is the help on topic ("" for the overview); an unknown topic
// gets the overview.
func (s *Server) helpText(topic string) string {
	if t, ok := s.Verbs.HelpTopic(strings.TrimSpace(topic)); ok && topic != "" {
		return t
	}
	return s.Verbs.Overview() + "\nGames: " + strings.Join(s.Catalog.Names(), ", ") + "."
}

// Overview is "help" without a topic: every verb's usage in the
// registry's order, the organiser's apart, the descriptions in column 27.
func (r *verbRegistry) Overview() string {
	return strings.TrimSuffix(document.Document{Blocks: r.overviewBlocks()}.Text(), "\n")
}

// helpFormWidth is the width of the overview's column of forms in the
// text: a longer form runs on, and what it does starts on the next line.
const helpFormWidth = 22

// overviewBlocks is the overview as blocks: each list of commands a table
// of forms and what they do.
func (r *verbRegistry) overviewBlocks() []document.Block {
	table := func(organiser bool) document.Block {
		t := document.TablePart{Indent: 2, Columns: []document.Column{{Width: helpFormWidth}, {}}}
		for _, s := range r.Order {
			if s.Usage == "" || (s.Authority == Organiser) != organiser {
				continue
			}
			for _, line := range strings.Split(s.Usage, "\n") {
				form, what, _ := strings.Cut(line, "\t")
				t.Rows = append(t.Rows, []string{form, what})
			}
		}
		return document.Joined(document.Grid(t))
	}
	return []document.Block{
		document.Para("Commands (one per line; several per mail run in order):"), table(false),
		document.Joined(document.Para("For a tournament's organiser, on its games:")), table(true),
		document.Joined(document.Para("Reply to a mail about a game to act in it: the reply address carries your\n" +
			"key. Put a game id before a command (\"g7k3q board\") to name another game.")),
	}
}
