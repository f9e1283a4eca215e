package ledgerapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
)

// U64 is a 64-bit unsigned integer carried in JSON as a decimal string
// ("1000"), so that clients without 64-bit JSON numbers keep full precision.
type U64 uint64

// ParseU64 parses a canonical decimal u64: ASCII digits only, no sign, no
// spaces, no hex, at most 20 digits and no overflow. Leading zeros are allowed
// ("007") as the real node allows them.
func ParseU64(s string) (uint64, error) {
	if err := checkDecimal(s, 20); err != nil {
		return 0, err
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q does not fit in u64", s)
	}
	return v, nil
}

func checkDecimal(s string, maxDigits int) error {
	if s == "" {
		return errors.New("empty string is not a number")
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return fmt.Errorf("%q is not a decimal unsigned integer", truncate(s))
		}
	}
	// Allow leading zeros but bound the work done on absurd inputs.
	if len(s) > maxDigits+64 {
		return fmt.Errorf("%q is too long to be a valid number", truncate(s))
	}
	return nil
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

func (v U64) String() string { return strconv.FormatUint(uint64(v), 10) }

// MarshalJSON writes the decimal string form.
func (v U64) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 22)
	b = append(b, '"')
	b = strconv.AppendUint(b, uint64(v), 10)
	return append(b, '"'), nil
}

// UnmarshalJSON accepts only a JSON string holding a canonical decimal u64.
func (v *U64) UnmarshalJSON(b []byte) error {
	s, err := unquote(b, "u64")
	if err != nil {
		return valueError(v, err)
	}
	n, err := ParseU64(s)
	if err != nil {
		return valueError(v, err)
	}
	*v = U64(n)
	return nil
}

// MarshalText and UnmarshalText make U64 usable as a query or map key.
func (v U64) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText parses a decimal u64.
func (v *U64) UnmarshalText(b []byte) error {
	n, err := ParseU64(string(b))
	if err != nil {
		return err
	}
	*v = U64(n)
	return nil
}

// unquote returns the content of a JSON string literal without escapes
// processing beyond the standard library's, rejecting other JSON kinds.
func unquote(b []byte, kind string) (string, error) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", fmt.Errorf("%s must be a JSON string, got %s", kind, truncate(string(b)))
	}
	inner := b[1 : len(b)-1]
	for _, c := range inner {
		if c == '\\' {
			s, err := strconv.Unquote(string(b))
			if err != nil {
				return "", fmt.Errorf("%s: invalid JSON string", kind)
			}
			return s, nil
		}
	}
	return string(inner), nil
}

var (
	maxU128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	maxU256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
)

// U128 is a 128-bit unsigned integer as two little-endian 64-bit limbs,
// carried in JSON as a decimal string.
type U128 struct{ Lo, Hi uint64 }

// U256 is a 256-bit unsigned integer as four little-endian 64-bit limbs,
// carried in JSON as a decimal string.
type U256 [4]uint64

// ParseU128 parses a canonical decimal u128.
func ParseU128(s string) (U128, error) {
	n, err := parseBig(s, 39, maxU128, "u128")
	if err != nil {
		return U128{}, err
	}
	l := limbs(n, 2)
	return U128{Lo: l[0], Hi: l[1]}, nil
}

// ParseU256 parses a canonical decimal u256.
func ParseU256(s string) (U256, error) {
	n, err := parseBig(s, 78, maxU256, "u256")
	if err != nil {
		return U256{}, err
	}
	var v U256
	copy(v[:], limbs(n, 4))
	return v, nil
}

func parseBig(s string, maxDigits int, max *big.Int, kind string) (*big.Int, error) {
	if err := checkDecimal(s, maxDigits); err != nil {
		return nil, err
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || n.Cmp(max) > 0 {
		return nil, fmt.Errorf("%q does not fit in %s", truncate(s), kind)
	}
	return n, nil
}

func limbs(n *big.Int, count int) []uint64 {
	out := make([]uint64, count)
	b := n.FillBytes(make([]byte, 8*count)) // big-endian
	for i := 0; i < count; i++ {
		var l uint64
		for _, c := range b[len(b)-8*(i+1) : len(b)-8*i] {
			l = l<<8 | uint64(c)
		}
		out[i] = l
	}
	return out
}

func fromLimbs(l []uint64) *big.Int {
	n := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		n.Lsh(n, 64)
		n.Or(n, new(big.Int).SetUint64(l[i]))
	}
	return n
}

// Big returns v as a big.Int.
func (v U128) Big() *big.Int { return fromLimbs([]uint64{v.Lo, v.Hi}) }

// Big returns v as a big.Int.
func (v U256) Big() *big.Int { return fromLimbs(v[:]) }

func (v U128) String() string {
	if v.Hi == 0 {
		return strconv.FormatUint(v.Lo, 10)
	}
	return v.Big().String()
}

func (v U256) String() string {
	if v[1]|v[2]|v[3] == 0 {
		return strconv.FormatUint(v[0], 10)
	}
	return v.Big().String()
}

// MarshalJSON writes the decimal string form.
func (v U128) MarshalJSON() ([]byte, error) { return []byte(`"` + v.String() + `"`), nil }

// MarshalJSON writes the decimal string form.
func (v U256) MarshalJSON() ([]byte, error) { return []byte(`"` + v.String() + `"`), nil }

// UnmarshalJSON accepts only a JSON string holding a canonical decimal u128.
func (v *U128) UnmarshalJSON(b []byte) error {
	s, err := unquote(b, "u128")
	if err != nil {
		return valueError(v, err)
	}
	n, err := ParseU128(s)
	if err != nil {
		return valueError(v, err)
	}
	*v = n
	return nil
}

// UnmarshalJSON accepts only a JSON string holding a canonical decimal u256.
func (v *U256) UnmarshalJSON(b []byte) error {
	s, err := unquote(b, "u256")
	if err != nil {
		return valueError(v, err)
	}
	n, err := ParseU256(s)
	if err != nil {
		return valueError(v, err)
	}
	*v = n
	return nil
}

// valueError reports a JSON value that does not decode as *dst's type as a
// *json.UnmarshalTypeError, so that encoding/json adds the path of the
// field it belongs to. Value carries the whole explanation.
func valueError[T any](dst *T, err error) error {
	return &json.UnmarshalTypeError{Value: err.Error(), Type: reflect.TypeFor[T]()}
}
