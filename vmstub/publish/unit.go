package publish

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// unit is a module with the lookups the checks need. Its tables are
// assumed in range, as the reader guarantees.
type unit struct {
	m       *bytecode.Module
	id      ledgerapi.ModuleId
	bytes   []byte         // for the bundle's modules
	upgrade bool           // a bundle module replacing a stored one
	structs map[string]int // struct definition by name (the last one wins)
	funcs   map[string]int // function definition by name (the last one wins)
}

func newUnit(m *bytecode.Module) *unit {
	u := &unit{m: m, structs: map[string]int{}, funcs: map[string]int{}}
	u.id = u.moduleID(m.ModuleHandles[m.SelfHandle])
	for i, d := range m.StructDefs {
		u.structs[m.Identifiers[m.StructHandles[d.Handle].Name]] = i
	}
	for i, d := range m.FunctionDefs {
		u.funcs[m.Identifiers[m.FunctionHandles[d.Function].Name]] = i
	}
	return u
}

func (u *unit) moduleID(h bytecode.ModuleHandle) ledgerapi.ModuleId {
	return ledgerapi.ModuleId{Address: u.m.AddressIdentifiers[h.Address], Name: u.m.Identifiers[h.Name]}
}

// deps lists the modules u refers to (its module handles other than its
// own), each once, in table order.
func (u *unit) deps() []ledgerapi.ModuleId {
	var out []ledgerapi.ModuleId
	seen := map[ledgerapi.ModuleId]bool{u.id: true}
	for _, h := range u.m.ModuleHandles {
		if id := u.moduleID(h); !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// friends lists u's friend declarations in order.
func (u *unit) friends() []ledgerapi.ModuleId {
	out := make([]ledgerapi.ModuleId, len(u.m.FriendDecls))
	for i, h := range u.m.FriendDecls {
		out[i] = u.moduleID(h)
	}
	return out
}

func (u *unit) hasFriend(id ledgerapi.ModuleId) bool {
	for _, f := range u.friends() {
		if f == id {
			return true
		}
	}
	return false
}

func (u *unit) ident(i bytecode.IdentifierIndex) string { return u.m.Identifiers[i] }

func (u *unit) sig(i bytecode.SignatureIndex) bytecode.Signature { return u.m.Signatures[i] }

// structKey names the struct of handle h: its module and name.
type structKey struct {
	module ledgerapi.ModuleId
	name   string
}

func (u *unit) structKey(h bytecode.StructHandleIndex) structKey {
	sh := u.m.StructHandles[h]
	return structKey{u.moduleID(u.m.ModuleHandles[sh.Module]), u.ident(sh.Name)}
}

// sameType reports whether a (in module ua) and b (in module ub) denote the
// same type: struct handles compare by module and name, type parameters by
// index, function types by arguments, results and abilities.
func sameType(ua *unit, a bytecode.SignatureToken, ub *unit, b bytecode.SignatureToken) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case bytecode.TypeStruct:
		return ua.structKey(a.Struct) == ub.structKey(b.Struct)
	case bytecode.TypeStructInst:
		return ua.structKey(a.Struct) == ub.structKey(b.Struct) && sameTypes(ua, a.Args, ub, b.Args)
	case bytecode.TypeParam:
		return a.Param == b.Param
	case bytecode.TypeVector, bytecode.TypeReference, bytecode.TypeMutReference:
		return a.Elem != nil && b.Elem != nil && sameType(ua, *a.Elem, ub, *b.Elem)
	case bytecode.TypeFunction:
		return a.Abilities == b.Abilities && sameTypes(ua, a.Args, ub, b.Args) && sameTypes(ua, a.Results, ub, b.Results)
	}
	return true
}

func sameTypes(ua *unit, a []bytecode.SignatureToken, ub *unit, b []bytecode.SignatureToken) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameType(ua, a[i], ub, b[i]) {
			return false
		}
	}
	return true
}

// stored returns the module the Resolver has under id (nil when none).
func (c *checker) stored(id ledgerapi.ModuleId) (*unit, error) {
	if u, ok := c.cache[id]; ok {
		return u, nil
	}
	m, err := c.req.Resolver.Module(id)
	if err != nil {
		return nil, fmt.Errorf("publish: reading module %s: %w", id, err)
	}
	var u *unit
	if m != nil {
		if len(m.ModuleHandles) <= int(m.SelfHandle) {
			return nil, fmt.Errorf("publish: module %s from the resolver has no self handle", id)
		}
		u = newUnit(m)
	}
	c.cache[id] = u
	return u, nil
}

// resolve returns the module under id as the staged storage sees it: the
// bundle's, else the stored one (nil when none).
func (c *checker) resolve(id ledgerapi.ModuleId) (*unit, error) {
	if u := c.staged[id]; u != nil {
		return u, nil
	}
	return c.stored(id)
}

// sortedIDs orders module ids as Aptos's BTreeMap does: by address bytes,
// then name.
func sortedIDs(m map[ledgerapi.ModuleId]*unit) []ledgerapi.ModuleId {
	ids := make([]ledgerapi.ModuleId, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		if c := bytes.Compare(ids[i].Address[:], ids[j].Address[:]); c != 0 {
			return c < 0
		}
		return ids[i].Name < ids[j].Name
	})
	return ids
}

func linkerError(id ledgerapi.ModuleId) *Error {
	return fail(onchain.LINKER_ERROR, "Linker Error: Module %s doesn't exist", id)
}
