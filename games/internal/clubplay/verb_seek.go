package clubplay

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/variants"
)

// The commands of seeks (seek.go): "seek <game> [days <n>] [rated|unrated]
// [rating <low>-<high>] [as <side>]", "seek cancel [<id>]", "seeks
// [<game>]" and "join <id>".

// ParseSeek reads the arguments of seek, seeks and join.
func ParseSeek(c *referee.Command, verb string, args []string) {
	switch {
	case verb == "seeks":
		c.Verb = referee.VerbSeeks
		if len(args) > 1 {
			c.Err = `write "seeks" alone for every open seek, or "seeks gufuu" for one game's`
		} else if len(args) == 1 {
			c.Variant = args[0]
		}
	case verb == "join":
		c.Verb = referee.VerbJoin
		if len(args) != 1 || args[0] == "" {
			c.Err = `write join and the id of a seek, e.g. "join s7k3q" ("seeks" lists them)`
			return
		}
		c.ID = args[0]
	case len(args) > 0 && args[0] == "cancel":
		c.Verb = referee.VerbUnseek
		if len(args) > 2 || len(args) == 2 && !club.ValidSeekID(args[1]) {
			c.Err = `write "seek cancel" and the seek's id, e.g. "seek cancel s7k3q"`
		} else if len(args) == 2 {
			c.ID = args[1]
		}
	default:
		c.Verb = referee.VerbSeek
		if len(args) == 0 || args[0] == "" {
			c.Err = `write seek and the game, e.g. "seek gufuu days 3"`
			return
		}
		c.Variant = args[0]
		var opts []string
		for i := 1; i < len(args); i++ {
			if args[i] != "rating" {
				opts = append(opts, args[i])
				continue
			}
			n, ok := parseRange(c, args[i+1:])
			if !ok {
				c.Err = fmt.Sprintf(`write the rating range as two numbers up to %d, the lower first, e.g. "rating 1400-1700"`, RatingCeiling)
				return
			}
			i += n
		}
		c.ParseOptions(opts, false, true)
	}
}

// parseRange reads a rating range at the start of args: "1400-1700",
// "1400 - 1700", "1400 to 1700" or "1400 1700"; n is how many words it
// took.
func parseRange(c *referee.Command, args []string) (n int, ok bool) {
	var lo, hi string
	switch {
	case len(args) >= 1 && strings.Count(args[0], "-") == 1:
		lo, hi, _ = strings.Cut(args[0], "-")
		n = 1
	case len(args) >= 3 && (args[1] == "-" || args[1] == "to"):
		lo, hi, n = args[0], args[2], 3
	case len(args) >= 2:
		lo, hi, n = args[0], args[1], 2
	default:
		return 0, false
	}
	l, err1 := strconv.Atoi(lo)
	h, err2 := strconv.Atoi(hi)
	if err1 != nil || err2 != nil || l < 1 || l > h || h > RatingCeiling {
		return 0, false
	}
	c.Range = [2]int{l, h}
	return n, true
}

// seekOf is the seek that command c asks for in variant, its seeker, id
// and times not set yet.
func seekOf(c referee.Command, variant string) *club.Seek {
	s := &club.Seek{Variant: variant, Side: c.Side, Days: c.Days, Rated: c.Rating != "unrated", Min: c.Range[0], Max: c.Range[1]}
	if s.Days == 0 {
		s.Days = referee.DefaultDaysPerMove
	}
	if s.Side == "random" {
		s.Side = ""
	}
	return s
}

// SeekLine is seek c written again from what was read, to be held until
// the sender confirms.
func SeekLine(c referee.Command) string { return seekOf(c, c.Variant).Command() }

// SeekVerb answers "seek <game> ...": an open challenge on the list.
func SeekVerb(h *referee.Handling, c referee.Command, kit variants.Kit) (string, error) {
	if h.Tx.DoNotMail(h.From) {
		return "", referee.Refused("you asked windpost never to write to you (\"stop\"), and a seek would have me write to you when someone joins it.").
			Instead(`Challenge someone you know instead: "challenge friend@example.org %s".`, kit.Rules.Name())
	}
	open, err := openSeeks(h.Change)
	if err != nil {
		return "", err
	}
	var mine []string
	for _, s := range open {
		if s.Seeker == h.From {
			mine = append(mine, s.ID)
		}
	}
	switch {
	case len(mine) >= SeeksPerPlayer:
		return "", referee.Refused("you have %d seeks open (%s), as many as one player may;", len(mine), strings.Join(mine, ", ")).
			Instead(`wait for someone to join one, or withdraw one with "seek cancel %s".`, mine[0])
	case len(open) >= MaxSeeks:
		return "", referee.Refused("the list of seeks is full (%d).", MaxSeeks).
			Instead(`Write "seeks %s" and join one of them, or try again in a day or two.`, kit.Rules.Name())
	}
	id, err := newSeekID(h.Change)
	if err != nil {
		return "", err
	}
	s := seekOf(c, kit.Rules.Name())
	s.ID, s.Seeker, s.Created, s.Expires = id, h.From, h.Now, h.Now.Add(SeekDays*24*time.Hour)
	if err := h.Tx.Club().PutSeek(s); err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: your seek %s is on the list: a game of %s, %s.\n"+
		"Anyone can see it with \"seeks %s\" and play you by writing \"join %s\" to %s. "+
		"The game then begins at once, and I write to you with its first mail; until then nobody else gets mail about it.\n"+
		"It expires on %s if nobody joins. To withdraw it, write: seek cancel %s",
		id, kit.Rules.Title(), s.Terms(h.From), s.Variant, id, h.Server.Config.BotAddress, referee.FormatTimeIn(s.Expires, h.LocationOf(h.From)), id), nil
}

// Unseek answers "seek cancel [<id>]": the sender's seek is withdrawn.
func Unseek(h *referee.Handling, c referee.Command) (string, error) {
	open, err := openSeeks(h.Change)
	if err != nil {
		return "", err
	}
	open = slices.DeleteFunc(open, func(s *club.Seek) bool { return s.Seeker != h.From })
	id := c.ID
	switch {
	case len(open) == 0:
		return "", referee.Refused("you have no seek open.").Instead(`Write "seeks" for the list.`)
	case id == "" && len(open) > 1:
		return "", referee.Refused("you have %d seeks open (%s):", len(open), strings.Join(seekIDs(open), ", ")).
			Instead(`write the one to withdraw, e.g. "seek cancel %s".`, open[0].ID)
	case id == "":
		id = open[0].ID
	case !slices.ContainsFunc(open, func(s *club.Seek) bool { return s.ID == id }):
		return "", referee.Refused("%s is not one of your open seeks (%s).", id, strings.Join(seekIDs(open), ", ")).
			Instead(`Write "seek cancel" and one of them.`)
	}
	if err := h.Tx.Club().DeleteSeek(id); err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: you withdrew your seek %s.", id), nil
}

// seekIDs are the ids of seeks.
func seekIDs(seeks []*club.Seek) []string {
	ids := make([]string, len(seeks))
	for i, s := range seeks {
		ids[i] = s.ID
	}
	return ids
}

// ListSeeks answers "seeks [<game>]": the open seeks, a table for each
// game.
func ListSeeks(h *referee.Handling, c referee.Command) ([]document.Block, error) {
	kits := h.Server.Catalog.Kits()
	if c.Variant != "" {
		kit, err := referee.Kit(h, c.Variant)
		if err != nil {
			return nil, err
		}
		kits = []variants.Kit{kit}
	}
	open, err := openSeeks(h.Change)
	if err != nil {
		return nil, err
	}
	out := []document.Block{document.Para("Open seeks (? after a rating: provisional).\nTo play one, write \"join\" and its id.")}
	listed := 0
	for _, kit := range kits {
		var these []*club.Seek
		for _, s := range open {
			if s.Variant == kit.Rules.Name() {
				these = append(these, s)
			}
		}
		if len(these) == 0 {
			continue
		}
		t := document.TablePart{Columns: []document.Column{{Name: "seek"}, {Name: "player"}, {Name: "rating", Align: document.Right},
			{Name: "terms"}, {Name: "expires"}}}
		for _, s := range these[:min(len(these), SeeksListed)] {
			row, err := seekRow(h, s)
			if err != nil {
				return nil, err
			}
			t.Rows = append(t.Rows, row)
		}
		if len(these) > SeeksListed {
			t.Rows = append(t.Rows, []string{fmt.Sprintf("(and %d more)", len(these)-SeeksListed)})
		}
		out = append(out, document.Para(kit.Rules.Title()+":"), document.Joined(document.Grid(t)))
		listed += len(these)
	}
	if listed == 0 {
		return referee.Paragraphs("No seeks are open now. To open one yourself, write e.g. \"seek gufuu days 3\": whoever joins it plays you."), nil
	}
	return append(out, document.Para(fmt.Sprintf("To open your own: seek <game> [days <n>] [unrated] [rating <low>-<high>]\nSeeks expire after %d days.", SeekDays))), nil
}

// seekRow is one seek of the list: its id, the seeker as the standings
// show them, their rating, the terms and the expiry.
func seekRow(h *referee.Handling, s *club.Seek) ([]string, error) {
	rr, err := referee.PlayerRating(h.Change, s.Variant, s.Seeker)
	if err != nil {
		return nil, err
	}
	mark := ""
	if rr.Rating.Provisional() {
		mark = "?"
	}
	terms := s.TermParts(h.From)
	if s.Seeker == h.From {
		terms = append(terms, fmt.Sprintf("yours: \"seek cancel %s\" withdraws it", s.ID))
	}
	expiry := referee.FormatTimeIn(s.Expires, h.LocationOf(h.From))
	return []string{s.ID, cut(keys.Shown(s.Seeker, h.From), standingsNameWidth), fmt.Sprintf("%d%s", club.Whole(rr.Rating.R), mark),
		strings.Join(terms, ", "), expiry}, nil
}

// JoinVerb answers "join <id>": a seek's id goes to joinSeek.
func JoinVerb(h *referee.Handling, c referee.Command) (string, error) {
	if c.Tournament != nil {
		return joinTournament(h, c.Tournament.ID)
	}
	if club.ValidSeekID(c.ID) {
		return joinSeek(h, c.ID)
	}
	return "", referee.Refused("%q is not the id of a seek or a tournament (seek ids look like s7k3q, tournament ids t7k3q).", c.ID).
		Instead(`Write "seeks" for the open seeks and their ids, "tournament" for the tournaments.`)
}

// joinSeek joins seek id: the game between its seeker and the sender
// begins at once, on the seek's terms. A sender who has not proven their
// address joins once they confirm.
func joinSeek(h *referee.Handling, id string) (string, error) {
	s, err := h.Tx.Club().Seek(id)
	if err != nil {
		return "", err
	}
	arrived := h.Req.Received
	if arrived.IsZero() || arrived.After(h.Now) {
		arrived = h.Now
	}
	open := false
	if s != nil {
		if open, err = seekOpen(h.Change, s, arrived); err != nil {
			return "", err
		}
	}
	if !open {
		return "", referee.Refused("there is no open seek %s: it was joined, withdrawn or has expired.", id).
			Instead(`Write "seeks" for the open seeks, or "seek <game>" to open your own.`)
	}
	kit, err := referee.Kit(h, s.Variant)
	if err != nil {
		return "", err
	}
	if err := mayJoin(h, s, kit); err != nil {
		return "", err
	}
	if err := h.Tx.Club().DeleteSeek(id); err != nil {
		return "", err
	}
	side := referee.PickSide(h, s.Side)
	lg, err := referee.Invite(h, kit, s.Seeker, side, h.From, s.Days, s.Rated)
	if err != nil {
		return "", err
	}
	return referee.Begin(h, lg, side.Opponent(), fmt.Sprintf("%s joined your seek %s", h.From, id))
}

// mayJoin checks that the sender may join seek s: not their own, not a
// seeker who blocked them, a rating in the seek's range.
func mayJoin(h *referee.Handling, s *club.Seek, kit variants.Kit) error {
	if s.Seeker == h.From {
		return referee.Refused("%s is your own seek.", s.ID).
			Instead(`Wait for someone to join it, or withdraw it with "seek cancel %s".`, s.ID)
	}
	seeker, err := h.Player(s.Seeker)
	if err != nil {
		return err
	}
	if slices.Contains(seeker.Blocked, h.From) {
		return referee.Refused("the player of seek %s does not take challenges from you.", s.ID).
			Instead(`Write "seeks" for the others, or "seek %s" to open your own.`, s.Variant)
	}
	rr, err := referee.PlayerRating(h.Change, s.Variant, h.From)
	if err != nil {
		return err
	}
	if !s.Admits(rr.Rating) {
		return referee.Refused("seek %s is for players rated %d-%d in %s, and yours is %s.", s.ID, s.Min, s.Max, kit.Rules.Title(), rr.Rating).
			Instead(`Write "seeks %s" for the others, or "seek %s" to open your own.`, s.Variant, s.Variant)
	}
	return nil
}
