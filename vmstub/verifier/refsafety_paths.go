package verifier

// Borrow paths, edges and edge sets of the borrow graph (borrowgraph.go).

// labelKind tells what a label of a borrow path names.
type labelKind uint8

// Label kinds, in the order paths sort by.
const (
	labelLocal  labelKind = iota // a local of the frame (frame root edges)
	labelGlobal                  // a resource in global storage, by struct definition (frame root edges)
	labelField                   // a field, by its offset in the struct or variant
)

// bgLabel is one step of a borrow path.
type bgLabel struct {
	kind  labelKind
	index uint16
}

func (a bgLabel) compare(b bgLabel) int {
	switch {
	case a.kind != b.kind:
		return int(a.kind) - int(b.kind)
	case a.index < b.index:
		return -1
	case a.index > b.index:
		return 1
	}
	return 0
}

// bgPath is a borrow path. A path is never modified once built, so edges
// may share it.
type bgPath []bgLabel

// maxPathLen bounds borrow paths: a strong edge whose path would be longer
// becomes a weak edge at the path's first maxPathLen labels, which claims
// more (any extension) and so stays sound. Type-correct code nests fields
// far less deeply than this.
const maxPathLen = 256

func comparePaths(a, b bgPath) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := a[i].compare(b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

// isPrefix reports whether p is a prefix of q (or equal to it).
func isPrefix(p, q bgPath) bool {
	if len(p) > len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// bgEdge is a parent→child borrow.
type bgEdge struct {
	strong bool
	path   bgPath
}

// compare orders edges: weak before strong, then by path.
func (e bgEdge) compare(o bgEdge) int {
	if e.strong != o.strong {
		if o.strong {
			return -1
		}
		return 1
	}
	return comparePaths(e.path, o.path)
}

// covers reports whether e claims at least what o claims: the same edge,
// or a weak edge whose path is a prefix of o's.
func (e bgEdge) covers(o bgEdge) bool {
	return e.compare(o) == 0 || (!e.strong && isPrefix(e.path, o.path))
}

// newEdge makes an edge, weakening it if its path is too long.
func newEdge(strong bool, path bgPath) bgEdge {
	if len(path) > maxPathLen {
		return bgEdge{strong: false, path: path[:maxPathLen:maxPathLen]}
	}
	return bgEdge{strong: strong, path: path}
}

// appendPaths is a followed by b, in a new slice (at most maxPathLen+1
// labels: newEdge cuts longer ones).
func appendPaths(a, b bgPath) bgPath {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	n := min(len(a)+len(b), maxPathLen+1)
	out := make(bgPath, 0, n)
	out = append(out, a...)
	return append(out, b[:n-len(out)]...)
}

// maxEdgeSetSize is how many edges one parent→child set holds; inserting
// into a full set replaces it by a single weak edge with the empty path,
// which claims everything and ignores later inserts.
const maxEdgeSetSize = 10

// bgEdgeSet is the edges from one parent to one child, sorted, without
// duplicates.
type bgEdgeSet struct {
	edges     []bgEdge
	overflown bool
}

// insert adds e. A full set collapses even when e is already there.
func (s *bgEdgeSet) insert(e bgEdge) {
	if s.overflown {
		return
	}
	if len(s.edges)+1 > maxEdgeSetSize {
		s.edges = []bgEdge{{strong: false}}
		s.overflown = true
		return
	}
	i := 0
	for i < len(s.edges) {
		c := s.edges[i].compare(e)
		if c == 0 {
			return
		}
		if c > 0 {
			break
		}
		i++
	}
	s.edges = append(s.edges, bgEdge{})
	copy(s.edges[i+1:], s.edges[i:])
	s.edges[i] = e
}

func (s *bgEdgeSet) clone() *bgEdgeSet {
	return &bgEdgeSet{edges: append([]bgEdge(nil), s.edges...), overflown: s.overflown}
}
