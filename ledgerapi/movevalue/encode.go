package movevalue

import (
	"encoding/json"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// jsonEncoder converts one JSON value to BCS, driven by its type.
type jsonEncoder struct {
	r    Resolver
	lim  Limits
	e    *bcs.Encoder
	base int  // e.Len() when the conversion started, for MaxBytes
	args bool // function-argument leniency (bare Option values, address Objects)
	p    path
}

var (
	optionFields = []Field{{Name: "vec"}}
	objectFields = []Field{{Name: "inner"}}
)

func (c Codec) encodeRoot(e *bcs.Encoder, t ledgerapi.TypeTag, v json.RawMessage, root string, args bool) error {
	en := jsonEncoder{r: c.Resolver, lim: c.Limits.withDefaults(), e: e, base: e.Len(), args: args, p: path{root: root}}
	if err := validJSON(v); err != nil {
		return en.p.wrap(err)
	}
	s := scanner{data: v}
	return en.value(t, &s, 0)
}

func (en *jsonEncoder) checkSize(extra int) error {
	if en.e.Len()-en.base+extra > en.lim.MaxBytes {
		return en.p.errorf("BCS output exceeds %d bytes", en.lim.MaxBytes)
	}
	return nil
}

func (en *jsonEncoder) enter(depth int) error {
	if depth+1 > en.lim.MaxDepth {
		return en.p.errorf("value nests deeper than %d", en.lim.MaxDepth)
	}
	return nil
}

func (en *jsonEncoder) value(t ledgerapi.TypeTag, s *scanner, depth int) error {
	if err := checkTag(t); err != nil {
		return en.p.wrap(err)
	}
	c := s.peek()
	switch t.Kind {
	case ledgerapi.KindBool:
		switch c {
		case 't', 'f':
			en.e.Bool(s.token() == "true")
		default:
			return en.p.errorf("expected bool, got %s", jsonKind(c))
		}
	case ledgerapi.KindAddress:
		a, err := en.address(s, "address")
		if err != nil {
			return err
		}
		en.e.Fixed(a[:])
	case ledgerapi.KindSigner:
		if en.args {
			return en.p.errorf("signer cannot be passed as an argument")
		}
		return en.p.errorf("signer values cannot be built from JSON")
	case ledgerapi.KindVector:
		if err := en.vector(*t.Elem, s, depth); err != nil {
			return err
		}
	case ledgerapi.KindStruct:
		if err := en.structValue(t.Struct, s, depth); err != nil {
			return err
		}
	default:
		if err := en.uint(t.Kind, s); err != nil {
			return err
		}
	}
	return en.checkSize(0)
}

// uint writes an unsigned integer given as a JSON number or decimal string.
func (en *jsonEncoder) uint(k ledgerapi.TypeTagKind, s *scanner) error {
	nbits, name := uintBits(k)
	var text string
	switch c := s.peek(); {
	case c == '"':
		str, err := s.str()
		if err != nil {
			return en.p.wrap(err)
		}
		if !allDigits(str) {
			return en.p.errorf("%q is not a decimal %s", truncate(str), name)
		}
		text = str
	case c == '-' || c >= '0' && c <= '9':
		text = s.token()
		switch {
		case text[0] == '-':
			return en.p.errorf("%s is negative, not a %s", truncate(text), name)
		case strings.ContainsAny(text, "eE"):
			return en.p.errorf("%s has an exponent, not a %s", truncate(text), name)
		case strings.Contains(text, "."):
			return en.p.errorf("%s has a fraction, not a %s", truncate(text), name)
		}
	default:
		return en.p.errorf("expected %s as a decimal string or number, got %s", name, jsonKind(c))
	}
	l, ok := parseUint(text, nbits)
	if !ok {
		return en.p.errorf("%s is out of range for %s", truncate(text), name)
	}
	switch nbits {
	case 8:
		en.e.U8(uint8(l[0]))
	case 16:
		en.e.U16(uint16(l[0]))
	case 32:
		en.e.U32(uint32(l[0]))
	case 64:
		en.e.U64(l[0])
	case 128:
		en.e.U128(l[0], l[1])
	default:
		en.e.U256(l)
	}
	return nil
}

func (en *jsonEncoder) address(s *scanner, what string) (ledgerapi.Address, error) {
	if c := s.peek(); c != '"' {
		return ledgerapi.Address{}, en.p.errorf("expected %s as a string, got %s", what, jsonKind(c))
	}
	str, err := s.str()
	if err != nil {
		return ledgerapi.Address{}, en.p.wrap(err)
	}
	a, err := ledgerapi.ParseAddress(str)
	if err != nil {
		return ledgerapi.Address{}, en.p.wrap(err)
	}
	return a, nil
}

func (en *jsonEncoder) vector(elem ledgerapi.TypeTag, s *scanner, depth int) error {
	if err := en.enter(depth); err != nil {
		return err
	}
	if err := checkTag(elem); err != nil {
		return en.p.wrap(err)
	}
	c := s.peek()
	if elem.Kind == ledgerapi.KindU8 && c == '"' {
		str, err := s.str()
		if err != nil {
			return en.p.wrap(err)
		}
		n := len(str) / 2
		if strings.HasPrefix(str, "0x") || strings.HasPrefix(str, "0X") {
			n--
		}
		if n > en.lim.MaxVectorLen {
			return en.p.errorf("vector of %d bytes exceeds the limit of %d", n, en.lim.MaxVectorLen)
		}
		if err := en.checkSize(n); err != nil {
			return err
		}
		b, err := ledgerapi.ParseHex(str)
		if err != nil {
			return en.p.wrap(err)
		}
		en.e.WriteBytes(b)
		return nil
	}
	if c != '[' {
		if elem.Kind == ledgerapi.KindU8 {
			return en.p.errorf("expected vector<u8> as a hex string or an array, got %s", jsonKind(c))
		}
		return en.p.errorf("expected vector<%s> as an array, got %s", elem.String(), jsonKind(c))
	}
	n := s.countElems()
	if n > en.lim.MaxVectorLen {
		return en.p.errorf("vector of %d elements exceeds the limit of %d", n, en.lim.MaxVectorLen)
	}
	en.e.SeqLen(n)
	s.pos++ // '['
	en.p.pushIndex(0)
	for i := 0; s.next(']'); i++ {
		en.p.setIndex(i)
		if err := en.value(elem, s, depth+1); err != nil {
			return err
		}
	}
	en.p.pop()
	return nil
}

func (en *jsonEncoder) structValue(st *ledgerapi.StructTag, s *scanner, depth int) error {
	c := s.peek()
	switch builtinOf(st) {
	case builtinString:
		if c != '"' {
			return en.p.errorf("expected %s as a string, got %s", st, jsonKind(c))
		}
		str, err := s.str()
		if err != nil {
			return en.p.wrap(err)
		}
		if err := en.checkSize(len(str)); err != nil {
			return err
		}
		en.e.String(str)
		return nil
	case builtinOption:
		return en.option(st, s, depth)
	case builtinObject:
		if en.args && c == '"' {
			a, err := en.address(s, "object address")
			if err != nil {
				return err
			}
			en.e.Fixed(a[:])
			return nil
		}
		if c != '{' {
			return en.p.errorf(`expected %s as {"inner": address}, got %s`, st, jsonKind(c))
		}
		pos, err := s.members(&en.p, objectFields)
		if err != nil {
			return err
		}
		sub := scanner{data: s.data, pos: pos[0]}
		en.p.push("inner")
		a, err := en.address(&sub, "object address")
		if err != nil {
			return err
		}
		en.p.pop()
		en.e.Fixed(a[:])
		return nil
	}
	l, err := resolve(en.r, st)
	if err != nil {
		return en.p.wrap(err)
	}
	if len(l.Variants) > 0 {
		return en.p.errorf("%s is an enum: enum values are not accepted as JSON", st)
	}
	if err := en.enter(depth); err != nil {
		return err
	}
	if c != '{' {
		return en.p.errorf("expected %s as an object, got %s", st, jsonKind(c))
	}
	pos, err := s.members(&en.p, l.Fields)
	if err != nil {
		return err
	}
	for i, f := range l.Fields {
		sub := scanner{data: s.data, pos: pos[i]}
		en.p.push(f.Name)
		if err := en.value(f.Type, &sub, depth+1); err != nil {
			return err
		}
		en.p.pop()
	}
	return nil
}

// option writes Option<T> from {"vec": []} or {"vec": [v]}; for function
// arguments also from null (None) or a bare value (Some).
func (en *jsonEncoder) option(st *ledgerapi.StructTag, s *scanner, depth int) error {
	if err := en.enter(depth); err != nil {
		return err
	}
	elem := st.TypeArgs[0]
	c := s.peek()
	if en.args && !(c == '{' && s.soleKey("vec", '[')) {
		if c == 'n' {
			s.token()
			en.e.SeqLen(0)
			return nil
		}
		en.e.SeqLen(1)
		return en.value(elem, s, depth+1)
	}
	if c != '{' {
		return en.p.errorf(`expected %s as {"vec": [...]}, got %s`, st, jsonKind(c))
	}
	pos, err := s.members(&en.p, optionFields)
	if err != nil {
		return err
	}
	sub := scanner{data: s.data, pos: pos[0]}
	en.p.push("vec")
	if c := sub.peek(); c != '[' {
		return en.p.errorf("expected an array of at most one element, got %s", jsonKind(c))
	}
	n := sub.countElems()
	if n > 1 {
		return en.p.errorf("option holds %d elements, at most 1 allowed", n)
	}
	en.e.SeqLen(n)
	sub.pos++ // '['
	if sub.next(']') {
		en.p.pushIndex(0)
		if err := en.value(elem, &sub, depth+1); err != nil {
			return err
		}
		en.p.pop()
	}
	en.p.pop()
	return nil
}
