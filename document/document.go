// Package document is a mail as windpost writes it: a list of typed
// blocks (paragraphs, boards, tables, move records, the action that says
// what to write next, links, quotes of the player's own lines), rendered
// as text/plain (format=flowed), as HTML, and read for the picture's alt
// text. games builds documents; mailer and web render them. It knows no
// game: a board is its text, its title and its status as games words them.
package document

import "strings"

// Kind is what a block is.
type Kind string

// The kinds of block.
const (
	// Paragraph is prose; its line breaks are its writer's.
	Paragraph Kind = "paragraph"
	// Quote is the player's own line, echoed above its answer.
	Quote Kind = "quote"
	// Action says what to write next, with an example.
	Action Kind = "action"
	// Link is a web address with the words that introduce it.
	Link Kind = "link"
	// Board is a game's board: its text diagram and what the picture says.
	Board Kind = "board"
	// Table is columns and rows (crosstables, standings, lists of games).
	Table Kind = "table"
	// Record is a game's moves as its notation writes them.
	Record Kind = "record"
	// Fixed is text laid out by its writer in columns (help's list of
	// commands, the rules' diagrams): shown as it is, never re-wrapped.
	Fixed Kind = "fixed"
)

// Document is one mail's body: its blocks in order.
type Document struct {
	Blocks []Block `json:"blocks"`
}

// Block is one block of a document. Text is the words of a paragraph,
// quote, action, link, record or fixed block; Board and Table the parts
// of those kinds.
type Block struct {
	Kind Kind   `json:"kind"`
	Text string `json:"text,omitempty"`
	// Join puts the block on the line after the block before it, with no
	// blank line between (the lines of a status that belong together).
	Join bool `json:"join,omitempty"`
	// Example is an action's example to write ("P-1c #3"); URL a link's
	// address.
	Example string     `json:"example,omitempty"`
	URL     string     `json:"url,omitempty"`
	Board   *BoardPart `json:"board,omitempty"`
	Table   *TablePart `json:"table,omitempty"`
}

// BoardPart is a board as a mail shows it.
type BoardPart struct {
	Title    string `json:"title"`              // the game's title: "Micro-shogi"
	Diagram  string `json:"diagram"`            // the text board, as the notation draws it
	Bottom   string `json:"bottom,omitempty"`   // the side shown at the bottom: "black", "white"
	LastMove string `json:"lastMove,omitempty"` // the last move, numbered: "9.K-1c"; "" before the first
	Status   string `json:"status,omitempty"`   // one short line: "Black to move, in check"
}

// Align is how a column's cells line up.
type Align string

// The alignments of a column.
const (
	Left  Align = "left"
	Right Align = "right"
)

// Column is one column of a table: its heading ("" for none), its
// alignment, and its width in the text render (0: its widest cell's; a
// longer cell runs on, and the row's next cell starts on the next line).
type Column struct {
	Name  string `json:"name,omitempty"`
	Align Align  `json:"align,omitempty"`
	Width int    `json:"width,omitempty"`
	// Whole keeps each cell on one line in the HTML render (short words
	// and numbers: "+1.20", "W 37"), which a narrow screen would
	// otherwise break inside a word.
	Whole bool `json:"whole,omitempty"`
}

// TablePart is a table: columns and rows of cells, one cell a column;
// Indent is how many spaces its lines start with in the text render.
type TablePart struct {
	Indent  int        `json:"indent,omitempty"`
	Columns []Column   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// Para is a paragraph block of text.
func Para(text string) Block { return Block{Kind: Paragraph, Text: strings.TrimRight(text, "\n")} }

// Said is the quote block of a player's line.
func Said(line string) Block { return Block{Kind: Quote, Text: line} }

// Act is an action block: text says what to write, example is what the
// text quotes as an example ("" if it quotes none).
func Act(text, example string) Block {
	return Block{Kind: Action, Text: strings.TrimRight(text, "\n"), Example: example}
}

// WebLink is a link block: words then the address.
func WebLink(words, url string) Block { return Block{Kind: Link, Text: words, URL: url} }

// Moves is a record block.
func Moves(record string) Block { return Block{Kind: Record, Text: strings.TrimRight(record, "\n")} }

// Laid is a fixed block: lines laid out by their writer.
func Laid(text string) Block { return Block{Kind: Fixed, Text: strings.TrimRight(text, "\n")} }

// Diagram is a board block.
func Diagram(b BoardPart) Block {
	b.Diagram = strings.TrimRight(b.Diagram, "\n")
	return Block{Kind: Board, Board: &b}
}

// Grid is a table block.
func Grid(t TablePart) Block { return Block{Kind: Table, Table: &t} }

// Joined is b put on the line after the block before it.
func Joined(b Block) Block {
	b.Join = true
	return b
}

// FromText is the document of a plain text written without blocks (a mail
// stored by an older windpost): one paragraph per run of lines between
// blank lines, every line kept.
func FromText(text string) Document {
	var d Document
	for _, p := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if p = strings.Trim(p, "\n"); strings.TrimSpace(p) != "" {
			d.Blocks = append(d.Blocks, Para(p))
		}
	}
	return d
}

// Add appends blocks to d.
func (d *Document) Add(b ...Block) { d.Blocks = append(d.Blocks, b...) }

// FirstBoard is d's first board, or nil.
func (d Document) FirstBoard() *BoardPart {
	for _, b := range d.Blocks {
		if b.Kind == Board && b.Board != nil {
			return b.Board
		}
	}
	return nil
}
