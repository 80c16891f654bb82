// Package gufuu is the text layer of Gufuu Shogi: the designer's move
// notation (K*2c>W drop, S-1a move, Wx2c capture, K:>W rotation, + check,
// X mate), the position string of the rules spec, an ASCII board for mails
// and terminals, and the rules in plain words.
//
// Parsing is lenient: case and spaces do not matter, nor do the dashes and
// invisible characters that notation.NormalizeMove reads away; a move
// number such as "11." may precede the move; the facing after a move,
// capture or rotation may be left out (it is always the quarter turn
// clockwise) and so may the marks. A facing or mark that is stated but
// wrong is an error that names the right one. A check mark "+" on a mating
// move is accepted (a mate is a check); "X" or "#" on a move that does not
// mate is not. A move onto a general written with "-" (or a capture
// written "x" onto an empty square) is refused with the right spelling, so
// that no one captures by accident.
// Output is always the full form: "K-2a>S+", a mate ends in "X" ("K-2b>WX").
package gufuu

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
)

// Notation is Gufuu Shogi's notation.Notation.
type Notation struct{}

var _ notation.Notation = Notation{}

var moveSyntax = regexp.MustCompile(`^([KWS])(?:(\*)([0-9])([A-Z])|(-)([0-9])([A-Z])|(X)([0-9])([A-Z])|(:))(?:(>)?([NESW]))?([+X#])?$`)

const moveHelp = "write a drop as K*2c>N (piece, *, square, >facing), a move as S-1a, a capture as Wx2c, a rotation as K:>E; + for check and X for mate are optional"

// ParseMove reads a move in the designer's notation as played in p.
func (Notation) ParseMove(p rules.Position, text string) (rules.Move, error) {
	x, err := rules.As[engine.Position](p)
	if err != nil {
		return 0, err
	}
	pos := x.P
	// The spaces go first, so that a move number such as "11 . " goes too.
	s := strings.ToUpper(notation.NormalizeMove(strings.Join(strings.Fields(text), "")))
	if s == "" {
		return 0, fmt.Errorf("no move given: %s", moveHelp)
	}
	g := moveSyntax.FindStringSubmatch(s)
	if g == nil {
		return 0, fmt.Errorf("cannot read %q as a Gufuu move: %s", strings.TrimSpace(notation.StripInvisible(text)), moveHelp)
	}
	var pc engine.Piece
	switch g[1] {
	case "K":
		pc = engine.KingOf(pos.ToMove())
	case "W":
		pc = engine.Wind
	case "S":
		pc = engine.Storm
	}
	var kind engine.MoveKind
	var fileS, rankS string
	switch {
	case g[2] == "*":
		kind, fileS, rankS = engine.Drop, g[3], g[4]
	case g[5] == "-":
		kind, fileS, rankS = engine.Step, g[6], g[7]
	case g[8] == "X":
		kind, fileS, rankS = engine.Step, g[9], g[10]
	default:
		kind = engine.Rotate
	}
	var to engine.Square
	if kind != engine.Rotate {
		sq, ok := engine.SquareAt(int(fileS[0]-'0'), strings.ToLower(rankS)[0])
		if !ok {
			return 0, fmt.Errorf("there is no square %s%s: the files are 2 (left) and 1 (right), the ranks a (top), b and c (bottom)", fileS, strings.ToLower(rankS))
		}
		to = sq
	}
	stated := -1
	if g[13] != "" {
		i := strings.IndexByte("NESW", g[13][0])
		if i < 0 {
			return 0, fmt.Errorf("%q is not a facing: use N, E, S or W", g[13])
		}
		stated = i
	}
	mark := g[14]
	name := pieceName(pos, pc)

	if forced, ok := pos.Forced(); ok && (kind != engine.Drop || pc != forced) {
		return 0, fmt.Errorf("%w: %s", rules.ErrIllegal, forcedText(pos, forced))
	}
	var facing engine.Facing
	sq, face, on := pos.Where(pc)
	switch kind {
	case engine.Drop:
		if on {
			return 0, fmt.Errorf("%w: %s stands on %s, it is not in hand and cannot be dropped", rules.ErrIllegal, name, sq)
		}
		if stated < 0 {
			return 0, fmt.Errorf("a drop needs the facing: write for example %s*%s>N", letter(pc), to)
		}
		facing = engine.Facing(stated)
	default:
		if !on {
			return 0, fmt.Errorf("%w: %s is in hand; it can only be dropped, e.g. %s*%s>N", rules.ErrIllegal, name, letter(pc), firstEmpty(pos))
		}
		facing = face.Clockwise()
		if stated >= 0 && engine.Facing(stated) != facing {
			verb := "moving"
			if kind == engine.Rotate {
				verb = "rotating"
			}
			return 0, fmt.Errorf("after %s, %s turns clockwise from %s to face %s (>%c), not >%c", verb, name, face, facing, facing.Letter(), "NESW"[stated])
		}
		if kind == engine.Rotate {
			to = sq
		}
	}
	if kind == engine.Step {
		occupant, _, taken := pos.At(to)
		capture := g[8] == "X"
		switch {
		case capture && !taken:
			return 0, fmt.Errorf("there is nothing on %s to capture: a move there is written %s-%s", to, letter(pc), to)
		case !capture && taken && !occupant.IsKing():
			return 0, fmt.Errorf("%s holds %s: a capture is written %sx%s", to, occupant, letter(pc), to)
		}
	}
	m := engine.NewMove(kind, pc, to, facing)
	if r := pos.Refuse(m); r.Why != engine.Allowed {
		return 0, fmt.Errorf("%w: %s", rules.ErrIllegal, refusalText(pos, m, r))
	}
	if mark != "" {
		if want := markOf(pos, m); !notation.CheckSign(mark).Agrees(notation.CheckSign(want)) {
			return 0, fmt.Errorf("%s: %s", FormatMoveOf(pos, m), markText(mark, want))
		}
	}
	return m, nil
}

func markText(stated, want string) string {
	switch want {
	case "":
		return fmt.Sprintf("the move gives no check, so it takes no mark (not %s)", stated)
	case "+":
		return fmt.Sprintf("the move gives check but does not mate: its mark is + (not %s)", stated)
	}
	return "the move mates: its mark is X"
}

func letter(pc engine.Piece) string {
	switch pc {
	case engine.Wind:
		return "W"
	case engine.Storm:
		return "S"
	}
	return "K"
}

// pieceName names a piece from the mover's point of view.
func pieceName(p engine.Pos, pc engine.Piece) string {
	switch {
	case pc == engine.Wind:
		return "the Wind"
	case pc == engine.Storm:
		return "the Storm"
	case pc == engine.KingOf(p.ToMove()):
		return "your king"
	}
	return "the other king"
}

func forcedText(p engine.Pos, forced engine.Piece) string {
	who := notation.SideName(p.ToMove())
	switch forced {
	case engine.BlackKing, engine.WhiteKing:
		return fmt.Sprintf("the game opens with forced drops, and now %s must drop his king (e.g. K*%s>N)", who, firstEmpty(p))
	case engine.Wind:
		return fmt.Sprintf("the game opens with forced drops, and now %s must drop the Wind (e.g. W*%s>N)", who, firstEmpty(p))
	}
	return fmt.Sprintf("the game opens with forced drops, and now %s must drop the Storm (e.g. S*%s>N)", who, firstEmpty(p))
}

func firstEmpty(p engine.Pos) engine.Square {
	for sq := engine.Square(0); sq < engine.NumSquares; sq++ {
		if _, _, taken := p.At(sq); !taken {
			return sq
		}
	}
	return 0
}

func squaresText(mask uint8) string {
	var ss []string
	for sq := engine.Square(0); sq < engine.NumSquares; sq++ {
		if mask&(1<<sq) != 0 {
			ss = append(ss, sq.String())
		}
	}
	switch len(ss) {
	case 0:
		return "no square on the board"
	case 1:
		return ss[0]
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}

// refusalText says in plain words why m is illegal in p.
func refusalText(p engine.Pos, m rules.Move, r engine.Refused) string {
	kind, pc, to, _, _ := engine.DecodeMove(m)
	name := pieceName(p, pc)
	who := notation.SideName(p.ToMove())
	switch r.Why {
	case engine.MustDropOpening:
		return forcedText(p, r.Piece)
	case engine.NotYourKing:
		return "you may not move the other side's king"
	case engine.NotInHand:
		return fmt.Sprintf("%s is on the board, not in hand", name)
	case engine.NotOnBoard:
		return fmt.Sprintf("%s is in hand; it can only be dropped", name)
	case engine.SquareTaken:
		occ, _, _ := p.At(to)
		return fmt.Sprintf("%s is taken by %s; a drop needs an empty square", to, occ)
	case engine.CannotReach:
		sq, f, _ := p.Where(pc)
		return fmt.Sprintf("%s on %s facing %s cannot move to %s; it reaches %s", name, sq, f, to, squaresText(engine.Attacks(pc, sq, f)))
	case engine.KingCaptured:
		return fmt.Sprintf("%s stands on %s, and a king is never captured", r.Piece, to)
	case engine.WrongFacing:
		return fmt.Sprintf("%s turns a quarter clockwise when it moves or rotates", name)
	case engine.DropInCheck:
		return fmt.Sprintf("%s is in check from the %s, and a drop cannot answer a check", who, genName(r.Piece))
	case engine.CheckerMoved:
		return fmt.Sprintf("the %s gives check and may not be moved", genName(r.Piece))
	case engine.CheckerRotated:
		return fmt.Sprintf("the %s gives check and may not be rotated", genName(r.Piece))
	case engine.KingTakesChecker:
		return fmt.Sprintf("the %s gives check, and the king may not capture the checking general", genName(r.Piece))
	case engine.DoubleCheck:
		if kind == engine.Rotate && pc.IsKing() {
			return "both generals give check, and turning the king does not take it out of their attack"
		}
		return "both generals give check, and a double check can only be answered by a king move"
	case engine.StillInCheck:
		if pc.IsKing() && kind == engine.Rotate {
			return fmt.Sprintf("the %s gives check, and turning the king in place does not escape it", genName(r.Piece))
		}
		if pc.IsKing() {
			return fmt.Sprintf("the %s gives check and would still attack your king on %s", genName(r.Piece), to)
		}
		return fmt.Sprintf("the %s gives check and would still give check after this move (only a king move out of its attack, or the other general capturing it, answers the check)", genName(r.Piece))
	case engine.KingsFaceToFace:
		return "the kings would stand face to face"
	case engine.DropGivesCheck:
		return fmt.Sprintf("dropping the %s there would give check, and a drop may never give check", genName(pc))
	}
	return "it is not a legal move here"
}

func genName(pc engine.Piece) string {
	if pc == engine.Storm {
		return "Storm"
	}
	return "Wind"
}

// markOf is "X" when m mates, "+" when it checks, "".
func markOf(p engine.Pos, m rules.Move) string {
	q := p.Apply(m)
	if !q.InCheck() {
		return ""
	}
	var buf [engine.MaxMoves]rules.Move
	if len(q.AppendMoves(buf[:0])) == 0 {
		return "X"
	}
	return "+"
}

// FormatMove writes m in full: "K*2a>E", "S-1a>S+", "Wx2c>W", "K:>W",
// and for mate "K-2b>W X", the mate mark after a space as the designer
// writes it ("15. K-2b X"). ParseMove reads the mark with or without it.
func (Notation) FormatMove(p rules.Position, m rules.Move) string {
	return notation.FormatAs(p, func(x engine.Position) string { return FormatMoveOf(x.P, m) })
}

// FormatMoveOf is FormatMove on a packed position.
func FormatMoveOf(p engine.Pos, m rules.Move) string {
	kind, pc, to, f, ok := engine.DecodeMove(m)
	if !ok {
		return fmt.Sprintf("?%d", m)
	}
	var b strings.Builder
	b.WriteString(letter(pc))
	switch kind {
	case engine.Drop:
		b.WriteString("*" + to.String())
	case engine.Rotate:
		b.WriteString(":")
	default:
		if occ, _, taken := p.At(to); taken && !occ.IsKing() {
			b.WriteString("x" + to.String())
		} else {
			b.WriteString("-" + to.String())
		}
	}
	b.WriteByte('>')
	b.WriteByte(f.Letter())
	if p.Legal(m) {
		if mark := markOf(p, m); mark == "X" {
			b.WriteString(" X")
		} else {
			b.WriteString(mark)
		}
	}
	return b.String()
}
