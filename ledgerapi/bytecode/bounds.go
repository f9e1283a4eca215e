package bytecode

import (
	"fmt"
	"slices"
)

// checker does what the reference bounds checker does after reading: every
// index is below its table's length, struct types have as many type
// arguments as their handle has parameters, type parameters are in range
// for the enclosing function or struct, field offsets, variant indexes,
// branch targets and local indexes are in range, enums have variants and
// functions have at most 255 locals. It checks in the reference order, so
// that the first error is the same one.
//
// Like the reference, it does not look at indexes inside access specifiers,
// at closure masks, or (in scripts, which cannot have those tables) at
// instructions naming struct definitions, fields or variants: the bytecode
// verifier deals with those.
type checker struct {
	pools *Pools
	m     *Module
	s     *Script
	d     *decoded // nil when checking a unit that was not read from bytes
	maxTP map[SignatureIndex]int
}

var nouns = [numTableKinds]string{
	TableModuleHandles: "module handle", TableStructHandles: "struct handle",
	TableFunctionHandles: "function handle", TableFunctionInst: "function instantiation",
	TableSignatures: "signature", TableConstantPool: "constant", TableIdentifiers: "identifier",
	TableAddressIdentifiers: "address identifier", TableStructDefs: "struct definition",
	TableStructDefInst: "struct instantiation", TableFunctionDefs: "function definition",
	TableFieldHandles: "field handle", TableFieldInst: "field instantiation", TableFriendDecls: "friend",
	TableMetadata: "metadata entry", TableVariantFieldHandles: "variant field handle",
	TableVariantFieldInst: "variant field instantiation", TableStructVariantHandles: "struct variant handle",
	TableStructVariantInst: "struct variant instantiation",
}

// length is the number of elements of table k; ok is false for the tables
// a script does not have.
func (c *checker) length(k TableKind) (n int, ok bool) {
	p := c.pools
	switch k {
	case TableModuleHandles:
		return len(p.ModuleHandles), true
	case TableStructHandles:
		return len(p.StructHandles), true
	case TableFunctionHandles:
		return len(p.FunctionHandles), true
	case TableFunctionInst:
		return len(p.FunctionInstantiations), true
	case TableSignatures:
		return len(p.Signatures), true
	case TableConstantPool:
		return len(p.ConstantPool), true
	case TableIdentifiers:
		return len(p.Identifiers), true
	case TableAddressIdentifiers:
		return len(p.AddressIdentifiers), true
	}
	m := c.m
	if m == nil {
		return 0, false
	}
	switch k {
	case TableStructDefs:
		return len(m.StructDefs), true
	case TableStructDefInst:
		return len(m.StructDefInstantiations), true
	case TableFieldHandles:
		return len(m.FieldHandles), true
	case TableFieldInst:
		return len(m.FieldInstantiations), true
	case TableVariantFieldHandles:
		return len(m.VariantFieldHandles), true
	case TableVariantFieldInst:
		return len(m.VariantFieldInstantiations), true
	case TableStructVariantHandles:
		return len(m.StructVariantHandles), true
	case TableStructVariantInst:
		return len(m.StructVariantInstantiations), true
	}
	return 0, false
}

func (c *checker) fail(st Status, at site, format string, args ...any) error {
	return &Error{Status: st, Where: at.String(), Offset: c.locate(at), Msg: fmt.Sprintf(format, args...)}
}

// bound checks that idx is an index of table k.
func (c *checker) bound(k TableKind, idx uint16, at site) error {
	n, ok := c.length(k)
	if !ok || int(idx) < n {
		return nil
	}
	return c.fail(StatusIndexOutOfBounds, at, "%s index %d out of range (%d %ss)", nouns[k], idx, n, nouns[k])
}

func (c *checker) run() error {
	p, m := c.pools, c.m
	if m != nil && len(p.ModuleHandles) == 0 {
		return &Error{Status: StatusNoModuleHandles, Where: "MODULE_HANDLES", Offset: -1, Msg: "a module needs at least one module handle"}
	}
	for i, sig := range p.Signatures {
		for j := range sig {
			if err := c.checkType(&sig[j], site{table: "SIGNATURES", elem: i, field: "[%d]", sub: j}); err != nil {
				return err
			}
		}
	}
	for i := range p.ConstantPool {
		if err := c.checkType(&p.ConstantPool[i].Type, site{table: "CONSTANT_POOL", elem: i, field: "type"}); err != nil {
			return err
		}
	}
	if err := c.moduleHandles("MODULE_HANDLES", p.ModuleHandles); err != nil {
		return err
	}
	if m != nil {
		if err := c.bound(TableModuleHandles, uint16(m.SelfHandle), site{table: "SELF_MODULE_HANDLE", elem: -1}); err != nil {
			return err
		}
	}
	for i, h := range p.StructHandles {
		at := site{table: "STRUCT_HANDLES", elem: i}
		if err := c.all(c.idx(TableModuleHandles, uint16(h.Module), at, "module"), c.idx(TableIdentifiers, uint16(h.Name), at, "name")); err != nil {
			return err
		}
	}
	for i, h := range p.FunctionHandles {
		at := site{table: "FUNCTION_HANDLES", elem: i}
		if err := c.all(c.idx(TableModuleHandles, uint16(h.Module), at, "module"),
			c.idx(TableIdentifiers, uint16(h.Name), at, "name"),
			c.idx(TableSignatures, uint16(h.Parameters), at, "parameters"),
			c.idx(TableSignatures, uint16(h.Return), at, "return"),
			c.typeParamsIn(h.Parameters, len(h.TypeParameters), field(at, "parameters")),
			c.typeParamsIn(h.Return, len(h.TypeParameters), field(at, "return"))); err != nil {
			return err
		}
	}
	if m != nil {
		if err := c.moduleTables(); err != nil {
			return err
		}
	} else if err := c.functionInsts(); err != nil {
		return err
	}
	if c.s != nil {
		s := c.s
		at := site{table: "SCRIPT", elem: -1}
		if err := c.all(c.idx(TableSignatures, uint16(s.Parameters), at, "parameters"),
			c.typeParamsIn(s.Parameters, len(s.TypeParameters), field(at, "parameters"))); err != nil {
			return err
		}
		return c.code(&s.Code, len(s.TypeParameters), p.Signatures[s.Parameters], at)
	}
	return nil
}

// all returns the first non-nil of errs, which are computed eagerly but are
// cheap; use it only for checks that cannot depend on one another.
func (c *checker) all(errs ...func() error) error {
	for _, f := range errs {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

func field(at site, f string) site { at.field = f; return at }

func (c *checker) idx(k TableKind, v uint16, at site, f string) func() error {
	return func() error { return c.bound(k, v, field(at, f)) }
}

func (c *checker) moduleHandles(table string, hs []ModuleHandle) error {
	for i, h := range hs {
		at := site{table: table, elem: i}
		if err := c.all(c.idx(TableAddressIdentifiers, uint16(h.Address), at, "address"), c.idx(TableIdentifiers, uint16(h.Name), at, "name")); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) functionInsts() error {
	for i, fi := range c.pools.FunctionInstantiations {
		at := site{table: "FUNCTION_INST", elem: i}
		if err := c.all(c.idx(TableFunctionHandles, uint16(fi.Handle), at, "handle"), c.idx(TableSignatures, uint16(fi.TypeParameters), at, "type_parameters")); err != nil {
			return err
		}
	}
	return nil
}

// checkType checks the struct handles of a type and their type argument counts.
func (c *checker) checkType(t *SignatureToken, at site) error {
	var err error
	t.walk(func(n *SignatureToken) {
		if err != nil || (n.Kind != TypeStruct && n.Kind != TypeStructInst) {
			return
		}
		if err = c.bound(TableStructHandles, uint16(n.Struct), at); err != nil {
			return
		}
		if want := len(c.pools.StructHandles[n.Struct].TypeParameters); want != len(n.Args) {
			err = c.fail(StatusNumberOfTypeArgumentsMismatch, at, "struct handle %d takes %d type arguments, got %d", n.Struct, want, len(n.Args))
		}
	})
	return err
}

// typeParamsIn checks that the types of signature sig (already known to be
// in range) use no type parameter at or beyond count.
func (c *checker) typeParamsIn(sig SignatureIndex, count int, at site) func() error {
	return func() error {
		if int(sig) >= len(c.pools.Signatures) {
			return nil
		}
		max, ok := c.maxTP[sig]
		if !ok {
			max = -1
			for i := range c.pools.Signatures[sig] {
				c.pools.Signatures[sig][i].walk(func(n *SignatureToken) {
					if n.Kind == TypeParam && int(n.Param) > max {
						max = int(n.Param)
					}
				})
			}
			if c.maxTP == nil {
				c.maxTP = map[SignatureIndex]int{}
			}
			c.maxTP[sig] = max
		}
		if max >= count {
			return c.fail(StatusIndexOutOfBounds, at, "type parameter T%d out of range (%d type parameters)", max, count)
		}
		return nil
	}
}

// typeParamsInType is typeParamsIn for a single inline type.
func (c *checker) typeParamsInType(t *SignatureToken, count int, at site) error {
	var err error
	t.walk(func(n *SignatureToken) {
		if err == nil && n.Kind == TypeParam && int(n.Param) >= count {
			err = c.fail(StatusIndexOutOfBounds, at, "type parameter T%d out of range (%d type parameters)", n.Param, count)
		}
	})
	return err
}

// locate finds the byte offset of a site by reading its element again.
func (c *checker) locate(at site) int {
	d := c.d
	if d == nil {
		return -1
	}
	r := &reader{buf: d.buf, end: len(d.buf), version: d.version, want: &at, found: -1}
	switch at.table {
	case "SELF_MODULE_HANDLE":
		return d.trailer
	case "SCRIPT":
		r.off = d.trailer
		r.scriptMain(&Script{})
		return r.found
	}
	k := TableKind(slices.Index(tableNames[:], at.table))
	if !k.known() || at.elem < 0 || at.elem >= len(d.pos[k]) {
		return -1
	}
	for _, e := range d.sorted {
		if e.kind == k {
			r.end = d.contentStart + int(e.offset+e.size)
		}
	}
	r.off = d.pos[k][at.elem]
	r.enter(at.table, at.elem)
	r.readElement(k, &Pools{}, &Module{})
	return r.found
}
