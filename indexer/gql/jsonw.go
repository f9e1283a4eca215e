package gql

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// writeString writes s as a JSON string (invalid UTF-8 as U+FFFD).
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xf])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString(`\ufffd`)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('"')
}

// writeScalar writes a column value: numbers raw, strings quoted, jsonb
// as is, booleans and null as JSON.
func writeScalar(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		writeString(b, x)
	case json.Number:
		if isJSONNumber(string(x)) {
			b.WriteString(string(x))
		} else {
			writeString(b, string(x))
		}
	case json.RawMessage:
		if err := json.Compact(b, x); err != nil {
			b.WriteString("null")
		}
	case int:
		b.WriteString(strconv.Itoa(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case uint64:
		b.WriteString(strconv.FormatUint(x, 10))
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case *big.Rat:
		b.WriteString(ratText(x))
	default:
		enc, err := json.Marshal(x)
		if err != nil {
			b.WriteString("null")
			return
		}
		b.Write(enc)
	}
}

// isJSONNumber reports whether s is a JSON number literal.
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	start := i
	if n := digits(); n == 0 || n > 1 && s[start] == '0' {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// ratText writes a number exactly when it has a finite decimal form,
// else with 20 fractional digits (as PostgreSQL's numeric division).
func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	if n, exact := r.FloatPrec(); exact {
		return r.FloatString(n)
	}
	return r.FloatString(20)
}

// canonicalJSON is a JSON text in a canonical form (compact, object keys
// sorted, numbers as written), for jsonb equality.
func canonicalJSON(raw []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", false
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// toJSON turns an input value into plain Go JSON values.
func toJSON(v any) any {
	switch x := v.(type) {
	case obj:
		m := make(map[string]any, len(x))
		for _, f := range x {
			m[f.k] = toJSON(f.v)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = toJSON(e)
		}
		return l
	}
	return v
}
