package games

import "github.com/windpost/windpost/document"

// The command language is one table, the verb registry: each verb's words,
// the parser of its arguments, its authority and what it does. ParseCommand
// reads a line through it, handling.run checks the authority in one place
// (authority.go) and then runs the verb, keyword and "did you mean" take
// their words from it. A new verb is one verbSpec (in the verb's own file,
// listed in builtinVerbs, verbs.go) and its test.

// verbSpec is one verb of the command language.
type verbSpec struct {
	// verb is the Verb a line naming it gets (parse may choose another
	// verb of its family: "seeks" after "seek").
	verb Verb
	// words are the first words that name the verb; lower case.
	words []string
	// authority is what a mail must prove for the verb to run; authorityOf,
	// if set, decides it per command (a tournament's "new" and "start").
	authority   Authority
	authorityOf func(Command) Authority
	// parse reads the arguments; nil takes none but a game id.
	parse func(c *Command, l lineWords)
	// run does the verb: a text that says what it did, a *refusal, or a
	// failure that undoes the mail.
	run func(h *handling, c Command) (string, error)
	// show, if set, does the verb instead of run and answers in blocks
	// (tables, records, boards).
	show func(h *handling, c Command) ([]document.Block, error)
	// suggest puts the verb among the words "did you mean" offers (not
	// "move", "new" or "say": one letter off everyday words).
	suggest bool
	// usage is the verb's entry in "help": the form, a tab, what it does
	// (a newline and a tab go on to the next line of the description);
	// "" when another verb's entry names it. topic is the "help <topic>"
	// its words lead to, "" if none.
	usage, topic string
}

// lineWords is a command line as parse reads it: the verb as written
// (lower case, punctuation trimmed), the line, and the words after the
// verb as written and lower-cased.
type lineWords struct {
	verb string
	line string
	// keyword is the registry's: a word of the language is no game id.
	keyword func(string) bool
	words   []string // every word, from the verb on (the game id before it left out)
	args    []string // the words after the verb, as written
	low     []string // args lower-cased, punctuation trimmed
}

// authorityFor is the authority command c needs.
func (s *verbSpec) authorityFor(c Command) Authority {
	if s.authorityOf != nil {
		return s.authorityOf(c)
	}
	return s.authority
}

// verbRegistry is the command language: the verbs by their words and by
// their Verb.
type verbRegistry struct {
	order  []*verbSpec // the table's order, the help's
	byWord map[string]*verbSpec
	byVerb map[Verb]*verbSpec
	// suggestions are the verbs "did you mean" may offer, in table order.
	suggestions []Verb
}

// newVerbRegistry indexes specs; a later spec's word wins over an earlier
// one's (a test's toy verb may take a word).
func newVerbRegistry(specs []verbSpec) *verbRegistry {
	r := &verbRegistry{byWord: map[string]*verbSpec{}, byVerb: map[Verb]*verbSpec{}}
	for i := range specs {
		s := &specs[i]
		r.order = append(r.order, s)
		r.byVerb[s.verb] = s
		for _, w := range s.words {
			r.byWord[w] = s
		}
		if s.suggest {
			r.suggestions = append(r.suggestions, s.verb)
		}
	}
	return r
}

// keyword reports whether w is a word of the command language; such words
// are never game ids.
func (r *verbRegistry) keyword(w string) bool {
	if _, ok := r.byWord[w]; ok {
		return true
	}
	switch w {
	case "rated", "unrated", "analyse", "analyze", "holiday":
		return true
	}
	return false
}
