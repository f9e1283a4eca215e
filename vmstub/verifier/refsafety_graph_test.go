package verifier

import (
	"math/rand/v2"
	"testing"
)

func h3Field(i uint16) bgLabel { return bgLabel{labelField, i} }

// h3Edges returns the edges parent→child.
func h3Edges(g *borrowGraph, parent, child refID) []bgEdge {
	if n := g.nodes[parent]; n != nil {
		if s := n.children[child]; s != nil {
			return s.edges
		}
	}
	return nil
}

// h3CheckGraph verifies the graph's bookkeeping: the edge count, parents
// matching children, no self edges.
func h3CheckGraph(t *testing.T, g *borrowGraph) {
	t.Helper()
	count := 0
	for id, n := range g.nodes {
		for c, s := range n.children {
			count += len(s.edges)
			if c == id || len(s.edges) == 0 {
				t.Fatalf("edge set %d→%d: %v", id, c, s.edges)
			}
			if _, ok := g.nodes[c].parents[id]; !ok {
				t.Fatalf("%d→%d not among %d's parents", id, c, c)
			}
		}
		for p := range n.parents {
			if g.nodes[p].children[id] == nil {
				t.Fatalf("%d lists parent %d without an edge", id, p)
			}
		}
	}
	if count != g.edges {
		t.Fatalf("edge count %d, recorded %d", count, g.edges)
	}
}

func TestBorrowGraphFactoring(t *testing.T) {
	g := newBorrowGraph(nil)
	for id := range refID(4) {
		g.newRef(id, true)
	}
	f, h := h3Field(0), h3Field(1)
	g.addStrong(0, 1, bgPath{f, h}) // 1 = &mut r.f.h
	g.addStrong(0, 2, bgPath{h})    // 2 = &mut r.h, unrelated
	g.addStrong(0, 3, bgPath{f})    // 3 = &mut r.f takes 1 under it
	if e := h3Edges(g, 3, 1); len(e) != 1 || !e[0].strong || comparePaths(e[0].path, bgPath{h}) != 0 {
		t.Fatalf("3→1: %v", e)
	}
	if h3Edges(g, 0, 1) != nil || h3Edges(g, 0, 2) == nil || h3Edges(g, 0, 3) == nil {
		t.Fatalf("edges of 0: %v", g.nodes[0].children)
	}
	if !g.hasBorrows(0, &f, true) || !g.hasBorrows(0, &h, true) || g.hasFullBorrows(0) {
		t.Fatal("borrows of 0 at f and h")
	}
	h3CheckGraph(t, g)
	// Releasing 3 splices 0→1 back at f.h, strong.
	g.release(3)
	if e := h3Edges(g, 0, 1); len(e) != 1 || !e[0].strong || comparePaths(e[0].path, bgPath{f, h}) != 0 {
		t.Fatalf("0→1 after release: %v", e)
	}
	h3CheckGraph(t, g)
}

func TestBorrowGraphReleaseWeak(t *testing.T) {
	g := newBorrowGraph(nil)
	for id := range refID(3) {
		g.newRef(id, id != 2)
	}
	f, h := h3Field(0), h3Field(1)
	g.addWeak(0, 1, bgPath{f})   // 1 somewhere under 0.f
	g.addStrong(1, 2, bgPath{h}) // 2 = 1.h
	g.release(1)                 // weak parent edge: 0→2 weak at f
	e := h3Edges(g, 0, 2)
	if len(e) != 1 || e[0].strong || comparePaths(e[0].path, bgPath{f}) != 0 {
		t.Fatalf("0→2: %v", e)
	}
	if g.hasBorrows(0, &h, false) || !g.hasBorrows(0, &f, false) || g.hasBorrows(0, nil, true) {
		t.Fatal("2 is an immutable borrow of 0 at f")
	}
	h3CheckGraph(t, g)
}

// TestBorrowGraphCollapse: an edge set holds 10 edges; one more insert,
// even of an edge it has, makes it a single weak edge with the empty path,
// which then covers everything.
func TestBorrowGraphCollapse(t *testing.T) {
	g := newBorrowGraph(nil)
	g.newRef(0, true)
	g.newRef(1, true)
	for i := range uint16(10) {
		g.addEdge(0, 1, bgEdge{strong: true, path: bgPath{h3Field(i)}})
	}
	if len(h3Edges(g, 0, 1)) != 10 || g.hasFullBorrows(0) {
		t.Fatalf("10 edges: %v", h3Edges(g, 0, 1))
	}
	g.addEdge(0, 1, bgEdge{strong: true, path: bgPath{h3Field(3)}}) // already there
	e := h3Edges(g, 0, 1)
	if len(e) != 1 || e[0].strong || len(e[0].path) != 0 || !g.hasFullBorrows(0) {
		t.Fatalf("collapsed: %v", e)
	}
	g.addEdge(0, 1, bgEdge{strong: true, path: bgPath{h3Field(20)}})
	if len(h3Edges(g, 0, 1)) != 1 || !e[0].covers(bgEdge{strong: true, path: bgPath{h3Field(7), h3Field(2)}}) {
		t.Fatal("collapsed set changed or does not cover")
	}
	h3CheckGraph(t, g)
}

func TestBorrowEdgeCovers(t *testing.T) {
	f, h := h3Field(0), h3Field(1)
	for _, c := range []struct {
		a, b bgEdge
		want bool
	}{
		{bgEdge{true, bgPath{f}}, bgEdge{true, bgPath{f}}, true},
		{bgEdge{true, bgPath{f}}, bgEdge{true, bgPath{f, h}}, false},
		{bgEdge{false, bgPath{f}}, bgEdge{true, bgPath{f, h}}, true},
		{bgEdge{false, bgPath{f}}, bgEdge{false, bgPath{f}}, true},
		{bgEdge{false, bgPath{f, h}}, bgEdge{true, bgPath{f}}, false},
		{bgEdge{false, nil}, bgEdge{true, bgPath{h}}, true},
		{bgEdge{true, nil}, bgEdge{false, nil}, false},
	} {
		if got := c.a.covers(c.b); got != c.want {
			t.Errorf("%v covers %v: %v", c.a, c.b, got)
		}
	}
}

func TestBorrowGraphAbsorb(t *testing.T) {
	mk := func() *borrowGraph {
		g := newBorrowGraph(nil)
		g.newRef(0, true)
		g.newRef(1, false)
		return g
	}
	a, b := mk(), mk()
	a.addWeak(0, 1, bgPath{h3Field(0)})
	b.addStrong(0, 1, bgPath{h3Field(0), h3Field(2)})
	if !a.coversAll(b) || b.coversAll(a) {
		t.Fatal("weak f covers strong f.x, not the reverse")
	}
	b.absorb(a)
	if !b.coversAll(a) || len(h3Edges(b, 0, 1)) != 2 {
		t.Fatalf("absorbed: %v", h3Edges(b, 0, 1))
	}
	h3CheckGraph(t, b)
}

// TestBorrowGraphRandom applies random operations and checks the graph's
// bookkeeping after each.
func TestBorrowGraphRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var work uint64
	g := newBorrowGraph(&work)
	next := refID(0)
	live := []refID{}
	for step := range 1500 {
		if len(live) < 3 || r.IntN(3) > 0 {
			g.newRef(next, r.IntN(2) == 0)
			if len(live) > 0 {
				parent := live[r.IntN(len(live))]
				path := bgPath{h3Field(uint16(r.IntN(3)))}
				if r.IntN(3) == 0 {
					path = nil
				}
				if r.IntN(2) == 0 {
					g.addStrong(parent, next, path)
				} else {
					g.addWeak(parent, next, path)
				}
			}
			live = append(live, next)
			next++
		} else {
			i := r.IntN(len(live))
			g.release(live[i])
			live = append(live[:i], live[i+1:]...)
		}
		if step%7 == 0 {
			g = g.clone()
		}
		h3CheckGraph(t, g)
	}
	if work == 0 {
		t.Fatal("no work counted")
	}
}
