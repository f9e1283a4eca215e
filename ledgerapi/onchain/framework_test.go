package onchain_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// A real account's resources (vector V7 of the shared reference facts: the
// Go SDK's resource test holds the BCS of account 0xd19d…a6bb's resources
// as the API served them).
const (
	realAddr = "d19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"
	// CoinStore<AptosCoin>: 200000042 coins, not frozen, deposit events
	// (counter 2, creation 2), withdraw events (counter 0, creation 3).
	realCoinStore = "2ac2eb0b00000000" + "00" + "0200000000000000" + "0200000000000000" + realAddr +
		"0000000000000000" + "0300000000000000" + realAddr
	// Account: auth key = address, sequence 0, guid_creation_num 4,
	// coin_register_events (counter 1, creation 0), key_rotation_events
	// (counter 0, creation 1), no capability offers.
	realAccount = "20" + realAddr + "0000000000000000" + "0400000000000000" +
		"0100000000000000" + "0000000000000000" + realAddr + "0000000000000000" + "0100000000000000" + realAddr + "0000"
)

func TestFrameworkLayoutsReadRealBytes(t *testing.T) {
	addr := ledgerapi.MustParseAddress("0x" + realAddr)
	raw, _ := hexDecode(realCoinStore)
	if len(raw) != 105 {
		t.Fatalf("CoinStore vector has %d bytes, the real one 105", len(raw))
	}
	var cs onchain.CoinStore
	if err := bcs.Unmarshal(raw, &cs); err != nil {
		t.Fatal(err)
	}
	want := onchain.CoinStore{Value: 200000042,
		DepositEvents:  onchain.EventHandle{Counter: 2, CreationNum: 2, Addr: addr},
		WithdrawEvents: onchain.EventHandle{Counter: 0, CreationNum: 3, Addr: addr}}
	if cs != want {
		t.Errorf("CoinStore %+v, want %+v", cs, want)
	}
	if again := bcs.Marshal(&cs); !bytes.Equal(again, raw) {
		t.Errorf("CoinStore re-encodes to %x", again)
	}
	if k := cs.DepositEvents.Key(); k != (onchain.EventKey{CreationNumber: 2, Account: addr}) {
		t.Errorf("deposit stream %s", k)
	}

	raw, _ = hexDecode(realAccount)
	if len(raw) != 147 {
		t.Fatalf("Account vector has %d bytes, the real one 147", len(raw))
	}
	var acc onchain.Account
	if err := bcs.Unmarshal(raw, &acc); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(acc.AuthKey, addr[:]) || acc.SequenceNumber != 0 || acc.GUIDCreationNum != 4 ||
		acc.CoinRegisterEvents != (onchain.EventHandle{Counter: 1, CreationNum: 0, Addr: addr}) ||
		acc.KeyRotationEvents != (onchain.EventHandle{Counter: 0, CreationNum: 1, Addr: addr}) ||
		acc.RotationOffer != nil || acc.SignerOffer != nil {
		t.Errorf("Account %+v", acc)
	}
	if again := bcs.Marshal(&acc); !bytes.Equal(again, raw) {
		t.Errorf("Account re-encodes to %x", again)
	}
	// A fresh account is the real one before its first coin registration.
	fresh := onchain.NewAccount(addr)
	fresh.GUIDCreationNum, fresh.CoinRegisterEvents.Counter = 4, 1
	if !reflect.DeepEqual(fresh, &acc) {
		t.Errorf("NewAccount %+v differs from the real account beyond its registration", fresh)
	}
}

// TestFrameworkLayoutsRoundTrip encodes and decodes every layout, with the
// fields that the real vector leaves empty (offers, frozen) set.
func TestFrameworkLayoutsRoundTrip(t *testing.T) {
	offer := ledgerapi.MustParseAddress("0xb0b")
	values := []interface {
		bcs.Marshaler
		bcs.Unmarshaler
	}{
		&onchain.Account{AuthKey: []byte{1, 2}, SequenceNumber: 3, GUIDCreationNum: 4, RotationOffer: &offer, SignerOffer: &offer},
		&onchain.CoinStore{Value: 1, Frozen: true},
		&onchain.FungibleStore{Metadata: ledgerapi.AddressA, Balance: 5, Frozen: true},
		&onchain.ObjectCore{GUIDCreationNum: 0x4000000000001, Owner: offer, AllowUngatedTransfer: true,
			TransferEvents: onchain.EventHandle{CreationNum: 0x4000000000000, Addr: offer}},
		&onchain.FungibleAssetMetadata{Name: "Aptos Coin", Symbol: "APT", Decimals: 8, IconURI: "i", ProjectURI: "p"},
		&onchain.ConcurrentSupply{Value: 1, ValueHi: 2, Max: ^uint64(0), MaxHi: ^uint64(0)},
		&onchain.BlockResource{Height: 1, EpochInterval: 7200_000_000, NewBlockEvents: onchain.EventHandle{Counter: 9, CreationNum: 3, Addr: ledgerapi.AddressOne}},
		&onchain.CurrentTimeMicroseconds{Microseconds: 1_700_000_000_000_000},
	}
	for _, v := range values {
		b := bcs.Marshal(v)
		back := reflect.New(reflect.TypeOf(v).Elem()).Interface().(bcs.Unmarshaler)
		if err := bcs.Unmarshal(b, back); err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("%T: %+v, %v", v, back, err)
		}
		if err := bcs.Unmarshal(b[:len(b)-1], back); err == nil {
			t.Errorf("%T: a truncated value decoded", v)
		}
	}
	// FungibleStore: the metadata object, then the balance (the layout the
	// balance endpoint reads).
	b := bcs.Marshal(&onchain.FungibleStore{Metadata: ledgerapi.AddressA, Balance: 0x0102})
	if got, _ := hexDecode(strings.Repeat("00", 31) + "0a" + "0201000000000000" + "00"); !bytes.Equal(b, got) {
		t.Errorf("FungibleStore %x", b)
	}
	var ti bcs.Encoder
	onchain.TypeInfo{Tag: coinStore}.MarshalBCS(&ti)
	if want := strings.Repeat("00", 31) + "01" + "04" + "636f696e" + "09" + "436f696e53746f7265"; hexOf(ti.Bytes()) != want {
		t.Errorf("TypeInfo %x", ti.Bytes())
	}
}
