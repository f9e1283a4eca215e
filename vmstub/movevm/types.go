package movevm

import (
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Kind is the shape of a runtime type.
type Kind uint8

// Runtime type kinds.
const (
	KindBool Kind = iota
	KindU8
	KindU16
	KindU32
	KindU64
	KindU128
	KindU256
	KindI8
	KindI16
	KindI32
	KindI64
	KindI128
	KindI256
	KindAddress
	KindSigner
	KindVector
	KindStruct
	KindRef
	KindMutRef
	KindFunction // a closure: |Args| Results with abilities
)

var kindNames = [...]string{"bool", "u8", "u16", "u32", "u64", "u128", "u256", "i8", "i16", "i32", "i64",
	"i128", "i256", "address", "signer", "vector", "struct", "&", "&mut", "function"}

// isInt reports an integer kind; isSigned a signed one.
func (k Kind) isInt() bool    { return k >= KindU8 && k <= KindI256 }
func (k Kind) isSigned() bool { return k >= KindI8 && k <= KindI256 }

// bits is the width of an integer kind.
func (k Kind) bits() uint {
	switch k {
	case KindU8, KindI8:
		return 8
	case KindU16, KindI16:
		return 16
	case KindU32, KindI32:
		return 32
	case KindU64, KindI64:
		return 64
	case KindU128, KindI128:
		return 128
	case KindU256, KindI256:
		return 256
	}
	return 0
}

// wide reports integers held as big numbers (128 and 256 bits).
func (k Kind) wide() bool { return k.bits() > 64 }

// Type is a fully instantiated runtime type. Types are interned by the
// session that made them, so two types are equal exactly when the pointers
// are.
type Type struct {
	Kind   Kind
	Elem   *Type       // vector element, referenced type
	Struct *StructType // struct or enum definition
	Args   []*Type     // struct type arguments; function parameters
	Result []*Type     // function results

	id        int
	abilities bytecode.AbilitySet
	depth     int
	fields    [][]*Type // per variant (one for a plain struct), filled on first use
	vdepth    int       // deepest value of the type once fields is set; -1 while working it out
	hasFn     bool      // a struct whose values may hold closures (set with fields)
	nodes     int       // nodes of the type written out as a tree (at most Limits.MaxTypeNodes)
	tagCost   int       // cost of its type tag: tagNodeCost per node, one per name and address byte
	derived   *derived  // vector<t>, &t and &mut t once made (session types only)
}

// StructType is a struct or enum definition of a loaded module.
type StructType struct {
	Module    ledgerapi.ModuleId
	Name      string
	Abilities bytecode.AbilitySet
	Params    []bytecode.StructTypeParameter
	Def       *bytecode.StructDef
	DefIndex  bytecode.StructDefIndex
	mod       *loadedModule
	id        int
}

// IsEnum reports an enum (a struct declared with variants).
func (s *StructType) IsEnum() bool { return s.Def.Layout == bytecode.StructVariants }

// Abilities returns the abilities of the type.
func (t *Type) Abilities() bytecode.AbilitySet { return t.abilities }

// String renders the type as Move source writes it.
func (t *Type) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *Type) write(b *strings.Builder) {
	switch t.Kind {
	case KindVector:
		b.WriteString("vector<")
		t.Elem.write(b)
		b.WriteString(">")
	case KindRef:
		b.WriteString("&")
		t.Elem.write(b)
	case KindMutRef:
		b.WriteString("&mut ")
		t.Elem.write(b)
	case KindStruct:
		b.WriteString(t.Struct.Module.String() + "::" + t.Struct.Name)
		if len(t.Args) > 0 {
			b.WriteString("<")
			for i, a := range t.Args {
				if i > 0 {
					b.WriteString(", ")
				}
				a.write(b)
			}
			b.WriteString(">")
		}
	case KindFunction:
		b.WriteString("|")
		for i, a := range t.Args {
			if i > 0 {
				b.WriteString(",")
			}
			a.write(b)
		}
		b.WriteString("|")
		for i, a := range t.Result {
			if i > 0 {
				b.WriteString(",")
			}
			a.write(b)
		}
	default:
		b.WriteString(kindNames[t.Kind])
	}
}

// Tag converts the type to a type tag; signed integers, references and
// signers inside structs have none.
func (t *Type) Tag() (ledgerapi.TypeTag, error) {
	if t.tagCosts() > maxTagCost {
		return ledgerapi.TypeTag{}, errorf(onchain.TYPE_TAG_LIMIT_EXCEEDED, "the type tag of %s costs %d, more than %d", t, t.tagCosts(), maxTagCost)
	}
	switch t.Kind {
	case KindBool:
		return ledgerapi.TypeBool, nil
	case KindU8:
		return ledgerapi.TypeU8, nil
	case KindU16:
		return ledgerapi.TypeU16, nil
	case KindU32:
		return ledgerapi.TypeU32, nil
	case KindU64:
		return ledgerapi.TypeU64, nil
	case KindU128:
		return ledgerapi.TypeU128, nil
	case KindU256:
		return ledgerapi.TypeU256, nil
	case KindAddress:
		return ledgerapi.TypeAddress, nil
	case KindSigner:
		return ledgerapi.TypeSigner, nil
	case KindVector:
		e, err := t.Elem.Tag()
		if err != nil {
			return ledgerapi.TypeTag{}, err
		}
		return ledgerapi.VectorOf(e), nil
	case KindStruct:
		s, err := t.StructTag()
		if err != nil {
			return ledgerapi.TypeTag{}, err
		}
		return ledgerapi.StructType(s), nil
	}
	return ledgerapi.TypeTag{}, errorf(onchain.TYPE_RESOLUTION_FAILURE, "type %s has no type tag", t)
}

// StructTag is the struct tag of a struct type.
func (t *Type) StructTag() (ledgerapi.StructTag, error) {
	if t.Kind != KindStruct {
		return ledgerapi.StructTag{}, errorf(onchain.TYPE_RESOLUTION_FAILURE, "type %s is not a struct", t)
	}
	if t.tagCosts() > maxTagCost {
		return ledgerapi.StructTag{}, errorf(onchain.TYPE_TAG_LIMIT_EXCEEDED, "the type tag of %s costs %d, more than %d", t, t.tagCosts(), maxTagCost)
	}
	s := ledgerapi.StructTag{Address: t.Struct.Module.Address, Module: t.Struct.Module.Name, Name: t.Struct.Name}
	for _, a := range t.Args {
		at, err := a.Tag()
		if err != nil {
			return ledgerapi.StructTag{}, err
		}
		s.TypeArgs = append(s.TypeArgs, at)
	}
	return s, nil
}

// Built-in types shared by every session (ids below 32).
var (
	TypeBool    = &Type{Kind: KindBool, id: 1, abilities: primAbilities}
	TypeU8      = &Type{Kind: KindU8, id: 2, abilities: primAbilities}
	TypeU16     = &Type{Kind: KindU16, id: 3, abilities: primAbilities}
	TypeU32     = &Type{Kind: KindU32, id: 4, abilities: primAbilities}
	TypeU64     = &Type{Kind: KindU64, id: 5, abilities: primAbilities}
	TypeU128    = &Type{Kind: KindU128, id: 6, abilities: primAbilities}
	TypeU256    = &Type{Kind: KindU256, id: 7, abilities: primAbilities}
	TypeI8      = &Type{Kind: KindI8, id: 8, abilities: primAbilities}
	TypeI16     = &Type{Kind: KindI16, id: 9, abilities: primAbilities}
	TypeI32     = &Type{Kind: KindI32, id: 10, abilities: primAbilities}
	TypeI64     = &Type{Kind: KindI64, id: 11, abilities: primAbilities}
	TypeI128    = &Type{Kind: KindI128, id: 12, abilities: primAbilities}
	TypeI256    = &Type{Kind: KindI256, id: 13, abilities: primAbilities}
	TypeAddress = &Type{Kind: KindAddress, id: 14, abilities: primAbilities}
	TypeSigner  = &Type{Kind: KindSigner, id: 15, abilities: bytecode.AbilityDrop}
)

const primAbilities = bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore

var primByToken = map[bytecode.TypeKind]*Type{
	bytecode.TypeBool: TypeBool, bytecode.TypeU8: TypeU8, bytecode.TypeU16: TypeU16, bytecode.TypeU32: TypeU32,
	bytecode.TypeU64: TypeU64, bytecode.TypeU128: TypeU128, bytecode.TypeU256: TypeU256, bytecode.TypeI8: TypeI8,
	bytecode.TypeI16: TypeI16, bytecode.TypeI32: TypeI32, bytecode.TypeI64: TypeI64, bytecode.TypeI128: TypeI128,
	bytecode.TypeI256: TypeI256, bytecode.TypeAddress: TypeAddress, bytecode.TypeSigner: TypeSigner,
}

var primByKind = [...]*Type{TypeBool, TypeU8, TypeU16, TypeU32, TypeU64, TypeU128, TypeU256, TypeI8, TypeI16,
	TypeI32, TypeI64, TypeI128, TypeI256, TypeAddress, TypeSigner}

// types interns the composite types of one session.
type types struct {
	byKey  map[string]*Type
	nextID int
	limits *Limits
	prim   [KindSigner + 1]derived // for the built-in types, shared by every session
	gas    GasMeter                // charged typeNewCost per type made
}

func newTypes(l *Limits, gas GasMeter) types {
	return types{byKey: make(map[string]*Type, 16), nextID: 32, limits: l, gas: gas}
}

// typeKeySize is the stack buffer of the keys of types: it holds those of
// up to a dozen type arguments (longer keys go to the heap).
const typeKeySize = 64

// intern returns the session's type of key, made by mk the first time
// (the key is copied only then).
func (ts *types) intern(key []byte, mk func() *Type) (*Type, error) {
	if t, ok := ts.byKey[string(key)]; ok {
		return t, nil
	}
	t := mk()
	if t.depth+1 > ts.limits.MaxTypeDepth {
		return nil, errorf(onchain.VM_MAX_TYPE_DEPTH_REACHED, "type nests deeper than %d", ts.limits.MaxTypeDepth)
	}
	if t.nodes > ts.limits.MaxTypeNodes {
		return nil, errorf(onchain.TOO_MANY_TYPE_NODES, "type has more than %d nodes", ts.limits.MaxTypeNodes)
	}
	if len(ts.byKey) >= ts.limits.MaxTypes {
		return nil, errorf(onchain.VM_MAX_TYPE_NODES_REACHED, "more than %d distinct types in one session", ts.limits.MaxTypes)
	}
	if err := ts.gas.Charge(typeNewCost); err != nil {
		return nil, err
	}
	ts.nextID++
	t.id = ts.nextID
	ts.byKey[string(key)] = t
	return t, nil
}

func (ts *types) vectorOf(e *Type) (*Type, error) {
	if e.Kind == KindRef || e.Kind == KindMutRef {
		return nil, errorf(onchain.INVALID_SIGNATURE_TOKEN, "vector of reference %s", e)
	}
	d := ts.derivedOf(e)
	if d.vec != nil {
		return d.vec, nil
	}
	var buf [typeKeySize]byte
	t, err := ts.intern(strconv.AppendInt(append(buf[:0], 'v'), int64(e.id), 10), func() *Type {
		return &Type{Kind: KindVector, Elem: e, abilities: e.abilities &^ bytecode.AbilityKey, depth: e.depth + 1,
			nodes: 1 + e.size(), tagCost: tagNodeCost + e.tagCosts()}
	})
	d.vec = t
	return t, err
}

func (ts *types) refOf(e *Type, mut bool) (*Type, error) {
	if e.Kind == KindRef || e.Kind == KindMutRef {
		return nil, errorf(onchain.INVALID_SIGNATURE_TOKEN, "reference to reference %s", e)
	}
	d := ts.derivedOf(e)
	k, p, slot := KindRef, byte('r'), &d.ref
	if mut {
		k, p, slot = KindMutRef, 'm', &d.mut
	}
	if *slot != nil {
		return *slot, nil
	}
	var buf [typeKeySize]byte
	t, err := ts.intern(strconv.AppendInt(append(buf[:0], p), int64(e.id), 10), func() *Type {
		return &Type{Kind: k, Elem: e, abilities: bytecode.AbilityCopy | bytecode.AbilityDrop, depth: e.depth + 1,
			nodes: 1 + e.size(), tagCost: tagNodeCost + e.tagCosts()}
	})
	*slot = t
	return t, err
}

func (ts *types) structOf(s *StructType, args []*Type) (*Type, error) {
	if len(args) != len(s.Params) {
		return nil, errorf(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s::%s takes %d type arguments, got %d", s.Module, s.Name, len(s.Params), len(args))
	}
	var buf [typeKeySize]byte
	key := strconv.AppendInt(append(buf[:0], 's'), int64(s.id), 10)
	depth := 0
	for i, a := range args {
		if a.Kind == KindRef || a.Kind == KindMutRef {
			return nil, errorf(onchain.INVALID_SIGNATURE_TOKEN, "type argument %s is a reference", a)
		}
		if !a.abilities.Has(s.Params[i].Constraints) {
			return nil, errorf(onchain.CONSTRAINT_NOT_SATISFIED, "type argument %s of %s lacks abilities %v", a, s.Name, s.Params[i].Constraints.Names())
		}
		key = strconv.AppendInt(append(key, ','), int64(a.id), 10)
		depth = max(depth, a.depth)
	}
	return ts.intern(key, func() *Type {
		ab := s.Abilities
		for i, a := range args {
			if s.Params[i].IsPhantom {
				continue
			}
			if !a.abilities.Has(bytecode.AbilityCopy) {
				ab &^= bytecode.AbilityCopy
			}
			if !a.abilities.Has(bytecode.AbilityDrop) {
				ab &^= bytecode.AbilityDrop
			}
			if !a.abilities.Has(bytecode.AbilityStore) {
				ab &^= bytecode.AbilityStore | bytecode.AbilityKey
			}
		}
		nodes, cost := sumSizes(args)
		cost += tagNodeCost + len(ledgerapi.Address{}) + len(s.Module.Name) + len(s.Name)
		return &Type{Kind: KindStruct, Struct: s, Args: args, abilities: ab, depth: depth + 1, nodes: nodes + 1, tagCost: cost}
	})
}

// functionOf returns the function type |args| results with abilities ab.
func (ts *types) functionOf(args, results []*Type, ab bytecode.AbilitySet) (*Type, error) {
	var buf [typeKeySize]byte
	key := strconv.AppendInt(append(buf[:0], 'f'), int64(ab&^bytecode.AbilityKey), 10)
	depth := 0
	for i, list := range [][]*Type{args, results} {
		if i == 1 {
			key = append(key, '|')
		}
		for _, a := range list {
			key = strconv.AppendInt(append(key, ','), int64(a.id), 10)
			depth = max(depth, a.depth)
		}
	}
	return ts.intern(key, func() *Type {
		n1, c1 := sumSizes(args)
		n2, c2 := sumSizes(results)
		return &Type{Kind: KindFunction, Args: args, Result: results, abilities: ab &^ bytecode.AbilityKey, depth: depth + 1,
			nodes: n1 + n2 + 1, tagCost: tagNodeCost + c1 + c2}
	})
}
