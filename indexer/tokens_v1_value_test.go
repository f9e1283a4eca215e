package indexer

import "testing"

// TestV1PropertyValue covers how v1 property values render: decoded by
// their type name when the bytes are exactly such a value, else 0x-hex
// (an address, read as a BCS string as the processor reads it, stays hex).
func TestV1PropertyValue(t *testing.T) {
	addrBytes := make([]byte, 32)
	addrBytes[31] = 1
	for _, c := range []struct {
		typ  string
		v    []byte
		want string
	}{
		{"0x1::string::String", []byte{3, 'c', 'a', 't'}, "cat"},
		{"0x1::string::String", []byte{3, 'c', 'a'}, "0x036361"},
		{"u8", []byte{200}, "200"},
		{"u64", []byte{1, 1, 0, 0, 0, 0, 0, 0}, "257"},
		{"u64", []byte{1, 1}, "0x0101"},
		{"u128", []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}, "18446744073709551616"},
		{"bool", []byte{1}, "true"},
		{"bool", []byte{2}, "0x02"},
		{"bool", []byte{0, 0}, "0x0000"},
		{"address", addrBytes, "0x0000000000000000000000000000000000000000000000000000000000000001"},
		{"address", []byte{2, 'a', 'b'}, "0xab"},
		{"vector<u8>", []byte{1, 2}, "0x0102"},
		{"u16", []byte{1, 0}, "0x0100"},
	} {
		if got := v1PropertyValue(c.typ, c.v); got != c.want {
			t.Errorf("%s %x = %q, want %q", c.typ, c.v, got, c.want)
		}
	}
}
