package onchain_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

var (
	two          = ledgerapi.MustParseAddress("0x2")
	accountTag   = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "Account"}
	coinStoreTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{
			Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})}}
)

// TestStateKeyHash checks the vectors of aptos-core's
// types/src/state_store/state_key/tests.rs.
func TestStateKeyHash(t *testing.T) {
	tests := []struct {
		key  onchain.StateKey
		want string
	}{
		{onchain.ResourceKey(two, accountTag), "8f9ab5d5e3c9f5b885fcceea388fecd16bdb490da08aac9d4f026ddc66733def"},
		{onchain.ModuleKey(two, "mymodule"), "83d33b345c5e4b25d8f4dfe2b98b492024313b3b6e4febea6bfa844dbd850200"},
		{onchain.TableItemKey(ledgerapi.MustParseAddress("0x1002"), []byte{7, 2, 3}), "6f5550015f7a6036f88b2458f98a7e4800aba09e83f8f294dbf70bff77f224e6"},
	}
	for _, tc := range tests {
		h, err := tc.key.Hash()
		if err != nil {
			t.Fatalf("%s: %v", tc.key, err)
		}
		if got := hex.EncodeToString(h[:]); got != tc.want {
			t.Errorf("Hash(%s) = %s, want %s", tc.key, got, tc.want)
		}
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

const (
	hexOne   = "0000000000000000000000000000000000000000000000000000000000000001"
	hex1002  = "0000000000000000000000000000000000000000000000000000000000001002"
	hexTwo   = "0000000000000000000000000000000000000000000000000000000000000002"
	resource = "00" + hexTwo + "32" + "01" + hexOne + "076163636f756e74" + "074163636f756e74" + "00"
)

// TestStateKeyEncode checks the BCS of aptos-core's StateKey, which is also
// the X-Aptos-Cursor format, and that ParseStateKey inverts it.
func TestStateKeyEncode(t *testing.T) {
	tests := []struct {
		key  onchain.StateKey
		want string
	}{
		{onchain.ResourceKey(two, accountTag), resource},
		{onchain.ModuleKey(ledgerapi.AddressOne, "coin"), "00" + hexOne + "26" + "00" + hexOne + "04636f696e"},
		{onchain.TableItemKey(ledgerapi.MustParseAddress("0x1002"), []byte{7, 2, 3}), "01" + hex1002 + "03070203"},
		{onchain.TableItemKey(ledgerapi.MustParseAddress("0x1002"), []byte{}), "01" + hex1002 + "00"},
		{onchain.ResourceKey(two, coinStoreTag), "00" + hexTwo + "68" + "01" + hexOne + "04636f696e" + "09436f696e53746f7265" +
			"01" + "07" + hexOne + "0a6170746f735f636f696e" + "094170746f73436f696e" + "00"},
	}
	for _, tc := range tests {
		enc, err := tc.key.Encode()
		if err != nil {
			t.Fatalf("Encode(%s): %v", tc.key, err)
		}
		if got := hex.EncodeToString(enc); got != tc.want {
			t.Errorf("Encode(%s)\n got %s\nwant %s", tc.key, got, tc.want)
		}
		if cap(enc) != len(enc) {
			t.Errorf("Encode(%s) sized its buffer %d for %d bytes", tc.key, cap(enc), len(enc))
		}
		appended, err := tc.key.AppendEncode([]byte{0xee})
		if err != nil || hex.EncodeToString(appended) != "ee"+tc.want {
			t.Errorf("AppendEncode(%s) onto ee = %x, %v", tc.key, appended, err)
		}
		back, err := onchain.ParseStateKey(enc)
		if err != nil {
			t.Fatalf("ParseStateKey(%s): %v", tc.key, err)
		}
		again, _ := back.Encode()
		if !bytes.Equal(again, enc) || back.Kind != tc.key.Kind || back.String() != tc.key.String() {
			t.Errorf("ParseStateKey(Encode(%s)) = %s", tc.key, back)
		}
	}
}

func TestParseStateKeyRejects(t *testing.T) {
	module := func(addr, pathAddr string) string {
		return "00" + addr + "26" + "00" + pathAddr + "04636f696e"
	}
	tests := []struct {
		name string
		hex  string
	}{
		{"empty", ""},
		{"raw variant", "02" + "03010203"},
		{"unknown variant", "05"},
		{"truncated address", "00" + hexOne[:20]},
		{"trailing byte", resource + "00"},
		{"resource group path", "00" + hexTwo + "32" + "02" + hexOne + "076163636f756e74" + "074163636f756e74" + "00"},
		{"path with trailing byte", "00" + hexTwo + "33" + "01" + hexOne + "076163636f756e74" + "074163636f756e74" + "00" + "00"},
		{"module under another address", module(hexTwo, hexOne)},
		{"module name not an identifier", "00" + hexOne + "26" + "00" + hexOne + "04636f2d6e"},
		{"table key length beyond input", "01" + hex1002 + "05070203"},
	}
	for _, tc := range tests {
		if _, err := onchain.ParseStateKey(mustHex(tc.hex)); !errors.Is(err, onchain.ErrInvalidStateKey) {
			t.Errorf("%s: error %v, want ErrInvalidStateKey", tc.name, err)
		}
	}
	if _, err := onchain.ParseStateKey(mustHex(module(hexOne, hexOne))); err != nil {
		t.Errorf("control case: %v", err)
	}
}

func TestStateKeyValidate(t *testing.T) {
	deep := ledgerapi.TypeU8
	for range ledgerapi.MaxTypeTagNesting + 1 {
		deep = ledgerapi.VectorOf(deep)
	}
	tests := []struct {
		name string
		key  onchain.StateKey
		ok   bool
	}{
		{"resource", onchain.ResourceKey(two, coinStoreTag), true},
		{"module", onchain.ModuleKey(two, "m_1"), true},
		{"table item", onchain.TableItemKey(two, nil), true},
		{"zero kind", onchain.StateKey{}, false},
		{"unknown kind", onchain.StateKey{Kind: 4}, false},
		{"bad module name", onchain.ModuleKey(two, "1m"), false},
		{"empty struct name", onchain.ResourceKey(two, ledgerapi.StructTag{Module: "m"}), false},
		{"vector without element", onchain.ResourceKey(two, ledgerapi.StructTag{Module: "m", Name: "S",
			TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindVector}}}), false},
		{"struct type without struct", onchain.ResourceKey(two, ledgerapi.StructTag{Module: "m", Name: "S",
			TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindStruct}}}), false},
		{"unknown type kind", onchain.ResourceKey(two, ledgerapi.StructTag{Module: "m", Name: "S",
			TypeArgs: []ledgerapi.TypeTag{{Kind: 11}}}), false},
		{"nesting too deep", onchain.ResourceKey(two, ledgerapi.StructTag{Module: "m", Name: "S",
			TypeArgs: []ledgerapi.TypeTag{deep}}), false},
	}
	for _, tc := range tests {
		err := tc.key.Validate()
		if tc.ok != (err == nil) {
			t.Errorf("%s: Validate() = %v", tc.name, err)
		}
		if !tc.ok {
			if !errors.Is(err, onchain.ErrInvalidStateKey) {
				t.Errorf("%s: error %v does not wrap ErrInvalidStateKey", tc.name, err)
			}
			if _, err := tc.key.Encode(); err == nil {
				t.Errorf("%s: Encode accepted an invalid key", tc.name)
			}
			if _, err := tc.key.Hash(); err == nil {
				t.Errorf("%s: Hash accepted an invalid key", tc.name)
			}
		}
	}
}

func TestStateKeyString(t *testing.T) {
	tests := []struct {
		key  onchain.StateKey
		want string
	}{
		{onchain.ResourceKey(two, accountTag), "resource 0x1::account::Account at 0x2"},
		{onchain.ModuleKey(two, "m"), "module m at 0x2"},
		{onchain.TableItemKey(two, []byte{0xab}), "table item 0xab of 0x2"},
		{onchain.StateKey{Kind: 9}, "StateKeyKind(9)"},
	}
	for _, tc := range tests {
		if got := tc.key.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}

// TestStateKeyAppendEncode checks that encoding a key into a stack buffer,
// as lookups do, allocates nothing, and that an invalid key leaves dst as
// it was.
func TestStateKeyAppendEncode(t *testing.T) {
	key := onchain.ResourceKey(two, coinStoreTag)
	allocs := testing.AllocsPerRun(100, func() {
		var buf [onchain.KeyBufferSize]byte
		if _, err := key.AppendEncode(buf[:0]); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("AppendEncode into a stack buffer: %v allocations, want 0", allocs)
	}
	bad := onchain.ResourceKey(two, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "no-t valid", Name: "X"})
	got, err := bad.AppendEncode([]byte{1, 2})
	if !errors.Is(err, onchain.ErrInvalidStateKey) || !bytes.Equal(got, []byte{1, 2}) {
		t.Errorf("AppendEncode(invalid) = %x, %v; want 0102 and ErrInvalidStateKey", got, err)
	}
}

// TestEncodedSize: the size computed without encoding is the encoding's.
func TestEncodedSize(t *testing.T) {
	for _, k := range []onchain.StateKey{
		onchain.ResourceKey(ledgerapi.AddressOne, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
			TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})}}),
		onchain.ModuleKey(ledgerapi.AddressOne, "fungible_asset"),
		onchain.TableItemKey(ledgerapi.AddressOne, make([]byte, 300)),
	} {
		b, err := k.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if k.EncodedSize() != len(b) {
			t.Errorf("%s: EncodedSize %d, encoding %d bytes", k, k.EncodedSize(), len(b))
		}
	}
}

// TestStateKeyEqual checks that keys differing in any one field of a
// resource key (or of a module or table item key) are unequal.
func TestStateKeyEqual(t *testing.T) {
	other := func(f func(*ledgerapi.StructTag)) ledgerapi.StructTag {
		tag := coinStoreTag
		tag.TypeArgs = []ledgerapi.TypeTag{coinStoreTag.TypeArgs[0]}
		f(&tag)
		return tag
	}
	base := onchain.ResourceKey(two, coinStoreTag)
	same := onchain.ResourceKey(two, other(func(*ledgerapi.StructTag) {}))
	if !base.Equal(&same) {
		t.Fatal("equal resource keys compare unequal")
	}
	aptos := ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "Other"})
	for name, k := range map[string]onchain.StateKey{
		"holder":        onchain.ResourceKey(ledgerapi.AddressOne, coinStoreTag),
		"struct":        onchain.ResourceKey(two, other(func(s *ledgerapi.StructTag) { s.Name = "CoinInfo" })),
		"module":        onchain.ResourceKey(two, other(func(s *ledgerapi.StructTag) { s.Module = "coin2" })),
		"type address":  onchain.ResourceKey(two, other(func(s *ledgerapi.StructTag) { s.Address = two })),
		"no type args":  onchain.ResourceKey(two, other(func(s *ledgerapi.StructTag) { s.TypeArgs = nil })),
		"type argument": onchain.ResourceKey(two, other(func(s *ledgerapi.StructTag) { s.TypeArgs[0] = aptos })),
		"module key":    onchain.ModuleKey(two, "coin"),
		"table item":    onchain.TableItemKey(two, []byte{1}),
	} {
		if base.Equal(&k) || k.Equal(&base) {
			t.Errorf("%s: %s equals %s", name, k, base)
		}
	}
	m1, m2, m3 := onchain.ModuleKey(two, "coin"), onchain.ModuleKey(two, "coin"), onchain.ModuleKey(ledgerapi.AddressOne, "coin")
	i1, i2, i3 := onchain.TableItemKey(two, []byte{1}), onchain.TableItemKey(two, []byte{1}), onchain.TableItemKey(two, []byte{2})
	if !m1.Equal(&m2) || m1.Equal(&m3) || !i1.Equal(&i2) || i1.Equal(&i3) {
		t.Fatal("module or table item keys compare wrongly")
	}
}
