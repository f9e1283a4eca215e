package publish

import (
	"fmt"
	"sort"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// incompatibilities lists why module nw may not replace old under Aptos's
// compatibility rules (empty: compatible):
//   - every struct stays, with at least its abilities, the same number of
//     type parameters (a phantom one stays phantom, constraints may only be
//     relaxed) and the same layout: the same fields (names and types) in
//     order, or for an enum the same variants, new ones only appended;
//   - every public function, entry function or function marked persistent
//     stays, public stays public, friend stays friend or becomes public,
//     entry stays entry, persistent stays persistent, with the same
//     parameters, returns and type parameters (constraints may only be
//     relaxed); friend functions are exempt unless checkFriend (the
//     TREAT_FRIEND_AS_PRIVATE feature off), friend entry functions are not;
//   - with checkFriend, no friend declaration is removed.
func incompatibilities(old, nw *unit, checkFriend bool) []string {
	var out []string
	for _, od := range old.m.StructDefs {
		oh := old.m.StructHandles[od.Handle]
		name := old.ident(oh.Name)
		ni, ok := nw.structs[name]
		if !ok {
			out = append(out, fmt.Sprintf("removed struct `%s`", name))
			break // as the reference stops at the first removed struct
		}
		nd := nw.m.StructDefs[ni]
		nh := nw.m.StructHandles[nd.Handle]
		if !nh.Abilities.Has(oh.Abilities) {
			out = append(out, fmt.Sprintf("removed abilities `%s` from struct `%s`",
				abilityNames(oh.Abilities&^nh.Abilities), name))
		}
		if !structParamsUpgrade(oh.TypeParameters, nh.TypeParameters) {
			out = append(out, fmt.Sprintf("changed type parameters of struct `%s`", name))
		}
		if !layoutCompatible(old, od, nw, nd) {
			out = append(out, fmt.Sprintf("changed layout of struct `%s`", name))
		}
	}
	for _, of := range old.m.FunctionDefs {
		oh := old.m.FunctionHandles[of.Function]
		name := old.ident(oh.Name)
		keep := persistent(oh.Attributes)
		if of.Visibility == bytecode.Private && !of.IsEntry && !keep {
			continue
		}
		friendOnly := of.Visibility == bytecode.Friend && !checkFriend && !of.IsEntry
		ni, ok := nw.funcs[name]
		if !ok {
			if keep || !friendOnly {
				out = append(out, fmt.Sprintf("removed function `%s`", name))
			}
			continue
		}
		if !keep && friendOnly {
			continue
		}
		nf := nw.m.FunctionDefs[ni]
		nh := nw.m.FunctionHandles[nf.Function]
		msg := ""
		switch {
		case !visibilityKept(of.Visibility, nf.Visibility):
			msg = "changed visibility"
		case of.IsEntry && !nf.IsEntry:
			msg = "removed `entry` modifier"
		case keep && !persistent(nh.Attributes):
			msg = "removed required attributes"
		case !sameTypes(old, old.sig(oh.Parameters), nw, nw.sig(nh.Parameters)):
			msg = "changed parameter types"
		case !sameTypes(old, old.sig(oh.Return), nw, nw.sig(nh.Return)):
			msg = "changed return type"
		case !funParamsUpgrade(oh.TypeParameters, nh.TypeParameters):
			msg = "changed type parameters"
		}
		if msg != "" {
			out = append(out, fmt.Sprintf("%s of function `%s`", msg, name))
		}
	}
	if checkFriend {
		var removed []string
		for _, f := range old.friends() {
			if !nw.hasFriend(f) {
				removed = append(removed, "`"+f.String()+"`")
			}
		}
		if len(removed) > 0 {
			sort.Strings(removed)
			out = append(out, "removed friend declaration "+joinAnd(removed))
		}
	}
	return out
}

func visibilityKept(old, nw bytecode.Visibility) bool {
	switch old {
	case bytecode.Public:
		return nw == bytecode.Public
	case bytecode.Friend:
		return nw == bytecode.Public || nw == bytecode.Friend
	}
	return true
}

// layoutCompatible compares the fields of a struct, or the variants of an
// enum (the old ones a prefix of the new ones).
func layoutCompatible(old *unit, od bytecode.StructDef, nw *unit, nd bytecode.StructDef) bool {
	if len(od.Variants) == 0 {
		return len(nd.Variants) == 0 && fieldsCompatible(old, od.Fields, nw, nd.Fields)
	}
	if len(od.Variants) > len(nd.Variants) {
		return false
	}
	for i, ov := range od.Variants {
		nv := nd.Variants[i]
		if old.ident(ov.Name) != nw.ident(nv.Name) || !fieldsCompatible(old, ov.Fields, nw, nv.Fields) {
			return false
		}
	}
	return true
}

func fieldsCompatible(old *unit, of []bytecode.FieldDef, nw *unit, nf []bytecode.FieldDef) bool {
	if len(of) != len(nf) {
		return false
	}
	for i := range of {
		if old.ident(of[i].Name) != nw.ident(nf[i].Name) || !sameType(old, of[i].Type, nw, nf[i].Type) {
			return false
		}
	}
	return true
}

// structParamsUpgrade: the same number, phantom kept, constraints only
// removed.
func structParamsUpgrade(old, nw []bytecode.StructTypeParameter) bool {
	if len(old) != len(nw) {
		return false
	}
	for i := range old {
		if old[i].IsPhantom && !nw[i].IsPhantom || !old[i].Constraints.Has(nw[i].Constraints) {
			return false
		}
	}
	return true
}

// funParamsUpgrade: the same number, constraints only removed.
func funParamsUpgrade(old, nw []bytecode.AbilitySet) bool {
	if len(old) != len(nw) {
		return false
	}
	for i := range old {
		if !old[i].Has(nw[i]) {
			return false
		}
	}
	return true
}

func abilityNames(a bytecode.AbilitySet) string {
	out := ""
	for i, n := range a.Names() {
		if i > 0 {
			out += " + "
		}
		out += n
	}
	return out
}

func joinAnd(list []string) string {
	out := ""
	for i, s := range list {
		if i > 0 {
			out += " and "
		}
		out += s
	}
	return out
}
