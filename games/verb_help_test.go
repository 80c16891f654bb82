package games

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/clubplay"
	"github.com/windpost/windpost/games/internal/referee"
)

func TestRulesTextTitleOnce(t *testing.T) {
	for _, tc := range []struct {
		title, text, want string
	}{
		{"Gufuu Shogi", "Gufuu Shogi (Georg Dunkel's game)\n\nThe board\n", "Gufuu Shogi (Georg Dunkel's game)\n\nThe board"},
		{"Micro-shogi", "Micro-shogi\n\nA small shogi\n", "Micro-shogi\n\nA small shogi"},
		{"Jul-Gonu", "The board has four lines\n", "Jul-Gonu\n\nThe board has four lines"},
	} {
		if got := referee.RulesText(tc.title, tc.text); got != tc.want {
			t.Errorf("rulesText(%q, %q) = %q, want %q", tc.title, tc.text, got, tc.want)
		}
	}
	// Every game's rules answer names its title once, at the start.
	h, _ := gufuuHarness(t)
	for _, kit := range h.catalog.Kits() {
		name := kit.Rules.Name()
		title := kit.Rules.Title()
		m := only(t, h.write(t, alice, "rules "+name), alice)
		if n := strings.Count(m.Text, title+"\n"); n > 1 {
			t.Errorf("rules %s: the title %q heads %d lines:\n%s", name, title, n, m.Text)
		}
		if !strings.Contains(m.Text, title) {
			t.Errorf("rules %s lacks its title %q", name, title)
		}
		first := strings.SplitN(strings.TrimSpace(referee.RulesText(title, kit.Notation.Rules())), "\n", 2)[0]
		if !strings.HasPrefix(first, title) {
			t.Errorf("rules %s starts %q, not with its title", name, first)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		line string
		want referee.Verb // "" for no suggestion
	}{
		{"hlep", referee.VerbHelp}, {"gams", referee.VerbGames}, {"Hlep!", referee.VerbHelp}, {"resing", referee.VerbResign},
		{"histroy", referee.VerbHistory}, {"chalenge bob@example.org gufuu", referee.VerbChallenge},
		{"anlaysis", referee.VerbAnalysis}, {"stnadigns", referee.VerbStandings},
		{"rematc", referee.VerbRematch}, {"tournamnet t7k3q", referee.VerbTournament}, {"withdarw t7k3q", referee.VerbWithdraw}, {"ajudicate g7k3q white", clubplay.VerbAdjudicate},
		{"help", ""}, {"games", ""}, {"Mike", ""}, {"Bob", ""}, {"thanks", ""}, {"bravo", ""},
		{"Gunther Smith", ""}, {"hlep me with this game please", ""}, {"", ""},
		{"more", ""}, {"news", ""}, {"love", ""},
	} {
		_, got, ok := referee.NewVerbRegistry(builtinVerbs()).DidYouMean(tc.line)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("didYouMean(%q) = %q, %v; want %q", tc.line, got, ok, tc.want)
		}
	}
	h := newHarness(t, nimCatalog(10))
	for _, tc := range []struct{ line, want string }{
		{"hlep", `Refused: I do not know the command "hlep". Did you mean "help"?`},
		{"gams", `Refused: I do not know the command "gams". Did you mean "games"?`},
		{"Mike", "Refused: I do not understand this line."},
	} {
		wantText(t, only(t, h.write(t, alice, tc.line), alice), tc.want)
	}
}
