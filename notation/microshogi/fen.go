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

// fenHandOrder is the order of the kinds in a hand as Fairy-Stockfish
// writes them: L P R B.
var fenHandOrder = [engine.Pairs]int{2, 3, 1, 0}

// fenHandLetter is the base letter of each kind (index Face.Pair).
var fenHandLetter = [engine.Pairs]byte{'B', 'R', 'L', 'P'}

// fenFaceOf reads a base letter (any case) and whether it is promoted.
func fenFaceOf(letter byte, promoted bool) engine.Face {
	letter &^= 0x20
	for f, l := range fenFace {
		if len(l) == 0 {
			continue
		}
		if l[len(l)-1] == letter && (len(l) == 2) == promoted {
			return engine.Face(f)
		}
	}
	return engine.NoFace
}

// fenSquare writes sq as Fairy-Stockfish does ("a1" is windpost's 4e).
func fenSquare(sq engine.Square) string {
	return string([]byte{byte('a' + engine.Files - sq.File()), byte('0' + engine.Ranks + 1 - sq.Rank())})
}

// parseFENSquare reads a square such as "b3".
func parseFENSquare(s string) (engine.Square, bool) {
	if len(s) != 2 {
		return 0, false
	}
	return engine.SquareAt(engine.Files-int(s[0]-'a'), engine.Ranks+1-int(s[1]-'0'))
}

// FormatFEN writes p in Fairy-Stockfish's FEN. The half-move clock, which
// the position does not keep, is written as 0.
func FormatFEN(p engine.Position) string {
	var b strings.Builder
	for r := 1; r <= engine.Ranks; r++ {
		if r > 1 {
			b.WriteByte('/')
		}
		empty := 0
		for file := engine.Files; file >= 1; file-- {
			sq, _ := engine.SquareAt(file, r)
			pc, ok := p.At(sq)
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(fenCase(fenFace[pc.Face], pc.Side))
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
	b.WriteByte('[')
	for s := rules.Black; s <= rules.White; s++ {
		for _, k := range fenHandOrder {
			for range p.Hand(s, k) {
				b.WriteString(fenCase(string(fenHandLetter[k]), s))
			}
		}
	}
	b.WriteByte(']')
	side := "w"
	if p.ToMove() == rules.White {
		side = "b"
	}
	fmt.Fprintf(&b, " %s - - 0 %d", side, (p.MoveNumber()+1)/2)
	return b.String()
}

func fenCase(l string, s rules.Side) string {
	if s == rules.White {
		return strings.ToLower(l)
	}
	return l
}

// ParseFEN reads a position in Fairy-Stockfish's FEN:
// "<board>[<hands>] <side> [<castling> <en passant>] [<half-moves>
// <full-move>]". The hands may also be "[-]"; the clock is ignored.
func ParseFEN(s string) (engine.Position, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return engine.Position{}, fmt.Errorf("FEN %q: want <board>[<hands>] <side> ..., as in %q", s, FENStart)
	}
	boardText, handText, ok := strings.Cut(f[0], "[")
	if !ok || !strings.HasSuffix(handText, "]") {
		return engine.Position{}, fmt.Errorf("FEN %q: the hands must follow the board in brackets, as in [Pl] or []", s)
	}
	board, err := parseFENBoard(boardText)
	if err != nil {
		return engine.Position{}, fmt.Errorf("FEN %q: %w", s, err)
	}
	hands, err := parseFENHands(strings.TrimSuffix(handText, "]"))
	if err != nil {
		return engine.Position{}, fmt.Errorf("FEN %q: %w", s, err)
	}
	var side rules.Side
	switch f[1] {
	case "w":
		side = rules.Black
	case "b":
		side = rules.White
	default:
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
	p, err := engine.New(board, hands, side, 2*fullMove-1+int(side))
	if err != nil {
		return engine.Position{}, fmt.Errorf("FEN %q: %w", s, err)
	}
	return p, nil
}

func parseFENBoard(text string) ([engine.NumSquares]engine.Piece, error) {
	var board [engine.NumSquares]engine.Piece
	ranks := strings.Split(text, "/")
	if len(ranks) != engine.Ranks {
		return board, fmt.Errorf("board %q: want 5 ranks separated by /, got %d", text, len(ranks))
	}
	for r, row := range ranks {
		file := engine.Files
		promoted := false
		for i := 0; i < len(row); i++ {
			c := row[i]
			switch {
			case c == '+':
				promoted = true
				continue
			case c >= '1' && c <= '4' && !promoted:
				file -= int(c - '0')
				continue
			}
			face := fenFaceOf(c, promoted)
			if face == engine.NoFace || file < 1 {
				return board, fmt.Errorf("board %q: rank %q: %q at file %d is not a piece of micro", text, row, row[max(0, i-1):i+1], engine.Files+1-file)
			}
			side := rules.Black
			if c >= 'a' {
				side = rules.White
			}
			sq, _ := engine.SquareAt(file, r+1)
			board[sq] = engine.Piece{Face: face, Side: side}
			file--
			promoted = false
		}
		if file != 0 || promoted {
			return board, fmt.Errorf("board %q: rank %q does not have 4 squares", text, row)
		}
	}
	return board, nil
}

func parseFENHands(text string) ([2][engine.Pairs]int, error) {
	var hands [2][engine.Pairs]int
	if text == "-" {
		return hands, nil
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		side := rules.Black
		if c >= 'a' {
			side = rules.White
		}
		k := strings.IndexByte(string(fenHandLetter[:]), c&^0x20)
		if k < 0 {
			return hands, fmt.Errorf("hands %q: %q is not a piece in hand (B R L P)", text, c)
		}
		hands[side][k]++
	}
	return hands, nil
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
		if _, ok := parseFENSquare(to); !ok {
			return "", bad
		}
		return fenFace[f] + "@" + to, nil
	}
	t := strings.TrimRight(text, "+-")
	if len(text)-len(t) > 1 || len(t) != 4 {
		return "", bad
	}
	if _, ok := parseFENSquare(t[:2]); !ok {
		return "", bad
	}
	if _, ok := parseFENSquare(t[2:]); !ok {
		return "", bad
	}
	return text, nil
}
