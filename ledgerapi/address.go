package ledgerapi

import (
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// AddressLength is the size of an account address in bytes.
const AddressLength = 32

// Address is a 32-byte account address.
//
// Text input is relaxed: with or without "0x", 1 to 64 hex digits (short
// forms are left-padded with zeros), any letter case. Text output follows
// AIP-40: special addresses 0x0..0xf are written short ("0x1"), every other
// address as "0x" and 64 lower-case hex digits. Inside type tags addresses are
// written with leading zeros trimmed (see ShortString).
type Address [AddressLength]byte

// Well-known addresses.
var (
	AddressZero  = Address{}
	AddressOne   = mustSpecial(1)
	AddressThree = mustSpecial(3)
	AddressFour  = mustSpecial(4)
	AddressA     = mustSpecial(0xa)
)

func mustSpecial(b byte) Address {
	var a Address
	a[31] = b
	return a
}

// ParseAddress parses an address in any accepted text form.
func ParseAddress(s string) (Address, error) {
	var a Address
	h := s
	if len(h) >= 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X') {
		h = h[2:]
	}
	if h == "" {
		return a, fmt.Errorf("invalid address %q: no hex digits", truncate(s))
	}
	if len(h) > 2*AddressLength {
		return a, fmt.Errorf("invalid address %q: longer than 64 hex digits", truncate(s))
	}
	var buf [2 * AddressLength]byte
	pad := len(buf) - len(h)
	for i := 0; i < pad; i++ {
		buf[i] = '0'
	}
	copy(buf[pad:], h)
	if _, err := hex.Decode(a[:], buf[:]); err != nil {
		return Address{}, fmt.Errorf("invalid address %q: not hex", truncate(s))
	}
	return a, nil
}

// MustParseAddress is ParseAddress that panics; for constants and tests.
func MustParseAddress(s string) Address {
	a, err := ParseAddress(s)
	if err != nil {
		panic(err)
	}
	return a
}

// IsSpecial reports whether a is one of 0x0..0xf.
func (a Address) IsSpecial() bool {
	for _, b := range a[:31] {
		if b != 0 {
			return false
		}
	}
	return a[31] < 0x10
}

// String returns the AIP-40 form.
func (a Address) String() string {
	if a.IsSpecial() {
		return "0x" + string("0123456789abcdef"[a[31]])
	}
	return a.LongString()
}

// LongString returns "0x" and all 64 hex digits.
func (a Address) LongString() string {
	var buf [2 + 2*AddressLength]byte
	buf[0], buf[1] = '0', 'x'
	hex.Encode(buf[2:], a[:])
	return string(buf[:])
}

// ShortString returns "0x" and the hex digits with leading zeros trimmed
// ("0x0" for the zero address), the form used inside type tags.
func (a Address) ShortString() string {
	s := a.LongString()[2:]
	i := 0
	for i < len(s)-1 && s[i] == '0' {
		i++
	}
	return "0x" + s[i:]
}

// MarshalText writes the AIP-40 form (used by JSON and map keys).
func (a Address) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText parses any accepted text form.
func (a *Address) UnmarshalText(b []byte) error {
	v, err := ParseAddress(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// UnmarshalJSON requires a JSON string.
func (a *Address) UnmarshalJSON(b []byte) error {
	s, err := unquote(b, "address")
	if err == nil {
		err = a.UnmarshalText([]byte(s))
	}
	if err != nil {
		return valueError(a, err)
	}
	return nil
}

// MarshalBCS writes the 32 raw bytes.
func (a Address) MarshalBCS(e *bcs.Encoder) { e.Fixed(a[:]) }

// UnmarshalBCS reads 32 raw bytes.
func (a *Address) UnmarshalBCS(d *bcs.Decoder) { d.Fixed(a[:], "address") }

var errOddHex = errors.New("odd number of hex digits")
