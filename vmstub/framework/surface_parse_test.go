package framework_test

// A reader of the small subset of Move the surface files are written in:
// use declarations, attributes, struct and enum declarations and function
// signatures (a body, if pasted, is skipped). Types come out as the ABI
// renders them: fully qualified with short addresses, type parameters as
// T0, T1, ….

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

type surface struct {
	funs    []bytecode.FunctionABI
	structs []bytecode.StructABI
}

// namedAddresses are the framework's named addresses.
var namedAddresses = map[string]string{
	"std": "0x1", "aptos_std": "0x1", "aptos_framework": "0x1",
	"aptos_token": "0x3", "aptos_token_objects": "0x4",
}

var primitives = map[string]bool{"bool": true, "u8": true, "u16": true, "u32": true, "u64": true,
	"u128": true, "u256": true, "i8": true, "i16": true, "i32": true, "i64": true, "i128": true,
	"i256": true, "address": true, "signer": true}

type surfaceReader struct {
	toks    []string
	pos     int
	self    string            // "0x1::coin"
	modules map[string]string // alias → "0x1::string"
	members map[string]string // alias → "0x1::string::String"
	locals  map[string]bool   // structs declared in the file
	tparams map[string]int    // of the declaration being read
}

func parseSurface(a ledgerapi.Address, module, src string) (s *surface, err error) {
	r := &surfaceReader{toks: tokenize(src), self: a.ShortString() + "::" + module,
		modules: map[string]string{"Self": a.ShortString() + "::" + module},
		members: map[string]string{}, locals: map[string]bool{}}
	// Struct names are known before any type is resolved.
	for i := 0; i+1 < len(r.toks); i++ {
		if r.toks[i] == "struct" || r.toks[i] == "enum" {
			r.locals[r.toks[i+1]] = true
		}
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("near token %d (%q): %v", r.pos, r.peek(), p)
		}
	}()
	s = &surface{}
	view, event, test := false, false, false
	for r.pos < len(r.toks) {
		switch t := r.next(); t {
		case "use":
			r.use()
		case "#":
			attr := r.until("]")
			view = view || strings.Contains(attr, "view")
			event = event || strings.Contains(attr, "event")
			test = test || strings.Contains(attr, "test")
		case "struct", "enum":
			st := r.structDecl(t == "enum")
			st.IsEvent = event
			if !test {
				s.structs = append(s.structs, st)
			}
			view, event, test = false, false, false
		default:
			mods := []string{t}
			for r.peek() != "fun" {
				mods = append(mods, r.next())
			}
			r.next()
			f := r.funDecl(strings.Join(mods, " "))
			f.IsView = view
			if !test && (f.Visibility == "public" || f.IsEntry || f.IsView) {
				s.funs = append(s.funs, f)
			}
			view, event, test = false, false, false
		}
	}
	return s, nil
}

func (r *surfaceReader) peek() string {
	if r.pos < len(r.toks) {
		return r.toks[r.pos]
	}
	return ""
}

func (r *surfaceReader) next() string {
	if r.pos >= len(r.toks) {
		panic("unexpected end")
	}
	r.pos++
	return r.toks[r.pos-1]
}

func (r *surfaceReader) expect(t string) {
	if got := r.next(); got != t {
		panic(fmt.Sprintf("want %q, got %q", t, got))
	}
}

// until reads tokens up to and including end, returning them joined.
func (r *surfaceReader) until(end string) string {
	var parts []string
	for t := r.next(); t != end; t = r.next() {
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

// skipBalanced skips a bracketed group whose opening token was just read.
func (r *surfaceReader) skipBalanced(open, close string) {
	for depth := 1; depth > 0; {
		switch r.next() {
		case open:
			depth++
		case close:
			depth--
		}
	}
}

func (r *surfaceReader) address(name string) string {
	if v, ok := namedAddresses[name]; ok {
		return v
	}
	a, err := ledgerapi.ParseAddress(name)
	if err != nil {
		panic(fmt.Sprintf("unknown address %q", name))
	}
	return a.ShortString()
}

// use reads a use declaration after "use".
func (r *surfaceReader) use() {
	addr := r.address(r.next())
	r.expect("::")
	mod := r.next()
	full := addr + "::" + mod
	switch r.next() {
	case ";":
		r.modules[mod] = full
	case "as":
		r.modules[r.next()] = full
		r.expect(";")
	case "::":
		if r.peek() == "{" {
			r.next()
			for t := r.next(); t != "}"; t = r.next() {
				if t == "," {
					continue
				}
				alias := t
				if r.peek() == "as" {
					r.next()
					alias = r.next()
				}
				if t == "Self" {
					if alias == "Self" {
						alias = mod
					}
					r.modules[alias] = full
				} else {
					r.members[alias] = full + "::" + t
				}
			}
		} else {
			m := r.next()
			alias := m
			if r.peek() == "as" {
				r.next()
				alias = r.next()
			}
			r.members[alias] = full + "::" + m
		}
		r.expect(";")
	default:
		panic("bad use")
	}
}

// typeParams reads "<...>" if present: names, phantom flags, constraints.
func (r *surfaceReader) typeParams() []bytecode.GenericTypeParam {
	r.tparams = map[string]int{}
	out := []bytecode.GenericTypeParam{}
	if r.peek() != "<" {
		return out
	}
	r.next()
	for {
		p := bytecode.GenericTypeParam{Constraints: []string{}}
		name := r.next()
		if name == "phantom" {
			p.IsPhantom = true
			name = r.next()
		}
		r.tparams[name] = len(out)
		if r.peek() == ":" {
			r.next()
			for {
				p.Constraints = append(p.Constraints, r.next())
				if r.peek() != "+" {
					break
				}
				r.next()
			}
		}
		out = append(out, p)
		if r.next() == ">" {
			return out
		}
	}
}

// typ reads a type and renders it as the ABI does.
func (r *surfaceReader) typ() string {
	t := r.next()
	switch {
	case t == "&":
		if r.peek() == "mut" {
			r.next()
			return "&mut " + r.typ()
		}
		return "&" + r.typ()
	case t == "|":
		var args []string
		for r.peek() != "|" {
			args = append(args, r.typ())
			if r.peek() == "," {
				r.next()
			}
		}
		r.next()
		ret := ""
		if r.peek() != "," && r.peek() != ")" && r.peek() != ";" && r.peek() != ">" && r.peek() != "}" {
			ret = r.typ()
		}
		return "|" + strings.Join(args, ",") + "|" + ret
	case primitives[t]:
		return t
	case t == "vector":
		r.expect("<")
		e := r.typ()
		r.expect(">")
		return "vector<" + e + ">"
	}
	if i, ok := r.tparams[t]; ok {
		return "T" + itoa(i)
	}
	path := []string{t}
	for r.peek() == "::" {
		r.next()
		path = append(path, r.next())
	}
	var full string
	switch len(path) {
	case 1:
		if m, ok := r.members[t]; ok {
			full = m
		} else if r.locals[t] {
			full = r.self + "::" + t
		} else {
			panic(fmt.Sprintf("unknown type %q", t))
		}
	case 2:
		m, ok := r.modules[path[0]]
		if !ok {
			panic(fmt.Sprintf("unknown module %q", path[0]))
		}
		full = m + "::" + path[1]
	case 3:
		full = r.address(path[0]) + "::" + path[1] + "::" + path[2]
	default:
		panic(fmt.Sprintf("bad path %v", path))
	}
	if r.peek() == "<" {
		r.next()
		var args []string
		for {
			args = append(args, r.typ())
			if r.next() == ">" {
				break
			}
		}
		full += "<" + strings.Join(args, ", ") + ">"
	}
	return full
}

// fields reads "name: type, …" up to and including end.
func (r *surfaceReader) fields(end string) []bytecode.FieldABI {
	out := []bytecode.FieldABI{}
	for r.peek() != end {
		name := r.next()
		r.expect(":")
		out = append(out, bytecode.FieldABI{Name: name, Type: r.typ()})
		if r.peek() == "," {
			r.next()
		}
	}
	r.next()
	return out
}

// positional reads "T1, T2, …" after "(" up to and including ")": the
// fields of a positional struct or variant, which the compiler names _0,
// _1, … in bytecode.
func (r *surfaceReader) positional() []bytecode.FieldABI {
	out := []bytecode.FieldABI{}
	for r.peek() != ")" {
		out = append(out, bytecode.FieldABI{Name: "_" + itoa(len(out)), Type: r.typ()})
		if r.peek() == "," {
			r.next()
		}
	}
	r.next()
	return out
}

// abilities reads "has a, b" if present.
func (r *surfaceReader) abilities(s *bytecode.StructABI) {
	if r.peek() != "has" {
		return
	}
	r.next()
	for {
		s.Abilities = append(s.Abilities, r.next())
		if r.peek() != "," {
			break
		}
		r.next()
	}
}

func (r *surfaceReader) structDecl(enum bool) bytecode.StructABI {
	s := bytecode.StructABI{Name: r.next(), IsEnum: enum, Abilities: []string{}, Fields: []bytecode.FieldABI{},
		Variants: []bytecode.VariantABI{}}
	s.GenericTypeParams = r.typeParams()
	r.abilities(&s)
	if !enum && r.peek() == "(" {
		// struct S(T1, T2) has …;
		r.next()
		s.Fields = r.positional()
		r.abilities(&s)
		r.expect(";")
		return s
	}
	switch r.next() {
	case ";":
		s.IsNative = true
	case "{":
		if !enum {
			s.Fields = r.fields("}")
			if len(s.Fields) == 0 {
				// The compiler gives a struct without fields one bool field.
				s.Fields = []bytecode.FieldABI{{Name: "dummy_field", Type: "bool"}}
			}
			break
		}
		for r.peek() != "}" {
			v := bytecode.VariantABI{Name: r.next(), Fields: []bytecode.FieldABI{}}
			switch r.peek() {
			case "{":
				r.next()
				v.Fields = r.fields("}")
			case "(":
				r.next()
				v.Fields = r.positional()
			}
			if r.peek() == "," {
				r.next()
			}
			s.Variants = append(s.Variants, v)
		}
		r.next()
	default:
		panic("want struct body")
	}
	return s
}

func (r *surfaceReader) funDecl(mods string) bytecode.FunctionABI {
	f := bytecode.FunctionABI{Name: r.next(), Visibility: "private", Params: []string{}, Return: []string{}}
	switch {
	case strings.Contains(mods, "public ( friend )"), strings.Contains(mods, "public ( package )"),
		strings.Contains(mods, "friend"), strings.Contains(mods, "package"):
		f.Visibility = "friend"
	case strings.Contains(mods, "public"):
		f.Visibility = "public"
	}
	f.IsEntry = strings.Contains(mods, "entry")
	tps := r.typeParams()
	for _, p := range tps {
		f.GenericTypeParams = append(f.GenericTypeParams, bytecode.GenericTypeParam{Constraints: p.Constraints})
	}
	if f.GenericTypeParams == nil {
		f.GenericTypeParams = []bytecode.GenericTypeParam{}
	}
	r.expect("(")
	for _, p := range r.fields(")") {
		f.Params = append(f.Params, p.Type)
	}
	if r.peek() == ":" {
		r.next()
		if r.peek() == "(" {
			r.next()
			for r.peek() != ")" {
				f.Return = append(f.Return, r.typ())
				if r.peek() == "," {
					r.next()
				}
			}
			r.next()
		} else {
			f.Return = append(f.Return, r.typ())
		}
	}
	for r.peek() != ";" && r.peek() != "{" {
		r.next() // acquires …
	}
	if r.next() == "{" {
		r.skipBalanced("{", "}")
	}
	return f
}

// tokenize splits src into identifiers, numbers and punctuation ("::" as
// one token), dropping comments.
func tokenize(src string) []string {
	var toks []string
	for i := 0; i < len(src); {
		c := rune(src[i])
		switch {
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return toks
			}
			i += end + 4
		case unicode.IsSpace(c):
			i++
		case strings.HasPrefix(src[i:], "::"):
			toks = append(toks, "::")
			i += 2
		case c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c):
			j := i
			for j < len(src) && (src[j] == '_' || unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j]))) {
				j++
			}
			toks = append(toks, src[i:j])
			i = j
		default:
			toks = append(toks, string(c))
			i++
		}
	}
	return toks
}
