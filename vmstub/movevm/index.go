package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// moduleIndex is what every session needs of a module and may share: its
// structs and functions by name.
type moduleIndex struct {
	structs map[string]bytecode.StructDefIndex
	funcs   map[string]int
}

// maxIndexes bounds the modules whose index a VM keeps; past it the
// indexes are forgotten and worked out again as modules are used.
const maxIndexes = 4096

// index returns the shared index of m, working it out on first use.
func (vm *VM) index(m *bytecode.Module) *moduleIndex {
	vm.mu.Lock()
	ix, ok := vm.indexes[m]
	vm.mu.Unlock()
	if ok {
		return ix
	}
	ix = &moduleIndex{structs: make(map[string]bytecode.StructDefIndex, len(m.StructDefs)), funcs: make(map[string]int, len(m.FunctionDefs))}
	for i, d := range m.StructDefs {
		ix.structs[m.Identifiers[m.StructHandles[d.Handle].Name]] = bytecode.StructDefIndex(i)
	}
	for i, d := range m.FunctionDefs {
		ix.funcs[m.Identifiers[m.FunctionHandles[d.Function].Name]] = i
	}
	vm.mu.Lock()
	defer vm.mu.Unlock()
	if len(vm.indexes) >= maxIndexes {
		clear(vm.indexes)
	}
	vm.indexes[m] = ix
	return ix
}

// structAt is struct definition i of lm, made on first use.
func (s *Session) structAt(lm *loadedModule, i bytecode.StructDefIndex) (*StructType, error) {
	if int(i) >= len(lm.defs) {
		return nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "struct definition %d out of range", i)
	}
	if st := lm.defs[i]; st != nil {
		return st, nil
	}
	m := lm.m
	h := m.StructHandles[m.StructDefs[i].Handle]
	s.nextStruct++
	st := &StructType{Module: lm.id, Name: m.Identifiers[h.Name], Abilities: h.Abilities, Params: h.TypeParameters,
		Def: &m.StructDefs[i], DefIndex: i, mod: lm, id: s.nextStruct}
	lm.defs[i] = st
	return st, nil
}

// funcAt is function definition i of lm, made on first use.
func (s *Session) funcAt(lm *loadedModule, i int) *Function {
	if f := lm.fdefs[i]; f != nil {
		return f
	}
	m := lm.m
	d := &m.FunctionDefs[i]
	h := &m.FunctionHandles[d.Function]
	f := &Function{Module: lm.id, Name: m.Identifiers[h.Name], mod: lm, index: uint16(i), def: d,
		TypeParams: h.TypeParameters, params: m.Signatures[h.Parameters], returns: m.Signatures[h.Return]}
	if d.Code != nil {
		f.locals, f.code = m.Signatures[d.Code.Locals], d.Code.Code
	} else {
		f.isNative = true
		f.native = s.vm.natives.lookup(lm.id.Address, lm.id.Name, f.Name)
	}
	lm.fdefs[i] = f
	return f
}
