package bytecode

import (
	"strings"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// token reads a signature token. Depth counts the nodes from the root of
// the type; like the reference reader, it fails when a node deeper than
// MaxSignatureDepth has been read.
func (r *reader) token(depth int) SignatureToken {
	start := r.off
	b := r.take(1)
	if b == nil {
		r.failAt(StatusMalformed, start, "unexpected end of data reading a type")
		return SignatureToken{}
	}
	k := TypeKind(b[0])
	if k == 0 || k > maxTypeKind {
		r.failAt(StatusUnknownSerializedType, start, "unknown serialized type 0x%02x", b[0])
		return SignatureToken{}
	}
	if r.version < k.since() {
		r.failAt(StatusMalformed, start, "%s not supported in bytecode version %d", kindName(k), r.version)
		return SignatureToken{}
	}
	t := SignatureToken{Kind: k}
	nargs, nres := 0, 0
	switch k {
	case TypeStruct:
		t.Struct = StructHandleIndex(r.index())
	case TypeStructInst:
		t.Struct = StructHandleIndex(r.index())
		nargs = r.count(maxTypeParamCount)
		if r.ok() && nargs == 0 {
			r.failAt(StatusMalformed, start, "struct instantiation with no type arguments")
		}
	case TypeParam:
		v := r.uleb(maxTypeParamIndex)
		if v > 0xFFFF {
			r.failAt(StatusUnknownInvariantViolation, start, "type parameter index %d does not fit in u16", v)
		}
		t.Param = uint16(v)
	case TypeFunction:
		t.Abilities = r.abilities()
		nargs = r.count(maxTypeParamCount)
		nres = r.count(maxTypeParamCount)
	}
	if r.ok() && depth > MaxSignatureDepth {
		r.failAt(StatusMalformed, start, "type nested deeper than %d", MaxSignatureDepth)
	}
	if !r.ok() {
		return t
	}
	switch k {
	case TypeVector, TypeReference, TypeMutReference:
		e := r.token(depth + 1)
		t.Elem = &e
	case TypeStructInst, TypeFunction:
		t.Args = r.tokens(nargs, depth+1)
		if k == TypeFunction {
			t.Results = r.tokens(nres, depth+1)
		}
	}
	return t
}

func (r *reader) tokens(n, depth int) []SignatureToken {
	if n == 0 {
		return nil
	}
	out := make([]SignatureToken, 0, r.capFor(n))
	for i := 0; i < n && r.ok(); i++ {
		out = append(out, r.token(depth))
	}
	return out
}

func kindName(k TypeKind) string {
	switch k {
	case TypeFunction:
		return "function types"
	case TypeU16, TypeU32, TypeU256:
		return "u16, u32 and u256 types"
	}
	return "signed integer types"
}

// abilities reads an ability set (a ULEB128 of at most 0xF).
func (r *reader) abilities() AbilitySet { return AbilitySet(r.uleb(uint64(AbilitiesAll))) }

func (r *reader) abilitySets() []AbilitySet {
	n := r.count(maxTypeParamCount)
	if n == 0 {
		return nil
	}
	out := make([]AbilitySet, 0, r.capFor(n))
	for i := 0; i < n && r.ok(); i++ {
		out = append(out, r.abilities())
	}
	return out
}

func (r *reader) identifier() string {
	start := r.off
	n := r.count(maxIdentifierSize)
	b := r.take(n)
	if !r.ok() {
		return ""
	}
	if b == nil {
		r.failAt(StatusMalformed, start, "identifier of %d bytes runs past the end of the table", n)
		return ""
	}
	s := string(b)
	if !utf8.ValidString(s) || !validIdentifier(s) {
		r.failAt(StatusMalformed, start, "invalid identifier %q", s)
		return ""
	}
	if r.version < Version9 && strings.Contains(s, "$") {
		r.failAt(StatusMalformed, start, "'$' in identifiers not supported in bytecode version %d", r.version)
		return ""
	}
	return s
}

// validIdentifier is the bytecode-level identifier rule: a letter followed
// by letters, digits, '_' or '$'; or '_' or '$' followed by at least one
// of those; or the compiler's "<SELF>" and "<SELF>_<digits>" names.
func validIdentifier(s string) bool {
	if s == "<SELF>" {
		return true
	}
	if rest, ok := strings.CutPrefix(s, "<SELF>_"); ok && rest != "" {
		return strings.Trim(rest, "0123456789") == ""
	}
	if s == "" {
		return false
	}
	c := s[0]
	switch {
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
	case (c == '_' || c == '$') && len(s) > 1:
	default:
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$') {
			return false
		}
	}
	return true
}

func (r *reader) address() ledgerapi.Address {
	var a ledgerapi.Address
	start := r.off
	b := r.take(len(a))
	if b == nil {
		r.failAt(StatusMalformed, start, "address runs past the end of the table")
		return a
	}
	copy(a[:], b)
	return a
}

// blob reads a length-prefixed byte string of at most max bytes.
func (r *reader) blob(max uint64) []byte {
	start := r.off
	n := r.count(max)
	b := r.take(n)
	if !r.ok() {
		return nil
	}
	if b == nil {
		r.failAt(StatusMalformed, start, "%d bytes run past the end of the table", n)
		return nil
	}
	return append([]byte{}, b...)
}

// accessSpecifiers reads an optional list of access specifiers.
func (r *reader) accessSpecifiers() *[]AccessSpecifier {
	if !r.option() || !r.ok() {
		return nil
	}
	n := r.count(maxAccessSpecCount)
	list := make([]AccessSpecifier, 0, r.capFor(n))
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("access_specifiers[%d]", i)
		list = append(list, r.accessSpecifier())
	}
	return &list
}

func (r *reader) accessSpecifier() AccessSpecifier {
	var a AccessSpecifier
	start := r.off
	switch k := AccessKind(r.u8()); k {
	case AccessReads, AccessWrites:
		a.Kind = k
	default:
		r.failAt(StatusMalformed, start, "malformed access kind %d", k)
	}
	start = r.off
	switch r.u8() {
	case serFalse:
	case serTrue:
		a.Negated = true
	default:
		r.failAt(StatusMalformed, start, "malformed boolean")
	}
	start = r.off
	a.Resource.Kind = ResourceKind(r.u8())
	switch a.Resource.Kind {
	case ResourceAny:
	case ResourceAtAddress:
		a.Resource.Address = AddressIndex(r.index())
	case ResourceInModule:
		a.Resource.Module = ModuleHandleIndex(r.index())
	case ResourceStruct:
		a.Resource.Struct = StructHandleIndex(r.index())
	case ResourceStructInstantiation:
		a.Resource.Struct = StructHandleIndex(r.index())
		a.Resource.TypeArgs = SignatureIndex(r.index())
	default:
		r.failAt(StatusMalformed, start, "malformed resource specifier %d", a.Resource.Kind)
	}
	start = r.off
	a.Address.Kind = AddressKind(r.u8())
	switch a.Address.Kind {
	case AddressAny:
	case AddressLiteral:
		a.Address.Literal = AddressIndex(r.index())
	case AddressParameter:
		a.Address.Parameter = uint8(r.uleb(maxLocalIndex))
		if r.option() {
			a.Address.HasFunction = true
			a.Address.Function = FunctionInstIndex(r.index())
		}
	default:
		r.failAt(StatusMalformed, start, "malformed address specifier %d", a.Address.Kind)
	}
	return a
}

// attributes reads the function attributes of a handle (version 8 on).
func (r *reader) attributes() []FunctionAttribute {
	n := r.count(maxAttributeCount)
	if n == 0 {
		return nil
	}
	out := make([]FunctionAttribute, 0, r.capFor(n))
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("attributes[%d]", i)
		start := r.off
		k := AttributeKind(r.u8())
		if !r.ok() {
			break
		}
		switch {
		case k == 0 || k > 11:
			r.failAt(StatusMalformed, start, "malformed attribute %d", k)
		case k > AttrBorrowFieldMutable:
			// immutable (10) and const (11) belong to version 11.
			r.failAt(StatusMalformed, start, "attribute %d not supported in bytecode version %d", k, r.version)
		case k >= AttrPack && r.version < Version10:
			r.failAt(StatusMalformed, start, "attribute %d not supported in bytecode version %d", k, r.version)
		}
		a := FunctionAttribute{Kind: k}
		if k.hasOperand() {
			if b := r.fixed(2, StatusBadU16); b != nil {
				a.Operand = uint16(b[0]) | uint16(b[1])<<8
			}
		}
		out = append(out, a)
	}
	return out
}
