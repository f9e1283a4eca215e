package movevalue

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// Field is one field of a struct: its name and its type, with the struct's
// generic parameters already substituted.
type Field struct {
	Name string
	Type ledgerapi.TypeTag
}

// StructLayout lists a struct's fields in declaration order (the BCS order),
// or an enum's variants in tag order (Fields is then empty).
type StructLayout struct {
	Fields   []Field
	Variants []Variant
}

// Variant is one variant of an enum: its name and fields in declaration
// order. JSON renders an enum value as an object with its variant's name
// under "__variant__" and its fields, as Aptos's API does.
type Variant struct {
	Name   string
	Fields []Field
}

// Instantiate returns the layout with args substituted for the type
// parameters of a generic layout template (TypeParam placeholders).
func (l *StructLayout) Instantiate(args []ledgerapi.TypeTag) (*StructLayout, error) {
	subst := func(fs []Field) ([]Field, error) {
		out := make([]Field, len(fs))
		for i, f := range fs {
			t, err := Substitute(f.Type, args)
			if err != nil {
				return nil, fmt.Errorf("field %s: %w", f.Name, err)
			}
			out[i] = Field{Name: f.Name, Type: t}
		}
		return out, nil
	}
	fields, err := subst(l.Fields)
	if err != nil {
		return nil, err
	}
	out := &StructLayout{Fields: fields}
	for _, v := range l.Variants {
		vf, err := subst(v.Fields)
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
		out.Variants = append(out.Variants, Variant{Name: v.Name, Fields: vf})
	}
	return out, nil
}

// Resolver supplies the layouts of structs other than the built-in ones
// (0x1::string::String, 0x1::option::Option<T> and 0x1::object::Object<T>,
// which the codec always handles itself). A Resolver must be safe for
// concurrent use if the Codec is shared.
type Resolver interface {
	// StructLayout returns the layout of the instantiated struct tag. An
	// error wrapping ErrUnknownStruct (or a nil layout with a nil error)
	// means the type is unknown; any other error is passed through.
	StructLayout(tag ledgerapi.StructTag) (*StructLayout, error)
}

// ErrUnknownStruct is wrapped by errors about struct types that neither the
// codec nor its Resolver knows.
var ErrUnknownStruct = errors.New("unknown struct type")

// Default limits, used for zero fields of Limits.
const (
	DefaultMaxDepth     = 32
	DefaultMaxVectorLen = 1 << 20
	DefaultMaxBytes     = 8 << 20
)

// Limits bounds the work of one conversion. Zero (or negative) fields take
// the defaults.
type Limits struct {
	// MaxDepth bounds the nesting of containers (vectors, structs, options).
	// The top-level value is at depth 0; default DefaultMaxDepth.
	MaxDepth int
	// MaxVectorLen bounds the element count of one vector (bytes for
	// vector<u8>); default DefaultMaxVectorLen.
	MaxVectorLen int
	// MaxBytes bounds the output of one conversion (one argument for
	// EncodeArgs and DecodeArgs): BCS bytes for JSON to BCS, JSON bytes for
	// BCS to JSON; default DefaultMaxBytes. Both limits are capped at
	// bcs.MaxSequenceLength.
	MaxBytes int
}

func (l Limits) withDefaults() Limits {
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxVectorLen <= 0 {
		l.MaxVectorLen = DefaultMaxVectorLen
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	// No BCS sequence may be longer than this; the encoder panics beyond it.
	l.MaxVectorLen = min(l.MaxVectorLen, bcs.MaxSequenceLength)
	l.MaxBytes = min(l.MaxBytes, bcs.MaxSequenceLength)
	return l
}

// Codec converts Move values between the REST JSON form and BCS. The zero
// value handles primitives, vectors and the built-in structs; set Resolver
// for other structs. A Codec holds no mutable state and may be shared.
type Codec struct {
	Resolver Resolver
	Limits   Limits
	// OnTable, if set, is called while BCS is rendered as JSON for every
	// 0x1::table::Table<K, V> the value holds, with its handle and its key
	// and value types: how an indexer learns the types of the tables a
	// resource or a table item creates.
	OnTable func(handle ledgerapi.Address, key, value ledgerapi.TypeTag)
}

// Error reports a value that could not be converted. Path names the value
// from the root, e.g. "arguments[1].coin.value" or "value.vec[0]".
type Error struct {
	Path string
	Err  error
}

// Error returns "path: message".
func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the cause, so errors.Is works with ErrUnknownStruct and the
// bcs sentinel errors.
func (e *Error) Unwrap() error { return e.Err }

// rootPath is the path of the top-level value outside function arguments.
const rootPath = "value"

// seg is one step of a path: a field name, or an element index when name
// is empty.
type seg struct {
	name  string
	index int
}

// path is the location of the value being converted: a root name and a
// stack of steps, pushed and popped as the converters descend. It is
// formatted only when an error is reported, so the hot path allocates
// nothing for it.
type path struct {
	root string
	segs []seg
}

func (p *path) push(name string) { p.segs = append(p.segs, seg{name: name}) }
func (p *path) pushIndex(i int)  { p.segs = append(p.segs, seg{index: i}) }
func (p *path) setIndex(i int)   { p.segs[len(p.segs)-1].index = i }
func (p *path) pop()             { p.segs = p.segs[:len(p.segs)-1] }

func (p *path) String() string {
	b := []byte(p.root)
	for _, s := range p.segs {
		if s.name != "" {
			b = append(append(b, '.'), s.name...)
		} else {
			b = append(strconv.AppendInt(append(b, '['), int64(s.index), 10), ']')
		}
	}
	return string(b)
}

func (p *path) errorf(format string, args ...any) error {
	return &Error{Path: p.String(), Err: fmt.Errorf(format, args...)}
}

func (p *path) wrap(err error) error { return &Error{Path: p.String(), Err: err} }

// builtin classifies the struct types with a fixed JSON form.
type builtin int

const (
	notBuiltin builtin = iota
	builtinString
	builtinOption
	builtinObject
	builtinTable // only when the Codec watches tables
)

func builtinOf(s *ledgerapi.StructTag) builtin {
	if s.Address != ledgerapi.AddressOne {
		return notBuiltin
	}
	switch {
	case s.Module == "string" && s.Name == "String" && len(s.TypeArgs) == 0:
		return builtinString
	case s.Module == "option" && s.Name == "Option" && len(s.TypeArgs) == 1:
		return builtinOption
	case s.Module == "object" && s.Name == "Object" && len(s.TypeArgs) == 1:
		return builtinObject
	case s.Module == "table" && s.Name == "Table" && len(s.TypeArgs) == 2:
		return builtinTable
	}
	return notBuiltin
}

// checkTag rejects malformed type tags (nil element or struct pointers,
// unsupported kinds) so the converters never dereference nil.
func checkTag(t ledgerapi.TypeTag) error {
	switch t.Kind {
	case ledgerapi.KindVector:
		if t.Elem == nil {
			return errors.New("malformed type tag: vector without element type")
		}
	case ledgerapi.KindStruct:
		if t.Struct == nil {
			return errors.New("malformed type tag: struct kind without struct tag")
		}
	case ledgerapi.KindBool, ledgerapi.KindU8, ledgerapi.KindU16, ledgerapi.KindU32,
		ledgerapi.KindU64, ledgerapi.KindU128, ledgerapi.KindU256,
		ledgerapi.KindAddress, ledgerapi.KindSigner:
	default:
		return fmt.Errorf("unsupported type tag kind %d", t.Kind)
	}
	return nil
}

// resolve looks up the layout of a non-builtin struct.
func resolve(r Resolver, s *ledgerapi.StructTag) (*StructLayout, error) {
	if r == nil {
		return nil, fmt.Errorf("%w %s (no resolver)", ErrUnknownStruct, s)
	}
	l, err := r.StructLayout(*s)
	if err != nil {
		if errors.Is(err, ErrUnknownStruct) {
			return nil, err
		}
		return nil, fmt.Errorf("resolving %s: %w", s, err)
	}
	if l == nil {
		return nil, fmt.Errorf("%w %s", ErrUnknownStruct, s)
	}
	return l, nil
}

// JSONToBCS converts the JSON form of a value of type t to BCS. The input
// must be one well-formed JSON value; errors name the offending path from
// the root "value".
func (c Codec) JSONToBCS(t ledgerapi.TypeTag, v json.RawMessage) ([]byte, error) {
	var e bcs.Encoder
	if err := c.AppendJSONToBCS(&e, t, v); err != nil {
		return nil, err
	}
	return e.Bytes(), nil
}

// AppendJSONToBCS is JSONToBCS writing into e. On error, e may hold a
// partial value and should be discarded.
func (c Codec) AppendJSONToBCS(e *bcs.Encoder, t ledgerapi.TypeTag, v json.RawMessage) error {
	return c.encodeRoot(e, t, v, rootPath, false)
}

// BCSToJSON renders the BCS bytes of a value of type t as JSON. The whole
// input must be consumed.
func (c Codec) BCSToJSON(t ledgerapi.TypeTag, b []byte) ([]byte, error) {
	return c.decodeAll(t, b, rootPath)
}

// AppendJSON reads one value of type t from d and appends its JSON form to
// dst. It is the streaming form for rendering resources and events: bytes
// after the value are left in d. On error dst is returned truncated to its
// original length and, when the BCS itself is bad, d records the failure.
func (c Codec) AppendJSON(dst []byte, t ledgerapi.TypeTag, d *bcs.Decoder) ([]byte, error) {
	return c.decodeRoot(dst, t, d, rootPath)
}
