package bytecode

import (
	"fmt"
	"strings"
)

// TypeKind is the serialized tag of a signature token.
type TypeKind uint8

// Signature token kinds with their serialized tags and the version that
// introduced them (5 unless noted).
const (
	TypeBool         TypeKind = 0x01
	TypeU8           TypeKind = 0x02
	TypeU64          TypeKind = 0x03
	TypeU128         TypeKind = 0x04
	TypeAddress      TypeKind = 0x05
	TypeReference    TypeKind = 0x06 // Elem
	TypeMutReference TypeKind = 0x07 // Elem
	TypeStruct       TypeKind = 0x08 // Struct
	TypeParam        TypeKind = 0x09 // Param
	TypeVector       TypeKind = 0x0A // Elem
	TypeStructInst   TypeKind = 0x0B // Struct, Args (at least one)
	TypeSigner       TypeKind = 0x0C
	TypeU16          TypeKind = 0x0D // version 6
	TypeU32          TypeKind = 0x0E // version 6
	TypeU256         TypeKind = 0x0F // version 6
	TypeFunction     TypeKind = 0x10 // Args, Results, Abilities; version 8
	TypeI8           TypeKind = 0x11 // version 9
	TypeI16          TypeKind = 0x12 // version 9
	TypeI32          TypeKind = 0x13 // version 9
	TypeI64          TypeKind = 0x14 // version 9
	TypeI128         TypeKind = 0x15 // version 9
	TypeI256         TypeKind = 0x16 // version 9
	maxTypeKind               = TypeI256
)

var primitiveNames = map[TypeKind]string{
	TypeBool: "bool", TypeU8: "u8", TypeU16: "u16", TypeU32: "u32", TypeU64: "u64", TypeU128: "u128",
	TypeU256: "u256", TypeI8: "i8", TypeI16: "i16", TypeI32: "i32", TypeI64: "i64", TypeI128: "i128",
	TypeI256: "i256", TypeAddress: "address", TypeSigner: "signer",
}

// since is the first version that knows the kind.
func (k TypeKind) since() uint32 {
	switch {
	case k >= TypeI8:
		return Version9
	case k == TypeFunction:
		return Version8
	case k >= TypeU16:
		return Version6
	}
	return Version5
}

// SignatureToken is a type. Which fields matter depends on Kind (see the
// TypeKind constants).
type SignatureToken struct {
	Kind      TypeKind
	Struct    StructHandleIndex // TypeStruct, TypeStructInst
	Param     uint16            // TypeParam
	Elem      *SignatureToken   // TypeVector, TypeReference, TypeMutReference
	Args      []SignatureToken  // TypeStructInst type arguments; TypeFunction parameters
	Results   []SignatureToken  // TypeFunction results
	Abilities AbilitySet        // TypeFunction
}

// Primitive types.
var (
	Bool    = SignatureToken{Kind: TypeBool}
	U8      = SignatureToken{Kind: TypeU8}
	U16     = SignatureToken{Kind: TypeU16}
	U32     = SignatureToken{Kind: TypeU32}
	U64     = SignatureToken{Kind: TypeU64}
	U128    = SignatureToken{Kind: TypeU128}
	U256    = SignatureToken{Kind: TypeU256}
	I8      = SignatureToken{Kind: TypeI8}
	I16     = SignatureToken{Kind: TypeI16}
	I32     = SignatureToken{Kind: TypeI32}
	I64     = SignatureToken{Kind: TypeI64}
	I128    = SignatureToken{Kind: TypeI128}
	I256    = SignatureToken{Kind: TypeI256}
	Address = SignatureToken{Kind: TypeAddress}
	Signer  = SignatureToken{Kind: TypeSigner}
)

// Vector is vector<elem>.
func Vector(elem SignatureToken) SignatureToken {
	return SignatureToken{Kind: TypeVector, Elem: &elem}
}

// Ref is &t.
func Ref(t SignatureToken) SignatureToken { return SignatureToken{Kind: TypeReference, Elem: &t} }

// MutRef is &mut t.
func MutRef(t SignatureToken) SignatureToken {
	return SignatureToken{Kind: TypeMutReference, Elem: &t}
}

// TypeParameter is the i-th type parameter of the enclosing function or struct.
func TypeParameter(i uint16) SignatureToken { return SignatureToken{Kind: TypeParam, Param: i} }

// StructOf is the struct type of handle h, instantiated with args when any
// are given.
func StructOf(h StructHandleIndex, args ...SignatureToken) SignatureToken {
	if len(args) == 0 {
		return SignatureToken{Kind: TypeStruct, Struct: h}
	}
	return SignatureToken{Kind: TypeStructInst, Struct: h, Args: args}
}

// FunctionType is |args| results with the given abilities.
func FunctionType(args, results []SignatureToken, abilities AbilitySet) SignatureToken {
	return SignatureToken{Kind: TypeFunction, Args: args, Results: results, Abilities: abilities}
}

// Equal reports whether two tokens denote the same type.
func (t SignatureToken) Equal(o SignatureToken) bool {
	if t.Kind != o.Kind {
		return false
	}
	switch t.Kind {
	case TypeStruct:
		return t.Struct == o.Struct
	case TypeStructInst:
		return t.Struct == o.Struct && tokensEqual(t.Args, o.Args)
	case TypeParam:
		return t.Param == o.Param
	case TypeVector, TypeReference, TypeMutReference:
		return t.Elem != nil && o.Elem != nil && t.Elem.Equal(*o.Elem)
	case TypeFunction:
		return t.Abilities == o.Abilities && tokensEqual(t.Args, o.Args) && tokensEqual(t.Results, o.Results)
	}
	return true
}

func tokensEqual(a, b []SignatureToken) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

// String renders the token for debugging; struct handles appear as S<index>.
// Module.TypeString gives the resolved form.
func (t SignatureToken) String() string {
	var b strings.Builder
	writeToken(&b, t, func(b *strings.Builder, h StructHandleIndex) { fmt.Fprintf(b, "S%d", h) })
	return b.String()
}

// writeToken renders t; name writes a struct handle's name.
func writeToken(b *strings.Builder, t SignatureToken, name func(*strings.Builder, StructHandleIndex)) {
	if n, ok := primitiveNames[t.Kind]; ok {
		b.WriteString(n)
		return
	}
	elem := func() {
		if t.Elem != nil {
			writeToken(b, *t.Elem, name)
		} else {
			b.WriteString("?")
		}
	}
	list := func(ts []SignatureToken, sep string) {
		for i, a := range ts {
			if i > 0 {
				b.WriteString(sep)
			}
			writeToken(b, a, name)
		}
	}
	switch t.Kind {
	case TypeVector:
		b.WriteString("vector<")
		elem()
		b.WriteString(">")
	case TypeReference:
		b.WriteString("&")
		elem()
	case TypeMutReference:
		b.WriteString("&mut ")
		elem()
	case TypeParam:
		fmt.Fprintf(b, "T%d", t.Param)
	case TypeStruct:
		name(b, t.Struct)
	case TypeStructInst:
		name(b, t.Struct)
		b.WriteString("<")
		list(t.Args, ", ")
		b.WriteString(">")
	case TypeFunction:
		// The REST API writes function types as |args|results, without
		// spaces after the commas and without the abilities.
		b.WriteString("|")
		list(t.Args, ",")
		b.WriteString("|")
		list(t.Results, ",")
	default:
		fmt.Fprintf(b, "type(0x%02x)", uint8(t.Kind))
	}
}

// Children calls visit on each token nested directly in t (a vector's or
// reference's element, a struct's type arguments, a function type's
// parameters then results), in serialization order.
func (t *SignatureToken) Children(visit func(*SignatureToken)) {
	switch t.Kind {
	case TypeVector, TypeReference, TypeMutReference:
		if t.Elem != nil {
			visit(t.Elem)
		}
	case TypeStructInst:
		for i := range t.Args {
			visit(&t.Args[i])
		}
	case TypeFunction:
		for i := range t.Args {
			visit(&t.Args[i])
		}
		for i := range t.Results {
			visit(&t.Results[i])
		}
	}
}

// walk calls f on t and every nested token, parents first.
func (t *SignatureToken) walk(f func(*SignatureToken)) {
	f(t)
	t.Children(func(c *SignatureToken) { c.walk(f) })
}
