package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// fieldTypes returns the field types of variant v of struct type t (v is 0
// for a plain struct).
func (s *Session) fieldTypes(t *Type, v int) ([]*Type, error) {
	if err := s.layout(t); err != nil {
		return nil, err
	}
	if v < 0 || v >= len(t.fields) {
		return nil, errorf(onchain.INTERNAL_TYPE_ERROR, "%s has no variant %d", t, v)
	}
	return t.fields[v], nil
}

// layout works out the field types of every variant of struct type t and
// the deepest value of the type, failing for a type that contains itself
// (which a verifier rejects) or whose values nest too deeply.
func (s *Session) layout(t *Type) error {
	if t.fields != nil {
		return nil
	}
	if t.vdepth < 0 {
		return errorf(onchain.VM_MAX_VALUE_DEPTH_REACHED, "struct %s contains itself", t)
	}
	if t.Kind != KindStruct {
		return errorf(onchain.INTERNAL_TYPE_ERROR, "%s is not a struct", t)
	}
	// Structs nest in structs through their fields: past MaxValueDepth
	// levels the value would be too deep anyway, so stop before the Go
	// stack grows with a chain of definitions.
	if s.layoutNesting >= s.vm.limits.MaxValueDepth {
		return errorf(onchain.VM_MAX_VALUE_DEPTH_REACHED, "values of %s nest deeper than %d", t, s.vm.limits.MaxValueDepth)
	}
	s.layoutNesting++
	defer func() { s.layoutNesting-- }()
	d := t.Struct.Def
	var variants [][]bytecode.FieldDef
	switch d.Layout {
	case bytecode.StructFields:
		variants = [][]bytecode.FieldDef{d.Fields}
	case bytecode.StructVariants:
		for _, v := range d.Variants {
			variants = append(variants, v.Fields)
		}
	default:
		return errorf(onchain.INTERNAL_TYPE_ERROR, "native struct %s has no fields", t)
	}
	t.vdepth = -1
	fields := make([][]*Type, len(variants))
	depth := 1
	for v, fs := range variants {
		fields[v] = make([]*Type, len(fs))
		for i := range fs {
			ft, err := s.typeOf(t.Struct.mod, &fs[i].Type, t.Args)
			if err == nil && (ft.Kind == KindRef || ft.Kind == KindMutRef || ft.Kind == KindSigner) {
				err = errorf(onchain.INVALID_SIGNATURE_TOKEN, "field %d of %s has type %s", i, t, ft)
			}
			var fd int
			if err == nil {
				fd, err = s.depthOf(ft)
			}
			if err == nil {
				var fn bool
				fn, err = s.holdsFunction(ft)
				t.hasFn = t.hasFn || fn
			}
			if err != nil {
				t.vdepth = 0
				return err
			}
			fields[v][i] = ft
			depth = max(depth, fd+1)
		}
	}
	if depth > s.vm.limits.MaxValueDepth {
		t.vdepth = 0
		return errorf(onchain.VM_MAX_VALUE_DEPTH_REACHED, "values of %s nest deeper than %d", t, s.vm.limits.MaxValueDepth)
	}
	t.fields, t.vdepth = fields, depth
	return nil
}

// depthOf is the deepest nesting of a value of type t.
func (s *Session) depthOf(t *Type) (int, error) {
	switch t.Kind {
	case KindVector:
		d, err := s.depthOf(t.Elem)
		return d + 1, err
	case KindStruct:
		if err := s.layout(t); err != nil {
			return 0, err
		}
		return t.vdepth, nil
	}
	return 1, nil
}

// FieldTypes returns the field types of plain struct type t (its layout
// worked out on first use), for natives that walk a type (bcs's
// constant_serialized_size). Enums and other types are an error.
func (c *NativeContext) FieldTypes(t *Type) ([]*Type, error) {
	if t.Kind != KindStruct || t.Struct.IsEnum() {
		return nil, errorf(onchain.INTERNAL_TYPE_ERROR, "%s is not a plain struct", t)
	}
	return c.s.fieldTypes(t, 0)
}
