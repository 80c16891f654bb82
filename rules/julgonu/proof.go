package julgonu

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/windpost/windpost/rules"
)

// A proof that a side forces a win under the real rules (no repeated
// position, the 100-ply draw) is a tree of moves: at the winner's turns one
// move, at the loser's every legal move, and every leaf a game the winner
// has won. VerifyWin checks one with the rules of this package alone (no
// solved table): it is the separate, plain check of what a search claims.
//
// A subtree that follows a capture may be shared by several parents: after
// a capture no earlier position can recur and the no-capture count starts
// again, so such a subtree's validity depends on its position alone, and
// the check of a shared subtree at the same position is done once.

// Proof is one node of a proof: the move that leads to it (rules.NoMove at
// the root) and the nodes after it.
type Proof struct {
	Move rules.Move
	Next []*Proof
}

// ProofLimits bound what VerifyWin and ReadProof accept: the nodes checked
// (shared subtrees counted once) and the plies of a line.
const (
	MaxProofNodes = 50_000_000
	MaxProofPlies = 4000
)

// VerifyWin checks that p proves a forced win for winner in the game whose
// positions, from its first, are game: at winner's turns p has exactly one
// next node, a legal move; at the other side's, one per legal move and no
// other; every leaf is a game winner has won. It returns the number of
// nodes it checked, or what is wrong and where (the line from the root).
func VerifyWin(game []Position, p *Proof, winner rules.Side) (int, error) {
	if len(game) == 0 {
		return 0, fmt.Errorf("proof: no game to start from")
	}
	v := verifier{winner: winner, done: map[sharedKey]bool{}}
	path := append([]Position(nil), game...)
	err := v.check(path, p, false, nil)
	return v.nodes, err
}

type sharedKey struct {
	node *Proof
	pos  Position
}

type verifier struct {
	winner rules.Side
	nodes  int
	done   map[sharedKey]bool // shared subtrees after a capture, checked
}

func (v *verifier) check(path []Position, p *Proof, captured bool, line []string) error {
	pos := path[len(path)-1]
	key := sharedKey{p, pos}
	if captured && v.done[key] {
		return nil
	}
	v.nodes++
	if v.nodes > MaxProofNodes {
		return fmt.Errorf("proof: more than %d nodes to check", MaxProofNodes)
	}
	if len(line) > MaxProofPlies {
		return fmt.Errorf("proof: a line longer than %d plies", MaxProofPlies)
	}
	where := func() string {
		if len(line) == 0 {
			return "at the root"
		}
		return "after " + strings.Join(line, " ")
	}
	if o := Judge(path); o.Over() {
		if len(p.Next) > 0 {
			return fmt.Errorf("proof: %s the game is over (%s) but the proof goes on", where(), o)
		}
		if o.Status != rules.Win || o.Winner != v.winner {
			return fmt.Errorf("proof: %s the game ends %s, not a win for %s", where(), o, v.winner)
		}
		if captured {
			v.done[key] = true
		}
		return nil
	}
	legal := SuperkoMoves(path)
	if pos.ToMove() == v.winner {
		if len(p.Next) != 1 {
			return fmt.Errorf("proof: %s %s is to move and the proof gives %d moves, not one", where(), v.winner, len(p.Next))
		}
	} else if len(p.Next) != len(legal) {
		return fmt.Errorf("proof: %s %s has %d legal moves and the proof answers %d", where(), pos.ToMove(), len(legal), len(p.Next))
	}
	seen := map[rules.Move]bool{}
	for _, n := range p.Next {
		name := MoveName(n.Move)
		if !slices.Contains(legal, n.Move) {
			return fmt.Errorf("proof: %s %s is not a legal move (illegal, or it repeats a position)", where(), name)
		}
		if seen[n.Move] {
			return fmt.Errorf("proof: %s %s is given twice", where(), name)
		}
		seen[n.Move] = true
		q, caps := pos.After(n.Move)
		if err := v.check(append(path, q), n, caps != 0, append(line, name)); err != nil {
			return err
		}
	}
	if captured {
		v.done[key] = true
	}
	return nil
}

// MoveName writes m as "c1-c2" (no capture marks).
func MoveName(m rules.Move) string {
	from, to, ok := MoveSquares(m)
	if !ok {
		return "?"
	}
	return SquareName(from) + "-" + SquareName(to)
}

// ParseMoveName reads "c1-c2" as written by MoveName.
func ParseMoveName(s string) (rules.Move, error) {
	from, to, ok := strings.Cut(s, "-")
	f, okf := squareOf(from)
	g, okg := squareOf(to)
	if !ok || !okf || !okg || !Adjacent(f, g) {
		return rules.NoMove, fmt.Errorf("%q is not a step like c1-c2", s)
	}
	return NewMove(f, g), nil
}

func squareOf(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'd' || s[1] < '1' || s[1] > '4' {
		return 0, false
	}
	return Square(int(s[0]-'a'), int(s[1]-'1')), true
}

// WriteProof writes p, one node a line in preorder: the move (or "-" at
// the root) and the number of next nodes; a node with more than one parent
// is written in full once as "move #id n" and then referred to as
// "move =id".
func WriteProof(w io.Writer, p *Proof) error {
	parents := map[*Proof]int{}
	var count func(*Proof)
	count = func(n *Proof) {
		parents[n]++
		if parents[n] > 1 {
			return
		}
		for _, k := range n.Next {
			count(k)
		}
	}
	count(p)
	bw := bufio.NewWriter(w)
	ids := map[*Proof]int{}
	var write func(*Proof)
	write = func(n *Proof) {
		name := "-"
		if n.Move != rules.NoMove {
			name = MoveName(n.Move)
		}
		if id, ok := ids[n]; ok {
			fmt.Fprintf(bw, "%s =%d\n", name, id)
			return
		}
		if parents[n] > 1 {
			ids[n] = len(ids)
			fmt.Fprintf(bw, "%s #%d %d\n", name, ids[n], len(n.Next))
		} else {
			fmt.Fprintf(bw, "%s %d\n", name, len(n.Next))
		}
		for _, k := range n.Next {
			write(k)
		}
	}
	write(p)
	return bw.Flush()
}

// Compact returns p with identical subtrees merged: nodes with the same
// move and the same next nodes become one node, which WriteProof writes
// once. Unfolded line by line it is the tree p is, so VerifyWin judges both
// alike. A search shares only what follows a capture within one proof; a
// proof pieced together from several searches repeats whole endings.
func Compact(p *Proof) *Proof {
	type shape struct {
		m    rules.Move
		next string // the merged next nodes' numbers
	}
	merged := map[shape]*Proof{}
	number := map[*Proof]int{}
	seen := map[*Proof]*Proof{}
	var walk func(n *Proof) *Proof
	walk = func(n *Proof) *Proof {
		if c, ok := seen[n]; ok {
			return c
		}
		next := make([]*Proof, len(n.Next))
		var b []byte
		for i, k := range n.Next {
			next[i] = walk(k)
			b = strconv.AppendInt(b, int64(number[next[i]]), 36)
			b = append(b, ',')
		}
		k := shape{n.Move, string(b)}
		c := merged[k]
		if c == nil {
			c = &Proof{Move: n.Move, Next: next}
			merged[k] = c
			number[c] = len(number)
		}
		seen[n] = c
		return c
	}
	return walk(p)
}

// ReadProof reads what WriteProof wrote, at most MaxProofNodes lines.
func ReadProof(r io.Reader) (*Proof, error) {
	sc := bufio.NewScanner(r)
	line := 0
	ids := map[int]*Proof{}
	var read func(depth int) (*Proof, error)
	read = func(depth int) (*Proof, error) {
		if depth > MaxProofPlies {
			return nil, fmt.Errorf("proof line %d: deeper than %d plies", line, MaxProofPlies)
		}
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("proof line %d: %w", line+1, err)
			}
			return nil, fmt.Errorf("proof: ends after line %d, more nodes expected", line)
		}
		line++
		if line > MaxProofNodes {
			return nil, fmt.Errorf("proof: more than %d lines", MaxProofNodes)
		}
		f := strings.Fields(sc.Text())
		bad := func(why string) error {
			return fmt.Errorf("proof line %d %q: %s (want \"c1-c2 3\", \"c1-c2 #7 3\" or \"c1-c2 =7\")", line, sc.Text(), why)
		}
		if len(f) < 2 || len(f) > 3 {
			return nil, bad("wrong number of fields")
		}
		n := &Proof{Move: rules.NoMove}
		if f[0] != "-" {
			m, err := ParseMoveName(f[0])
			if err != nil {
				return nil, bad(err.Error())
			}
			n.Move = m
		}
		if id, ok := strings.CutPrefix(f[1], "="); ok && len(f) == 2 {
			k, err := strconv.Atoi(id)
			if err != nil || ids[k] == nil {
				return nil, bad("no such shared node")
			}
			if ids[k].Move != n.Move {
				return nil, bad("the shared node has another move")
			}
			return ids[k], nil
		}
		id := -1
		if len(f) == 3 {
			s, ok := strings.CutPrefix(f[1], "#")
			k, err := strconv.Atoi(s)
			if !ok || err != nil || k < 0 || ids[k] != nil {
				return nil, bad("a shared node needs a new #id")
			}
			id, f = k, f[1:]
		}
		kids, err := strconv.Atoi(f[1])
		if err != nil || kids < 0 || kids > 16 {
			return nil, bad("the number of next nodes is 0 to 16")
		}
		if id >= 0 {
			ids[id] = n
		}
		for range kids {
			k, err := read(depth + 1)
			if err != nil {
				return nil, err
			}
			n.Next = append(n.Next, k)
		}
		return n, nil
	}
	return read(0)
}
