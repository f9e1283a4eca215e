package verifier

import (
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// exceeds reports whether n is above limit, where a zero limit is none.
func exceeds(n, limit int) bool { return limit > 0 && n > limit }

// checkLimits enforces the size limits of Config on tables, signatures and
// identifiers, in Aptos's order: function handles, struct handles, type
// sizes of every signature, constant and field, then (beyond Aptos, whose
// reader does it) identifier and constant sizes, then the counts of
// definitions.
func checkLimits(u *unit) error {
	c, p := u.cfg, u.pools
	for i, h := range p.FunctionHandles {
		if exceeds(len(h.TypeParameters), c.MaxGenericInstantiationLength) {
			return fail(onchain.TOO_MANY_TYPE_PARAMETERS, "function handle %d has %d type parameters", i, len(h.TypeParameters))
		}
		if exceeds(len(p.Signatures[h.Parameters]), c.MaxFunctionParameters) {
			return fail(onchain.TOO_MANY_PARAMETERS, "function handle %d has %d parameters", i, len(p.Signatures[h.Parameters]))
		}
		if exceeds(len(p.Signatures[h.Return]), c.MaxFunctionReturnValues) {
			return fail(onchain.TOO_MANY_PARAMETERS, "function handle %d has %d return values", i, len(p.Signatures[h.Return]))
		}
	}
	for i, h := range p.StructHandles {
		if exceeds(len(h.TypeParameters), c.MaxGenericInstantiationLength) {
			return fail(onchain.TOO_MANY_TYPE_PARAMETERS, "struct handle %d has %d type parameters", i, len(h.TypeParameters))
		}
	}
	for i, sig := range p.Signatures {
		for j := range sig {
			if err := u.checkTypeLimits(&sig[j]); err != nil {
				err.Message = "signature " + strconv.Itoa(i) + ": " + err.Message
				return err
			}
		}
	}
	for i := range p.ConstantPool {
		if err := u.checkTypeLimits(&p.ConstantPool[i].Type); err != nil {
			err.Message = "constant " + strconv.Itoa(i) + ": " + err.Message
			return err
		}
	}
	if m := u.module; m != nil {
		for i := range m.StructDefs {
			var err *Error
			forEachField(&m.StructDefs[i], func(f *bytecode.FieldDef) {
				if err == nil {
					err = u.checkTypeLimits(&f.Type)
				}
			})
			if err != nil {
				err.Message = "struct definition " + strconv.Itoa(i) + ": " + err.Message
				return err
			}
		}
	}
	for i, id := range p.Identifiers {
		if exceeds(len(id), c.MaxIdentifierLength) {
			return fail(onchain.PROGRAM_TOO_COMPLEX, "identifier %d is %d bytes long", i, len(id))
		}
	}
	for i, k := range p.ConstantPool {
		if exceeds(len(k.Data), c.MaxConstantSize) {
			return fail(onchain.MALFORMED_CONSTANT_DATA, "constant %d is %d bytes long", i, len(k.Data))
		}
	}
	if u.module != nil {
		return checkDefinitionLimits(u)
	}
	return nil
}

// checkDefinitionLimits bounds the numbers of function definitions,
// struct definitions, fields (per struct, or per variant of an enum) and
// variants.
func checkDefinitionLimits(u *unit) error {
	m, c := u.module, u.cfg
	if exceeds(len(m.FunctionDefs), c.MaxFunctionDefinitions) {
		return fail(onchain.MAX_FUNCTION_DEFINITIONS_REACHED, "%d function definitions", len(m.FunctionDefs))
	}
	if exceeds(len(m.StructDefs), c.MaxStructDefinitions) {
		return fail(onchain.MAX_STRUCT_DEFINITIONS_REACHED, "%d struct definitions", len(m.StructDefs))
	}
	for i := range m.StructDefs {
		d := &m.StructDefs[i]
		fields := len(d.Fields)
		for _, v := range d.Variants {
			fields = max(fields, len(v.Fields))
		}
		if exceeds(fields, c.MaxFieldsInStruct) {
			return fail(onchain.MAX_FIELD_DEFINITIONS_REACHED, "struct definition %d has %d fields", i, fields)
		}
	}
	for i := range m.StructDefs {
		d := &m.StructDefs[i]
		if exceeds(len(d.Variants), c.MaxStructVariants) {
			return fail(onchain.MAX_STRUCT_VARIANTS_REACHED, "struct definition %d has %d variants", i, len(d.Variants))
		}
	}
	return nil
}

// forEachField calls f on every field of d, variant fields included.
func forEachField(d *bytecode.StructDef, f func(*bytecode.FieldDef)) {
	for i := range d.Fields {
		f(&d.Fields[i])
	}
	for v := range d.Variants {
		for i := range d.Variants[v].Fields {
			f(&d.Variants[v].Fields[i])
		}
	}
}

// typeSize is the weight of one node in the type-size limit: structs and
// type parameters count 4, every other node 1.
func typeSize(t *bytecode.SignatureToken) int {
	switch t.Kind {
	case bytecode.TypeStruct, bytecode.TypeStructInst, bytecode.TypeParam:
		return 4
	}
	return 1
}

// checkTypeLimits checks one type against MaxTypeDepth (the root at depth
// 1) and, for function types, the limits on parameters and results, in
// preorder, then its weighted size against MaxTypeNodes. It walks the type
// with an explicit stack.
func (u *unit) checkTypeLimits(root *bytecode.SignatureToken) *Error {
	c := u.cfg
	type item struct {
		t     *bytecode.SignatureToken
		depth int
	}
	size := 0
	stack := []item{{root, 1}}
	var kids []*bytecode.SignatureToken
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t := it.t
		if exceeds(it.depth, c.MaxTypeDepth) {
			return fail(onchain.TOO_MANY_TYPE_NODES, "type is deeper than %d", c.MaxTypeDepth)
		}
		if t.Kind == bytecode.TypeFunction {
			if exceeds(len(t.Args), c.MaxFunctionParameters) {
				return fail(onchain.TOO_MANY_PARAMETERS, "function type has %d parameters", len(t.Args))
			}
			if exceeds(len(t.Results), c.MaxFunctionReturnValues) {
				return fail(onchain.TOO_MANY_PARAMETERS, "function type has %d results", len(t.Results))
			}
		}
		size += typeSize(t)
		kids = kids[:0]
		t.Children(func(ch *bytecode.SignatureToken) { kids = append(kids, ch) })
		for i := len(kids) - 1; i >= 0; i-- { // the first child is visited first
			stack = append(stack, item{kids[i], it.depth + 1})
		}
	}
	if exceeds(size, c.MaxTypeNodes) {
		return fail(onchain.TOO_MANY_TYPE_NODES, "type of size %d (at most %d)", size, c.MaxTypeNodes)
	}
	return nil
}
