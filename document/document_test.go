package document

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	goldenfile "github.com/windpost/windpost/internal/golden"
)

// board is a Micro-shogi board as its notation draws it.
const board = `     4  3  2  1
  +------------+
  | vK vB vG vS| a
  |          vP| b
  | P          | c
  | S  G  B  K | d
  +------------+
White in hand: -
Black in hand: -`

// sample is a document with a block of every kind.
func sample() Document {
	return Document{Blocks: []Block{
		Said("new micro"),
		Joined(Para("Done: new game g7k3q of Micro-shogi. You play black against the bot (level casual); this game has no clock.")),
		Para("Micro-shogi, game g7k3q: you (black) vs. the bot (white, casual)"),
		Diagram(BoardPart{Title: "Micro-shogi", Diagram: board, Bottom: "black", LastMove: "1.P-1c", Status: "Black to move"}),
		Para("Last move: 1.P-1c\nMove #2: black (you) to move."),
		Joined(Act(`Reply with your move, e.g. "P-4b #2"; "moves" lists the legal ones.`, "P-4b #2")),
		Joined(WebLink("Web page:", "https://windpost.test/g/abc")),
		Grid(TablePart{Columns: []Column{{Name: "#"}, {Name: "player"}, {Name: "points", Align: Right}},
			Rows: [][]string{{"1", "alice@...", "2.5"}, {"2", "bob@...", "10"}}}),
		Moves("1.P-1c 2.G-2c"),
		Laid("  help      this text\n  board     the board"),
	}}
}

func TestText(t *testing.T) {
	got := sample().Text()
	golden(t, "sample.txt", got)
	for _, want := range []string{"> new micro\nDone: new game", "Move #2: black (you) to move.\nReply with", "ones.\nWeb page: https://windpost.test/g/abc\n\n#",
		"#  player     points\n1  alice@...     2.5\n2  bob@...        10\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the text has no %q:\n%s", want, got)
		}
	}
}

func TestTables(t *testing.T) {
	wide := strings.Repeat("w", 50)
	tests := []struct {
		name string
		t    TablePart
		want string
	}{
		{"no headings", TablePart{Columns: []Column{{}, {}}, Rows: [][]string{{"games", "your games"}, {"g", "the short form"}}},
			"games  your games\ng      the short form\n"},
		{"right aligned", TablePart{Columns: []Column{{Name: "n"}, {Name: "SB", Align: Right}}, Rows: [][]string{{"a", "1.5"}, {"b", "12"}}},
			"n   SB\na  1.5\nb   12\n"},
		{"a short row padded", TablePart{Columns: []Column{{}, {}, {}}, Rows: [][]string{{"a", "b", "c"}, {"dd"}}}, "a   b  c\ndd\n"},
		{"a cell longer than its column's width runs on", TablePart{Columns: []Column{{Width: 4}, {}}, Rows: [][]string{{"help", "this"}, {"tournament", "organise"}, {"", "more"}}},
			"help  this\ntournament\n      organise\n      more\n"},
		{"too wide: stacked", TablePart{Columns: []Column{{Name: "game"}, {Name: "opponent"}, {Name: "state"}},
			Rows: [][]string{{"g1", wide, wide}, {"g2", "bob", ""}}},
			"g1\n  opponent: " + wide + "\n  state: " + wide + "\ng2\n  opponent: bob\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Document{Blocks: []Block{Grid(tt.t)}}.Text()
			if got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			for _, l := range strings.Split(got, "\n") {
				if utf8.RuneCountInString(l) > Width {
					t.Errorf("a line of %d characters: %q", utf8.RuneCountInString(l), l)
				}
			}
		})
	}
}

func TestFlowed(t *testing.T) {
	long := "Done: new game g7k3q of Gufuu Shogi. You play black against the bot (level casual); this game has no clock."
	word := strings.Repeat("x", 90)
	row := "gx99t  gufuu        you (black) vs. the bot (casual): white wins by resignation, long"
	tests := []struct {
		name string
		doc  Document
		want string
	}{
		{"short prose kept", Document{Blocks: []Block{Para("Move #1: black (you) to move.")}}, "Move #1: black (you) to move."},
		{"long prose soft-wrapped after a space", Document{Blocks: []Block{Para(long)}},
			"Done: new game g7k3q of Gufuu Shogi. You play black against the bot (level \ncasual); this game has no clock."},
		{"trailing space of a line dropped", FromText("Hello \n\nBye\n"), "Hello\n\nBye"},
		{"a board stuffed as a whole", Document{Blocks: []Block{Diagram(BoardPart{Diagram: "White in hand: -\n   4  3\n+---+\n| vK| a"})}},
			" White in hand: -\n    4  3\n +---+\n | vK| a"},
		{"a board without leading space not stuffed", Document{Blocks: []Block{Diagram(BoardPart{Diagram: "+---+\n| vK| a"})}}, "+---+\n| vK| a"},
		{"the echo and From stuffed", Document{Blocks: []Block{Said("help"), Joined(Para("From here on"))}}, " > help\n From here on"},
		{"a long echo wrapped, its first line stuffed", Document{Blocks: []Block{Said(long)}},
			" > Done: new game g7k3q of Gufuu Shogi. You play black against the bot (level \ncasual); this game has no clock."},
		{"a word longer than a line kept whole", Document{Blocks: []Block{Para("see " + word + " now")}}, "see \n" + word + " \nnow"},
		{"fixed lines kept long", Document{Blocks: []Block{Laid(row)}}, row},
		{"a record kept", Document{Blocks: []Block{Moves("1.K*1b>N 2.K*2c>E")}}, "1.K*1b>N 2.K*2c>E"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.doc.Flowed(); got != tt.want+"\n" {
				t.Errorf("Flowed =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestAltText(t *testing.T) {
	tests := []struct {
		b    BoardPart
		want string
	}{
		{BoardPart{Title: "Micro-shogi", LastMove: "9.K-1c", Status: "Black to move, in check"}, "Micro-shogi board after 9.K-1c: Black to move, in check"},
		{BoardPart{Title: "Jul-Gonu"}, "Jul-Gonu board"},
		{BoardPart{Title: "Gufuu Shogi", Status: strings.Repeat("very long status ", 10)}, ""},
	}
	for _, tt := range tests {
		got := tt.b.AltText()
		if n := utf8.RuneCountInString(got); n > maxAlt || n == 0 {
			t.Errorf("AltText = %q: %d characters", got, n)
		}
		if tt.want != "" && got != tt.want {
			t.Errorf("AltText = %q, want %q", got, tt.want)
		}
	}
}

func TestHTML(t *testing.T) {
	page := sample().HTML(&Picture{CID: "board.1@w.test", Width: 360})
	golden(t, "sample.html", page)
	for _, want := range []string{
		`<img src="cid:board.1@w.test" alt="Micro-shogi board after 1.P-1c: Black to move" width="360"`,
		"<table", `<td align="right">2.5</td>`,
		"<strong>P-4b #2</strong>", `<a href="https://windpost.test/g/abc">`, "&gt; new micro",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %q", want)
		}
	}
	if strings.Index(page, "<img") > strings.Index(page, "+------------+") {
		t.Errorf("the picture is not above the text board")
	}
	if strings.Contains(sample().HTML(nil), "<img") {
		t.Errorf("a picture shown that was not given")
	}
	for _, bad := range []string{"<style", "<script", "class="} {
		if strings.Contains(page, bad) {
			t.Errorf("the page has %s", bad)
		}
	}
}

func TestJSON(t *testing.T) {
	d := sample()
	raw, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back Document
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.Text() != d.Text() || back.HTML(nil) != d.HTML(nil) {
		t.Errorf("read back from JSON, the document renders otherwise")
	}
}

func TestFromText(t *testing.T) {
	d := FromText("one\ntwo\n\n\nthree\n")
	if len(d.Blocks) != 2 || d.Blocks[0].Text != "one\ntwo" || d.Blocks[1].Text != "three" || d.Blocks[1].Kind != Paragraph {
		t.Errorf("FromText = %+v", d.Blocks)
	}
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}

// TestFragment: a web page's blocks carry no inline style (its
// Content-Security-Policy drops them) but their kind as a class, the
// picture is the image at its URL above the text board (folded away
// under "The board as text") with the board's alt text, a link to the site's own page is its words linked, and the
// mail's page stays as it was (TestHTML's golden file).
func TestFragment(t *testing.T) {
	d := sample()
	d.Add(WebLink("Round 1 of tournament t2345", "../t/t2345"))
	got := d.Fragment(&Picture{URL: "g7k3q-abc/board.png", Width: 360})
	for _, want := range []string{
		`<img src="g7k3q-abc/board.png" alt="Micro-shogi board after 1.P-1c: Black to move" width="360">`,
		`<p class="quote">&gt; new micro</p>`, `<p class="paragraph joined">Done: new game`,
		`<div class="board"><img`, `width="360"><details><summary>The board as text</summary><pre>`, `<p class="action joined">Reply with your move, e.g. &#34;<strong>P-4b #2</strong>&#34;`,
		`<table role="presentation" cellpadding="2" cellspacing="0" class="table">`, `<td align="right">2.5</td>`,
		`<pre class="record">1.P-1c 2.G-2c</pre>`, `<pre class="fixed">`,
		`<p class="link joined">Web page: <a href="https://windpost.test/g/abc">https://windpost.test/g/abc</a></p>`,
		`<p class="link"><a href="../t/t2345">Round 1 of tournament t2345</a></p>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the fragment has no %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"style=", "<html", "<body", "cid:"} {
		if strings.Contains(got, bad) {
			t.Errorf("the fragment has %s:\n%s", bad, got)
		}
	}
	if strings.Index(got, "<img") > strings.Index(got, "+------------+") {
		t.Errorf("the picture is not above the text board")
	}
	if plain := sample().Fragment(nil); strings.Contains(plain, "<img") || strings.Contains(plain, "<details") {
		t.Errorf("a picture shown that was not given, or the only board folded away:\n%s", plain)
	}
	if page := d.HTML(&Picture{CID: "board.1@w.test", URL: "", Width: 360}); !strings.Contains(page, `<a href="../t/t2345">Round 1 of tournament t2345</a>`) ||
		!strings.Contains(page, `src="cid:board.1@w.test"`) {
		t.Errorf("the mail's page links otherwise:\n%s", page)
	}
}

// TestWholeColumn: the cells of a Whole column are kept on one line in
// HTML (nowrap), in a mail and on a web page; other cells may wrap.
func TestWholeColumn(t *testing.T) {
	d := Document{Blocks: []Block{Grid(TablePart{Columns: []Column{{Whole: true}, {}},
		Rows: [][]string{{"+1.20", "the engine's estimate, which may wrap"}}})}}
	for name, page := range map[string]string{"mail": d.HTML(nil), "web": d.Fragment(nil)} {
		if !strings.Contains(page, "<td nowrap>+1.20</td><td>the engine") {
			t.Errorf("%s: the whole column's cell may wrap:\n%s", name, page)
		}
	}
}

// TestTextIsItsLines: Text writes the same lines the flowed render wraps
// (lines), for every kind of block, joined or not, a board without its
// part and text with trailing white space and empty lines among them.
func TestTextIsItsLines(t *testing.T) {
	d := sample()
	d.Add(Block{Kind: Board}, Joined(Para("after  \n\n a board without its part \t")), Said("a quote\r"),
		Grid(TablePart{Columns: []Column{{Name: "a"}, {Name: "b"}}, Rows: [][]string{{"1", "2"}}}), Para(""))
	for _, doc := range []Document{d, {}, {Blocks: []Block{Para("one")}}} {
		var want strings.Builder
		for _, l := range doc.lines() {
			want.WriteString(l.text + "\n")
		}
		if got := doc.Text(); got != want.String() {
			t.Errorf("Text:\n%q\nthe lines:\n%q", got, want.String())
		}
	}
}
