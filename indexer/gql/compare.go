package gql

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// normalize turns a value of a column type into its comparable form:
// *big.Rat for numbers, string for text, timestamps and jsonb
// (compacted), bool for booleans; false when it does not fit the type.
func normalize(typ string, v any) (any, bool) {
	switch typ {
	case TypeInt, TypeBigint, TypeNumeric:
		if n, ok := v.(json.Number); ok {
			if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
				return i, typ != TypeInt || i == int64(int32(i))
			}
		}
		r, ok := ratOf(v)
		if !ok || typ == TypeInt && !r.IsInt() {
			return nil, false
		}
		return r, true
	case TypeBoolean:
		b, ok := v.(bool)
		return b, ok
	case TypeJSONB:
		var raw []byte
		switch x := v.(type) {
		case json.RawMessage:
			raw = x
		case string:
			raw = []byte(x)
		default:
			b, err := json.Marshal(x)
			if err != nil {
				return nil, false
			}
			raw = b
		}
		c, ok := canonicalJSON(raw)
		if !ok {
			return nil, false
		}
		return "j" + c, true
	}
	s, ok := v.(string)
	return s, ok
}

// ratOf reads a number from a json.Number, a Go number or a numeric string.
func ratOf(v any) (*big.Rat, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = string(x)
	case string:
		s = x
	case int:
		return new(big.Rat).SetInt64(int64(x)), true
	case int64:
		return new(big.Rat).SetInt64(x), true
	case uint64:
		return new(big.Rat).SetUint64(x), true
	case float64:
		r := new(big.Rat)
		if r.SetFloat64(x) == nil {
			return nil, false
		}
		return r, true
	default:
		return nil, false
	}
	// Decimal text only, as PostgreSQL reads a numeric: big.Rat would
	// also take "0x10", "0b1" or "1_000".
	if len(s) == 0 || len(s) > 200 || strings.Trim(s, "0123456789+-.eE") != "" {
		return nil, false
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		// A huge exponent would make big.Rat build a huge number.
		if exp, err := strconv.Atoi(s[i+1:]); err != nil || exp > 1000 || exp < -1000 {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// compareNorm orders two normalized values of the same type.
func compareNorm(a, b any) int {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return cmp.Compare(x, y)
		case *big.Rat:
			return new(big.Rat).SetInt64(x).Cmp(y)
		}
	case *big.Rat:
		switch y := b.(type) {
		case *big.Rat:
			return x.Cmp(y)
		case int64:
			return x.Cmp(new(big.Rat).SetInt64(y))
		}
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y)
		}
	case bool:
		if y, ok := b.(bool); ok {
			switch {
			case x == y:
				return 0
			case !x:
				return -1
			}
			return 1
		}
	}
	return 0
}

// valueKey is a string equal for equal values, for sets and joins.
func valueKey(v any) string {
	switch x := v.(type) {
	case *big.Rat:
		return "n" + x.RatString()
	case int64:
		return "n" + strconv.FormatInt(x, 10)
	case json.Number, int, uint64, float64:
		if r, ok := ratOf(x); ok {
			return "n" + r.RatString()
		}
		return "?" + fmt.Sprint(x)
	case string:
		return "s" + x
	case bool:
		if x {
			return "b1"
		}
		return "b0"
	case json.RawMessage:
		return "j" + string(x)
	}
	return "?" + fmt.Sprint(v)
}

// compileLike compiles a SQL LIKE pattern (% any run, _ one character,
// backslash escapes); fold makes it case-insensitive (ILIKE).
func compileLike(pat string, fold bool) func(string) bool {
	if fold {
		pat = strings.ToLower(pat)
	}
	type tok struct {
		r    rune
		kind byte // 'c' literal, '%' any run, '_' one
	}
	var toks []tok
	for i := 0; i < len(pat); {
		r, n := utf8.DecodeRuneInString(pat[i:])
		i += n
		switch {
		case r == '\\' && i < len(pat):
			r, n = utf8.DecodeRuneInString(pat[i:])
			i += n
			toks = append(toks, tok{r, 'c'})
		case r == '%':
			toks = append(toks, tok{0, '%'})
		case r == '_':
			toks = append(toks, tok{0, '_'})
		default:
			toks = append(toks, tok{r, 'c'})
		}
	}
	return func(s string) bool {
		if fold {
			s = strings.ToLower(s)
		}
		rs := []rune(s)
		// Greedy matching with backtracking to the last %: linear in
		// practice, O(len(s)·len(pattern)) at worst.
		si, pi, star, mark := 0, 0, -1, 0
		for si < len(rs) {
			switch {
			case pi < len(toks) && (toks[pi].kind == '_' || toks[pi].kind == 'c' && toks[pi].r == rs[si]):
				si++
				pi++
			case pi < len(toks) && toks[pi].kind == '%':
				star, mark = pi, si
				pi++
			case star >= 0:
				mark++
				si, pi = mark, star+1
			default:
				return false
			}
		}
		for pi < len(toks) && toks[pi].kind == '%' {
			pi++
		}
		return pi == len(toks)
	}
}
