package variants_test

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// Players read the rules and boards in plain-text mail, where lines over
// 78 characters get wrapped by their mail program.
const mailWidth = 78

func TestCatalog(t *testing.T) {
	c := variants.Default(variants.Options{CacheDir: t.TempDir()})
	want := map[string]string{"gufuu": "gufuu", "microshogi": "microshogi", "micro": "microshogi", "julgonu": "julgonu", "GONU": "julgonu"}
	for name, canon := range want {
		k, ok := c.Lookup(name)
		if !ok || k.Rules.Name() != canon {
			t.Errorf("Lookup(%q) = %v, %v; want %s", name, k.Rules, ok, canon)
		}
		if k.Notation == nil || k.Bot == nil || k.Analyst == nil {
			t.Errorf("%s: incomplete kit %+v", name, k)
		}
	}
	for name, solved := range map[string]bool{"gufuu": true, "julgonu": true, "microshogi": false} {
		if k, _ := c.Lookup(name); (k.Table != nil) != solved {
			t.Errorf("%s: table %v, want a table: %v", name, k.Table, solved)
		}
	}
	if _, err := c.Get("chess"); err == nil || !strings.Contains(err.Error(), "gufuu") {
		t.Errorf("Get(chess) = %v; want an error listing the games", err)
	}
	if got := strings.Join(c.Names(), ", "); got != "gufuu, microshogi (micro), julgonu (gonu)" {
		t.Errorf("Names = %q", got)
	}
}

func TestTextsFitInAMail(t *testing.T) {
	for _, k := range variants.Default(variants.Options{CacheDir: t.TempDir()}).Kits() {
		// The rules, and boards along a game.
		texts := []string{k.Notation.Rules()}
		g := rules.NewGame(k.Rules)
		for i := 0; i < 12 && !g.Outcome().Over(); i++ {
			texts = append(texts, k.Notation.Board(g.Position()))
			if err := g.Play(g.LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
		}
		for _, text := range texts {
			for _, line := range strings.Split(text, "\n") {
				if len(line) > mailWidth {
					t.Errorf("%s: a line of %d characters:\n%s", k.Rules.Name(), len(line), line)
				}
				if strings.TrimRight(line, " ") != line {
					t.Errorf("%s: trailing spaces in %q", k.Rules.Name(), line)
				}
			}
		}
	}
}
