package store

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// bbolt's page layout, as far as pageBounds reads it: a 16-byte header
// (id uint64, flags uint16, count uint16, overflow uint32), then count
// 16-byte elements whose keys and values lie further on in the page.
const (
	pageHeaderSize  = 16
	pageElementSize = 16
	branchPageFlag  = 0x01
	leafPageFlag    = 0x02
	bucketLeafFlag  = 0x01
)

// pageBounds reads the pages of the buckets whose root pages are roots,
// from the store file itself (not bbolt's mapping), and reports every
// branch or leaf page whose elements, keys or values reach past the page,
// or whose children lie past highWater. bbolt's check reads those in a
// goroutine of its own, where reading past the end of the file would kill
// the process: Check runs it only when pageBounds finds nothing. Only the
// pages a read transaction reaches are read: a running daemon does not
// change them.
func pageBounds(path string, pageSize int, highWater uint64, roots []uint64, report func(error)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	seen := map[uint64]bool{}
	buf := make([]byte, pageSize) // one read a page; more for a page that runs on
	for len(roots) > 0 {
		id := roots[len(roots)-1]
		roots = roots[:len(roots)-1]
		if seen[id] {
			report(fmt.Errorf("page %d: reached twice", id))
			continue
		}
		seen[id] = true
		if id >= highWater {
			report(fmt.Errorf("page %d: past the end of the data (page %d)", id, highWater))
			continue
		}
		page := buf[:pageSize]
		if _, err := f.ReadAt(page, int64(id)*int64(pageSize)); err != nil {
			report(fmt.Errorf("page %d: %w", id, err))
			continue
		}
		overflow := uint64(binary.LittleEndian.Uint32(page[12:]))
		if id+overflow >= highWater {
			report(fmt.Errorf("page %d: runs on over %d pages, past the end of the data (page %d)", id, overflow, highWater))
			continue
		}
		if overflow > 0 {
			if need := int(overflow+1) * pageSize; cap(buf) < need {
				buf = append(make([]byte, 0, need), page...)
			}
			page = buf[:int(overflow+1)*pageSize]
			if _, err := f.ReadAt(page[pageSize:], int64(id+1)*int64(pageSize)); err != nil && err != io.EOF {
				return err
			}
		}
		children, err := pageFits(page, highWater)
		if err != nil {
			report(fmt.Errorf("page %d: %w", id, err))
			continue
		}
		roots = append(roots, children...)
	}
	return nil
}

// pageFits checks one branch or leaf page (or an inline bucket's page held
// in a value): its elements, their keys and values, and inline pages lie
// inside it, and its children below highWater. It returns the children:
// of a branch page, and the root pages of buckets held in a leaf.
func pageFits(page []byte, highWater uint64) (children []uint64, err error) {
	if len(page) < pageHeaderSize {
		return nil, fmt.Errorf("%d bytes is too short for a page", len(page))
	}
	flags := binary.LittleEndian.Uint16(page[8:])
	count := int(binary.LittleEndian.Uint16(page[10:]))
	if flags&(branchPageFlag|leafPageFlag) == 0 {
		return nil, fmt.Errorf("not a branch or leaf page (type %#x)", flags)
	}
	if pageHeaderSize+count*pageElementSize > len(page) {
		return nil, fmt.Errorf("%d elements do not fit in %d bytes", count, len(page))
	}
	for i := 0; i < count; i++ {
		at := pageHeaderSize + i*pageElementSize
		e := page[at : at+pageElementSize]
		switch {
		case flags&branchPageFlag != 0:
			pos, ksize := uint64(binary.LittleEndian.Uint32(e)), uint64(binary.LittleEndian.Uint32(e[4:]))
			if uint64(at)+pos+ksize > uint64(len(page)) {
				return nil, fmt.Errorf("element %d: its key lies past the page", i)
			}
			child := binary.LittleEndian.Uint64(e[8:])
			if child < 2 || child >= highWater {
				return nil, fmt.Errorf("element %d: child page %d is not a data page", i, child)
			}
			children = append(children, child)
		case flags&leafPageFlag != 0:
			eflags := binary.LittleEndian.Uint32(e)
			pos, ksize, vsize := uint64(binary.LittleEndian.Uint32(e[4:])), uint64(binary.LittleEndian.Uint32(e[8:])), uint64(binary.LittleEndian.Uint32(e[12:]))
			end := uint64(at) + pos + ksize + vsize
			if end > uint64(len(page)) {
				return nil, fmt.Errorf("element %d: its key or value lies past the page", i)
			}
			if eflags&bucketLeafFlag == 0 || vsize < 16 {
				continue
			}
			v := page[end-vsize : end]
			root := binary.LittleEndian.Uint64(v)
			switch {
			case root == 0 && vsize > 16:
				inner, err := pageFits(v[16:], highWater)
				if err != nil {
					return nil, fmt.Errorf("element %d's inline bucket: %w", i, err)
				}
				children = append(children, inner...)
			case root == 0:
			case root < 2 || root >= highWater:
				return nil, fmt.Errorf("element %d: bucket root page %d is not a data page", i, root)
			default:
				children = append(children, root)
			}
		}
	}
	return children, nil
}
