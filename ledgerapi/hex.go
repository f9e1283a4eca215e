package ledgerapi

import (
	"encoding/hex"
	"fmt"
)

// HexBytes is a byte string carried in JSON as "0x" followed by two lower-case
// hex digits per byte. Zeros are never trimmed. Input accepts the digits with
// or without "0x", in any case; an odd digit count is an error.
type HexBytes []byte

// ParseHex decodes a hex string with an optional 0x prefix.
func ParseHex(s string) ([]byte, error) {
	h := s
	if len(h) >= 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X') {
		h = h[2:]
	}
	if len(h)%2 != 0 {
		return nil, fmt.Errorf("invalid hex %q: %v", truncate(s), errOddHex)
	}
	out := make([]byte, len(h)/2)
	if _, err := hex.Decode(out, []byte(h)); err != nil {
		return nil, fmt.Errorf("invalid hex %q: not a hex digit", truncate(s))
	}
	return out, nil
}

// String returns the 0x-prefixed lower-case hex form.
func (h HexBytes) String() string {
	buf := make([]byte, 2+2*len(h))
	buf[0], buf[1] = '0', 'x'
	hex.Encode(buf[2:], h)
	return string(buf)
}

// MarshalText writes the 0x-prefixed form.
func (h HexBytes) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// MarshalJSON writes the 0x-prefixed form as a JSON string; nil is "0x".
func (h HexBytes) MarshalJSON() ([]byte, error) {
	return h.AppendJSON(make([]byte, 0, 4+2*len(h))), nil
}

// AppendJSON appends MarshalJSON's bytes (the quoted 0x-prefixed hex) to dst.
func (h HexBytes) AppendJSON(dst []byte) []byte {
	dst = append(dst, '"', '0', 'x')
	dst = hex.AppendEncode(dst, h)
	return append(dst, '"')
}

// UnmarshalText parses hex with an optional 0x prefix.
func (h *HexBytes) UnmarshalText(b []byte) error {
	v, err := ParseHex(string(b))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// UnmarshalJSON requires a JSON string of hex.
func (h *HexBytes) UnmarshalJSON(b []byte) error {
	s, err := unquote(b, "hex bytes")
	if err == nil {
		err = h.UnmarshalText([]byte(s))
	}
	if err != nil {
		return valueError(h, err)
	}
	return nil
}
