package microshogi

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// Board draws p as shogi players do, from Black's side: White's hand on
// top, files 4 to 1 across, ranks a to e down the right side, White's
// pieces marked "v" (they point down the board), Black's hand below, then
// the side to move:
//
//	White in hand: -
//	   4  3  2  1
//	+------------+
//	| vK vB vG vS| a
//	| vP  .  .  .| b
//	|  .  .  .  .| c
//	|  .  .  .  P| d
//	|  S  G  B  K| e
//	+------------+
//	Black in hand: -
//	Black to move (move 1).
//	 v = White's piece (White's pieces are drawn upside down in shogi)
//
// A piece in hand is listed by its front face (B G S P) and may be dropped
// with either face.
func (n Notation) Board(p rules.Position) string { return n.BoardFrom(p, rules.Black) }

// BoardFrom draws p from the side of bottom's player. For White the board
// is turned half round: Black's hand on top, files 1 to 4 across, ranks e
// to a down, Black's pieces marked "v" (they point down the board as White
// sees it), White's hand below; for Black it is Board.
func (Notation) BoardFrom(p rules.Position, bottom rules.Side) string {
	return notation.FormatAs(p, func(x engine.Position) string { return boardFrom(x, bottom) })
}

func boardFrom(p engine.Position, bottom rules.Side) string {
	if bottom != rules.White {
		bottom = rules.Black
	}
	top := bottom.Opponent()
	var b strings.Builder
	fmt.Fprintf(&b, "%s in hand: %s\n", notation.SideName(top), handList(p, top))
	files := "   4  3  2  1\n"
	if bottom == rules.White {
		files = "   1  2  3  4\n"
	}
	b.WriteString(files)
	b.WriteString("+------------+\n")
	for i := 1; i <= engine.Ranks; i++ {
		r := i
		if bottom == rules.White {
			r = engine.Ranks + 1 - i
		}
		b.WriteByte('|')
		for j := 0; j < engine.Files; j++ {
			file := engine.Files - j
			if bottom == rules.White {
				file = j + 1
			}
			sq, _ := engine.SquareAt(file, r)
			pc, ok := p.At(sq)
			switch {
			case !ok:
				b.WriteString("  .")
			case pc.Side == top:
				b.WriteString(" v" + Letter(pc.Face))
			default:
				b.WriteString("  " + Letter(pc.Face))
			}
		}
		fmt.Fprintf(&b, "| %c\n", 'a'+r-1)
	}
	b.WriteString("+------------+\n")
	fmt.Fprintf(&b, "%s in hand: %s\n", notation.SideName(bottom), handList(p, bottom))
	fmt.Fprintf(&b, "%s to move (move %d)", notation.SideName(p.ToMove()), p.MoveNumber())
	if p.InCheck() {
		b.WriteString(", in check")
	}
	b.WriteString(".\n")
	if bottom == rules.White {
		b.WriteString(LegendWhite + "\n")
	} else {
		b.WriteString(Legend + "\n")
	}
	return b.String()
}

// Legend is the line under the board that explains the "v". It starts with
// a space, as Gufuu's legend does, so the mailer keeps it with the board.
const Legend = " v = White's piece (White's pieces are drawn upside down in shogi)"

// LegendWhite is Legend under the board drawn from White's side.
const LegendWhite = " v = Black's piece (seen from White's side, Black's pieces point down)"

// handList writes one side's hand for the board: "B 2P" or "-".
func handList(p engine.Position, s rules.Side) string {
	var parts []string
	for k := 0; k < engine.Pairs; k++ {
		switch n := p.Hand(s, k); n {
		case 0:
		case 1:
			parts = append(parts, Letter(engine.Front(k)))
		default:
			parts = append(parts, fmt.Sprintf("%d%s", n, Letter(engine.Front(k))))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// Rules explains Micro-shogi and its notation in plain words.
func (Notation) Rules() string {
	return rulesText
}

const rulesText = `Micro-shogi

A small shogi on a board of 4 files and 5 ranks. Files are numbered 4 to 1
from left to right as Black sees the board, ranks are lettered a (White's
side) to e (Black's side); a square is file then rank, as in 1e.

At the start White has King 4a, Bishop 3a, Gold 2a, Silver 1a, Pawn 4b, and
Black has King 1e, Bishop 2e, Gold 3e, Silver 4e, Pawn 1d. Black moves first.

The pieces. Every piece but the king has two faces:
Bishop/Tokin, Gold/Rook, Silver/Lance and Pawn/Knight.
  K King    one step in any direction.
  B Bishop  any distance diagonally.
  R Rook    any distance along a rank or file.
  L Lance   any distance straight forward.
  G Gold    one step forward, diagonally forward, sideways or straight back.
  T Tokin   moves like a gold.
  S Silver  one step forward or diagonally in any direction.
  N Knight  two forward and one sideways, jumping over pieces.
  P Pawn    one step forward; it captures the same way.
Sliding pieces stop at the first piece in their way and may capture it if
it is the opponent's.

Captures flip the capturer. A piece that captures must turn over to its
other face: a bishop becomes a tokin and a tokin a bishop again, gold and
rook, silver and lance, pawn and knight likewise. The king never flips.
Nothing else flips; there is no promotion zone. The captured piece goes to
the captor's hand.

Drops. Instead of moving, you may put a piece from your hand on any empty
square, with either face up. A drop may give check or mate (a pawn drop may
mate), two pawns may stand on one file, and a piece may be dropped (or
moved) where it can never move again.

The end. No move may leave your own king in check. Checkmate wins. A player
who has no legal move loses, even if not in check (stalemate loses). When
the same position (board, hands and side to move) occurs for the fourth
time the game is a draw, unless one player gave check with every one of his
moves since the position first occurred: that player loses.

Notation. Write the letter of the face that moves, then - for a move, x for
a capture or * for a drop, then the square:
  P-1c    the pawn moves to 1c
  Bx4c    the bishop captures on 4c (and turns into a tokin: Bx4c=T)
  G3e-3d  the gold on 3e moves to 3d (the origin only when two golds could)
  N*2b    a knight dropped on 2b (drops name the face put up)
The flip (=T), check (+) and mate (#) may be added and are checked when
given. The coordinate form is accepted too: 1d1c moves the piece on 1d to
1c, P*1c drops a pawn. Letter case and spaces do not matter.
`

// Examples lists moves in Micro-shogi's notation to show the format with
// (notation.Example picks one that is not legal in the position).
func (Notation) Examples() []string {
	return []string{"Bx4c", "G3e-3d", "N*2b", "P-1c", "S-3d", "K-2d"}
}
