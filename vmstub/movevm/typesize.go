package movevm

// Type size limits: a type is made only when it has at most
// Limits.MaxTypeNodes nodes written out as a tree (TOO_MANY_TYPE_NODES) and
// nests at most Limits.MaxTypeDepth deep, a primitive being 1 deep
// (VM_MAX_TYPE_DEPTH_REACHED). Every rendering of a type (String, Tag) is
// thus bounded however its parts are shared. A type tag costs tagNodeCost
// per node plus one per byte of names and addresses, and Tag refuses one
// costing more than maxTagCost (TYPE_TAG_LIMIT_EXCEEDED).
const (
	tagNodeCost = 100
	maxTagCost  = 5000
)

// size is the number of nodes of t as a tree (1 for a primitive).
func (t *Type) size() int { return max(t.nodes, 1) }

// tagCosts is the cost of t's type tag (tagNodeCost for a primitive).
func (t *Type) tagCosts() int { return max(t.tagCost, tagNodeCost) }

// sumSizes adds the sizes and tag costs of ts, capped so as not to overflow.
func sumSizes(ts []*Type) (nodes, cost int) {
	for _, t := range ts {
		nodes = min(nodes+t.size(), 1<<30)
		cost = min(cost+t.tagCosts(), 1<<30)
	}
	return nodes, cost
}

// derived caches the types made from one type, so that borrows and vector
// instructions find them without building a key.
type derived struct {
	vec, ref, mut *Type
}

// derivedOf is where the types made from e are cached.
func (ts *types) derivedOf(e *Type) *derived {
	if e.id < 32 && e.Kind <= KindSigner {
		return &ts.prim[e.Kind]
	}
	if e.derived == nil {
		e.derived = &derived{}
	}
	return e.derived
}
