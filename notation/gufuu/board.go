package gufuu

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
)

// Board draws p for a mail or a terminal:
//
//	    2    1
//	  +----+----+
//	a | K> | S^ |
//	  +----+----+
//	b | W< |    |
//	  +----+----+
//	c | kv |    |
//	  +----+----+
//	In hand: nothing
//	Black to move. Black is in check from the Wind.
//	K = Black's king, k = White's king, W = Wind, S = Storm (shared)
//	^ > v < = facing north, east, south, west
//
// The arrow after a piece points the way it faces (north is up).
func (Notation) Board(p rules.Position) string {
	return notation.FormatAs(p, func(x engine.Position) string { return BoardOf(x.P) })
}

// BoardFrom draws p turned half round for White (rank c at the top, file
// 1 on the left, north down), and as Board for Black:
//
//	    1    2
//	  +----+----+
//	c |    | kv |
//	...
//	v < ^ > = facing north, east, south, west (White's side: north is down)
//
// The arrows point the way the pieces face on the board as drawn.
func (Notation) BoardFrom(p rules.Position, bottom rules.Side) string {
	return notation.FormatAs(p, func(x engine.Position) string { return boardFrom(x.P, bottom) })
}

// BoardOf is Board on a packed position.
func BoardOf(p engine.Pos) string { return boardFrom(p, rules.Black) }

// frame is the board's file labels, its arrows (by facing N, E, S, W)
// and the legend of the arrows as the player of bottom sees them.
func frame(bottom rules.Side) (files, arrows, legend string) {
	if bottom == rules.White {
		return "     1    2\n", "v<^>", " v < ^ > = facing north, east, south, west (White's side: north is down)\n"
	}
	return "     2    1\n", "^>v<", " ^ > v < = facing north, east, south, west\n"
}

func boardFrom(p engine.Pos, bottom rules.Side) string {
	files, arrows, legend := frame(bottom)
	var b strings.Builder
	sep := "   +----+----+\n"
	b.WriteString(files)
	b.WriteString(sep)
	for i := 0; i < 3; i++ {
		r := i
		if bottom == rules.White {
			r = 2 - i
		}
		fmt.Fprintf(&b, " %c |", 'a'+r)
		for j := 0; j < 2; j++ {
			c := j
			if bottom == rules.White {
				c = 1 - j
			}
			sq := engine.Square(r*2 + c)
			if pc, f, ok := p.At(sq); ok {
				fmt.Fprintf(&b, " %c%c |", "KkWS"[pc], arrows[f])
			} else {
				b.WriteString("    |")
			}
		}
		b.WriteString("\n")
		b.WriteString(sep)
	}
	var hand []string
	for _, pc := range []engine.Piece{engine.BlackKing, engine.WhiteKing, engine.Wind, engine.Storm} {
		if _, _, on := p.Where(pc); !on {
			hand = append(hand, pc.String())
		}
	}
	if len(hand) == 0 {
		b.WriteString(" In hand: nothing\n")
	} else {
		fmt.Fprintf(&b, " In hand: %s\n", strings.Join(hand, ", "))
	}
	who := notation.SideName(p.ToMove())
	line := who + " to move."
	if forced, ok := p.Forced(); ok {
		line += fmt.Sprintf(" Opening: %s must drop %s.", who, map[engine.Piece]string{
			engine.BlackKing: "his king", engine.WhiteKing: "his king",
			engine.Wind: "the Wind", engine.Storm: "the Storm"}[forced])
	}
	if cs := p.Checkers(); len(cs) > 0 {
		var buf [engine.MaxMoves]rules.Move
		from := "the " + genName(cs[0])
		if len(cs) == 2 {
			from = "the Wind and the Storm"
		}
		if len(p.AppendMoves(buf[:0])) == 0 {
			line += fmt.Sprintf(" %s is checkmated by %s: %s wins.", who, from, notation.SideName(p.ToMove().Opponent()))
		} else {
			line += fmt.Sprintf(" %s is in check from %s.", who, from)
		}
	}
	b.WriteString(" " + line + "\n")
	b.WriteString(" K = Black's king, k = White's king, W = Wind, S = Storm (shared)\n")
	b.WriteString(legend)
	return b.String()
}

// Rules explains the game and its notation in plain words.
func (Notation) Rules() string {
	return `Gufuu Shogi (Georg Dunkel's game)

The board has 2 files and 3 ranks: files 2 (left) and 1 (right), ranks a
(top), b, c (bottom); squares are named file then rank, e.g. 2a. There are
four pieces: Black's king, White's king and two generals, the Wind and the
Storm, which belong to nobody: each player uses them on his turn. Every
piece on the board faces north, east, south or west; "forward" is the way it
faces.
  King:  one step in any of the 8 directions.
  Wind:  one step forward, or one step diagonally backward.
  Storm: one step forward, diagonally forward, left or right (never
         backward).

A turn is one of: drop a piece from the shared hand on an empty square with
any facing; move your king or a general to an empty square it reaches;
capture a general with your king or the other general (it goes to the shared
hand); or turn your king or a general a quarter clockwise in place. A piece
that moves or captures also turns a quarter clockwise:
N -> E -> S -> W -> N. Kings are never captured.

Opening: Black drops his king, White drops his king, Black drops the Wind,
White drops the Storm. Kings may stand side by side, but never face to face
(orthogonally next to each other, each facing the other); no move, turn or
drop may bring that about.

Check: a general checks your king when it reaches your king's square AND
stands next to the other king (any of the 8 squares around). In check you
may not move or turn a checking general, and your king may not capture it.
The check must be lifted: step the king out of its reach, or capture the
checking general with the other general (if that one is not checking too). A
drop never answers a check; against a double check only a king move helps.
You may not drop a general so that it gives check (in the opening too).
Being in check with no legal move is checkmate: that side loses. windpost
draws the game when the same position (side to move included) occurs for the
fourth time.

Notation: K*2c>W drop (piece, *, square, >facing); S-1a move; Wx2c capture;
K:>W turn in place (>facing after turning). K is always the mover's own
king. The facing after a move, capture or turn may be left out (it is always
a quarter clockwise); + marks check and X (or #) mate. A move number such as
"11." may stand in front. Example:
  1.K*1c>N 2.K*2c>S 3.W*1b>S 4.S*2b>W 5.Kx2b>E
`
}

// Examples lists moves in Gufuu's notation to show the format with
// (notation.Example picks one that is not legal in the position).
func (Notation) Examples() []string {
	return []string{"W*2b>E", "S*1b>W", "K-2b", "S-1a", "W-2c", "Wx1b"}
}
