package microshogi

// Fairy-Stockfish's notation for its variant "micro", spoken by UCI GUIs
// and match tools:
//
//   - The FEN lists ranks 5 (White's side, windpost's rank a) to 1, each
//     from file a (windpost's file 4) to d, upper case for the side that
//     moves first (windpost's Black, "w" in the FEN) and lower case for the
//     other ("b"). A face is the letter of its piece's base face, with "+"
//     for the other: B and +B (tokin), R and +R (gold), L and +L (silver),
//     P and +P (knight), K. The hands follow in brackets, by base letter
//     (L P R B, upper case first), then the side, castling and en passant
//     ("-"), the half-move clock and the full-move number:
//     "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1" is the start.
//   - A move is its origin and destination squares (file letter, rank
//     digit: windpost's 1d1c is d2d3), with "+" when a base face captures
//     (and turns to its other face) and "-" when another face does (kings
//     take nothing); a drop is the letter of the face put up, "@" and the
//     square: P@b3, +P@b3 (a knight).

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// FENStart is the start position in Fairy-Stockfish's FEN.
const FENStart = "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1"

// fenFace is each face's letter in Fairy-Stockfish's FEN, "+" for the
// promoted face of a base piece.
var fenFace = [engine.NumFaces]string{
	engine.King: "K", engine.Bishop: "B", engine.Tokin: "+B", engine.Rook: "R", engine.Gold: "+R",
	engine.Lance: "L", engine.Silver: "+L", engine.Pawn: "P", engine.Knight: "+P",
}

// The board of a FEN is windpost's board in the position string (ranks and
// files in the same order) but for the letters of the four promoted faces.
var (
	toFENBoard   = strings.NewReplacer("T", "+B", "G", "+R", "S", "+L", "N", "+P", "t", "+b", "g", "+r", "s", "+l", "n", "+p")
	fromFENBoard = strings.NewReplacer("+B", "T", "+R", "G", "+L", "S", "+P", "N", "+b", "t", "+r", "g", "+l", "s", "+p", "n")
)

// fenHandOrder is the order of the kinds in a hand as Fairy-Stockfish
// writes them: L P R B.
var fenHandOrder = [engine.Pairs]int{2, 3, 1, 0}

// fenHandLetters are the base letters of the kinds (index Face.Pair).
const fenHandLetters = "BRLP"

// fenFaceOf reads a base letter (any case) and whether it is promoted.
func fenFaceOf(letter byte, promoted bool) engine.Face {
	letter &^= 0x20
	for f, l := range fenFace {
		if l != "" && l[len(l)-1] == letter && (len(l) == 2) == promoted {
			return engine.Face(f)
		}
	}
	return engine.NoFace
}

// fenSquare writes sq as Fairy-Stockfish does ("a1" is windpost's 4e).
func fenSquare(sq engine.Square) string {
	return string([]byte{byte('a' + engine.Files - sq.File()), byte('0' + engine.Ranks + 1 - sq.Rank())})
}

// validFENSquare reports whether s is a square such as "b3".
func validFENSquare(s string) bool {
	if len(s) != 2 {
		return false
	}
	_, ok := engine.SquareAt(engine.Files-int(s[0]-'a'), engine.Ranks+1-int(s[1]-'0'))
	return ok
}

// FormatFEN writes p in Fairy-Stockfish's FEN. The half-move clock, which
// the position does not keep, is written as 0.
func FormatFEN(p engine.Position) string {
	var b strings.Builder
	b.WriteString(toFENBoard.Replace(strings.Fields(FormatPosition(p))[0]))
	b.WriteByte('[')
	for s, lower := range []byte{0, 0x20} { // Black's (upper case) first
		for _, k := range fenHandOrder {
			b.WriteString(strings.Repeat(string(fenHandLetters[k]|lower), p.Hand(rules.Side(s), k)))
		}
	}
	side := "w"
	if p.ToMove() == rules.White {
		side = "b"
	}
	fmt.Fprintf(&b, "] %s - - 0 %d", side, (p.MoveNumber()+1)/2)
	return b.String()
}

// ParseFEN reads a position in Fairy-Stockfish's FEN:
// "<board>[<hands>] <side> [<castling> <en passant>] [<half-moves>
// <full-move>]". The hands may also be "[-]"; the clock is ignored.
func ParseFEN(s string) (engine.Position, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return engine.Position{}, fmt.Errorf("FEN %q: want <board>[<hands>] <side> ..., as in %q", s, FENStart)
	}
	board, hands, ok := strings.Cut(f[0], "[")
	hands, closed := strings.CutSuffix(hands, "]")
	if !ok || !closed {
		return engine.Position{}, fmt.Errorf("FEN %q: the hands must follow the board in brackets, as in [Pl] or []", s)
	}
	if i := strings.IndexFunc(board, func(r rune) bool { return !strings.ContainsRune("KBRLPkbrlp+/1234", r) }); i >= 0 {
		return engine.Position{}, fmt.Errorf("FEN %q: %q is not a piece of micro (K, B R L P and +B +R +L +P)", s, board[i])
	}
	board = fromFENBoard.Replace(board)
	if strings.Contains(board, "+") {
		return engine.Position{}, fmt.Errorf("FEN %q: + must stand before B, R, L or P", s)
	}
	hand, err := parseFENHands(hands)
	if err != nil {
		return engine.Position{}, fmt.Errorf("FEN %q: %w", s, err)
	}
	side := map[string]string{"w": "b", "b": "w"}[f[1]] // windpost's letter
	if side == "" {
		return engine.Position{}, fmt.Errorf("FEN %q: side %q: want w (the first player, upper case) or b", s, f[1])
	}
	rest := f[2:]
	if len(rest) >= 2 && rest[0] == "-" && rest[1] == "-" {
		rest = rest[2:] // castling and en passant
	}
	fullMove := 1
	switch len(rest) {
	case 0:
	case 2:
		if fullMove, err = strconv.Atoi(rest[1]); err != nil || fullMove < 1 {
			return engine.Position{}, fmt.Errorf("FEN %q: full-move number %q: want a whole number from 1", s, rest[1])
		}
	default:
		return engine.Position{}, fmt.Errorf("FEN %q: want <half-moves> <full-move> after the side", s)
	}
	moveNo := 2*fullMove - 1
	if side == "w" {
		moveNo++
	}
	p, err := ParsePosition(fmt.Sprintf("%s %s %s %d", board, side, hand, moveNo))
	if err != nil {
		return engine.Position{}, fmt.Errorf("FEN %q: %w", s, err)
	}
	return p, nil
}

// parseFENHands turns Fairy-Stockfish's hands ("LPrb") into windpost's
// ("SPgb"; "-" when empty).
func parseFENHands(text string) (string, error) {
	if text == "-" {
		return "-", nil
	}
	var counts [2][engine.Pairs]int
	for i := 0; i < len(text); i++ {
		k := strings.IndexByte(fenHandLetters, text[i]&^0x20)
		if k < 0 {
			return "", fmt.Errorf("hands %q: %q is not a piece in hand (B R L P)", text, text[i])
		}
		counts[text[i]>>5&1][k]++ // upper case (Black) 0, lower case 1
	}
	var b strings.Builder
	for s, lower := range []byte{0, 0x20} {
		for k, n := range counts[s] {
			if n > 0 {
				fmt.Fprintf(&b, "%d%c", n, "BGSP"[k]|lower)
			}
		}
	}
	if b.Len() == 0 {
		return "-", nil
	}
	return b.String(), nil
}

// FormatUCIMove writes move m of p as Fairy-Stockfish does (d2d3, d5d4-,
// c1a3+, P@b3, +P@b3).
func FormatUCIMove(p engine.Position, m rules.Move) string {
	mp := engine.Split(m)
	before, after := p.Mover(m)
	if mp.Drop {
		return fenFace[before] + "@" + fenSquare(mp.To)
	}
	s := fenSquare(mp.From) + fenSquare(mp.To)
	switch {
	case after == before:
	case len(fenFace[before]) == 1:
		s += "+"
	default:
		s += "-"
	}
	return s
}

// ParseUCIMove reads a move of p written as Fairy-Stockfish does. A board
// move's flip mark may be left out. The error wraps rules.ErrIllegal when
// the text is well formed but names no legal move.
func ParseUCIMove(p engine.Position, text string) (rules.Move, error) {
	m, err := uciMoveText(text)
	if err != nil {
		return rules.NoMove, err
	}
	var buf [engine.MaxMoves]rules.Move
	for _, l := range p.Generate(buf[:0]) {
		w := FormatUCIMove(p, l)
		if w == m || strings.TrimRight(w, "+-") == m {
			return l, nil
		}
	}
	return rules.NoMove, fmt.Errorf("move %q: %w: not a legal move in %s", text, rules.ErrIllegal, FormatFEN(p))
}

// uciMoveText checks the form of a move and returns it as FormatUCIMove
// would write it, the flip mark of a board move left out.
func uciMoveText(text string) (string, error) {
	bad := fmt.Errorf("move %q: want <from><to> as in d2d3 (with + or - when the capturer turns), or a drop as in P@b3 or +P@b3", text)
	if from, to, ok := strings.Cut(text, "@"); ok {
		promoted := strings.HasPrefix(from, "+")
		from = strings.TrimPrefix(from, "+")
		if len(from) != 1 {
			return "", bad
		}
		f := fenFaceOf(from[0], promoted)
		if f == engine.NoFace || f == engine.King {
			return "", bad
		}
		if !validFENSquare(to) {
			return "", bad
		}
		return fenFace[f] + "@" + to, nil
	}
	t := strings.TrimRight(text, "+-")
	if len(text)-len(t) > 1 || len(t) != 4 {
		return "", bad
	}
	if !validFENSquare(t[:2]) || !validFENSquare(t[2:]) {
		return "", bad
	}
	return text, nil
}
