package notation_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// playFile reads a PGN file and plays its games, each in the form its
// Variant tag names.
func playFile(t *testing.T, path string) (games []*rules.Game, outcomes []rules.Outcome, err error) {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := notation.ReadPGN(string(text))
	if err != nil {
		return nil, nil, err
	}
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	for _, r := range recs {
		kit, ok := cat.Lookup(r.Tag("Variant"))
		if !ok {
			t.Fatalf("%s: no variant %q", path, r.Tag("Variant"))
		}
		g, o, err := notation.PlayPGN(kit.Rules, notation.FormOf(kit.Rules, kit.Notation, r), r)
		games, outcomes = append(games, g), append(outcomes, o)
		if err != nil {
			return games, outcomes, err
		}
	}
	return games, outcomes, nil
}

func TestPGNFixtures(t *testing.T) {
	for _, tc := range []struct {
		file     string
		plies    []int
		outcomes []string // rules.Outcome.String of each game
		err      string   // the error, if any, mentions this
	}{
		{"gufuu-by-hand.pgn", []int{14}, []string{"white wins by checkmate"}, ""},
		{"julgonu-two-games.pgn", []int{20, 6}, []string{"", "black wins by timeout"}, ""},
		{"micro-fairy.pgn", []int{21, 15}, []string{"black wins by checkmate", "black wins by checkmate"}, ""},
		// The same resignation in the form windpost writes (White moves
		// first) and in its records before issue 20 (White moves second).
		{"gufuu-pairs-resigned.pgn", []int{10}, []string{"black wins by resignation"}, ""},
		{"gufuu-by-ply-resigned.pgn", []int{10}, []string{"white wins by resignation"}, ""},
		{"gufuu-illegal.pgn", []int{4}, []string{""}, "move 5 (K-3c)"},
		{"gufuu-wrong-result.pgn", []int{14}, []string{"white wins by checkmate"}, "the result is 0-1"},
		{"unclosed-tag.pgn", nil, nil, "line 2: tag White: no ] after the value"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			games, outcomes, err := playFile(t, "testdata/pgn/"+tc.file)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.err)
			}
			if len(games) != len(tc.plies) {
				t.Fatalf("%d games, want %d", len(games), len(tc.plies))
			}
			for i, g := range games {
				if g.Ply() != tc.plies[i] || outcomes[i].String() != tc.outcomes[i] {
					t.Errorf("game %d: %d moves, %q; want %d, %q", i+1, g.Ply(), outcomes[i], tc.plies[i], tc.outcomes[i])
				}
			}
		})
	}
}

func TestPGNErrorsTellApart(t *testing.T) {
	_, _, err := playFile(t, "testdata/pgn/gufuu-illegal.pgn")
	var re *notation.RecordError
	if !errors.As(err, &re) || re.Ply != 5 || re.Text != "K-3c" {
		t.Errorf("illegal move: %v, want a *RecordError for move 5", err)
	}
	_, _, err = playFile(t, "testdata/pgn/gufuu-wrong-result.pgn")
	if !errors.Is(err, notation.ErrResult) || errors.As(err, &re) {
		t.Errorf("wrong result: %v, want notation.ErrResult", err)
	}
}

func TestPGNTags(t *testing.T) {
	recs, err := notation.ReadPGN("[A \"x\\\"y\\\\z\"][b \"\"]\n1.m *")
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v, %v", recs, err)
	}
	r := recs[0]
	if r.Tag("a") != `x"y\z` || r.Tag("B") != "" || len(r.Tags) != 2 || r.Tag("missing") != "" {
		t.Errorf("tags %q", r.Tags)
	}
	if got := r.String(); got != "[A \"x\\\"y\\\\z\"]\n[b \"\"]\n\n1.m *\n\n" {
		t.Errorf("written as %q", got)
	}
}
