package movevalue

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// testResolver returns the framework structs the facts document describes
// plus a few synthetic ones covering every kind.
func testResolver(t testing.TB) MapResolver {
	t.Helper()
	m := MapResolver{}
	add := func(tag string, fields ...string) {
		t.Helper()
		if err := m.Add(tag, fields...); err != nil {
			t.Fatal(err)
		}
	}
	add("0x1::guid::ID", "creation_num: u64", "addr: address")
	add("0x1::guid::GUID", "id: 0x1::guid::ID")
	add("0x1::event::EventHandle", "counter: u64", "guid: 0x1::guid::GUID")
	add("0x1::account::CapabilityOffer", "for: 0x1::option::Option<address>")
	add("0x1::account::Account",
		"authentication_key: vector<u8>",
		"sequence_number: u64",
		"guid_creation_num: u64",
		"coin_register_events: 0x1::event::EventHandle<0x1::account::CoinRegisterEvent>",
		"key_rotation_events: 0x1::event::EventHandle<0x1::account::KeyRotationEvent>",
		"rotation_capability_offer: 0x1::account::CapabilityOffer<0x1::account::RotationCapability>",
		"signer_capability_offer: 0x1::account::CapabilityOffer<0x1::account::SignerCapability>")
	add("0x1::coin::Coin", "value: u64")
	add("0x1::coin::CoinStore",
		"coin: 0x1::coin::Coin<T0>",
		"frozen: bool",
		"deposit_events: 0x1::event::EventHandle<0x1::coin::DepositEvent>",
		"withdraw_events: 0x1::event::EventHandle<0x1::coin::WithdrawEvent>")
	add("0x1::fungible_asset::FungibleStore",
		"metadata: 0x1::object::Object<0x1::fungible_asset::Metadata>",
		"balance: u64",
		"frozen: bool")
	add("0x1::fungible_asset::Metadata",
		"name: 0x1::string::String", "symbol: 0x1::string::String", "decimals: u8",
		"icon_uri: 0x1::string::String", "project_uri: 0x1::string::String")
	add("0x1::transaction_fee::FeeStatement",
		"total_charge_gas_units: u64", "execution_gas_units: u64", "io_gas_units: u64",
		"storage_fee_octas: u64", "storage_fee_refund_octas: u64")
	add("0xcafe::m::All",
		"b: bool", "x8: u8", "x16: u16", "x32: u32", "x64: u64", "x128: u128", "x256: u256",
		"a: address", "bytes: vector<u8>", "v: vector<u64>", "s: 0x1::string::String",
		"o: 0x1::option::Option<u8>", "obj: 0x1::object::Object<0xcafe::m::Empty>",
		"nested: vector<vector<u16>>")
	add("0xcafe::m::Box", "val: T0")
	add("0xcafe::m::Pair", "second: T1", "first: T0")
	add("0xcafe::m::Empty")
	add("0xcafe::m::Loop", "next: 0xcafe::m::Loop")
	add("0xcafe::m::Wrap", "coin: 0x1::coin::Coin<0x1::aptos_coin::AptosCoin>")
	return m
}

func testCodec(t testing.TB) Codec { return Codec{Resolver: testResolver(t)} }

func mustType(t testing.TB, s string) ledgerapi.TypeTag {
	t.Helper()
	tag, err := ledgerapi.ParseTypeTag(s)
	if err != nil {
		t.Fatal(err)
	}
	return tag
}

// unhex decodes hex with spaces allowed between groups.
func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatalf("bad test hex %q: %v", s, err)
	}
	return b
}
