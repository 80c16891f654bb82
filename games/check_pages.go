package games

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

// pageBounds reads the pages of the store file below highWater from the
// file itself (not bbolt's mapping) and reports every branch or leaf page
// whose elements, keys or values reach past the page, or whose children
// lie past highWater. bbolt's check reads those in a goroutine of its own,
// where reading past the end of the file would kill the process: Check
// runs it only when pageBounds finds nothing. free says which pages are
// free (their contents are old and unused).
func pageBounds(path string, pageSize int, highWater uint64, free func(id int) bool, report func(error)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	buf := make([]byte, pageSize)
	for id := uint64(2); id < highWater; id++ {
		if _, err := f.ReadAt(buf[:pageSize], int64(id)*int64(pageSize)); err != nil && err != io.EOF {
			return err
		}
		flags := binary.LittleEndian.Uint16(buf[8:])
		overflow := uint64(binary.LittleEndian.Uint32(buf[12:]))
		if flags&(branchPageFlag|leafPageFlag) == 0 || free(int(id)) {
			continue
		}
		if id+overflow >= highWater {
			report(fmt.Errorf("page %d: runs on over %d pages, past the end of the data (page %d)", id, overflow, highWater))
			continue
		}
		page := make([]byte, int(overflow+1)*pageSize)
		if _, err := f.ReadAt(page, int64(id)*int64(pageSize)); err != nil && err != io.EOF {
			return err
		}
		if err := pageFits(page, highWater); err != nil {
			report(fmt.Errorf("page %d: %w", id, err))
		}
		id += overflow
	}
	return nil
}

// pageFits checks one branch or leaf page (or an inline bucket's page held
// in a value): its elements, their keys and values, and inline pages lie
// inside it, and its children below highWater.
func pageFits(page []byte, highWater uint64) error {
	if len(page) < pageHeaderSize {
		return fmt.Errorf("%d bytes is too short for a page", len(page))
	}
	flags := binary.LittleEndian.Uint16(page[8:])
	count := int(binary.LittleEndian.Uint16(page[10:]))
	if pageHeaderSize+count*pageElementSize > len(page) {
		return fmt.Errorf("%d elements do not fit in %d bytes", count, len(page))
	}
	for i := 0; i < count; i++ {
		at := pageHeaderSize + i*pageElementSize
		e := page[at : at+pageElementSize]
		switch {
		case flags&branchPageFlag != 0:
			pos, ksize := uint64(binary.LittleEndian.Uint32(e)), uint64(binary.LittleEndian.Uint32(e[4:]))
			if uint64(at)+pos+ksize > uint64(len(page)) {
				return fmt.Errorf("element %d: its key lies past the page", i)
			}
			if child := binary.LittleEndian.Uint64(e[8:]); child < 2 || child >= highWater {
				return fmt.Errorf("element %d: child page %d is not a data page", i, child)
			}
		case flags&leafPageFlag != 0:
			eflags := binary.LittleEndian.Uint32(e)
			pos, ksize, vsize := uint64(binary.LittleEndian.Uint32(e[4:])), uint64(binary.LittleEndian.Uint32(e[8:])), uint64(binary.LittleEndian.Uint32(e[12:]))
			end := uint64(at) + pos + ksize + vsize
			if end > uint64(len(page)) {
				return fmt.Errorf("element %d: its key or value lies past the page", i)
			}
			if eflags&bucketLeafFlag == 0 || vsize < 16 {
				continue
			}
			v := page[end-vsize : end]
			root := binary.LittleEndian.Uint64(v)
			if root == 0 && vsize > 16 {
				if err := pageFits(v[16:], highWater); err != nil {
					return fmt.Errorf("element %d's inline bucket: %w", i, err)
				}
			} else if root != 0 && (root < 2 || root >= highWater) {
				return fmt.Errorf("element %d: bucket root page %d is not a data page", i, root)
			}
		default:
			return fmt.Errorf("an inline page of type %#x", flags)
		}
	}
	return nil
}
