package movevalue

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// MapResolver is an in-memory Resolver for tests and small hosts. Keys are
// canonical struct tag strings (StructTag.String(): addresses trimmed, ", "
// between type arguments); Add canonicalises for you.
//
// Generics: a layout stored under the bare name of a generic struct (no type
// arguments, e.g. "0x1::coin::CoinStore") is a template whose field types
// may contain the placeholders TypeParam(0), TypeParam(1), … — written T0,
// T1, … in ParseLayout and Add. Looking up an instantiation such as
// "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>" first tries that exact
// key, then the template with each placeholder substituted by the matching
// type argument. Phantom parameters simply never appear in the fields.
type MapResolver map[string]*StructLayout

// Add parses tag and the "name: type" field specs (see ParseLayout) and
// stores the layout under the canonical form of tag.
func (m MapResolver) Add(tag string, fields ...string) error {
	st, err := ledgerapi.ParseStructTag(tag)
	if err != nil {
		return err
	}
	l, err := ParseLayout(fields...)
	if err != nil {
		return fmt.Errorf("layout of %s: %w", tag, err)
	}
	m[st.String()] = l
	return nil
}

// StructLayout implements Resolver.
func (m MapResolver) StructLayout(tag ledgerapi.StructTag) (*StructLayout, error) {
	key := tag.String()
	if l := m[key]; l != nil {
		return l, nil
	}
	if len(tag.TypeArgs) > 0 {
		generic := ledgerapi.StructTag{Address: tag.Address, Module: tag.Module, Name: tag.Name}
		if l := m[generic.String()]; l != nil {
			out, err := l.Instantiate(tag.TypeArgs)
			if err != nil {
				return nil, fmt.Errorf("%s %w", key, err)
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("%w %s", ErrUnknownStruct, key)
}

// typeParamModule is the module of the placeholder struct tags. No module is
// ever published at address 0x0, so placeholders cannot clash with real types.
const typeParamModule = "__type_param"

// TypeParam returns the placeholder for the i-th type parameter of a generic
// layout template: the struct tag 0x0::__type_param::T<i>.
func TypeParam(i int) ledgerapi.TypeTag {
	return ledgerapi.StructType(ledgerapi.StructTag{Module: typeParamModule, Name: "T" + strconv.Itoa(i)})
}

// typeParamIndex returns i when s is TypeParam(i), else -1.
func typeParamIndex(s *ledgerapi.StructTag) int {
	if s.Module != typeParamModule || s.Address != ledgerapi.AddressZero || len(s.TypeArgs) != 0 ||
		len(s.Name) < 2 || s.Name[0] != 'T' {
		return -1
	}
	i, err := strconv.Atoi(s.Name[1:])
	if err != nil || i < 0 {
		return -1
	}
	return i
}

// Substitute returns t with every TypeParam(i) replaced by args[i]. It
// never modifies t.
func Substitute(t ledgerapi.TypeTag, args []ledgerapi.TypeTag) (ledgerapi.TypeTag, error) {
	return substitute(t, args, 0)
}

func substitute(t ledgerapi.TypeTag, args []ledgerapi.TypeTag, depth int) (ledgerapi.TypeTag, error) {
	if depth > 64 {
		return t, errors.New("type nests too deeply")
	}
	switch {
	case t.Kind == ledgerapi.KindVector && t.Elem != nil:
		e, err := substitute(*t.Elem, args, depth+1)
		return ledgerapi.VectorOf(e), err
	case t.Kind == ledgerapi.KindStruct && t.Struct != nil:
		if i := typeParamIndex(t.Struct); i >= 0 {
			if i >= len(args) {
				return t, fmt.Errorf("type parameter T%d, but only %d type arguments", i, len(args))
			}
			return args[i], nil
		}
		if len(t.Struct.TypeArgs) == 0 {
			return t, nil
		}
		st := *t.Struct
		st.TypeArgs = make([]ledgerapi.TypeTag, len(t.Struct.TypeArgs))
		for i, a := range t.Struct.TypeArgs {
			var err error
			if st.TypeArgs[i], err = substitute(a, args, depth+1); err != nil {
				return t, err
			}
		}
		return ledgerapi.StructType(st), nil
	}
	return t, nil
}

// ParseLayout builds a layout from field specs "name: type", in declaration
// order. A type may use T0, T1, … for the struct's type parameters, e.g.
// ParseLayout("coin: 0x1::coin::Coin<T0>", "frozen: bool").
func ParseLayout(fields ...string) (*StructLayout, error) {
	l := &StructLayout{Fields: make([]Field, 0, len(fields))}
	seen := make(map[string]bool, len(fields))
	for _, spec := range fields {
		name, typ, ok := strings.Cut(spec, ":")
		name = strings.TrimSpace(name)
		if !ok || strings.HasPrefix(typ, ":") {
			return nil, fmt.Errorf("field spec %q: want \"name: type\"", spec)
		}
		if err := ledgerapi.CheckIdentifier("field name", name); err != nil {
			return nil, err
		}
		if seen[name] {
			return nil, fmt.Errorf("duplicate field %q", name)
		}
		seen[name] = true
		t, err := ledgerapi.ParseTypeTag(expandTypeParams(typ))
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", name, err)
		}
		l.Fields = append(l.Fields, Field{Name: name, Type: t})
	}
	return l, nil
}

// MustParseLayout is ParseLayout that panics; for tests and constants.
func MustParseLayout(fields ...string) *StructLayout {
	l, err := ParseLayout(fields...)
	if err != nil {
		panic(err)
	}
	return l
}

// expandTypeParams rewrites each word T<digits> that is not a struct name
// (not preceded by "::") into the placeholder struct tag.
func expandTypeParams(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		if j == i {
			b.WriteByte(s[i])
			i++
			continue
		}
		w := s[i:j]
		if len(w) > 1 && w[0] == 'T' && allDigits(w[1:]) && !strings.HasSuffix(strings.TrimRight(s[:i], " \t"), "::") {
			b.WriteString("0x0::" + typeParamModule + "::" + w)
		} else {
			b.WriteString(w)
		}
		i = j
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
