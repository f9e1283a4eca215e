package ledgerapi

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// MaxTypeTagNesting bounds how deeply type arguments may nest
// ("vector<vector<u8>>" nests 2 deep).
const MaxTypeTagNesting = 8

// MaxTypeArgs bounds the number of type arguments of one struct tag.
const MaxTypeArgs = 32

// TypeTagKind is the BCS variant index of a TypeTag.
type TypeTagKind uint8

// Type tag kinds, numbered as their BCS variant indices. Indices 11 and up
// (function types and signed integers) are not supported: their numbering
// differs between implementations, so they are rejected everywhere.
const (
	KindBool    TypeTagKind = 0
	KindU8      TypeTagKind = 1
	KindU64     TypeTagKind = 2
	KindU128    TypeTagKind = 3
	KindAddress TypeTagKind = 4
	KindSigner  TypeTagKind = 5
	KindVector  TypeTagKind = 6
	KindStruct  TypeTagKind = 7
	KindU16     TypeTagKind = 8
	KindU32     TypeTagKind = 9
	KindU256    TypeTagKind = 10

	numTypeTagKinds = 11
)

var primitiveNames = [numTypeTagKinds]string{
	KindBool: "bool", KindU8: "u8", KindU64: "u64", KindU128: "u128",
	KindAddress: "address", KindSigner: "signer", KindU16: "u16",
	KindU32: "u32", KindU256: "u256",
}

// TypeTag is a Move type: a primitive, a vector of a type, or a struct.
type TypeTag struct {
	Kind   TypeTagKind
	Elem   *TypeTag   // set when Kind == KindVector
	Struct *StructTag // set when Kind == KindStruct
}

// StructTag names a struct type with its type arguments.
type StructTag struct {
	Address  Address
	Module   string
	Name     string
	TypeArgs []TypeTag
}

// ModuleId names a module.
type ModuleId struct {
	Address Address
	Name    string
}

// Convenience constructors.
var (
	TypeBool    = TypeTag{Kind: KindBool}
	TypeU8      = TypeTag{Kind: KindU8}
	TypeU16     = TypeTag{Kind: KindU16}
	TypeU32     = TypeTag{Kind: KindU32}
	TypeU64     = TypeTag{Kind: KindU64}
	TypeU128    = TypeTag{Kind: KindU128}
	TypeU256    = TypeTag{Kind: KindU256}
	TypeAddress = TypeTag{Kind: KindAddress}
	TypeSigner  = TypeTag{Kind: KindSigner}
)

// VectorOf returns vector<elem>.
func VectorOf(elem TypeTag) TypeTag { return TypeTag{Kind: KindVector, Elem: &elem} }

// StructType wraps a struct tag as a type tag.
func StructType(s StructTag) TypeTag { return TypeTag{Kind: KindStruct, Struct: &s} }

// String returns the canonical form: addresses trimmed, ", " between type arguments.
func (t TypeTag) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t TypeTag) write(b *strings.Builder) {
	switch t.Kind {
	case KindVector:
		b.WriteString("vector<")
		if t.Elem != nil {
			t.Elem.write(b)
		}
		b.WriteByte('>')
	case KindStruct:
		if t.Struct != nil {
			t.Struct.write(b)
		}
	default:
		if int(t.Kind) < len(primitiveNames) {
			b.WriteString(primitiveNames[t.Kind])
		}
	}
}

// Equal reports whether two tags denote the same type.
func (t TypeTag) Equal(o TypeTag) bool {
	if t.Kind != o.Kind {
		return false
	}
	switch t.Kind {
	case KindVector:
		return t.Elem != nil && o.Elem != nil && t.Elem.Equal(*o.Elem)
	case KindStruct:
		return t.Struct != nil && o.Struct != nil && t.Struct.Equal(*o.Struct)
	}
	return true
}

// String returns the canonical form, e.g. "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>".
func (s StructTag) String() string {
	var b strings.Builder
	s.write(&b)
	return b.String()
}

func (s StructTag) write(b *strings.Builder) {
	b.WriteString(s.Address.ShortString())
	b.WriteString("::")
	b.WriteString(s.Module)
	b.WriteString("::")
	b.WriteString(s.Name)
	if len(s.TypeArgs) > 0 {
		b.WriteByte('<')
		for i, a := range s.TypeArgs {
			if i > 0 {
				b.WriteString(", ")
			}
			a.write(b)
		}
		b.WriteByte('>')
	}
}

// Equal reports whether two struct tags are the same.
func (s StructTag) Equal(o StructTag) bool {
	if s.Address != o.Address || s.Module != o.Module || s.Name != o.Name || len(s.TypeArgs) != len(o.TypeArgs) {
		return false
	}
	for i := range s.TypeArgs {
		if !s.TypeArgs[i].Equal(o.TypeArgs[i]) {
			return false
		}
	}
	return true
}

// ModuleID returns the module that declares the struct.
func (s StructTag) ModuleID() ModuleId { return ModuleId{Address: s.Address, Name: s.Module} }

// String returns "0x1::coin" (address trimmed).
func (m ModuleId) String() string { return m.Address.ShortString() + "::" + m.Name }

// ParseTypeTag parses a Move type. Whitespace is ignored.
func ParseTypeTag(s string) (TypeTag, error) {
	p := newTypeParser(s)
	t, err := p.typeTag(0)
	if err == nil {
		err = p.end()
	}
	if err != nil {
		return TypeTag{}, fmt.Errorf("invalid type tag %q: %w", truncate(s), err)
	}
	return t, nil
}

// ParseStructTag parses a struct tag. Whitespace is ignored.
func ParseStructTag(s string) (StructTag, error) {
	p := newTypeParser(s)
	st, err := p.structTag(0)
	if err == nil {
		err = p.end()
	}
	if err != nil {
		return StructTag{}, fmt.Errorf("invalid struct tag %q: %w", truncate(s), err)
	}
	return st, nil
}

// ParseModuleId parses "0x1::coin".
func ParseModuleId(s string) (ModuleId, error) {
	parts := strings.Split(s, "::")
	if len(parts) != 2 {
		return ModuleId{}, fmt.Errorf("invalid module id %q: want <address>::<module>", truncate(s))
	}
	a, err := ParseAddress(parts[0])
	if err != nil {
		return ModuleId{}, fmt.Errorf("invalid module id %q: %w", truncate(s), err)
	}
	if err := CheckIdentifier("module name", parts[1]); err != nil {
		return ModuleId{}, fmt.Errorf("invalid module id: %w", err)
	}
	return ModuleId{Address: a, Name: parts[1]}, nil
}

// MarshalText writes the canonical form.
func (t TypeTag) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText parses a type tag.
func (t *TypeTag) UnmarshalText(b []byte) error {
	v, err := ParseTypeTag(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// MarshalText writes the canonical form.
func (s StructTag) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText parses a struct tag.
func (s *StructTag) UnmarshalText(b []byte) error {
	v, err := ParseStructTag(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// MarshalText writes "0x1::coin".
func (m ModuleId) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText parses "0x1::coin".
func (m *ModuleId) UnmarshalText(b []byte) error {
	v, err := ParseModuleId(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// typeParser is a small recursive-descent parser. Whitespace may separate
// tokens ("0x1 :: coin :: Coin < u8 >") but never splits one: "Coin Store"
// is an error, not "CoinStore".
type typeParser struct {
	s   string
	pos int
}

func newTypeParser(s string) *typeParser { return &typeParser{s: s} }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace moves past whitespace between tokens.
func (p *typeParser) skipSpace() {
	for p.pos < len(p.s) && isSpace(p.s[p.pos]) {
		p.pos++
	}
}

// peek reports whether the next token starts with c, skipping whitespace.
func (p *typeParser) peek(c byte) bool {
	p.skipSpace()
	return p.pos < len(p.s) && p.s[p.pos] == c
}

var errTooDeep = fmt.Errorf("type arguments nest deeper than %d", MaxTypeTagNesting)

func (p *typeParser) end() error {
	p.skipSpace()
	if p.pos != len(p.s) {
		return fmt.Errorf("unexpected %q at position %d", p.rest(), p.pos)
	}
	return nil
}

func (p *typeParser) rest() string {
	r := p.s[p.pos:]
	if len(r) > 20 {
		r = r[:20] + "..."
	}
	return r
}

// word skips whitespace and reads [0-9A-Za-z_]*.
func (p *typeParser) word() string {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if !isLetter(c) && !isDigit(c) && c != '_' {
			break
		}
		p.pos++
	}
	return p.s[start:p.pos]
}

func (p *typeParser) expect(tok string) error {
	p.skipSpace()
	if !strings.HasPrefix(p.s[p.pos:], tok) {
		if p.pos >= len(p.s) {
			return fmt.Errorf("expected %q, input ends", tok)
		}
		return fmt.Errorf("expected %q at position %d, found %q", tok, p.pos, p.rest())
	}
	p.pos += len(tok)
	return nil
}

func (p *typeParser) typeTag(depth int) (TypeTag, error) {
	p.skipSpace()
	start := p.pos
	w := p.word()
	if w == "" {
		if p.pos >= len(p.s) {
			return TypeTag{}, errors.New("expected a type, input ends")
		}
		return TypeTag{}, fmt.Errorf("expected a type at position %d, found %q", p.pos, p.rest())
	}
	if w == "vector" && p.peek('<') {
		if depth >= MaxTypeTagNesting {
			return TypeTag{}, errTooDeep
		}
		p.pos++
		elem, err := p.typeTag(depth + 1)
		if err != nil {
			return TypeTag{}, err
		}
		if err := p.expect(">"); err != nil {
			return TypeTag{}, err
		}
		return VectorOf(elem), nil
	}
	for k, name := range primitiveNames {
		if name != "" && w == name {
			return TypeTag{Kind: TypeTagKind(k)}, nil
		}
	}
	if strings.HasPrefix(w, "0x") || strings.HasPrefix(w, "0X") {
		p.pos = start
		st, err := p.structTag(depth)
		if err != nil {
			return TypeTag{}, err
		}
		return StructType(st), nil
	}
	switch w {
	case "i8", "i16", "i32", "i64", "i128", "i256":
		return TypeTag{}, fmt.Errorf("signed integer type %s is not supported", w)
	case "vector":
		return TypeTag{}, errors.New("vector needs one type argument: vector<T>")
	}
	return TypeTag{}, fmt.Errorf("unknown type %q (struct types need a 0x-prefixed address)", truncate(w))
}

func (p *typeParser) structTag(depth int) (StructTag, error) {
	var st StructTag
	aw := p.word()
	if !strings.HasPrefix(aw, "0x") && !strings.HasPrefix(aw, "0X") {
		return st, fmt.Errorf("struct tag must start with a 0x-prefixed address, found %q", truncate(aw))
	}
	a, err := ParseAddress(aw)
	if err != nil {
		return st, err
	}
	st.Address = a
	if err := p.expect("::"); err != nil {
		return st, err
	}
	st.Module = p.word()
	if err := CheckIdentifier("module name", st.Module); err != nil {
		return st, err
	}
	if err := p.expect("::"); err != nil {
		return st, err
	}
	st.Name = p.word()
	if err := CheckIdentifier("struct name", st.Name); err != nil {
		return st, err
	}
	if p.peek('<') {
		if depth >= MaxTypeTagNesting {
			return st, errTooDeep
		}
		p.pos++
		for {
			if len(st.TypeArgs) >= MaxTypeArgs {
				return st, fmt.Errorf("more than %d type arguments", MaxTypeArgs)
			}
			t, err := p.typeTag(depth + 1)
			if err != nil {
				return st, err
			}
			st.TypeArgs = append(st.TypeArgs, t)
			if p.peek(',') {
				p.pos++
				continue
			}
			if err := p.expect(">"); err != nil {
				return st, err
			}
			break
		}
	}
	return st, nil
}

// MarshalBCS writes the variant index and body.
func (t TypeTag) MarshalBCS(e *bcs.Encoder) { e.Append(t.AppendBCS) }

// AppendBCS appends the BCS of t to dst (see MarshalBCS). A struct without
// type arguments is written in place; deeper nesting is encoded apart first
// (see marshalApart).
func (t TypeTag) AppendBCS(dst []byte) []byte {
	dst = bcs.AppendULEB128(dst, uint32(t.Kind))
	switch {
	case t.Kind == KindStruct && len(t.Struct.TypeArgs) == 0:
		dst = t.Struct.appendHead(dst)
	case t.Kind == KindStruct || t.Kind == KindVector:
		dst = append(dst, t.nestedBCS()...)
	}
	return dst
}

// nestedBCS is the BCS of a vector tag's element or a struct tag's struct.
func (t TypeTag) nestedBCS() []byte {
	if t.Kind == KindVector {
		return marshalApart(*t.Elem)
	}
	return marshalApart(*t.Struct)
}

// marshalApart encodes m on a buffer of its own. It is not inlined, so the
// call through the interface stays dynamic and AppendBCS does not become
// recursive in the compiler's eyes (which would move its callers' buffers
// to the heap).
//
//go:noinline
func marshalApart(m bcs.Marshaler) []byte {
	var e bcs.Encoder
	m.MarshalBCS(&e)
	return e.Bytes()
}

// UnmarshalBCS reads a type tag, rejecting unsupported variants and nesting
// deeper than MaxTypeTagNesting.
func (t *TypeTag) UnmarshalBCS(d *bcs.Decoder) { t.decode(d, 0) }

func (t *TypeTag) decode(d *bcs.Decoder, depth int) {
	k := d.ULEB128("TypeTag variant")
	if d.Failed() {
		return
	}
	if k >= numTypeTagKinds {
		d.Failf(bcs.ErrBadVariant, "TypeTag", "variant %d is not supported (known 0..10)", k)
		return
	}
	t.Kind = TypeTagKind(k)
	switch t.Kind {
	case KindVector:
		if depth >= MaxTypeTagNesting {
			d.Fail(bcs.ErrTooDeep, "TypeTag", errTooDeep.Error())
			return
		}
		t.Elem = new(TypeTag)
		t.Elem.decode(d, depth+1)
	case KindStruct:
		t.Struct = new(StructTag)
		t.Struct.decode(d, depth)
	}
}

// MarshalBCS writes address, module, name, type arguments.
func (s StructTag) MarshalBCS(e *bcs.Encoder) { e.Append(s.AppendBCS) }

// AppendBCS appends the BCS of s to dst (see MarshalBCS).
func (s StructTag) AppendBCS(dst []byte) []byte {
	dst = s.appendHead(dst)
	for _, a := range s.TypeArgs {
		dst = a.AppendBCS(dst)
	}
	return dst
}

// appendHead writes the address, module, name and type-argument count.
func (s StructTag) appendHead(dst []byte) []byte {
	dst = append(dst, s.Address[:]...)
	dst = bcs.AppendString(dst, s.Module)
	dst = bcs.AppendString(dst, s.Name)
	return bcs.AppendSeqLen(dst, len(s.TypeArgs))
}

// UnmarshalBCS reads a struct tag and validates its identifiers.
func (s *StructTag) UnmarshalBCS(d *bcs.Decoder) { s.decode(d, 0) }

func (s *StructTag) decode(d *bcs.Decoder, depth int) {
	s.Address.UnmarshalBCS(d)
	s.Module = decodeIdentifier(d, "StructTag.module")
	s.Name = decodeIdentifier(d, "StructTag.name")
	n := d.SeqLen("StructTag.type_args", 1)
	if n == 0 || d.Failed() {
		return
	}
	if depth >= MaxTypeTagNesting {
		d.Fail(bcs.ErrTooDeep, "StructTag", errTooDeep.Error())
		return
	}
	if n > MaxTypeArgs {
		d.Failf(bcs.ErrLength, "StructTag.type_args", "%d type arguments, at most %d", n, MaxTypeArgs)
		return
	}
	s.TypeArgs = make([]TypeTag, n)
	for i := range s.TypeArgs {
		s.TypeArgs[i].decode(d, depth+1)
	}
}

// MarshalBCS writes address then name.
func (m ModuleId) MarshalBCS(e *bcs.Encoder) {
	m.Address.MarshalBCS(e)
	e.String(m.Name)
}

// UnmarshalBCS reads a module id and validates the name.
func (m *ModuleId) UnmarshalBCS(d *bcs.Decoder) {
	m.Address.UnmarshalBCS(d)
	m.Name = decodeIdentifier(d, "ModuleId.name")
}

// decodeIdentifier reads a BCS string and checks it is a Move identifier.
func decodeIdentifier(d *bcs.Decoder, what string) string {
	s := d.String(what)
	if d.Failed() {
		return ""
	}
	if !ValidIdentifier(s) {
		d.Failf(bcs.ErrInvalidValue, what, "%q is not a Move identifier", truncate(s))
		return ""
	}
	return s
}

// DecodeIdentifier reads a BCS string holding a Move identifier.
func DecodeIdentifier(d *bcs.Decoder, what string) string { return decodeIdentifier(d, what) }
