package verifier

import (
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// firstDuplicate returns the index of the first element whose key an
// earlier element already has, or -1.
func firstDuplicate[T any, K comparable](xs []T, key func(*T) K) int {
	seen := make(map[K]struct{}, len(xs))
	for i := range xs {
		k := key(&xs[i])
		if _, ok := seen[k]; ok {
			return i
		}
		seen[k] = struct{}{}
	}
	return -1
}

// tokenKey is a canonical string of a type, for duplicate detection.
func tokenKey(b *strings.Builder, t *bytecode.SignatureToken) {
	b.WriteByte(byte(t.Kind))
	switch t.Kind {
	case bytecode.TypeStruct, bytecode.TypeStructInst:
		b.WriteString(strconv.Itoa(int(t.Struct)))
	case bytecode.TypeParam:
		b.WriteString(strconv.Itoa(int(t.Param)))
	case bytecode.TypeFunction:
		b.WriteString(strconv.Itoa(int(t.Abilities)))
	}
	b.WriteByte('(')
	switch t.Kind {
	case bytecode.TypeFunction:
		for i := range t.Args {
			tokenKey(b, &t.Args[i])
		}
		b.WriteByte('|')
		for i := range t.Results {
			tokenKey(b, &t.Results[i])
		}
	default:
		t.Children(func(c *bytecode.SignatureToken) { tokenKey(b, c) })
	}
	b.WriteByte(')')
}

// signatureKey is a canonical string of a list of types.
func signatureKey(sig []bytecode.SignatureToken) string {
	var b strings.Builder
	for i := range sig {
		tokenKey(&b, &sig[i])
		b.WriteByte(',')
	}
	return b.String()
}

// dup checks one pool for duplicates.
func dup[T any, K comparable](what string, xs []T, key func(*T) K) *Error {
	if i := firstDuplicate(xs, key); i >= 0 {
		return fail(onchain.DUPLICATE_ELEMENT, "%s %d duplicates an earlier one", what, i)
	}
	return nil
}

// firstError returns the first non-nil error of checks run in order.
func firstError(checks ...func() *Error) error {
	for _, c := range checks {
		if err := c(); err != nil {
			return err
		}
	}
	return nil
}

// checkDuplication refuses duplicate entries in every pool (handles keyed
// by module and name), two definitions on one handle, duplicate field and
// variant names, empty structs, definitions of another module's handles,
// handles of this module without a definition and repeated acquires, in
// Aptos's order: the shared pools (friends after module handles), the
// module's field and variant tables, function definitions, struct
// definitions, struct instantiations.
func checkDuplication(u *unit) error {
	p := u.pools
	err := firstError(
		func() *Error { return dup("identifier", p.Identifiers, func(s *string) string { return *s }) },
		func() *Error {
			return dup("address identifier", p.AddressIdentifiers, func(a *ledgerapi.Address) ledgerapi.Address { return *a })
		},
		func() *Error {
			return dup("constant", p.ConstantPool, func(c *bytecode.Constant) string {
				var b strings.Builder
				tokenKey(&b, &c.Type)
				return b.String() + ":" + string(c.Data)
			})
		},
		func() *Error {
			return dup("signature", p.Signatures, func(s *bytecode.Signature) string { return signatureKey(*s) })
		},
		func() *Error {
			return dup("module handle", p.ModuleHandles, func(h *bytecode.ModuleHandle) bytecode.ModuleHandle { return *h })
		},
		func() *Error {
			if u.module == nil {
				return nil
			}
			return dup("friend declaration", u.module.FriendDecls, func(h *bytecode.ModuleHandle) bytecode.ModuleHandle { return *h })
		},
		func() *Error {
			return dup("struct handle", p.StructHandles, func(h *bytecode.StructHandle) [2]uint16 {
				return [2]uint16{uint16(h.Module), uint16(h.Name)}
			})
		},
		func() *Error {
			return dup("function handle", p.FunctionHandles, func(h *bytecode.FunctionHandle) [2]uint16 {
				return [2]uint16{uint16(h.Module), uint16(h.Name)}
			})
		},
		func() *Error {
			return dup("function instantiation", p.FunctionInstantiations,
				func(x *bytecode.FunctionInstantiation) bytecode.FunctionInstantiation { return *x })
		},
	)
	if err != nil || u.module == nil {
		return err
	}
	return checkModuleDuplication(u)
}

// checkModuleDuplication is checkDuplication for the tables only modules have.
func checkModuleDuplication(u *unit) error {
	m := u.module
	err := firstError(
		func() *Error {
			return dup("field handle", m.FieldHandles, func(x *bytecode.FieldHandle) bytecode.FieldHandle { return *x })
		},
		func() *Error {
			return dup("field instantiation", m.FieldInstantiations,
				func(x *bytecode.FieldInstantiation) bytecode.FieldInstantiation { return *x })
		},
		func() *Error {
			return dup("variant field handle", m.VariantFieldHandles, func(x *bytecode.VariantFieldHandle) string {
				var b strings.Builder
				b.WriteString(strconv.Itoa(int(x.Struct)) + ":" + strconv.Itoa(int(x.Field)))
				for _, v := range x.Variants {
					b.WriteString("," + strconv.Itoa(int(v)))
				}
				return b.String()
			})
		},
		func() *Error {
			return dup("variant field instantiation", m.VariantFieldInstantiations,
				func(x *bytecode.VariantFieldInstantiation) bytecode.VariantFieldInstantiation { return *x })
		},
		func() *Error {
			return dup("struct variant handle", m.StructVariantHandles,
				func(x *bytecode.StructVariantHandle) bytecode.StructVariantHandle { return *x })
		},
		func() *Error {
			return dup("struct variant instantiation", m.StructVariantInstantiations,
				func(x *bytecode.StructVariantInstantiation) bytecode.StructVariantInstantiation { return *x })
		},
		func() *Error { return checkFunctionDefDuplication(u) },
		func() *Error { return checkStructDefDuplication(u) },
		func() *Error {
			return dup("struct instantiation", m.StructDefInstantiations,
				func(x *bytecode.StructDefInstantiation) bytecode.StructDefInstantiation { return *x })
		},
	)
	return err
}

// checkStructDefDuplication: one definition per handle, only handles of
// this module, unique field and variant names, no empty struct, and a
// definition for every struct handle of this module.
func checkStructDefDuplication(u *unit) *Error {
	m := u.module
	if i := firstDuplicate(m.StructDefs, func(d *bytecode.StructDef) bytecode.StructHandleIndex { return d.Handle }); i >= 0 {
		return fail(onchain.DUPLICATE_ELEMENT, "struct definition %d is a second definition of struct handle %d", i, m.StructDefs[i].Handle)
	}
	for i := range m.StructDefs {
		d := &m.StructDefs[i]
		switch d.Layout {
		case bytecode.StructFields:
			if len(d.Fields) == 0 {
				return fail(onchain.ZERO_SIZED_STRUCT, "struct definition %d has no fields", i)
			}
			if err := dupFieldNames(i, d.Fields); err != nil {
				return err
			}
		case bytecode.StructVariants:
			if j := firstDuplicate(d.Variants, func(v *bytecode.VariantDef) bytecode.IdentifierIndex { return v.Name }); j >= 0 {
				return fail(onchain.DUPLICATE_ELEMENT, "struct definition %d: variant %d repeats a variant name", i, j)
			}
			for v := range d.Variants {
				if err := dupFieldNames(i, d.Variants[v].Fields); err != nil {
					return err
				}
			}
		}
	}
	return ownDefinitions("struct", m.SelfHandle, m.StructDefs, func(d *bytecode.StructDef) int { return int(d.Handle) },
		m.StructHandles, func(h *bytecode.StructHandle) bytecode.ModuleHandleIndex { return h.Module })
}

// ownDefinitions refuses a definition of another module's handle
// (INVALID_MODULE_HANDLE) and a handle of this module without a definition
// (UNIMPLEMENTED_HANDLE); what names the kind of member in messages.
func ownDefinitions[D, H any](what string, self bytecode.ModuleHandleIndex, defs []D, handleOf func(*D) int,
	handles []H, moduleOf func(*H) bytecode.ModuleHandleIndex) *Error {
	defined := make([]bool, len(handles))
	for i := range defs {
		h := handleOf(&defs[i])
		if moduleOf(&handles[h]) != self {
			return fail(onchain.INVALID_MODULE_HANDLE, "%s definition %d defines a %s of another module", what, i, what)
		}
		defined[h] = true
	}
	for i := range handles {
		if moduleOf(&handles[i]) == self && !defined[i] {
			return fail(onchain.UNIMPLEMENTED_HANDLE, "%s handle %d names a %s of this module that is not defined", what, i, what)
		}
	}
	return nil
}

func dupFieldNames(def int, fs []bytecode.FieldDef) *Error {
	if j := firstDuplicate(fs, func(f *bytecode.FieldDef) bytecode.IdentifierIndex { return f.Name }); j >= 0 {
		return fail(onchain.DUPLICATE_ELEMENT, "struct definition %d: field %d repeats a field name", def, j)
	}
	return nil
}

// checkFunctionDefDuplication: one definition per handle, only handles of
// this module, no repeated acquires, and a definition for every function
// handle of this module.
func checkFunctionDefDuplication(u *unit) *Error {
	m := u.module
	if i := firstDuplicate(m.FunctionDefs, func(d *bytecode.FunctionDef) bytecode.FunctionHandleIndex { return d.Function }); i >= 0 {
		return fail(onchain.DUPLICATE_ELEMENT, "function definition %d is a second definition of function handle %d", i, m.FunctionDefs[i].Function)
	}
	for i := range m.FunctionDefs {
		d := &m.FunctionDefs[i]
		if j := firstDuplicate(d.Acquires, func(a *bytecode.StructDefIndex) bytecode.StructDefIndex { return *a }); j >= 0 {
			return &Error{Status: onchain.DUPLICATE_ACQUIRES_ANNOTATION, Function: i, Offset: -1,
				Message: "struct definition " + strconv.Itoa(int(d.Acquires[j])) + " is acquired twice"}
		}
	}
	return ownDefinitions("function", m.SelfHandle, m.FunctionDefs, func(d *bytecode.FunctionDef) int { return int(d.Function) },
		m.FunctionHandles, func(h *bytecode.FunctionHandle) bytecode.ModuleHandleIndex { return h.Module })
}
