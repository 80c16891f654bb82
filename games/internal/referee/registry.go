package referee

import "github.com/windpost/windpost/document"

// The command language is one table, the verb registry: each verb's words,
// the parser of its arguments, its authority and what it does. ParseCommand
// reads a line through it, handling.run checks the authority in one place
// (authority.go) and then runs the verb, keyword and "did you mean" take
// their words from it. A new verb is one verbSpec (in the verb's own file,
// listed in builtinVerbs, verbs.go) and its test.

// VerbSpec is one verb of the command language.
type VerbSpec struct {
	// Verb is the Verb a line naming it gets (parse may choose another
	// verb of its family: "seeks" after "seek").
	Verb Verb
	// Words are the first words that name the verb; lower case.
	Words []string
	// Authority is what a mail must prove for the verb to run; authorityOf,
	// if set, decides it per command (a tournament's "new" and "start").
	Authority   Authority
	AuthorityOf func(Command) Authority
	// Parse reads the arguments; nil takes none but a game id.
	Parse func(c *Command, l LineWords)
	// Run does the verb: a text that says what it did, a *refusal, or a
	// failure that undoes the mail.
	Run func(h *Handling, c Command) (string, error)
	// Show, if set, does the verb instead of run and answers in blocks
	// (tables, records, boards).
	Show func(h *Handling, c Command) ([]document.Block, error)
	// Suggest puts the verb among the words "did you mean" offers (not
	// "move", "new" or "say": one letter off everyday words).
	Suggest bool
	// Usage is the verb's entry in "help": the form, a tab, what it does
	// (a newline and a tab go on to the next line of the description);
	// "" when another verb's entry names it. topic is the "help <topic>"
	// its words lead to, "" if none.
	Usage, Topic string
	// Help is the text of "help <Topic>", given on one of the verbs of
	// the topic; the topics no verb gives (moves, games, clocks, ...) are
	// the referee's own (help.go).
	Help string
}

// LineWords is a command line as parse reads it: the verb as written
// (lower case, punctuation trimmed), the line, and the words after the
// verb as written and lower-cased.
type LineWords struct {
	Verb string
	Line string
	// Keyword is the registry's: a word of the language is no game id.
	Keyword func(string) bool
	Words   []string // every word, from the verb on (the game id before it left out)
	Args    []string // the words after the verb, as written
	Low     []string // args lower-cased, punctuation trimmed
}

// AuthorityFor is the authority command c needs.
func (s *VerbSpec) AuthorityFor(c Command) Authority {
	if s.AuthorityOf != nil {
		return s.AuthorityOf(c)
	}
	return s.Authority
}

// verbRegistry is the command language: the verbs by their words and by
// their Verb.
type verbRegistry struct {
	Order  []*VerbSpec // the table's order, the help's
	byWord map[string]*VerbSpec
	ByVerb map[Verb]*VerbSpec
	// suggestions are the verbs "did you mean" may offer, in table order.
	suggestions []Verb
}

// NewVerbRegistry indexes specs; a later spec's word wins over an earlier
// one's (a test's toy verb may take a word).
func NewVerbRegistry(specs []VerbSpec) *verbRegistry {
	r := &verbRegistry{byWord: map[string]*VerbSpec{}, ByVerb: map[Verb]*VerbSpec{}}
	for i := range specs {
		s := &specs[i]
		r.Order = append(r.Order, s)
		r.ByVerb[s.Verb] = s
		for _, w := range s.Words {
			r.byWord[w] = s
		}
		if s.Suggest {
			r.suggestions = append(r.suggestions, s.Verb)
		}
	}
	return r
}

// Keyword reports whether w is a word of the command language; such words
// are never game ids.
func (r *verbRegistry) Keyword(w string) bool {
	if _, ok := r.byWord[w]; ok {
		return true
	}
	switch w {
	case "rated", "unrated", "analyse", "analyze", "holiday":
		return true
	}
	return false
}
