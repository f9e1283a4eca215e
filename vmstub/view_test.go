package vmstub_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestViews checks each view's result, rendered as the REST API returns it.
func TestViews(t *testing.T) {
	c := newChain(t, vmstub.Options{DevAccounts: 2, DevBalance: 5_000_000_000, RootBalance: 1_000_000})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 1_000))))
	gas := uint64(53)
	store := crypto.PrimaryStoreAddress(a.Address, ledgerapi.AddressA)
	addr := vmstub.AddressValue
	apt := []ledgerapi.TypeTag{aptType}
	obj := []ledgerapi.TypeTag{objectCoreType}
	fake := []ledgerapi.TypeTag{structType("0xcafe::fake::Coin")}
	supply := 1_000_000 + 2*5_000_000_000 - gas*100
	balA := 5_000_000_000 - 1_000 - gas*100
	cases := []struct {
		fn     string
		tyArgs []ledgerapi.TypeTag
		args   [][]byte
		want   string
	}{
		{"0x1::coin::balance", apt, [][]byte{addr(a.Address)}, `["` + u(balA) + `"]`},
		{"0x1::coin::balance", fake, [][]byte{addr(a.Address)}, `["0"]`},
		{"0x1::coin::name", apt, nil, `["Aptos Coin"]`},
		{"0x1::coin::symbol", apt, nil, `["APT"]`},
		{"0x1::coin::decimals", apt, nil, `[8]`},
		{"0x1::coin::supply", apt, nil, `[{"vec":["` + u(supply) + `"]}]`},
		{"0x1::coin::is_account_registered", apt, [][]byte{addr(b.Address)}, `[true]`},
		{"0x1::coin::paired_metadata", apt, nil, `[{"vec":[{"inner":"0xa"}]}]`},
		{"0x1::coin::paired_coin", nil, [][]byte{addr(ledgerapi.AddressA)}, `[{"vec":[{"account_address":"0x1","module_name":"0x6170746f735f636f696e","struct_name":"0x4170746f73436f696e"}]}]`},
		{"0x1::account::exists_at", nil, [][]byte{addr(ledgerapi.MustParseAddress("0x1234"))}, `[true]`},
		{"0x1::account::get_sequence_number", nil, [][]byte{addr(a.Address)}, `["1"]`},
		{"0x1::account::get_sequence_number", nil, [][]byte{addr(b.Address)}, `["0"]`},
		{"0x1::account::get_authentication_key", nil, [][]byte{addr(b.Address)}, `["` + b.Address.LongString() + `"]`},
		{"0x1::account::get_guid_next_creation_num", nil, [][]byte{addr(a.Address)}, `["2"]`},
		{"0x1::account::originating_address", nil, [][]byte{addr(a.Address)}, `[{"vec":[]}]`},
		{"0x1::primary_fungible_store::balance", obj, [][]byte{addr(b.Address), addr(ledgerapi.AddressA)}, `["5000001000"]`},
		{"0x1::primary_fungible_store::balance", obj, [][]byte{addr(ledgerapi.MustParseAddress("0x1234")), addr(ledgerapi.AddressA)}, `["0"]`},
		{"0x1::primary_fungible_store::primary_store_address", obj, [][]byte{addr(a.Address), addr(ledgerapi.AddressA)}, `["` + store.String() + `"]`},
		{"0x1::primary_fungible_store::primary_store_exists", obj, [][]byte{addr(ledgerapi.MustParseAddress("0x1234")), addr(ledgerapi.AddressA)}, `[false]`},
		{"0x1::fungible_asset::balance", []ledgerapi.TypeTag{structType("0x1::fungible_asset::FungibleStore")}, [][]byte{addr(store)}, `["` + u(balA) + `"]`},
		{"0x1::fungible_asset::name", obj, [][]byte{addr(ledgerapi.AddressA)}, `["Aptos Coin"]`},
		{"0x1::fungible_asset::symbol", obj, [][]byte{addr(ledgerapi.AddressA)}, `["APT"]`},
		{"0x1::fungible_asset::decimals", obj, [][]byte{addr(ledgerapi.AddressA)}, `[8]`},
		{"0x1::fungible_asset::supply", obj, [][]byte{addr(ledgerapi.AddressA)}, `[{"vec":["` + u(supply) + `"]}]`},
		{"0x1::chain_id::get", nil, nil, `[4]`},
		{"0x1::timestamp::now_microseconds", nil, nil, `["` + u(c.nowUs) + `"]`},
		{"0x1::timestamp::now_seconds", nil, nil, `["` + u(c.nowUs/1_000_000) + `"]`},
		{"0x1::block::get_current_block_height", nil, nil, `["1"]`},
		{"0x1::block::get_epoch_interval_secs", nil, nil, `["7200"]`},
		{"0x1::aptos_account::can_receive_direct_coin_transfers", nil, [][]byte{addr(b.Address)}, `[true]`},
	}
	codec := movevalue.Codec{Resolver: c.vm.ModulesAt(c)}
	for _, tc := range cases {
		t.Run(tc.fn, func(t *testing.T) {
			vals, types, gas, err := c.vm.View(c, fnID(tc.fn), tc.tyArgs, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			got := []byte("[")
			for i := range vals {
				if i > 0 {
					got = append(got, ',')
				}
				js, err := codec.BCSToJSON(types[i], vals[i])
				if err != nil {
					t.Fatalf("value %d (%s): %v", i, types[i], err)
				}
				got = append(got, js...)
			}
			got = append(got, ']')
			if string(got) != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
			if gas == 0 {
				t.Fatal("no gas reported")
			}
		})
	}
}

func u(v uint64) string { return ledgerapi.U64(v).String() }

// TestViewErrors checks the typed errors of failed views.
func TestViewErrors(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	addr := vmstub.AddressValue(ledgerapi.AddressOne)
	cases := []struct {
		name   string
		fn     string
		tyArgs []ledgerapi.TypeTag
		args   [][]byte
		kind   error
		code   uint64 // 0: no VM status
		msg    string
	}{
		{"unknown function", "0x1::coin::nope", nil, nil, vmstub.ErrUnknownFunction, 1091, "Module or function do not exist for 0x1::coin::nope"},
		{"unknown module", "0x1::nope::f", nil, nil, vmstub.ErrUnknownFunction, 1091, "Module or function do not exist for 0x1::nope::f"},
		{"not a view", "0x1::aptos_account::transfer", nil, nil, vmstub.ErrNotView, 0, "function 0x1::aptos_account::transfer is not marked as a view function"},
		{"type arguments", "0x1::coin::balance", nil, [][]byte{addr}, vmstub.ErrInvalidArguments, 1076, "0x1::coin::balance: NUMBER_OF_TYPE_ARGUMENTS_MISMATCH"},
		{"argument count", "0x1::account::exists_at", nil, nil, vmstub.ErrInvalidArguments, 1098, "0x1::account::exists_at: NUMBER_OF_ARGUMENTS_MISMATCH"},
		{"argument bytes", "0x1::account::exists_at", nil, [][]byte{{1}}, vmstub.ErrInvalidArguments, 1100, "0x1::account::exists_at: FAILED_TO_DESERIALIZE_ARGUMENT"},
		{"abort", "0x1::coin::name", []ledgerapi.TypeTag{structType("0xcafe::fake::Coin")}, nil, vmstub.ErrAborted, 4016,
			"Move abort in 0x1::coin: ECOIN_INFO_NOT_PUBLISHED(0x60003): `CoinType` hasn't been initialized as a coin"},
		{"missing object", "0x1::fungible_asset::name", []ledgerapi.TypeTag{objectCoreType}, [][]byte{vmstub.AddressValue(ledgerapi.MustParseAddress("0x1234"))},
			vmstub.ErrAborted, 4016, "Move abort in 0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002): An object does not exist at this address"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := c.vm.View(c, fnID(tc.fn), tc.tyArgs, tc.args)
			var ve *vmstub.ViewError
			if !errors.As(err, &ve) || !errors.Is(err, tc.kind) || err.Error() != tc.msg {
				t.Fatalf("error %v, want %v %q", err, tc.kind, tc.msg)
			}
			var vs *ledgerapi.VMStatus
			if got := errors.As(err, &vs); got != (tc.code != 0) || got && vs.Code != tc.code {
				t.Fatalf("status %+v, want code %d", vs, tc.code)
			}
		})
	}
}

// TestArgCodec converts JSON arguments through the ABIs.
func TestArgCodec(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	fn := fnID("0x1::primary_fungible_store::transfer")
	meta := []ledgerapi.TypeTag{structType("0x1::fungible_asset::Metadata")}
	args, err := c.vm.ModulesAt(c).EncodeArgs(fn, meta, []jsonRaw{[]byte(`"0xa"`), []byte(`"0x1"`), []byte(`"100"`)})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]byte{vmstub.AddressValue(ledgerapi.AddressA), vmstub.AddressValue(ledgerapi.AddressOne), vmstub.U64Value(100)}
	for i := range want {
		if !bytes.Equal(args[i], want[i]) {
			t.Fatalf("arg %d: %x", i, args[i])
		}
	}
	js, err := c.vm.ModulesAt(c).DecodeArgs(fn, meta, args)
	if err != nil || string(js[0]) != `{"inner":"0xa"}` || string(js[2]) != `"100"` {
		t.Fatalf("DecodeArgs: %s %v", js, err)
	}
	if _, err := c.vm.ModulesAt(c).EncodeArgs(fnID("0x1::coin::nope"), nil, nil); !errors.Is(err, vmstub.ErrUnknownFunction) {
		t.Fatalf("unknown function: %v", err)
	}
	if _, err := c.vm.ModulesAt(c).EncodeArgs(fn, nil, nil); err == nil {
		t.Fatal("missing type arguments accepted")
	}
	if _, err := c.vm.ModulesAt(c).EncodeArgs(fnID("0x1::aptos_account::transfer"), nil, []jsonRaw{[]byte(`"0x1"`), []byte(`"-1"`)}); err == nil {
		t.Fatal("bad u64 accepted")
	}
}

type jsonRaw = json.RawMessage

// TestViewGasLimit: a view whose gas exceeds Gas.MaxViewGas fails with
// OUT_OF_GAS; at the limit it succeeds.
func TestViewGasLimit(t *testing.T) {
	args := [][]byte{vmstub.AddressValue(ledgerapi.AddressOne)}
	fn, tyArgs := fnID("0x1::coin::balance"), []ledgerapi.TypeTag{structType("0x1::aptos_coin::AptosCoin")}
	c := newChain(t, vmstub.Options{})
	_, _, gas, err := c.vm.View(c, fn, tyArgs, args)
	if err != nil || gas < 2 {
		t.Fatalf("gas %d, %v", gas, err)
	}
	at := newChain(t, vmstub.Options{Gas: vmstub.GasSchedule{MaxViewGas: gas}})
	if _, _, got, err := at.vm.View(at, fn, tyArgs, args); err != nil || got != gas {
		t.Fatalf("at the limit: gas %d, %v", got, err)
	}
	below := newChain(t, vmstub.Options{Gas: vmstub.GasSchedule{MaxViewGas: gas - 1}})
	_, _, _, err = below.vm.View(below, fn, tyArgs, args)
	var vs *ledgerapi.VMStatus
	if !errors.As(err, &vs) || vs.Name != "OUT_OF_GAS" || !strings.Contains(err.Error(), "view gas limit") {
		t.Fatalf("below the limit: %v", err)
	}
}

// TestPrimaryStoreAddressesAcrossSessions: balances read through the
// shared store-address cache agree with addresses derived directly.
func TestPrimaryStoreAddressesAcrossSessions(t *testing.T) {
	c := newChain(t, vmstub.Options{DevAccounts: 3})
	for range 3 { // the second and third rounds hit the cache
		for _, d := range c.vm.DevAccounts() {
			vals, _, _, err := c.vm.View(c, fnID("0x1::primary_fungible_store::balance"), []ledgerapi.TypeTag{structType("0x1::fungible_asset::Metadata")},
				[][]byte{vmstub.AddressValue(d.Address), vmstub.AddressValue(ledgerapi.AddressA)})
			if err != nil {
				t.Fatal(err)
			}
			raw, err := c.StateValue(storage.ResourceKey(crypto.PrimaryStoreAddress(d.Address, ledgerapi.AddressA),
				ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "FungibleStore"}))
			if err != nil || !bytes.Equal(vals[0], raw[32:40]) {
				t.Fatalf("%s: view %x, store %x (%v)", d.Address, vals[0], raw, err)
			}
		}
	}
}
