package verifier

import "github.com/ledgernode/ledgernode/ledgerapi/bytecode"

// controlFlowGraph is a function's basic blocks. A block starts at offset 0,
// at every branch target and after every branch, return or abort; it ends
// at the next block's start.
type controlFlowGraph struct {
	blocks []block
	// blockAt maps a code offset that starts a block to its index.
	blockAt map[int]int
	// order is the blocks in reverse post-order from the entry block
	// (unreachable blocks are left out).
	order []int
}

// block is a basic block: the offsets [start, end] and its successors in
// code order (a conditional branch lists the target, then the fall-through).
type block struct {
	start, end int
	succs      []int
}

// isBranch reports whether op transfers control (its block ends with it).
func isBranch(op bytecode.Opcode) bool {
	switch op {
	case bytecode.OpBranch, bytecode.OpBrTrue, bytecode.OpBrFalse, bytecode.OpRet, bytecode.OpAbort, bytecode.OpAbortMsg:
		return true
	}
	return false
}

// newCFG builds the graph of code, whose branch targets the reader has
// bounds-checked and whose last instruction ends a block.
func newCFG(code []bytecode.Instruction) *controlFlowGraph {
	starts := map[int]bool{0: true}
	for i, in := range code {
		switch in.Op {
		case bytecode.OpBranch, bytecode.OpBrTrue, bytecode.OpBrFalse:
			starts[int(in.Index)] = true
		}
		if isBranch(in.Op) && i+1 < len(code) {
			starts[i+1] = true
		}
	}
	g := &controlFlowGraph{blockAt: map[int]int{}}
	for i := 0; i < len(code); i++ {
		if starts[i] {
			g.blockAt[i] = len(g.blocks)
			g.blocks = append(g.blocks, block{start: i})
		}
		g.blocks[len(g.blocks)-1].end = i
	}
	for b := range g.blocks {
		end := g.blocks[b].end
		in := code[end]
		switch in.Op {
		case bytecode.OpBranch:
			g.blocks[b].succs = []int{g.blockAt[int(in.Index)]}
		case bytecode.OpBrTrue, bytecode.OpBrFalse:
			g.blocks[b].succs = []int{g.blockAt[int(in.Index)]}
			if end+1 < len(code) {
				g.blocks[b].succs = append(g.blocks[b].succs, g.blockAt[end+1])
			}
		case bytecode.OpRet, bytecode.OpAbort, bytecode.OpAbortMsg:
		default:
			if end+1 < len(code) {
				g.blocks[b].succs = []int{g.blockAt[end+1]}
			}
		}
	}
	g.order = g.reversePostOrder()
	return g
}

// reversePostOrder walks the graph from block 0 without recursion.
func (g *controlFlowGraph) reversePostOrder() []int {
	if len(g.blocks) == 0 {
		return nil
	}
	seen := make([]bool, len(g.blocks))
	type frame struct{ b, next int }
	stack := []frame{{0, 0}}
	seen[0] = true
	var post []int
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(g.blocks[top.b].succs) {
			s := g.blocks[top.b].succs[top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}
