package verifier

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// checkRecursiveStructs refuses a struct definition that contains itself,
// directly or through other definitions of the module, through fields,
// vectors, type arguments or function types (RECURSIVE_STRUCT_DEFINITION).
// Other modules' structs cannot close a cycle: those modules cannot
// depend on this one's structs without a dependency cycle.
func checkRecursiveStructs(u *unit) error {
	m := u.module
	if m == nil {
		return nil
	}
	defOf := make(map[bytecode.StructHandleIndex]int, len(m.StructDefs))
	for i, d := range m.StructDefs {
		defOf[d.Handle] = i
	}
	// edges[i] lists the definitions struct definition i mentions.
	edges := make([][]int, len(m.StructDefs))
	for i := range m.StructDefs {
		seen := map[int]bool{}
		forEachField(&m.StructDefs[i], func(f *bytecode.FieldDef) {
			walkType(&f.Type, func(t *bytecode.SignatureToken) {
				if t.Kind != bytecode.TypeStruct && t.Kind != bytecode.TypeStructInst {
					return
				}
				if j, ok := defOf[t.Struct]; ok && !seen[j] {
					seen[j] = true
					edges[i] = append(edges[i], j)
				}
			})
		})
	}
	if c := findCycle(edges); c >= 0 {
		return fail(onchain.RECURSIVE_STRUCT_DEFINITION, "struct %s contains itself", u.ident(m.StructHandles[m.StructDefs[c].Handle].Name))
	}
	return nil
}

// walkType calls f on t and every nested type, with an explicit stack.
func walkType(t *bytecode.SignatureToken, f func(*bytecode.SignatureToken)) {
	stack := []*bytecode.SignatureToken{t}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		f(n)
		n.Children(func(c *bytecode.SignatureToken) { stack = append(stack, c) })
	}
}

// findCycle returns a node on a cycle of the graph, or -1. It is an
// iterative depth-first search with three colours.
func findCycle(edges [][]int) int {
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(edges))
	type frame struct{ n, next int }
	for root := range edges {
		if color[root] != white {
			continue
		}
		stack := []frame{{root, 0}}
		color[root] = grey
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(edges[top.n]) {
				color[top.n] = black
				stack = stack[:len(stack)-1]
				continue
			}
			s := edges[top.n][top.next]
			top.next++
			switch color[s] {
			case grey:
				return s
			case white:
				color[s] = grey
				stack = append(stack, frame{s, 0})
			}
		}
	}
	return -1
}
