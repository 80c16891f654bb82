package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/referee"
)

// helpVerb answers "help [topic]"; a game's name as the topic gets its rules.
func helpVerb(h *referee.Handling, c referee.Command) ([]document.Block, error) {
	if _, ok := h.Server.Catalog.Lookup(c.Topic); ok {
		return rulesShown(h, referee.Command{Variant: c.Topic})
	}
	if _, ok := h.Server.Verbs.HelpTopic(c.Topic); !ok {
		return append([]document.Block{document.Para(fmt.Sprintf("I have no help on %q; here is the overview.", c.Topic))},
			h.Server.HelpBlocks("")...), nil
	}
	return h.Server.HelpBlocks(c.Topic), nil
}

// rulesVerb answers "rules [game]": a game's rules and notation, or the list
// of games.
func rulesVerb(h *referee.Handling, c referee.Command) (string, error) {
	if c.Variant == "" {
		return fmt.Sprintf("Write \"rules\" and a game's name for its rules: %s.", strings.Join(h.Server.Catalog.Names(), ", ")), nil
	}
	kit, err := referee.Kit(h, c.Variant)
	if err != nil {
		return "", err
	}
	return referee.RulesText(kit.Rules.Title(), kit.Notation.Rules()), nil
}

// rulesShown is rulesVerb as blocks: a game's rules as its notation lays
// them out (their diagrams and tables in a fixed font), the list of games
// as a paragraph.
func rulesShown(h *referee.Handling, c referee.Command) ([]document.Block, error) {
	text, err := rulesVerb(h, c)
	if err != nil || c.Variant == "" {
		return referee.Paragraphs(text), err
	}
	return []document.Block{document.Laid(text)}, nil
}
