package storage_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

var (
	two          = ledgerapi.MustParseAddress("0x2")
	coinStoreTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{
			Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})}}
)

// TestStateKeyErrorsAreInvalidArgument checks that storage reports keys
// that do not encode, and bytes that are no key, as ErrInvalidArgument
// (the encodings themselves are tested in package onchain).
func TestStateKeyErrorsAreInvalidArgument(t *testing.T) {
	bad := storage.ModuleKey(two, "not an identifier")
	got, err := storage.EncodeKey([]byte{7}, bad)
	if !errors.Is(err, storage.ErrInvalidArgument) || !bytes.Equal(got, []byte{7}) {
		t.Errorf("EncodeKey(invalid) = %x, %v; want 07 and ErrInvalidArgument", got, err)
	}
	if _, err := storage.ParseStateKey([]byte{5}); !errors.Is(err, storage.ErrInvalidArgument) {
		t.Errorf("ParseStateKey(05): %v, want ErrInvalidArgument", err)
	}
	good := storage.ModuleKey(ledgerapi.AddressOne, "coin")
	enc, err := storage.EncodeKey(nil, good)
	want := "00" + "0000000000000000000000000000000000000000000000000000000000000001" + "26" + "00" +
		"0000000000000000000000000000000000000000000000000000000000000001" + "04636f696e"
	if err != nil || hex.EncodeToString(enc) != want {
		t.Fatalf("EncodeKey(%s) = %x, %v", good, enc, err)
	}
	back, err := storage.ParseStateKey(enc)
	if err != nil || !back.Equal(&good) {
		t.Errorf("ParseStateKey(EncodeKey(%s)) = %s, %v", good, back, err)
	}
}
