package publish

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// verify verifies the staged modules in module id order, as the staged
// storage does: each module's friend declarations, then (eagerly) its
// dependencies, depth first, refusing cycles, then its links to its
// immediate dependencies; last, that its friends exist.
func (c *checker) verify() error {
	done, onStack := map[ledgerapi.ModuleId]bool{}, map[ledgerapi.ModuleId]bool{}
	for _, id := range sortedIDs(c.staged) {
		u := c.staged[id]
		if c.req.Config.LazyLoading {
			if err := c.verifyLocal(u); err != nil {
				return err
			}
			if err := c.link(u); err != nil {
				return err
			}
		} else if err := c.verifyEager(id, done, onStack); err != nil {
			return err
		}
		for _, f := range u.friends() {
			d, err := c.resolve(f)
			if err != nil {
				return err
			}
			if d == nil {
				return linkerError(f)
			}
		}
	}
	return nil
}

// verifyEager verifies module id after its dependencies. Stored modules
// are taken as verified; they are walked only to find cycles.
func (c *checker) verifyEager(id ledgerapi.ModuleId, done, onStack map[ledgerapi.ModuleId]bool) error {
	if done[id] {
		return nil
	}
	if onStack[id] {
		return fail(onchain.CYCLIC_MODULE_DEPENDENCY, "module %s depends on itself through its dependencies", id)
	}
	u, err := c.resolve(id)
	if err != nil {
		return err
	}
	if u == nil {
		return linkerError(id)
	}
	staged := c.staged[id] != nil
	if staged {
		if err := c.verifyLocal(u); err != nil {
			return err
		}
	}
	onStack[id] = true
	for _, dep := range u.deps() {
		if err := c.verifyEager(dep, done, onStack); err != nil {
			return err
		}
	}
	onStack[id] = false
	if staged {
		if err := c.link(u); err != nil {
			return err
		}
	}
	done[id] = true
	return nil
}

// verifyLocal runs the bytecode verifier on a staged module, before its
// dependencies are walked and its imports linked: what fails it (friend
// declarations included) is refused with the verifier's status.
func (c *checker) verifyLocal(u *unit) error {
	if err := verifier.Module(u.m, c.req.Config.Verifier); err != nil {
		var verr *verifier.Error
		if errors.As(err, &verr) {
			return &Error{Status: verr.Status, Message: fmt.Sprintf("module %s: %s", u.id, verr), Err: err}
		}
		return err
	}
	return nil
}

// link checks that what u imports exists in its immediate dependencies as
// u declares it: every module, every struct with at least the abilities
// and compatible type parameters, every function visible to u (public, or
// friend with u among the owner's friends) with the same type parameter
// constraints, parameters and returns, and the persistent attribute when u
// expects it.
func (c *checker) link(u *unit) error {
	deps := map[ledgerapi.ModuleId]*unit{}
	for _, id := range u.deps() {
		d, err := c.resolve(id)
		if err != nil {
			return err
		}
		if d == nil {
			return linkerError(id)
		}
		deps[id] = d
	}
	m := u.m
	for i, h := range m.ModuleHandles {
		if bytecode.ModuleHandleIndex(i) != m.SelfHandle && deps[u.moduleID(h)] == nil {
			return fail(onchain.MISSING_DEPENDENCY, "%s: MODULE_HANDLES[%d] names no dependency", u.id, i)
		}
	}
	owner := func(h bytecode.ModuleHandleIndex) *unit { return deps[u.moduleID(m.ModuleHandles[h])] }
	for i, sh := range m.StructHandles {
		d := owner(sh.Module)
		if sh.Module == m.SelfHandle || d == nil {
			continue
		}
		name := u.ident(sh.Name)
		di, ok := d.structs[name]
		if !ok {
			return fail(onchain.LOOKUP_FAILED, "%s: STRUCT_HANDLES[%d]: %s has no struct %s", u.id, i, d.id, name)
		}
		dh := d.m.StructHandles[d.m.StructDefs[di].Handle]
		if !dh.Abilities.Has(sh.Abilities) || !structParamsLink(sh.TypeParameters, dh.TypeParameters) {
			return fail(onchain.TYPE_MISMATCH, "%s: STRUCT_HANDLES[%d]: %s::%s is declared with other abilities or type parameters",
				u.id, i, d.id, name)
		}
	}
	for i, fh := range m.FunctionHandles {
		d := owner(fh.Module)
		if fh.Module == m.SelfHandle || d == nil {
			continue
		}
		name := u.ident(fh.Name)
		di, ok := d.funcs[name]
		if ok {
			vis := d.m.FunctionDefs[di].Visibility
			ok = vis == bytecode.Public || vis == bytecode.Friend && d.hasFriend(u.id)
		}
		if !ok {
			return fail(onchain.LOOKUP_FAILED, "%s: FUNCTION_HANDLES[%d]: %s has no function %s visible to it", u.id, i, d.id, name)
		}
		def := d.m.FunctionDefs[di]
		dh := d.m.FunctionHandles[def.Function]
		if !funParamsLink(fh.TypeParameters, dh.TypeParameters) ||
			!sameTypes(u, u.sig(fh.Parameters), d, d.sig(dh.Parameters)) || !sameTypes(u, u.sig(fh.Return), d, d.sig(dh.Return)) {
			return fail(onchain.TYPE_MISMATCH, "%s: FUNCTION_HANDLES[%d]: %s::%s is declared with another signature", u.id, i, d.id, name)
		}
		defAttrs := dh.Attributes
		if len(fh.Attributes) > 0 && len(defAttrs) == 0 && def.Visibility == bytecode.Public {
			defAttrs = []bytecode.FunctionAttribute{{Kind: bytecode.AttrPersistent}}
		}
		if persistent(fh.Attributes) && !persistent(defAttrs) {
			return fail(onchain.LINKER_ERROR, "imported function `%s` missing expected attributes (%s::%s)", name, d.id, name)
		}
	}
	return nil
}

// structParamsLink: the same number of type parameters, a phantom one only
// where the definition's is phantom, constraints at least the definition's.
func structParamsLink(local, def []bytecode.StructTypeParameter) bool {
	if len(local) != len(def) {
		return false
	}
	for i := range local {
		if local[i].IsPhantom && !def[i].IsPhantom || !local[i].Constraints.Has(def[i].Constraints) {
			return false
		}
	}
	return true
}

// funParamsLink: the same number of type parameters, constraints at least
// the definition's.
func funParamsLink(local, def []bytecode.AbilitySet) bool {
	if len(local) != len(def) {
		return false
	}
	for i := range local {
		if !local[i].Has(def[i]) {
			return false
		}
	}
	return true
}

func persistent(attrs []bytecode.FunctionAttribute) bool {
	for _, a := range attrs {
		if a.Kind == bytecode.AttrPersistent {
			return true
		}
	}
	return false
}
