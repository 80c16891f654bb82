package conditional

import (
	"errors"
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
)

// Tree is one player's conditional moves in a game: the lines that
// answer the opponent's next move, which is move Ply+1.
type Tree struct {
	Ply   int     `json:"ply"`
	Lines []*Node `json:"lines"`
}

// Node is one of the opponent's moves foreseen and the reply to it,
// both in the notation's full form, and the moves foreseen after them.
type Node struct {
	Their string  `json:"their"`
	Reply string  `json:"reply"`
	Next  []*Node `json:"next,omitempty"`
}

// Leaves counts the tree's lines: its nodes without a next move.
func Leaves(nodes []*Node) int {
	n := 0
	for _, c := range nodes {
		if len(c.Next) == 0 {
			n++
		} else {
			n += Leaves(c.Next)
		}
	}
	return n
}

// Text writes the tree as the indented form reads it, with the moves'
// numbers: a line per reply, the replies that follow indented under it,
// every line indented (so that the mail's HTML keeps it as it is).
func (t *Tree) Text() string {
	var b strings.Builder
	var write func(nodes []*Node, depth int)
	write = func(nodes []*Node, depth int) {
		for _, n := range nodes {
			ply := t.Ply + 1 + 2*depth
			fmt.Fprintf(&b, "  %sif %d.%s then %d.%s\n", strings.Repeat("   ", depth), ply, n.Their, ply+1, n.Reply)
			write(n.Next, depth+1)
		}
	}
	write(t.Lines, 0)
	return strings.TrimSuffix(b.String(), "\n")
}

// rowEnd is where a written row of conditional moves ended: the game
// after its moves, the node they end at (nil: none yet) and the moves of
// the tree up to there.
type rowEnd struct {
	ok    bool
	g     *rules.Game
	node  *Node
	plies int
}

// Build reads rows as owner's conditional moves in game g (its moves
// written in notation n), every move in the position (and the history)
// it would arise in; the tree is for the move after g's last. Rows that cannot be
// taken are left out, each with a sentence in problems that says why; the
// others make the tree.
func Build(n notation.Notation, g *rules.Game, owner rules.Side, rows []Row) (t *Tree, problems []string) {
	t = &Tree{Ply: g.Ply()}
	ends := make([]rowEnd, len(rows))
	lines := 0
	for i, r := range rows {
		start := rowEnd{g: g}
		if r.Parent >= 0 {
			if start = ends[r.Parent]; !start.ok {
				problems = append(problems, fmt.Sprintf("%q: not read, because the line it follows was not taken.", r.Text))
				continue
			}
		}
		played := start.g.Clone()
		texts, err := playRow(n, played, owner, r.Groups, MaxMoves-start.plies)
		if err == nil && len(texts)%2 == 1 {
			err = fmt.Errorf("%s has no reply: write \"if %s then <your move>\"", texts[len(texts)-1], texts[len(texts)-1])
		}
		var node *Node
		if err == nil {
			node, err = graft(t, start.node, texts, &lines)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%q: %s.", r.Text, strings.TrimSuffix(err.Error(), ".")))
			continue
		}
		ends[i] = rowEnd{ok: true, g: played, node: node, plies: start.plies + len(texts)}
	}
	return t, problems
}

// errTooLong refuses a line of more than MaxMoves moves.
var errTooLong = fmt.Errorf("a line of conditional moves may have at most %d moves (yours and your opponent's)", MaxMoves)

// playRow reads the moves of groups in turn and plays them on g, at most
// room of them; it returns their full notation. A move that is no legal
// move where it would be played stops the row, with why and the legal
// moves there.
func playRow(n notation.Notation, g *rules.Game, owner rules.Side, groups [][]string, room int) ([]string, error) {
	var texts []string
	for _, words := range groups {
		for i := 0; i < len(words); {
			if len(texts) == room {
				return nil, errTooLong
			}
			before := g.Position()
			j, m, err := readMove(n, before, words, i)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				whose := "your opponent's"
				if before.ToMove() == owner {
					whose = "your"
				}
				written := strings.Join(words[i:j], " ")
				return nil, fmt.Errorf("%q is not a legal move as %s move #%d: %s. The legal moves there are: %s",
					written, whose, g.Ply()+1, rules.Why(err), movesOf(n, g))
			}
			texts = append(texts, n.FormatMove(before, m))
			i = j
		}
	}
	return texts, nil
}

// readMove reads the move that starts at words[i] in p: the fewest words
// (at most MaxWords) that make a move of p, for notations whose moves
// may hold spaces ("S : > E"). It returns the end of the move's words; if
// none make a move, the words it tried and the error of the move as
// written (the whole group's rest when it is short enough to be one move).
func readMove(n notation.Notation, p rules.Position, words []string, i int) (int, rules.Move, error) {
	last := min(len(words), i+MaxWords)
	for j := i + 1; j <= last; j++ {
		if m, err := n.ParseMove(p, strings.Join(words[i:j], " ")); err == nil {
			return j, m, nil
		}
	}
	j := i + 1
	if len(words) == last {
		j = last
	}
	_, err := n.ParseMove(p, strings.Join(words[i:j], " "))
	if err == nil {
		err = errors.New("not a move here")
	}
	return j, rules.NoMove, err
}

// movesOf lists the legal moves of g's position, or says there are none.
func movesOf(n notation.Notation, g *rules.Game) string {
	ms := g.LegalMoves()
	if len(ms) == 0 {
		return "none (the game would be over)"
	}
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = n.FormatMove(g.Position(), m)
	}
	return strings.Join(texts, ", ")
}

// graft adds the moves of texts (the opponent's and the replies, in turn)
// to t after node at (nil: at the first moves), sharing the nodes already
// there. It refuses a second reply to the same move of the opponent's and
// a line beyond MaxLines (lines counts them); it returns the last node.
func graft(t *Tree, at *Node, texts []string, lines *int) (*Node, error) {
	list := &t.Lines
	if at != nil {
		list = &at.Next
	}
	k := 0
	for ; k < len(texts); k += 2 {
		var found *Node
		for _, c := range *list {
			if c.Their == texts[k] {
				found = c
			}
		}
		if found == nil {
			break
		}
		if found.Reply != texts[k+1] {
			return nil, fmt.Errorf("you already answer %s with %s; a move of your opponent's may have one reply only", found.Their, found.Reply)
		}
		at, list = found, &found.Next
	}
	if k == len(texts) {
		return at, nil
	}
	if len(*list) > 0 || at == nil {
		if *lines == MaxLines {
			return nil, fmt.Errorf("a tree may have at most %d lines of conditional moves; this one would be line %d", MaxLines, MaxLines+1)
		}
		*lines++
	}
	for ; k < len(texts); k += 2 {
		n := &Node{Their: texts[k], Reply: texts[k+1]}
		*list = append(*list, n)
		at, list = n, &n.Next
	}
	return at, nil
}
