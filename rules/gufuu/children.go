package gufuu

// AppendChildren appends the positions after each legal move of p, in the
// order of AppendMoves (p.Apply of each move), without making the moves:
// the solver's fast path. TestChildren keeps the two in step.
func (p Pos) AppendChildren(dst []Pos) []Pos {
	side := uint32(p>>20) & 1
	f0, f1 := uint32(p)&fieldMask, uint32(p)>>5&fieldMask
	fw, fs := uint32(p)>>10&fieldMask, uint32(p)>>15&fieldMask
	var occ uint32
	var genAt [8]uint32 // genAt[sq]: the general (2, 3) on sq, or 0
	if f0 < inHand {
		occ |= 1 << (f0 >> 2)
	}
	if f1 < inHand {
		occ |= 1 << (f1 >> 2)
	}
	if fw < inHand {
		occ |= 1 << (fw >> 2)
		genAt[fw>>2] = uint32(Wind)
	}
	if fs < inHand {
		occ |= 1 << (fs >> 2)
		genAt[fs>>2] = uint32(Storm)
	}
	base := uint32(p) ^ sideBit
	if f0 == inHand {
		for v := uint32(0); v < 24; v++ {
			dst = append(dst, Pos(base&^fieldMask|v))
		}
		return dst
	}
	if f1 == inHand {
		base = base&^(fieldMask<<5) | openingBit
		for m := kingDrops(f0, occ); m != 0; m &= m - 1 {
			dst = append(dst, Pos(base|uint32(trailing(m))<<5))
		}
		return dst
	}
	own, opp := f0, f1
	if side == 1 {
		own, opp = f1, f0
	}
	if p&openingBit != 0 {
		if side == 1 {
			return appendDropChildren(dst, base&^openingBit, uint32(Storm), occ, own, opp)
		}
		return appendDropChildren(dst, base, uint32(Wind), occ, own, opp)
	}
	cm := p.checkMask()
	if cm == 0 {
		if fw == inHand {
			dst = appendDropChildren(dst, base, uint32(Wind), occ, own, opp)
		}
		if fs == inHand {
			dst = appendDropChildren(dst, base, uint32(Storm), occ, own, opp)
		}
	}
	osq := own >> 2
	nf := (own + 1) & 3
	kingsMask := uint32(1)<<osq | uint32(1)<<(opp>>2)
	var attacked, checkerSq uint32
	if cm&(1<<Wind) != 0 {
		attacked |= uint32(attacks[1][fw>>2][fw&3])
		checkerSq |= 1 << (fw >> 2)
	}
	if cm&(1<<Storm) != 0 {
		attacked |= uint32(attacks[2][fs>>2][fs&3])
		checkerSq |= 1 << (fs >> 2)
	}
	kshift := 5 * side
	t := uint32(attacks[0][osq][0]) &^ kingsMask &^ checkerSq &^ attacked
	for t != 0 {
		to := uint32(trailing(t))
		t &= t - 1
		if !faceToFace(to*4+nf, opp) {
			c := base&^(fieldMask<<kshift) | (to*4+nf)<<kshift
			if g := genAt[to]; g != 0 {
				c = c&^(fieldMask<<(5*g)) | inHand<<(5*g)
			}
			dst = append(dst, Pos(c))
		}
	}
	if cm == 0 {
		if !faceToFace(osq*4+nf, opp) {
			dst = append(dst, Pos(base&^(3<<kshift)|nf<<kshift))
		}
		for g := uint32(Wind); g <= uint32(Storm); g++ {
			v := uint32(p) >> (5 * g) & fieldMask
			if v == inHand {
				continue
			}
			gf := (v + 1) & 3
			t := uint32(attacks[g-1][v>>2][v&3]) &^ kingsMask
			for t != 0 {
				to := uint32(trailing(t))
				t &= t - 1
				c := base&^(fieldMask<<(5*g)) | (to*4+gf)<<(5*g)
				if genAt[to] != 0 { // the other general
					c = c&^(fieldMask<<(5*(g^1))) | inHand<<(5*(g^1))
				}
				dst = append(dst, Pos(c))
			}
			dst = append(dst, Pos(base&^(3<<(5*g))|gf<<(5*g)))
		}
		return dst
	}
	if cm == 1<<Wind || cm == 1<<Storm {
		c, o := uint32(Wind), uint32(Storm)
		if cm == 1<<Storm {
			c, o = o, c
		}
		fc := uint32(p) >> (5 * c) & fieldMask
		if v := uint32(p) >> (5 * o) & fieldMask; v != inHand && attacks[o-1][v>>2][v&3]&(1<<(fc>>2)) != 0 {
			dst = append(dst, Pos(base&^(fieldMask<<(5*o)|fieldMask<<(5*c))|(fc&^3|(v+1)&3)<<(5*o)|inHand<<(5*c)))
		}
	}
	return dst
}

// appendDropChildren appends the positions after each drop of general g
// (see dropFields) to base, the position with the other side to move.
func appendDropChildren(dst []Pos, base, g, occ, own, opp uint32) []Pos {
	sh := 5 * g
	base &^= fieldMask << sh
	for m := dropFields(g, occ, own, opp); m != 0; m &= m - 1 {
		dst = append(dst, Pos(base|uint32(trailing(m))<<sh))
	}
	return dst
}
