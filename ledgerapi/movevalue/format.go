package movevalue

import (
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string literal, escaping like serde_json
// (the real node's encoder): quote, backslash and control characters only.
func appendString(dst []byte, s []byte) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendKey appends a JSON object key and the colon.
func appendKey(dst []byte, name string) []byte {
	return append(appendStringS(dst, name), ':')
}

func appendStringS(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return appendString(dst, []byte(s))
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// appendAddress appends the AIP-40 form of a as a JSON string.
func appendAddress(dst []byte, a *ledgerapi.Address) []byte {
	if a.IsSpecial() {
		return append(dst, '"', '0', 'x', hexDigits[a[31]], '"')
	}
	dst = append(dst, '"', '0', 'x')
	for _, b := range a {
		dst = append(dst, hexDigits[b>>4], hexDigits[b&0xf])
	}
	return append(dst, '"')
}

// growHex extends dst by the 2n+4 bytes of a quoted "0x…" string of n bytes
// and returns the extended slice and the n-byte window (its second half)
// where the raw bytes should be placed before calling fillHex.
func growHex(dst []byte, n int) ([]byte, []byte) {
	start := len(dst)
	dst = slices.Grow(dst, 2*n+4)[:start+2*n+4]
	dst[start], dst[start+1], dst[start+2] = '"', '0', 'x'
	dst[len(dst)-1] = '"'
	body := dst[start+3 : start+3+2*n]
	return dst, body[n:]
}

// fillHex hex-encodes, in place, the raw bytes that sit in the second half of
// body. Encoding runs forwards: output byte 2i+1 never passes input byte n+i,
// so no input byte is overwritten before it is read.
func fillHex(body []byte) {
	n := len(body) / 2
	for i := 0; i < n; i++ {
		b := body[n+i]
		body[2*i], body[2*i+1] = hexDigits[b>>4], hexDigits[b&0xf]
	}
}

// sortedOrder returns the indices of fields in alphabetical order of their
// names, or nil when the declaration order is already sorted. buf is used
// when large enough.
func sortedOrder(fields []Field, buf []int) []int {
	sorted := true
	for i := 1; i < len(fields); i++ {
		if fields[i-1].Name > fields[i].Name {
			sorted = false
			break
		}
	}
	if sorted {
		return nil
	}
	order := buf[:0]
	for i := range fields {
		order = append(order, i)
	}
	// Insertion sort: layouts are small and this allocates nothing.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && fields[order[j-1]].Name > fields[order[j]].Name; j-- {
			order[j-1], order[j] = order[j], order[j-1]
		}
	}
	return order
}
