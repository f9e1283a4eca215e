package ledgerapi

import (
	"encoding/hex"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// HashLength is the size of a hash in bytes.
const HashLength = 32

// HashValue is a 32-byte hash, written as "0x" and 64 lower-case hex digits.
type HashValue [HashLength]byte

// ParseHash parses exactly 64 hex digits with an optional 0x prefix.
func ParseHash(s string) (HashValue, error) {
	var h HashValue
	x := s
	if len(x) >= 2 && x[0] == '0' && (x[1] == 'x' || x[1] == 'X') {
		x = x[2:]
	}
	if len(x) != 2*HashLength {
		return h, fmt.Errorf("invalid hash %q: want 64 hex digits, got %d", truncate(s), len(x))
	}
	if _, err := hex.Decode(h[:], []byte(x)); err != nil {
		return HashValue{}, fmt.Errorf("invalid hash %q: not hex", truncate(s))
	}
	return h, nil
}

// String returns the 0x-prefixed form.
func (h HashValue) String() string {
	var buf [2 + 2*HashLength]byte
	buf[0], buf[1] = '0', 'x'
	hex.Encode(buf[2:], h[:])
	return string(buf[:])
}

// IsZero reports whether every byte is zero.
func (h HashValue) IsZero() bool { return h == HashValue{} }

// MarshalText writes the 0x-prefixed form.
func (h HashValue) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText parses 64 hex digits.
func (h *HashValue) UnmarshalText(b []byte) error {
	v, err := ParseHash(string(b))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// UnmarshalJSON requires a JSON string.
func (h *HashValue) UnmarshalJSON(b []byte) error {
	s, err := unquote(b, "hash")
	if err != nil {
		return err
	}
	return h.UnmarshalText([]byte(s))
}

// MarshalBCS writes the hash as a length-prefixed byte string, as Aptos's
// HashValue serializes in BCS.
func (h HashValue) MarshalBCS(e *bcs.Encoder) { e.WriteBytes(h[:]) }

// UnmarshalBCS reads a length-prefixed 32-byte string.
func (h *HashValue) UnmarshalBCS(d *bcs.Decoder) {
	n := d.SeqLen("hash length", 1)
	if d.Failed() {
		return
	}
	if n != HashLength {
		d.Failf(bcs.ErrLength, "hash", "want 32 bytes, got %d", n)
		return
	}
	d.Fixed(h[:], "hash")
}
