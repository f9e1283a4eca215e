package verifier

import (
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Costs of the verifier's meter for these passes (Aptos's numbers).
const (
	tsCostPerTypeNode    = 30 // type safety: per node of a pushed type
	lsCostPerStep        = 15 // locals safety: per instruction
	lsCostPerLocalAtRet  = 30 // locals safety: per local looked at by Ret
	lsCostJoinBase       = 10 // locals safety: per join
	lsCostJoinPerLocal   = 5  // locals safety: per local of a join
	tsMaxTokenDepth      = 1024
	tsMaxBuiltTypeNodes  = 1 << 20 // largest type pushed, whatever the meter says
	tsNodesSaturateLimit = 1 << 40 // meter units saturate here
	// tsCountCap is where node counts stop: any count this large is refused.
	tsCountCap = tsMaxBuiltTypeNodes + 1
)

// tsMeter bounds a pass's work on one function: units are added as the
// pass goes and the pass stops once the limit (0: none) is passed.
type tsMeter struct {
	used, limit int64
}

// newTSMeter starts a meter on what is left of u's budget.
func newTSMeter(u *unit) tsMeter {
	return tsMeter{limit: int64(min(u.meterLimit(), tsNodesSaturateLimit))}
}

// add charges units and reports whether the limit still holds.
func (m *tsMeter) add(units int64) bool {
	if units < 0 || units > tsNodesSaturateLimit {
		units = tsNodesSaturateLimit
	}
	m.used += units
	if m.used > tsNodesSaturateLimit {
		m.used = tsNodesSaturateLimit
	}
	return m.limit == 0 || m.used <= m.limit
}

// tsNodes counts the nodes of t (stopping at tsCountCap, which a token
// nested deeper than tsMaxTokenDepth also counts as).
func tsNodes(t *bc.SignatureToken, depth int) int64 {
	if depth > tsMaxTokenDepth {
		return tsCountCap
	}
	n := int64(1)
	add := func(c *bc.SignatureToken) {
		if n < tsCountCap {
			n += tsNodes(c, depth+1)
		}
	}
	t.Children(add)
	return min(n, tsCountCap)
}

// tsSubstNodes counts the nodes t has once its type parameters are
// replaced by args, without building it: the work is in proportion to the
// result, which the caller charges.
func tsSubstNodes(t *bc.SignatureToken, args []bc.SignatureToken, depth int) int64 {
	if depth > tsMaxTokenDepth {
		return tsCountCap
	}
	if t.Kind == bc.TypeParam && args != nil {
		if int(t.Param) < len(args) {
			return tsNodes(&args[t.Param], depth+1)
		}
		return 1
	}
	n := int64(1)
	t.Children(func(c *bc.SignatureToken) {
		if n < tsCountCap {
			n += tsSubstNodes(c, args, depth+1)
		}
	})
	return min(n, tsCountCap)
}

// tsSubst returns t with type parameter i replaced by args[i]; nil args
// leave t as it is. Parts without type parameters are shared, not copied.
// ok is false for a parameter out of range or a token nested too deep.
func tsSubst(t *bc.SignatureToken, args []bc.SignatureToken, depth int) (bc.SignatureToken, bool) {
	if args == nil {
		return *t, true
	}
	if depth > tsMaxTokenDepth {
		return bc.SignatureToken{}, false
	}
	switch t.Kind {
	case bc.TypeParam:
		if int(t.Param) >= len(args) {
			return bc.SignatureToken{}, false
		}
		return args[t.Param], true
	case bc.TypeVector, bc.TypeReference, bc.TypeMutReference:
		if t.Elem == nil {
			return bc.SignatureToken{}, false
		}
		e, ok := tsSubst(t.Elem, args, depth+1)
		out := *t
		out.Elem = &e
		return out, ok
	case bc.TypeStructInst:
		out := *t
		var ok bool
		out.Args, ok = tsSubstList(t.Args, args, depth+1)
		return out, ok
	case bc.TypeFunction:
		out := *t
		var ok1, ok2 bool
		out.Args, ok1 = tsSubstList(t.Args, args, depth+1)
		out.Results, ok2 = tsSubstList(t.Results, args, depth+1)
		return out, ok1 && ok2
	}
	return *t, true
}

func tsSubstList(ts []bc.SignatureToken, args []bc.SignatureToken, depth int) ([]bc.SignatureToken, bool) {
	if len(ts) == 0 {
		return ts, true
	}
	out := make([]bc.SignatureToken, len(ts))
	for i := range ts {
		var ok bool
		if out[i], ok = tsSubst(&ts[i], args, depth); !ok {
			return nil, false
		}
	}
	return out, true
}

// tsEqual reports whether a, with its type parameters replaced by args
// (nil: a as it is), is the type b.
func tsEqual(a *bc.SignatureToken, args []bc.SignatureToken, b *bc.SignatureToken, depth int) bool {
	if depth > tsMaxTokenDepth {
		return false
	}
	if a.Kind == bc.TypeParam && args != nil {
		if int(a.Param) >= len(args) {
			return false
		}
		return tsEqual(&args[a.Param], nil, b, depth+1)
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case bc.TypeStruct:
		return a.Struct == b.Struct
	case bc.TypeStructInst:
		return a.Struct == b.Struct && tsEqualList(a.Args, args, b.Args, depth+1)
	case bc.TypeParam:
		return a.Param == b.Param
	case bc.TypeVector, bc.TypeReference, bc.TypeMutReference:
		return a.Elem != nil && b.Elem != nil && tsEqual(a.Elem, args, b.Elem, depth+1)
	case bc.TypeFunction:
		return a.Abilities == b.Abilities && tsEqualList(a.Args, args, b.Args, depth+1) &&
			tsEqualList(a.Results, args, b.Results, depth+1)
	}
	return true
}

func tsEqualList(as []bc.SignatureToken, args []bc.SignatureToken, bs []bc.SignatureToken, depth int) bool {
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		if !tsEqual(&as[i], args, &bs[i], depth) {
			return false
		}
	}
	return true
}

// tsAssignable reports whether a value of type from may be used where to
// (with its type parameters replaced by args, nil: as it is) is expected:
// the types are equal, except that a function type may be given where one
// with the same parameters and results but fewer abilities is expected,
// and that this holds under a reference of the same kind.
func tsAssignable(to *bc.SignatureToken, args []bc.SignatureToken, from *bc.SignatureToken) bool {
	if to.Kind == bc.TypeParam && args != nil {
		if int(to.Param) >= len(args) {
			return false
		}
		to, args = &args[to.Param], nil
	}
	switch {
	case to.Kind == bc.TypeFunction && from.Kind == bc.TypeFunction:
		return from.Abilities.Has(to.Abilities) && tsEqualList(to.Args, args, from.Args, 1) &&
			tsEqualList(to.Results, args, from.Results, 1)
	case (to.Kind == bc.TypeReference || to.Kind == bc.TypeMutReference) && from.Kind == to.Kind:
		if to.Elem == nil || from.Elem == nil {
			return false
		}
		// References are never nested, so this recurses once.
		if to.Elem.Kind == bc.TypeReference || to.Elem.Kind == bc.TypeMutReference {
			return false
		}
		return tsAssignable(to.Elem, args, from.Elem)
	}
	return tsEqual(to, args, from, 0)
}

// tsIsInteger reports whether k is an integer type, signed or not.
func tsIsInteger(k bc.TypeKind) bool {
	return tsIsUnsigned(k) || tsIsSigned(k)
}

func tsIsUnsigned(k bc.TypeKind) bool {
	switch k {
	case bc.TypeU8, bc.TypeU16, bc.TypeU32, bc.TypeU64, bc.TypeU128, bc.TypeU256:
		return true
	}
	return false
}

func tsIsSigned(k bc.TypeKind) bool {
	switch k {
	case bc.TypeI8, bc.TypeI16, bc.TypeI32, bc.TypeI64, bc.TypeI128, bc.TypeI256:
		return true
	}
	return false
}

// tsIsRef reports whether t is a reference, mutable or not.
func tsIsRef(t *bc.SignatureToken) bool {
	return (t.Kind == bc.TypeReference || t.Kind == bc.TypeMutReference) && t.Elem != nil
}
