package gql

import (
	"sync/atomic"
	"unsafe"
)

// A Registry numbers cells, so that a table holding millions of rows can
// keep each row as cell numbers (uint32s, memory the garbage collector
// never scans) instead of a pointer per column: the registry holds one
// pointer per cell it numbered, however many rows name the cell.
//
// Number 0 is the nil cell (NULL). One goroutine numbers cells (Number);
// rows built on the numbers (NewRowOfNumbers) may be read by any number of
// goroutines meanwhile.
type Registry struct {
	// dir holds the chunks of numbered cells; a new chunk publishes a new
	// directory, so readers never see one being grown.
	dir  atomic.Pointer[[]*[registryChunk]*Cell]
	last *[registryChunk]*Cell
	n    uint32
	// recent remembers the number of the cells numbered lately, by
	// address: rows of a transaction repeat its cells (the version, the
	// sender, a type name), which are then numbered once. A cell it has
	// forgotten gets a second number: harmless, both name it.
	recent [registryRecent]struct {
		c  *Cell
		id uint32
	}
}

const (
	registryShift  = 12
	registryChunk  = 1 << registryShift
	registryRecent = 1 << 10
)

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	r := &Registry{}
	r.grow()
	r.n = 1 // 0 is NULL
	return r
}

// grow adds a chunk and publishes the directory naming it.
func (r *Registry) grow() {
	var dir []*[registryChunk]*Cell
	if d := r.dir.Load(); d != nil {
		dir = append(dir, *d...)
	}
	r.last = new([registryChunk]*Cell)
	dir = append(dir, r.last)
	r.dir.Store(&dir)
}

// Number returns c's number, numbering it if it has none it remembers; 0
// for the nil cell. It must not run concurrently with another Number.
func (r *Registry) Number(c *Cell) uint32 {
	if c == nil {
		return 0
	}
	// The address only picks a slot: it is never turned back into a
	// pointer.
	slot := &r.recent[(uintptr(unsafe.Pointer(c))>>4)&(registryRecent-1)]
	if slot.c == c {
		return slot.id
	}
	if r.n&(registryChunk-1) == 0 {
		r.grow()
	}
	id := r.n
	r.last[id&(registryChunk-1)] = c
	r.n++
	slot.c, slot.id = c, id
	return id
}

// Len returns how many numbers were given, NULL's included.
func (r *Registry) Len() int { return int(r.n) }

// cell returns the cell numbered id, which Number returned before the
// caller learnt id.
func (r *Registry) cell(id uint32) *Cell {
	if id == 0 {
		return nil
	}
	return (*r.dir.Load())[id>>registryShift][id&(registryChunk-1)]
}
