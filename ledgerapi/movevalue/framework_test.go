package movevalue

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// v7Addr is the account of facts §8 V7.
const v7Addr = "d19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"

// v7Account is the 147-byte Account value of facts §8 V7, field by field.
var v7Account = "20" + v7Addr + // authentication_key
	"0000000000000000" + // sequence_number 0
	"0400000000000000" + // guid_creation_num 4
	"0100000000000000" + "0000000000000000" + v7Addr + // coin_register_events: counter 1, creation 0
	"0000000000000000" + "0100000000000000" + v7Addr + // key_rotation_events: counter 0, creation 1
	"00" + "00" // rotation and signer capability offers: None

const v7AccountJSON = `{"authentication_key":"0x` + v7Addr + `",` +
	`"coin_register_events":{"counter":"1","guid":{"id":{"addr":"0x` + v7Addr + `","creation_num":"0"}}},` +
	`"guid_creation_num":"4",` +
	`"key_rotation_events":{"counter":"0","guid":{"id":{"addr":"0x` + v7Addr + `","creation_num":"1"}}},` +
	`"rotation_capability_offer":{"for":{"vec":[]}},` +
	`"sequence_number":"0",` +
	`"signer_capability_offer":{"for":{"vec":[]}}}`

// v7CoinStore is the 105-byte CoinStore<AptosCoin> value of V7.
var v7CoinStore = "2ac2eb0b00000000" + // coin 200000042
	"00" + // frozen
	"0200000000000000" + "0200000000000000" + v7Addr + // deposit_events
	"0000000000000000" + "0300000000000000" + v7Addr // withdraw_events

const v7CoinStoreJSON = `{"coin":{"value":"200000042"},` +
	`"deposit_events":{"counter":"2","guid":{"id":{"addr":"0x` + v7Addr + `","creation_num":"2"}}},` +
	`"frozen":false,` +
	`"withdraw_events":{"counter":"0","guid":{"id":{"addr":"0x` + v7Addr + `","creation_num":"3"}}}}`

func TestV7Account(t *testing.T) {
	c := testCodec(t)
	raw := unhex(t, v7Account)
	if len(raw) != 147 {
		t.Fatalf("V7 account is %d bytes, want 147", len(raw))
	}
	typ := mustType(t, "0x1::account::Account")
	js, err := c.BCSToJSON(typ, raw)
	if err != nil {
		t.Fatal(err)
	}
	if string(js) != v7AccountJSON {
		t.Fatalf("got  %s\nwant %s", js, v7AccountJSON)
	}
	back, err := c.JSONToBCS(typ, js)
	if err != nil || !bytes.Equal(back, raw) {
		t.Fatalf("JSON→BCS: %x, %v", back, err)
	}

	// The resources response carries it as bytes with the prefix 93 01.
	d := bcs.NewDecoder(append(unhex(t, "9301"), raw...))
	inner := d.ReadBytes("resource")
	if err := d.Finish(); err != nil || !bytes.Equal(inner, raw) {
		t.Fatalf("length prefix: %v", err)
	}
}

func TestV7CoinStore(t *testing.T) {
	c := testCodec(t)
	raw := unhex(t, v7CoinStore)
	if len(raw) != 105 {
		t.Fatalf("V7 CoinStore is %d bytes, want 105", len(raw))
	}
	typ := mustType(t, "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>")
	js, err := c.BCSToJSON(typ, raw)
	if err != nil || string(js) != v7CoinStoreJSON {
		t.Fatalf("got %s, %v\nwant %s", js, err, v7CoinStoreJSON)
	}
	back, err := c.JSONToBCS(typ, js)
	if err != nil || !bytes.Equal(back, raw) {
		t.Fatalf("JSON→BCS: %x, %v", back, err)
	}
}

// TestStreamingResources renders two resources back to back from one
// decoder, the way a resources endpoint walks its BCS.
func TestStreamingResources(t *testing.T) {
	c := testCodec(t)
	d := bcs.NewDecoder(unhex(t, v7CoinStore+v7Account))
	out := []byte(`[`)
	out, err := c.AppendJSON(out, mustType(t, "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>"), d)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, ',')
	out, err = c.AppendJSON(out, mustType(t, "0x1::account::Account"), d)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, ']')
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	if want := "[" + v7CoinStoreJSON + "," + v7AccountJSON + "]"; string(out) != want {
		t.Fatalf("got %s", out)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
}

func TestMapResolverGenerics(t *testing.T) {
	m := testResolver(t)
	tag := mustType(t, "0xcafe::m::Pair<vector<u8>, 0x1::coin::Coin<0x1::aptos_coin::AptosCoin>>").Struct
	l, err := m.StructLayout(*tag)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Fields) != 2 || l.Fields[0].Name != "second" ||
		l.Fields[0].Type.String() != "0x1::coin::Coin<0x1::aptos_coin::AptosCoin>" ||
		l.Fields[1].Type.String() != "vector<u8>" {
		t.Fatalf("substituted layout: %+v", l.Fields)
	}
	// The template is untouched.
	if got := m["0xcafe::m::Pair"].Fields[0].Type.String(); got != "0x0::__type_param::T1" {
		t.Fatalf("template modified: %s", got)
	}

	// An exact instantiation wins over the template.
	if err := m.Add("0xcafe::m::Box<u8>", "special: bool"); err != nil {
		t.Fatal(err)
	}
	if l, _ := m.StructLayout(*mustType(t, "0xcafe::m::Box<u8>").Struct); l.Fields[0].Name != "special" {
		t.Fatalf("exact entry not used: %+v", l.Fields)
	}
	if l, _ := m.StructLayout(*mustType(t, "0xcafe::m::Box<u16>").Struct); l.Fields[0].Type.String() != "u16" {
		t.Fatalf("template not used: %+v", l.Fields)
	}

	_, err = m.StructLayout(*mustType(t, "0xcafe::m::Nope").Struct)
	if !errors.Is(err, ErrUnknownStruct) {
		t.Fatalf("unknown struct: %v", err)
	}
	if err := m.Add("0xcafe::m::Three", "x: T2"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.StructLayout(*mustType(t, "0xcafe::m::Three<u8>").Struct); err == nil || errors.Is(err, ErrUnknownStruct) {
		t.Fatalf("missing type argument: %v", err)
	}

	// "T0" after "::" is a struct name, not a parameter.
	l, err = ParseLayout("x: 0x1::m::T0", "y: vector<T0>", "z: 0x1::m::S<T1, T0>")
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Fields[0].Type.String(); got != "0x1::m::T0" {
		t.Fatalf("struct T0 rewritten: %s", got)
	}
	sub, err := Substitute(l.Fields[2].Type, []ledgerapi.TypeTag{ledgerapi.TypeU8, ledgerapi.TypeBool})
	if err != nil || sub.String() != "0x1::m::S<bool, u8>" {
		t.Fatalf("Substitute: %s, %v", sub, err)
	}
	if !TypeParam(1).Equal(mustType(t, "0x0::__type_param::T1")) {
		t.Fatal("TypeParam(1) form")
	}
	for _, bad := range [][]string{{"x u8"}, {"x: u8", "x: bool"}, {"1x: u8"}, {"x: u9"}, {"x:: u8"}} {
		if _, err := ParseLayout(bad...); err == nil {
			t.Errorf("ParseLayout(%q) accepted", bad)
		}
	}
}
