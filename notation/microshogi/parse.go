package microshogi

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

var moveText = regexp.MustCompile(`^([KBTGRSLPN])?([1-9][a-z])?([-x*])?([1-9][a-z])(=[KBTGRSLPN])?([+#])?$`)

// normalize reads text through notation.NormalizeMove, removes the spaces
// and sets the case: a letter right after a digit is a rank (lower case),
// "x" is the capture sign, other letters are pieces (upper case).
func normalize(text string) string {
	var b strings.Builder
	var prev rune
	for _, r := range notation.NormalizeMove(text) {
		switch {
		case r == ' ':
			continue
		case r >= '0' && r <= '9':
		case (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'):
			lower := r | 0x20
			switch {
			case prev >= '0' && prev <= '9':
				r = lower
			case lower == 'x' && prev != '=':
				r = 'x'
			default:
				r = lower - 0x20
			}
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// ParseMove reads a move in p. The error says what was wrong: text that is
// not a move, a square off the board, no piece that can go there, a move
// that leaves one's own king in check, an ambiguous move and the ways to
// tell it apart, or a wrong mark (x, =, +, #) and what the true one is.
func (Notation) ParseMove(rp rules.Position, text string) (rules.Move, error) {
	p, err := rules.As[engine.Position](rp)
	if err != nil {
		return rules.NoMove, err
	}
	t := normalize(text)
	if t == "" {
		return rules.NoMove, fmt.Errorf("no move given: write a move such as P-1c, Bx4c, G3e-3d or N*2b")
	}
	g := moveText.FindStringSubmatch(t)
	if g == nil {
		return rules.NoMove, fmt.Errorf("cannot read %q as a move: write the piece, - (move), x (capture) or * (drop) and the square, as in P-1c, Bx4c, G3e-3d or N*2b", strings.TrimSpace(notation.StripInvisible(text)))
	}
	var (
		face            = engine.NoFace
		hasFrom         = g[2] != ""
		from, to        engine.Square
		sep, flip, mark = g[3], g[5], g[6]
		written         = strings.TrimRight(t, "+#")
		legal, pseudo   = p.Generate(nil), p.PseudoLegal(nil)
	)
	if g[1] != "" {
		face = faceOf(g[1][0])
	}
	if hasFrom {
		if from, err = ParseSquare(g[2]); err != nil {
			return rules.NoMove, err
		}
	}
	if to, err = ParseSquare(g[4]); err != nil {
		return rules.NoMove, err
	}
	if face == engine.NoFace && !hasFrom {
		return rules.NoMove, fmt.Errorf("%q: name the piece, as in P-%s or G*%s", written, g[4], g[4])
	}
	if sep == "*" && hasFrom {
		return rules.NoMove, fmt.Errorf("%q: a drop has no origin square; write %s*%s", written, g[1], g[4])
	}
	if sep == "*" && face == engine.King {
		return rules.NoMove, fmt.Errorf("%q: the king is never in hand, so it cannot be dropped", written)
	}

	matches := func(m rules.Move) bool {
		mp := engine.Split(m)
		if mp.To != to {
			return false
		}
		if mp.Drop {
			return !hasFrom && sep != "-" && sep != "x" && mp.Face == face
		}
		if sep == "*" || (hasFrom && mp.From != from) {
			return false
		}
		f, _ := p.Mover(m)
		return face == engine.NoFace || f == face
	}
	var cands, ok []rules.Move
	for _, m := range pseudo {
		if matches(m) {
			cands = append(cands, m)
		}
	}
	for _, m := range legal {
		if matches(m) {
			ok = append(ok, m)
		}
	}
	switch {
	case len(cands) == 0:
		return rules.NoMove, noSuchMove(p, written, face, hasFrom, from, to, sep)
	case len(ok) == 0:
		if p.InCheck() {
			return rules.NoMove, fmt.Errorf("%w: your king is in check and %s does not get it out of check", rules.ErrIllegal, written)
		}
		return rules.NoMove, fmt.Errorf("%w: %s would leave your king in check", rules.ErrIllegal, written)
	case len(ok) > 1:
		var ways []string
		for _, m := range ok {
			ways = append(ways, strings.TrimRight(longForm(p, m), "+#"))
		}
		what := "piece"
		if face != engine.NoFace {
			what = FaceName(face)
		}
		return rules.NoMove, fmt.Errorf("%q is ambiguous: which %s? write %s", written, what, strings.Join(ways, " or "))
	}
	m := ok[0]
	mp := engine.Split(m)
	captured := p.Captured(m)
	_, after := p.Mover(m)
	right := formatMove(p, m, legal)
	switch {
	case sep == "x" && captured == engine.NoFace:
		return rules.NoMove, fmt.Errorf("%q: %s is empty, so this is no capture; write %s", written, Square(to), right)
	case sep == "-" && captured != engine.NoFace:
		return rules.NoMove, fmt.Errorf("%q takes the %s on %s: write %s", written, FaceName(captured), Square(to), right)
	}
	if flip != "" {
		want := faceOf(flip[1])
		if mp.Drop || captured == engine.NoFace {
			return rules.NoMove, fmt.Errorf("%q: only a capture flips a piece; write %s", written, right)
		}
		if want != after {
			return rules.NoMove, fmt.Errorf("%q: the capturing %s turns into a %s, not a %s; write %s", written, FaceName(after.Flip()), FaceName(after), FaceName(want), right)
		}
	}
	q := p.After(m)
	if truth := checkMark(q); !notation.CheckSign(mark).Agrees(notation.CheckSign(truth)) {
		switch {
		case mark == "+":
			return rules.NoMove, fmt.Errorf("%q does not give check; write %s", written+mark, right)
		case truth == "+":
			return rules.NoMove, fmt.Errorf("%q gives check but not mate; write %s", written+mark, right)
		}
		return rules.NoMove, fmt.Errorf("%q is not mate; write %s", written+mark, right)
	}
	return m, nil
}

// longForm writes m with its origin, for listing the ways to tell moves
// apart.
func longForm(p engine.Position, m rules.Move) string {
	mp := engine.Split(m)
	f, _ := p.Mover(m)
	if mp.Drop {
		return Letter(f) + "*" + Square(mp.To)
	}
	sep := "-"
	if p.Captured(m) != engine.NoFace {
		sep = "x"
	}
	return Letter(f) + Square(mp.From) + sep + Square(mp.To)
}

// noSuchMove explains why no piece (or hand) of the mover can make the move
// as written.
func noSuchMove(p engine.Position, written string, face engine.Face, hasFrom bool, from, to engine.Square, sep string) error {
	side := p.ToMove()
	target, occupied := p.At(to)
	if sep == "*" || (face != engine.NoFace && !hasFrom && onBoard(p, side, face) == 0 && p.Hand(side, face.Pair()) > 0) {
		switch {
		case face == engine.King:
			return fmt.Errorf("%w: %s: the king cannot be dropped", rules.ErrIllegal, written)
		case p.Hand(side, face.Pair()) == 0:
			return fmt.Errorf("%w: %s: you have no %s/%s in hand", rules.ErrIllegal, written, FaceName(engine.Front(face.Pair())), FaceName(engine.Front(face.Pair()).Flip()))
		case occupied:
			return fmt.Errorf("%w: %s: %s is occupied; drops go on empty squares", rules.ErrIllegal, written, Square(to))
		}
	}
	if occupied && target.Side == side {
		return fmt.Errorf("%w: %s: your own %s stands on %s", rules.ErrIllegal, written, FaceName(target.Face), Square(to))
	}
	if hasFrom {
		pc, ok := p.At(from)
		switch {
		case !ok:
			return fmt.Errorf("%w: %s: %s is empty", rules.ErrIllegal, written, Square(from))
		case pc.Side != side:
			return fmt.Errorf("%w: %s: the %s on %s is your opponent's", rules.ErrIllegal, written, FaceName(pc.Face), Square(from))
		case face != engine.NoFace && pc.Face != face:
			return fmt.Errorf("%w: %s: the piece on %s is a %s, not a %s", rules.ErrIllegal, written, Square(from), FaceName(pc.Face), FaceName(face))
		}
		return fmt.Errorf("%w: %s: a %s cannot go from %s to %s", rules.ErrIllegal, written, FaceName(pc.Face), Square(from), Square(to))
	}
	if onBoard(p, side, face) == 0 {
		if face != engine.King && p.Hand(side, face.Pair()) > 0 {
			return fmt.Errorf("%w: %s: you have no %s on the board; to drop one from your hand write %s*%s", rules.ErrIllegal, written, FaceName(face), Letter(face), Square(to))
		}
		return fmt.Errorf("%w: %s: you have no %s on the board", rules.ErrIllegal, written, FaceName(face))
	}
	return fmt.Errorf("%w: %s: no %s of yours can go to %s", rules.ErrIllegal, written, FaceName(face), Square(to))
}

func onBoard(p engine.Position, s rules.Side, f engine.Face) int {
	n := 0
	for b := p.Pieces(s, f); b != 0; b &= b - 1 {
		n++
	}
	return n
}
