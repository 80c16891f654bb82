package picture

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/microshogi"
)

// mailWidth is the width the mailer draws a mail's picture at (its
// pictureWidth): twice DefaultWidth, shown at half size.
const mailWidth = 2 * DefaultWidth

// A mail's picture must leave a Micro-shogi answer under 35,000 octets
// (issue 20). The answer's text, HTML and headers take up to 5 KiB; the
// rest carries the PNG in base64, in lines of 76 characters and a CRLF.
const (
	answerOctets = 35000
	answerText   = 5 << 10
)

// base64Octets is the length of n octets in base64 in lines of 76
// characters, each ended by a CRLF.
func base64Octets(n int) int {
	chars := 4 * ((n + 2) / 3)
	return chars + 2*((chars+75)/76)
}

// pictureBudget is the largest PNG, in octets, that fits the answer:
// the most n with base64Octets(n) at most answerOctets-answerText.
func pictureBudget() int {
	n := 0
	for base64Octets(n+1) <= answerOctets-answerText {
		n++
	}
	return n
}

// sized is a picture whose size is measured: a position and how the mail
// draws it.
type sized struct {
	name string
	p    rules.Position
	o    Options
}

// sizedScenes reads testdata/sizes.txt: each game's start, a middle game,
// a check and an end, drawn at the mail's width.
func sizedScenes(t testing.TB) map[string][]sized {
	t.Helper()
	f, err := os.Open("testdata/sizes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]sized{}
	lines := bufio.NewScanner(f)
	for n := 1; lines.Scan(); n++ {
		line := strings.TrimSpace(lines.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		field := strings.Split(line, "|")
		if len(field) != 6 {
			t.Fatalf("testdata/sizes.txt:%d: %d fields, want 6 (name | game | position | moves | bottom | caption)", n, len(field))
		}
		for i := range field {
			field[i] = strings.TrimSpace(field[i])
		}
		bottom, ok := rules.ParseSide(field[4])
		if !ok {
			t.Fatalf("testdata/sizes.txt:%d: the side at the bottom is %q, want black or white", n, field[4])
		}
		sc := scene{name: field[0], game: field[1], from: field[2], moves: field[3],
			opts: Options{Width: mailWidth, Bottom: bottom, Caption: field[5]}}
		p, o := sc.setUp(t)
		out[sc.game] = append(out[sc.game], sized{name: sc.name, p: p, o: o})
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// randomMicroshogi is n positions of random legal Micro-shogi games (the
// seed fixed), every third one played, each with its last move marked and
// drawn from either side, at the mail's width.
func randomMicroshogi(t testing.TB, n int) []sized {
	t.Helper()
	r := rand.New(rand.NewPCG(20, 35))
	v := microshogi.Variant{}
	var out []sized
	for game := 0; len(out) < n && game < 100; game++ {
		positions := []rules.Position{v.Start()}
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			moves := v.LegalMoves(positions)
			if len(moves) == 0 {
				break
			}
			before := positions[len(positions)-1]
			m := moves[r.IntN(len(moves))]
			p, err := before.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			positions = append(positions, p)
			if ply%3 == 2 {
				o := Options{Width: mailWidth, Bottom: rules.Side(len(out) % 2), Last: Last{Before: before, Move: m}}
				out = append(out, sized{name: "random " + p.Key(), p: p, o: o})
			}
		}
	}
	if len(out) < n {
		t.Fatalf("%d random positions, want %d", len(out), n)
	}
	return out
}

// sizedSets are the sets of pictures BenchmarkPNG and TestPictureSize
// encode, by name: each game's scenes and 50 random Micro-shogi positions.
func sizedSets(t testing.TB) []struct {
	name string
	pics []sized
} {
	scenes := sizedScenes(t)
	return []struct {
		name string
		pics []sized
	}{
		{"gufuu", scenes["gufuu"]},
		{"microshogi", scenes["microshogi"]},
		{"julgonu", scenes["julgonu"]},
		{"microshogi-random", randomMicroshogi(t, 50)},
	}
}

// TestPictureSize: every picture of sizedSets, as the mail draws it, fits
// the answer's budget, so that a Micro-shogi answer stays under 35,000
// octets whatever the position.
func TestPictureSize(t *testing.T) {
	budget := pictureBudget()
	for _, set := range sizedSets(t) {
		t.Run(set.name, func(t *testing.T) {
			largest := 0
			for _, pic := range set.pics {
				var buf bytes.Buffer
				if err := PNG(&buf, pic.p, pic.o); err != nil {
					t.Fatalf("%s: %v", pic.name, err)
				}
				largest = max(largest, buf.Len())
				if buf.Len() > budget {
					t.Errorf("%s: the PNG has %d octets, more than the budget of %d (%d in base64, want at most %d)",
						pic.name, buf.Len(), budget, base64Octets(buf.Len()), answerOctets-answerText)
				}
			}
			t.Logf("%d pictures, the largest %d octets (budget %d)", len(set.pics), largest, budget)
		})
	}
}

// The budget is the largest PNG whose base64 fits: one octet more does not.
func TestPictureBudget(t *testing.T) {
	tests := []struct{ n, want int }{{0, 0}, {1, 6}, {3, 6}, {57, 78}, {58, 84}, {114, 156}}
	for _, tt := range tests {
		if got := base64Octets(tt.n); got != tt.want {
			t.Errorf("base64Octets(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
	b := pictureBudget()
	if base64Octets(b) > answerOctets-answerText || base64Octets(b+1) <= answerOctets-answerText {
		t.Errorf("the budget %d octets is %d in base64, one more %d: want the last that fits %d",
			b, base64Octets(b), base64Octets(b+1), answerOctets-answerText)
	}
}
