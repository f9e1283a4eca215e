package movevalue

import (
	"math/bits"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// uintBits returns the width and name of an unsigned integer kind, or 0.
func uintBits(k ledgerapi.TypeTagKind) (int, string) {
	switch k {
	case ledgerapi.KindU8:
		return 8, "u8"
	case ledgerapi.KindU16:
		return 16, "u16"
	case ledgerapi.KindU32:
		return 32, "u32"
	case ledgerapi.KindU64:
		return 64, "u64"
	case ledgerapi.KindU128:
		return 128, "u128"
	case ledgerapi.KindU256:
		return 256, "u256"
	}
	return 0, ""
}

// allDigits reports whether s is a non-empty run of ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseUint parses a run of ASCII digits (leading zeros allowed) into
// little-endian 64-bit limbs, reporting false when the value needs more than
// nbits bits.
func parseUint(s string, nbits int) ([4]uint64, bool) {
	var l [4]uint64
	i := 0
	for i < len(s)-1 && s[i] == '0' {
		i++
	}
	nlimbs := (nbits + 63) / 64
	for ; i < len(s); i++ {
		carry := uint64(s[i] - '0')
		for j := 0; j < nlimbs; j++ {
			hi, lo := bits.Mul64(l[j], 10)
			lo, c := bits.Add64(lo, carry, 0)
			l[j] = lo
			carry = hi + c
		}
		if carry != 0 {
			return l, false
		}
	}
	if nbits < 64 && l[0]>>uint(nbits) != 0 {
		return l, false
	}
	return l, true
}

// appendUint appends the decimal form of a little-endian 256-bit number.
func appendUint(dst []byte, l [4]uint64) []byte {
	if l[1]|l[2]|l[3] == 0 {
		return strconv.AppendUint(dst, l[0], 10)
	}
	const chunk = 1e19 // 10^19 < 2^64
	var parts [5]uint64
	n := 0
	for l[0]|l[1]|l[2]|l[3] != 0 {
		var rem uint64
		for i := 3; i >= 0; i-- {
			l[i], rem = bits.Div64(rem, l[i], chunk)
		}
		parts[n] = rem
		n++
	}
	dst = strconv.AppendUint(dst, parts[n-1], 10)
	var buf [19]byte
	for i := n - 2; i >= 0; i-- {
		v := parts[i]
		for j := len(buf) - 1; j >= 0; j-- {
			buf[j] = byte('0' + v%10)
			v /= 10
		}
		dst = append(dst, buf[:]...)
	}
	return dst
}
