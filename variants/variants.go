// Package variants puts each game's pieces together: its rules engine, its
// notation, its bot and its analyst. games and cmd/windpost use a Catalog
// and never name a variant themselves.
package variants

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// Kit is everything windpost knows about one variant.
type Kit struct {
	Rules    rules.Variant
	Notation notation.Notation
	Bot      solver.Bot
	Analyst  solver.Analyst
	// Table is the solved game's table, which Bot and Analyst read; nil
	// for a game that is not solved.
	Table solver.Table
}

// Options configures the kits.
type Options struct {
	// CacheDir is where tables that are costly to compute are cached (the
	// Jul-Gonu table). Empty means the working directory.
	CacheDir string
	// MicroThink is the Micro-shogi bot's time per move; 0 = its default
	// (solver/microshogi.DefaultTime). A search in trouble (its best move
	// changed or fell) may take up to MicroMaxThink.
	MicroThink time.Duration
	// MicroMaxThink is the most a search in trouble may take; 0 (or less
	// than MicroThink) means MicroThink.
	MicroMaxThink time.Duration
	// MicroThreads is how many threads the Micro-shogi bot searches with;
	// 0 means 1.
	MicroThreads int
}

// Catalog is the set of variants a windpost server plays. It is built once
// and not changed afterwards.
type Catalog struct {
	registry *rules.Registry
	kits     map[string]Kit
}

// Default returns the catalog of every variant windpost plays.
func Default(o Options) *Catalog {
	return New(gufuuKit(o), microshogiKit(o), julgonuKit(o))
}

// New returns a catalog of the given kits.
func New(kits ...Kit) *Catalog {
	c := &Catalog{kits: map[string]Kit{}}
	var vs []rules.Variant
	for _, k := range kits {
		vs = append(vs, k.Rules)
		c.kits[k.Rules.Name()] = k
	}
	c.registry = rules.NewRegistry(vs...)
	return c
}

// Lookup returns the kit of the variant called name (name or alias, any
// case).
func (c *Catalog) Lookup(name string) (Kit, bool) {
	v, ok := c.registry.Lookup(name)
	if !ok {
		return Kit{}, false
	}
	return c.kits[v.Name()], true
}

// Get is Lookup with an error that lists the variants there are.
func (c *Catalog) Get(name string) (Kit, error) {
	if k, ok := c.Lookup(name); ok {
		return k, nil
	}
	return Kit{}, fmt.Errorf("unknown game %q: windpost plays %s", name, strings.Join(c.Names(), ", "))
}

// Kits lists the kits in a fixed order.
func (c *Catalog) Kits() []Kit {
	var ks []Kit
	for _, v := range c.registry.Variants() {
		ks = append(ks, c.kits[v.Name()])
	}
	return ks
}

// Names lists the canonical names with their aliases, e.g.
// "microshogi (micro)".
func (c *Catalog) Names() []string {
	var ns []string
	for _, v := range c.registry.Variants() {
		n := v.Name()
		if a := v.Aliases(); len(a) > 0 {
			sorted := append([]string(nil), a...)
			sort.Strings(sorted)
			n += " (" + strings.Join(sorted, ", ") + ")"
		}
		ns = append(ns, n)
	}
	return ns
}
