package julgonu

import "math/bits"

// index numbers the pairs (own, opp) of disjoint 16-bit masks with at most
// four pieces of the side to move and two to four of its opponent densely
// from 0: by the two piece counts, then the colex rank of own among the
// masks with its count, then the colex rank of opp among the points own
// leaves free. The value of a Jul-Gonu position depends only on the pieces
// of the side to move and of its opponent (the rules know no colour and no
// direction), so one entry serves both sides.
type index struct {
	rank   [1 << 16]uint16 // colex rank of a mask among masks of its count
	pext   [256][256]uint8 // pext[m][v]: the bits of v under m, packed
	pdep   [256][256]uint8 // pdep[m][v]: the low bits of v spread onto m
	byRank [5][]uint16     // masks of k bits in colex order (k <= 4)
	binom  [17][5]int      // binom[n][k]
	offset [5][5]int       // first index of (own count, opp count)
	size   int             // number of entries
}

func newIndex() *index {
	ix := &index{}
	for n := 0; n <= 16; n++ {
		for k := 0; k <= 4; k++ {
			ix.binom[n][k] = binomial(n, k)
		}
	}
	for m := 0; m < 1<<16; m++ {
		r, i := 0, 0
		for b := uint16(m); b != 0; b &= b - 1 {
			i++
			r += binomial(bits.TrailingZeros16(b), i)
		}
		ix.rank[m] = uint16(r)
		if k := bits.OnesCount16(uint16(m)); k <= 4 {
			ix.byRank[k] = append(ix.byRank[k], 0)
		}
	}
	for m := 0; m < 1<<16; m++ {
		if k := bits.OnesCount16(uint16(m)); k <= 4 {
			ix.byRank[k][ix.rank[m]] = uint16(m)
		}
	}
	for m := 0; m < 256; m++ {
		for v := 0; v < 256; v++ {
			var ext, dep uint8
			j := 0
			for b := 0; b < 8; b++ {
				if m&(1<<b) == 0 {
					continue
				}
				if v&(1<<b) != 0 {
					ext |= 1 << j
				}
				if v&(1<<j) != 0 {
					dep |= 1 << b
				}
				j++
			}
			ix.pext[m][v], ix.pdep[m][v] = ext, dep
		}
	}
	n := 0
	for a := 0; a <= 4; a++ {
		for c := 2; c <= 4; c++ {
			ix.offset[a][c] = n
			n += ix.binom[16][a] * ix.binom[16-a][c]
		}
	}
	ix.size = n
	return ix
}

func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 0; i < k; i++ {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// compress packs the bits of v that lie under mask m into the low bits.
func (ix *index) compress(v, m uint16) uint16 {
	lo := ix.pext[m&0xff][v&0xff]
	hi := ix.pext[m>>8][v>>8]
	return uint16(lo) | uint16(hi)<<bits.OnesCount8(uint8(m))
}

// expand spreads the low bits of v onto the set bits of m.
func (ix *index) expand(v, m uint16) uint16 {
	n := bits.OnesCount8(uint8(m))
	lo := ix.pdep[m&0xff][v&(1<<n-1)]
	hi := ix.pdep[m>>8][(v>>n)&0xff]
	return uint16(lo) | uint16(hi)<<8
}

// of returns the index of (own, opp); it requires that they are disjoint,
// own has at most four pieces and opp two to four.
func (ix *index) of(own, opp uint16) int {
	a, c := bits.OnesCount16(own), bits.OnesCount16(opp)
	return ix.offset[a][c] + int(ix.rank[own])*ix.binom[16-a][c] + int(ix.rank[ix.compress(opp, ^own)])
}

// in reports whether (own, opp) has an index.
func (ix *index) in(own, opp uint16) bool {
	a, c := bits.OnesCount16(own), bits.OnesCount16(opp)
	return own&opp == 0 && a <= 4 && c >= 2 && c <= 4
}

// each calls f for every entry in index order.
func (ix *index) each(f func(i int, own, opp uint16)) {
	i := 0
	for a := 0; a <= 4; a++ {
		for c := 2; c <= 4; c++ {
			opps := ix.byRank[c][:ix.binom[16-a][c]]
			for _, own := range ix.byRank[a] {
				free := ^own
				for _, cm := range opps {
					f(i, own, ix.expand(cm, free))
					i++
				}
			}
		}
	}
}
