package verifier

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// checkControlFlow checks fn's control flow and builds fn.cfg: code is not
// empty (EMPTY_CODE_UNIT), cannot fall off its end (INVALID_FALL_THROUGH),
// every loop is entered through its head only (INVALID_LOOP_SPLIT), loops
// nest at most MaxLoopDepth deep (LOOP_MAX_DEPTH_REACHED), and the numbers
// of basic blocks (TOO_MANY_BASIC_BLOCKS) and back edges
// (TOO_MANY_BACK_EDGES) are within the limits.
func checkControlFlow(u *unit, fn *function) error {
	code := fn.code.Code
	if len(code) == 0 {
		return fn.failAt(onchain.EMPTY_CODE_UNIT, -1, "no instructions")
	}
	switch last := code[len(code)-1].Op; last {
	case bytecode.OpRet, bytecode.OpAbort, bytecode.OpAbortMsg, bytecode.OpBranch:
	default:
		return fn.failAt(onchain.INVALID_FALL_THROUGH, len(code)-1, "the last instruction %s falls through", last)
	}
	g := newCFG(code)
	fn.cfg = g
	l := analyzeLoops(g, u.cfg.MaxLoopDepth)
	if l.irreducible >= 0 {
		return fn.failAt(onchain.INVALID_LOOP_SPLIT, g.blocks[l.irreducible].start, "a loop is entered other than through its head")
	}
	if l.tooDeep >= 0 {
		return fn.failAt(onchain.LOOP_MAX_DEPTH_REACHED, g.blocks[l.tooDeep].start, "loops nest %d deep (at most %d)", l.depth, u.cfg.MaxLoopDepth)
	}
	limit := u.cfg.MaxBasicBlocks
	if u.script != nil {
		limit = u.cfg.MaxBasicBlocksInScript
	}
	if exceeds(len(g.blocks), limit) {
		return fn.failAt(onchain.TOO_MANY_BASIC_BLOCKS, -1, "%d basic blocks (at most %d)", len(g.blocks), limit)
	}
	if exceeds(l.backEdges, u.cfg.MaxBackEdgesPerFunction) {
		return fn.failAt(onchain.TOO_MANY_BACK_EDGES, -1, "%d back edges (at most %d)", l.backEdges, u.cfg.MaxBackEdgesPerFunction)
	}
	return nil
}

// checkModuleBackEdges enforces the module's total of back edges.
func checkModuleBackEdges(u *unit) error {
	if u.cfg.MaxBackEdgesPerModule <= 0 {
		return nil
	}
	total := 0
	for _, fn := range u.funcs {
		if fn.cfg != nil {
			total += analyzeLoops(fn.cfg, 0).backEdges
		}
	}
	if exceeds(total, u.cfg.MaxBackEdgesPerModule) {
		return fail(onchain.TOO_MANY_BACK_EDGES, "%d back edges in the module (at most %d)", total, u.cfg.MaxBackEdgesPerModule)
	}
	return nil
}

// loopInfo is what analyzeLoops finds.
type loopInfo struct {
	backEdges   int // edges to a block from a block it reaches in the depth-first tree
	depth       int // deepest loop nesting found (1: a loop with no loop inside)
	irreducible int // a block entering a loop other than through its head, or -1
	tooDeep     int // the head of a loop nested deeper than allowed, or -1
}

// analyzeLoops finds the loops of the reachable part of g, with Tarjan's
// reducibility test: blocks are numbered in depth-first preorder, an edge
// to an ancestor is a back edge and its target a loop head; heads are
// processed innermost first (in reverse preorder), collecting each loop's
// body backwards from its back edges and collapsing it into the head
// (union-find). A body block with a predecessor outside the head's
// depth-first subtree means the loop has a second entry: the graph is
// irreducible. A loop's depth is one more than the deepest loop collapsed
// into it; past maxDepth (0: no limit) the analysis stops. The work is
// linear in the edges, up to the union-find's inverse Ackermann factor.
func analyzeLoops(g *controlFlowGraph, maxDepth int) loopInfo {
	n := len(g.blocks)
	info := loopInfo{irreducible: -1, tooDeep: -1}
	pre, last, byPre := dfsNumbers(g)
	ancestor := func(a, b int) bool { return pre[a] <= pre[b] && pre[b] <= last[a] } // a is an ancestor of b (or b)
	backSrc := make([][]int, n)
	preds := make([][]int, n)
	for b := range g.blocks {
		if pre[b] < 0 {
			continue
		}
		for _, s := range g.blocks[b].succs {
			preds[s] = append(preds[s], b)
			if ancestor(s, b) {
				backSrc[s] = append(backSrc[s], b)
				info.backEdges++
			}
		}
	}
	rep := make([]int, n) // union-find: the outermost processed head a block was collapsed into
	for i := range rep {
		rep[i] = i
	}
	find := func(x int) int {
		for rep[x] != x {
			rep[x] = rep[rep[x]]
			x = rep[x]
		}
		return x
	}
	depth := make([]int, n)  // of each processed head
	inBody := make([]int, n) // head+1 of the loop whose body is being collected
	for k := len(byPre) - 1; k >= 0; k-- {
		h := byPre[k]
		if len(backSrc[h]) == 0 {
			continue
		}
		var work, body []int
		for _, s := range backSrc[h] {
			if x := find(s); x != h && inBody[x] != h+1 {
				inBody[x] = h + 1
				work = append(work, x)
			}
		}
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			body = append(body, x)
			for _, p := range preds[x] {
				y := find(p)
				if !ancestor(h, y) {
					info.irreducible = y
					return info
				}
				if y != h && inBody[y] != h+1 {
					inBody[y] = h + 1
					work = append(work, y)
				}
			}
		}
		d := 1
		for _, x := range body {
			d = max(d, depth[x]+1)
			rep[x] = h
		}
		depth[h] = d
		info.depth = max(info.depth, d)
		if exceeds(d, maxDepth) {
			info.tooDeep = h
			return info
		}
	}
	return info
}

// dfsNumbers numbers the blocks reachable from block 0 in depth-first
// preorder (pre, -1 when unreachable), gives the highest number in each
// block's subtree (last), and lists the reachable blocks by number.
func dfsNumbers(g *controlFlowGraph) (pre, last, byPre []int) {
	n := len(g.blocks)
	pre, last = make([]int, n), make([]int, n)
	for i := range pre {
		pre[i] = -1
	}
	if n == 0 {
		return pre, last, nil
	}
	type frame struct{ b, next int }
	stack := []frame{{0, 0}}
	pre[0] = 0
	byPre = append(byPre, 0)
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(g.blocks[top.b].succs) {
			s := g.blocks[top.b].succs[top.next]
			top.next++
			if pre[s] < 0 {
				pre[s] = len(byPre)
				byPre = append(byPre, s)
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		last[top.b] = len(byPre) - 1
		stack = stack[:len(stack)-1]
	}
	return pre, last, byPre
}
