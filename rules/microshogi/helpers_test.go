package microshogi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
)

// pos reads a position string of the spec ("kbgs/p3/4/3P/SGBK b - 1") with
// a small parser of its own, so that the engine's tests do not depend on
// the notation package.
func pos(t testing.TB, s string) Position {
	t.Helper()
	p, err := readPos(s)
	if err != nil {
		t.Fatalf("position %q: %v", s, err)
	}
	return p
}

var letters = map[byte]Face{'k': King, 'b': Bishop, 't': Tokin, 'g': Gold, 'r': Rook, 's': Silver, 'l': Lance, 'p': Pawn, 'n': Knight}

func readPos(s string) (Position, error) {
	f := strings.Fields(s)
	if len(f) < 3 {
		return Position{}, fmt.Errorf("want board, side, hand")
	}
	var b [NumSquares]Piece
	ranks := strings.Split(f[0], "/")
	if len(ranks) != Ranks {
		return Position{}, fmt.Errorf("want 5 ranks")
	}
	for r, row := range ranks {
		c := 0
		for i := 0; i < len(row); i++ {
			ch := row[i]
			if ch >= '1' && ch <= '4' {
				c += int(ch - '0')
				continue
			}
			side := rules.Black
			if ch >= 'a' {
				side = rules.White
			} else {
				ch += 'a' - 'A'
			}
			if c >= Files {
				return Position{}, fmt.Errorf("rank too long")
			}
			b[r*Files+c] = Piece{letters[ch], side}
			c++
		}
	}
	side := rules.Black
	if f[1] == "w" {
		side = rules.White
	}
	var hands [2][Pairs]int
	if f[2] != "-" {
		n := 0
		for i := 0; i < len(f[2]); i++ {
			ch := f[2][i]
			if ch >= '0' && ch <= '9' {
				n = int(ch - '0')
				continue
			}
			if n == 0 {
				n = 1
			}
			s := rules.Black
			if ch >= 'a' {
				s = rules.White
			} else {
				ch += 'a' - 'A'
			}
			hands[s][letters[ch].Pair()] += n
			n = 0
		}
	}
	return New(b, hands, side, 1)
}

func sq(name string) Square {
	s, ok := SquareAt(int(name[0]-'0'), int(name[1]-'a')+1)
	if !ok {
		panic(name)
	}
	return s
}

func mv(from, to string) rules.Move     { return NewMove(sq(from), sq(to)) }
func drop(f Face, to string) rules.Move { return NewDrop(f, sq(to)) }
