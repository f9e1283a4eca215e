package verifier

// The borrow graph of reference safety ([MBC], "The Move Borrow Checker").
//
// Nodes are references (plus the frame root, which stands for the
// function's locals and global storage); an edge parent→child says that the
// child was borrowed from the parent at a path of labels. A strong edge is
// exact: the child is the parent at that path. A weak edge is a prefix: the
// child is somewhere at that path or below it. Each node records whether it
// is a mutable reference.
//
// Only the sequence of edges inserted into one parent→child set can change
// a result (through the collapse of large sets), and every loop below feeds
// a given set in the sets' sorted order, so the graph is deterministic even
// though its nodes live in maps.

// refID names a node of the borrow graph.
type refID int32

// bgNode is a reference: its mutability, the references borrowing from it
// (with the edges) and the references it borrows from.
type bgNode struct {
	mutable  bool
	children map[refID]*bgEdgeSet
	parents  map[refID]struct{}
}

// borrowGraph is a set of references and their borrow edges. work, when
// set, counts the edges the operations touch, so that the caller can bound
// the work of a hostile function.
type borrowGraph struct {
	nodes map[refID]*bgNode
	edges int // number of edges, kept up to date
	work  *uint64
}

func newBorrowGraph(work *uint64) *borrowGraph {
	return &borrowGraph{nodes: map[refID]*bgNode{}, work: work}
}

func (g *borrowGraph) charge(n int) {
	if g.work != nil {
		*g.work += uint64(n)
	}
}

// clone copies the graph (paths are shared: they are never modified).
func (g *borrowGraph) clone() *borrowGraph {
	out := &borrowGraph{nodes: make(map[refID]*bgNode, len(g.nodes)), edges: g.edges, work: g.work}
	for id, n := range g.nodes {
		c := &bgNode{mutable: n.mutable, children: make(map[refID]*bgEdgeSet, len(n.children)),
			parents: make(map[refID]struct{}, len(n.parents))}
		for k, s := range n.children {
			c.children[k] = s.clone()
			g.charge(len(s.edges))
		}
		for k := range n.parents {
			c.parents[k] = struct{}{}
		}
		out.nodes[id] = c
	}
	g.charge(len(g.nodes))
	return out
}

// size is the number of nodes plus the number of edges.
func (g *borrowGraph) size() int { return len(g.nodes) + g.edges }

// has reports whether id is a node.
func (g *borrowGraph) has(id refID) bool {
	_, ok := g.nodes[id]
	return ok
}

// isMutable reports whether id is a mutable reference.
func (g *borrowGraph) isMutable(id refID) bool {
	n := g.nodes[id]
	return n != nil && n.mutable
}

// newRef adds the node id (it must not exist yet).
func (g *borrowGraph) newRef(id refID, mutable bool) {
	g.nodes[id] = &bgNode{mutable: mutable, children: map[refID]*bgEdgeSet{}, parents: map[refID]struct{}{}}
}

// addEdge adds parent→child. Self edges are dropped (they only arise when
// a release splices a cycle).
func (g *borrowGraph) addEdge(parent, child refID, e bgEdge) {
	p, c := g.nodes[parent], g.nodes[child]
	if parent == child || p == nil || c == nil {
		return
	}
	s := p.children[child]
	if s == nil {
		s = &bgEdgeSet{}
		p.children[child] = s
	}
	g.charge(len(s.edges) + 1)
	before := len(s.edges)
	s.insert(e)
	g.edges += len(s.edges) - before
	c.parents[parent] = struct{}{}
}

// addWeak adds a weak edge parent→child at path.
func (g *borrowGraph) addWeak(parent, child refID, path bgPath) {
	g.addEdge(parent, child, newEdge(false, path))
}

// addStrong adds a strong edge parent→child at path, after moving under
// child ("factoring") every edge of parent whose path extends path: those
// borrows now go through child, so that child cannot be used while they
// live.
func (g *borrowGraph) addStrong(parent, child refID, path bgPath) {
	p := g.nodes[parent]
	if p == nil {
		return
	}
	type moved struct {
		child refID
		edge  bgEdge
	}
	var move []moved
	for c, s := range p.children {
		keep := s.edges[:0:0]
		for _, e := range s.edges {
			if isPrefix(path, e.path) {
				move = append(move, moved{c, e})
			} else {
				keep = append(keep, e)
			}
		}
		g.charge(len(s.edges))
		if len(keep) == len(s.edges) {
			continue
		}
		g.edges -= len(s.edges) - len(keep)
		if len(keep) == 0 {
			delete(p.children, c)
			if cn := g.nodes[c]; cn != nil {
				delete(cn.parents, parent)
			}
		} else {
			s.edges = keep
		}
	}
	// move is in the sorted order of each set, so each new set is fed in order.
	for _, m := range move {
		g.addEdge(child, m.child, newEdge(m.edge.strong, m.edge.path[len(path):]))
	}
	g.addEdge(parent, child, newEdge(true, path))
}

// release removes id, connecting each of its parents to each of its
// children: a strong parent edge extends the child edge's path, a weak one
// keeps its own path; the result is strong only if both were.
func (g *borrowGraph) release(id refID) {
	n := g.nodes[id]
	if n == nil {
		return
	}
	delete(g.nodes, id)
	for _, down := range n.children {
		g.edges -= len(down.edges)
	}
	for parent := range n.parents {
		p := g.nodes[parent]
		if p == nil {
			continue
		}
		up := p.children[id]
		delete(p.children, id)
		if up == nil {
			continue
		}
		g.edges -= len(up.edges)
		for _, pe := range up.edges {
			for child, down := range n.children {
				if child == parent {
					continue
				}
				for _, ce := range down.edges {
					path := pe.path
					if pe.strong {
						path = appendPaths(pe.path, ce.path)
					}
					g.addEdge(parent, child, newEdge(pe.strong && ce.strong, path))
				}
			}
		}
	}
	for child := range n.children {
		if c := g.nodes[child]; c != nil {
			delete(c.parents, id)
		}
	}
	g.charge(len(n.parents) + len(n.children))
}

// hasBorrows reports whether id has a child through an edge with the empty
// path, or through a field edge whose first label is label (any label when
// label is nil). With mutableOnly, only mutable children count.
func (g *borrowGraph) hasBorrows(id refID, label *bgLabel, mutableOnly bool) bool {
	n := g.nodes[id]
	if n == nil {
		return false
	}
	for c, s := range n.children {
		g.charge(len(s.edges))
		if mutableOnly && !g.isMutable(c) {
			continue
		}
		for _, e := range s.edges {
			if len(e.path) == 0 || label == nil || e.path[0] == *label {
				return true
			}
		}
	}
	return false
}

// hasFullBorrows reports whether id has a child through an edge with the
// empty path.
func (g *borrowGraph) hasFullBorrows(id refID) bool {
	n := g.nodes[id]
	if n == nil {
		return false
	}
	for _, s := range n.children {
		g.charge(len(s.edges))
		for _, e := range s.edges {
			if len(e.path) == 0 {
				return true
			}
		}
	}
	return false
}

// covered reports whether some edge of g from parent to child covers e.
func (g *borrowGraph) covered(parent, child refID, e bgEdge) bool {
	p := g.nodes[parent]
	if p == nil {
		return false
	}
	s := p.children[child]
	if s == nil {
		return false
	}
	g.charge(len(s.edges))
	for _, mine := range s.edges {
		if mine.covers(e) {
			return true
		}
	}
	return false
}

// coversAll reports whether every edge of o is covered by an edge of g.
func (g *borrowGraph) coversAll(o *borrowGraph) bool {
	for parent, n := range o.nodes {
		for child, s := range n.children {
			for _, e := range s.edges {
				if !g.covered(parent, child, e) {
					return false
				}
			}
		}
	}
	return true
}

// absorb adds to g every edge of o that no edge of g covers (each set's
// missing edges in sorted order), creating the nodes g lacks; a node is
// mutable if it is on either side. Both graphs have the same nodes when
// the states being joined are canonical.
func (g *borrowGraph) absorb(o *borrowGraph) {
	for id, n := range o.nodes {
		if mine := g.nodes[id]; mine == nil {
			g.newRef(id, n.mutable)
		} else if n.mutable {
			mine.mutable = true
		}
	}
	type missing struct {
		parent, child refID
		edge          bgEdge
	}
	var add []missing
	for parent, n := range o.nodes {
		for child, s := range n.children {
			for _, e := range s.edges {
				if !g.covered(parent, child, e) {
					add = append(add, missing{parent, child, e})
				}
			}
		}
	}
	for _, m := range add {
		g.addEdge(m.parent, m.child, m.edge)
	}
}

// remap renames the nodes by ids, which must name every node; it reports
// false otherwise.
func (g *borrowGraph) remap(ids map[refID]refID) (*borrowGraph, bool) {
	out := &borrowGraph{nodes: make(map[refID]*bgNode, len(g.nodes)), edges: g.edges, work: g.work}
	for id, n := range g.nodes {
		nid, ok := ids[id]
		if !ok {
			return nil, false
		}
		c := &bgNode{mutable: n.mutable, children: make(map[refID]*bgEdgeSet, len(n.children)),
			parents: make(map[refID]struct{}, len(n.parents))}
		for k, s := range n.children {
			nk, ok := ids[k]
			if !ok {
				return nil, false
			}
			c.children[nk] = s
		}
		for k := range n.parents {
			nk, ok := ids[k]
			if !ok {
				return nil, false
			}
			c.parents[nk] = struct{}{}
		}
		out.nodes[nid] = c
	}
	g.charge(len(g.nodes))
	return out, true
}
