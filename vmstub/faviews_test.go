package vmstub_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

func metadataBytes(name, symbol string, decimals uint8, icon, project string) []byte {
	e := bcs.NewEncoder(64)
	e.String(name)
	e.String(symbol)
	e.U8(decimals)
	e.String(icon)
	e.String(project)
	return e.Bytes()
}

func u128Pair(a, b uint64) []byte {
	e := bcs.NewEncoder(32)
	e.U128(a, 0)
	e.U128(b, 0)
	return e.Bytes()
}

// Test assets besides APT: one with a Supply {current 5, maximum 100} that
// is untransferable, one with a bounded ConcurrentSupply, one tracking no
// supply, and a frozen store of the first whose balance is held in a
// ConcurrentFungibleBalance.
var (
	metaSupply     = ledgerapi.MustParseAddress("0xfa01")
	metaConcurrent = ledgerapi.MustParseAddress("0xfa02")
	metaUntracked  = ledgerapi.MustParseAddress("0xfa03")
	storeFrozen    = ledgerapi.MustParseAddress("0xfb01")
)

func (c *chain) seedAssets(owner ledgerapi.Address) {
	for _, m := range []ledgerapi.Address{metaSupply, metaConcurrent, metaUntracked} {
		c.putObject(m, owner, true)
		c.put(m, "0x1::fungible_asset::Metadata", metadataBytes("Test "+m.String(), "TST", 6, "https://t.example/i.png", "https://t.example"))
	}
	sup := bcs.NewEncoder(33) // Supply{current: 5, maximum: Some(100)}
	sup.U128(5, 0)
	sup.U8(1)
	sup.U128(100, 0)
	c.put(metaSupply, "0x1::fungible_asset::Supply", sup.Bytes())
	c.put(metaSupply, "0x1::fungible_asset::Untransferable", []byte{0})
	c.put(metaConcurrent, "0x1::fungible_asset::ConcurrentSupply", u128Pair(7, 1000))
	c.putObject(storeFrozen, owner, false)
	st := bcs.NewEncoder(41)
	st.Fixed(metaSupply[:])
	st.U64(0)
	st.Bool(true)
	c.put(storeFrozen, "0x1::fungible_asset::FungibleStore", st.Bytes())
	c.put(storeFrozen, "0x1::fungible_asset::ConcurrentFungibleBalance", append(vmstub.U64Value(42), vmstub.U64Value(^uint64(0))...))
}

// TestFrameworkViews calls each fungible_asset, primary_fungible_store and
// chain_status view with JSON arguments, as POST /view does, and compares
// the JSON results.
func TestFrameworkViews(t *testing.T) {
	c := newChain(t, vmstub.Options{DevAccounts: 1, DevBalance: 7_000, RootBalance: 3_000})
	a := c.vm.DevAccounts()[0].Address
	c.seedAssets(a)
	store := crypto.PrimaryStoreAddress(a, ledgerapi.AddressA)
	fs, oc, md := []string{"0x1::fungible_asset::FungibleStore"}, []string{"0x1::object::ObjectCore"}, []string{"0x1::fungible_asset::Metadata"}
	A, S, nobody := `"0xa"`, addrJSON(store), `"0x1234"`
	cases := []struct {
		fn     string
		tyArgs []string
		args   []string
		want   string
	}{
		{"0x1::fungible_asset::supply", md, []string{A}, `[{"vec":["10000"]}]`},
		{"0x1::fungible_asset::supply", md, []string{`"0xfa01"`}, `[{"vec":["5"]}]`},
		{"0x1::fungible_asset::supply", md, []string{`"0xfa02"`}, `[{"vec":["7"]}]`},
		{"0x1::fungible_asset::supply", md, []string{`"0xfa03"`}, `[{"vec":[]}]`},
		{"0x1::fungible_asset::maximum", md, []string{A}, `[{"vec":[]}]`},
		{"0x1::fungible_asset::maximum", md, []string{`"0xfa01"`}, `[{"vec":["100"]}]`},
		{"0x1::fungible_asset::maximum", md, []string{`"0xfa02"`}, `[{"vec":["1000"]}]`},
		{"0x1::fungible_asset::maximum", oc, []string{`"0xfa03"`}, `[{"vec":[]}]`},
		{"0x1::fungible_asset::name", md, []string{A}, `["Aptos Coin"]`},
		{"0x1::fungible_asset::symbol", md, []string{A}, `["APT"]`},
		{"0x1::fungible_asset::decimals", md, []string{A}, `[8]`},
		{"0x1::fungible_asset::icon_uri", md, []string{A}, `[""]`},
		{"0x1::fungible_asset::project_uri", md, []string{A}, `[""]`},
		{"0x1::fungible_asset::name", md, []string{`"0xfa01"`}, `["Test ` + metaSupply.String() + `"]`},
		{"0x1::fungible_asset::decimals", oc, []string{`"0xfa01"`}, `[6]`},
		{"0x1::fungible_asset::icon_uri", md, []string{`"0xfa01"`}, `["https://t.example/i.png"]`},
		{"0x1::fungible_asset::project_uri", md, []string{`"0xfa01"`}, `["https://t.example"]`},
		{"0x1::fungible_asset::is_untransferable", md, []string{A}, `[false]`},
		{"0x1::fungible_asset::is_untransferable", md, []string{`"0xfa01"`}, `[true]`},
		{"0x1::fungible_asset::store_exists", nil, []string{S}, `[true]`},
		{"0x1::fungible_asset::store_exists", nil, []string{nobody}, `[false]`},
		{"0x1::fungible_asset::store_exists", nil, []string{A}, `[false]`},
		{"0x1::fungible_asset::store_metadata", fs, []string{S}, `[{"inner":"0xa"}]`},
		{"0x1::fungible_asset::store_metadata", oc, []string{`"0xfb01"`}, `[{"inner":` + addrJSON(metaSupply) + `}]`},
		{"0x1::fungible_asset::balance", fs, []string{S}, `["7000"]`},
		{"0x1::fungible_asset::balance", fs, []string{`"0xfb01"`}, `["42"]`},
		{"0x1::fungible_asset::balance", oc, []string{A}, `["0"]`},
		{"0x1::fungible_asset::is_frozen", fs, []string{S}, `[false]`},
		{"0x1::fungible_asset::is_frozen", fs, []string{`"0xfb01"`}, `[true]`},
		{"0x1::fungible_asset::is_frozen", oc, []string{A}, `[false]`},
		{"0x1::primary_fungible_store::primary_store_address", md, []string{addrJSON(a), A}, `[` + S + `]`},
		{"0x1::primary_fungible_store::primary_store_address", oc, []string{nobody, A}, `["` + crypto.PrimaryStoreAddress(ledgerapi.MustParseAddress("0x1234"), ledgerapi.AddressA).String() + `"]`},
		{"0x1::primary_fungible_store::primary_store", md, []string{addrJSON(a), A}, `[{"inner":` + S + `}]`},
		{"0x1::primary_fungible_store::primary_store_exists", md, []string{addrJSON(a), A}, `[true]`},
		{"0x1::primary_fungible_store::primary_store_exists", md, []string{nobody, A}, `[false]`},
		{"0x1::primary_fungible_store::balance", md, []string{addrJSON(a), A}, `["7000"]`},
		{"0x1::primary_fungible_store::balance", md, []string{nobody, A}, `["0"]`},
		{"0x1::primary_fungible_store::is_frozen", md, []string{addrJSON(a), A}, `[false]`},
		{"0x1::primary_fungible_store::is_frozen", md, []string{nobody, A}, `[false]`},
		{"0x1::chain_status::is_operating", nil, nil, `[true]`},
		{"0x1::chain_status::is_genesis", nil, nil, `[false]`},
	}
	for _, tc := range cases {
		t.Run(tc.fn+"("+strings.Join(tc.args, ",")+")", func(t *testing.T) {
			if got := c.mustView(tc.fn, tc.tyArgs, tc.args...); got != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	// Without the marker (as during genesis) the answers flip.
	enc, _ := storage.ResourceKey(ledgerapi.AddressOne, *structType("0x1::chain_status::GenesisEndMarker").Struct).Encode()
	delete(c.state, string(enc))
	if c.mustView("0x1::chain_status::is_operating", nil) != `[false]` || c.mustView("0x1::chain_status::is_genesis", nil) != `[true]` {
		t.Fatal("chain_status without GenesisEndMarker")
	}
}

// TestFrameworkViewErrors: the aborts of the new views, through the view
// path.
func TestFrameworkViewErrors(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	c.seedAssets(c.vm.DevAccounts()[0].Address)
	cases := []struct {
		fn     string
		tyArgs []string
		args   []string
		kind   error
		msg    string
	}{
		{"0x1::fungible_asset::store_metadata", []string{"0x1::object::ObjectCore"}, []string{`"0xa"`}, vmstub.ErrAborted,
			"Move abort in 0x1::fungible_asset: EFUNGIBLE_STORE_EXISTENCE(0x60017): Flag for the existence of fungible store."},
		{"0x1::primary_fungible_store::primary_store", []string{"0x1::fungible_asset::Metadata"}, []string{`"0x1234"`, `"0xa"`}, vmstub.ErrAborted, objMissing},
		{"0x1::fungible_asset::is_frozen", []string{"0x1::fungible_asset::FungibleStore"}, []string{`"0x1234"`}, vmstub.ErrAborted, objMissing},
		{"0x1::fungible_asset::maximum", []string{"0x1::fungible_asset::FungibleStore"}, []string{`"0xa"`}, vmstub.ErrAborted, objNoRes},
		{"0x1::fungible_asset::icon_uri", []string{"0x1::object::ObjectCore"}, []string{`"0xfb01"`}, vmstub.ErrAborted, "MISSING_DATA"},
		{"0x1::chain_status::is_operating", nil, []string{`"0x1"`}, vmstub.ErrInvalidArguments, ""},
	}
	for _, tc := range cases {
		t.Run(tc.fn, func(t *testing.T) {
			_, err := c.view(tc.fn, tc.tyArgs, tc.args...)
			var ve *vmstub.ViewError
			if tc.msg == "" {
				if err == nil {
					t.Fatal("accepted")
				}
				return
			}
			if !errors.As(err, &ve) || !errors.Is(err, tc.kind) || err.Error() != tc.msg {
				t.Fatalf("error %v, want %v %q", err, tc.kind, tc.msg)
			}
		})
	}
}

// TestFrameworkABIs checks the new functions' ABIs as GET
// /accounts/0x1/module/{name} shows them on Aptos.
func TestFrameworkABIs(t *testing.T) {
	vm, _ := vmstub.New(vmstub.Options{})
	objT, key := `"0x1::object::Object\u003cT0\u003e"`, `[{"constraints":["key"]}]`
	viewFn := func(name, generics, params, ret string) string {
		return `{"name":"` + name + `","visibility":"public","is_entry":false,"is_view":true,"generic_type_params":` + generics +
			`,"params":[` + params + `],"return":[` + ret + `]}`
	}
	entryFn := func(name, generics, params string) string {
		return `{"name":"` + name + `","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":` + generics +
			`,"params":[` + params + `],"return":[]}`
	}
	optU128, str := `"0x1::option::Option\u003cu128\u003e"`, `"0x1::string::String"`
	cases := map[string]string{
		"0x1::coin::migrate_to_fungible_store":               entryFn("migrate_to_fungible_store", `[{"constraints":[]}]`, `"\u0026signer"`),
		"0x1::object::transfer":                              entryFn("transfer", key, `"\u0026signer",`+objT+`,"address"`),
		"0x1::object::transfer_call":                         entryFn("transfer_call", `[]`, `"\u0026signer","address","address"`),
		"0x1::chain_status::is_operating":                    viewFn("is_operating", `[]`, ``, `"bool"`),
		"0x1::chain_status::is_genesis":                      viewFn("is_genesis", `[]`, ``, `"bool"`),
		"0x1::fungible_asset::store_exists":                  viewFn("store_exists", `[]`, `"address"`, `"bool"`),
		"0x1::fungible_asset::maximum":                       viewFn("maximum", key, objT, optU128),
		"0x1::fungible_asset::supply":                        viewFn("supply", key, objT, optU128),
		"0x1::fungible_asset::is_frozen":                     viewFn("is_frozen", key, objT, `"bool"`),
		"0x1::fungible_asset::is_untransferable":             viewFn("is_untransferable", key, objT, `"bool"`),
		"0x1::fungible_asset::store_metadata":                viewFn("store_metadata", key, objT, `"0x1::object::Object\u003c0x1::fungible_asset::Metadata\u003e"`),
		"0x1::fungible_asset::name":                          viewFn("name", key, objT, str),
		"0x1::fungible_asset::symbol":                        viewFn("symbol", key, objT, str),
		"0x1::fungible_asset::decimals":                      viewFn("decimals", key, objT, `"u8"`),
		"0x1::fungible_asset::icon_uri":                      viewFn("icon_uri", key, objT, str),
		"0x1::fungible_asset::project_uri":                   viewFn("project_uri", key, objT, str),
		"0x1::fungible_asset::balance":                       viewFn("balance", key, objT, `"u64"`),
		"0x1::primary_fungible_store::is_frozen":             viewFn("is_frozen", key, `"address",`+objT, `"bool"`),
		"0x1::primary_fungible_store::primary_store_address": viewFn("primary_store_address", key, `"address",`+objT, `"address"`),
		"0x1::primary_fungible_store::primary_store":         viewFn("primary_store", key, `"address",`+objT, `"0x1::object::Object\u003c0x1::fungible_asset::FungibleStore\u003e"`),
		"0x1::primary_fungible_store::balance":               viewFn("balance", key, `"address",`+objT, `"u64"`),
		"0x1::primary_fungible_store::primary_store_exists":  viewFn("primary_store_exists", key, `"address",`+objT, `"bool"`),
		"0x1::primary_fungible_store::transfer":              entryFn("transfer", key, `"\u0026signer",`+objT+`,"address","u64"`),
		"0x1::aptos_account::transfer_fungible_assets":       entryFn("transfer_fungible_assets", `[]`, `"\u0026signer","0x1::object::Object\u003c0x1::fungible_asset::Metadata\u003e","address","u64"`),
		"0x1::coin::balance":                                 viewFn("balance", `[{"constraints":[]}]`, `"address"`, `"u64"`),
	}
	for fn, want := range cases {
		f, ok := vm.Function(fnID(fn))
		if !ok {
			t.Errorf("%s not found", fn)
			continue
		}
		if b, _ := json.Marshal(f); string(b) != want {
			t.Errorf("%s\n got  %s\n want %s", fn, b, want)
		}
	}
	structs := map[string][]string{
		"coin": {`{"name":"CoinStoreDeletion","is_native":false,"is_event":true,"is_enum":false,"abilities":["drop","store"],"generic_type_params":[],"fields":[{"name":"coin_type","type":"0x1::string::String"},{"name":"event_handle_creation_address","type":"address"},{"name":"deleted_deposit_event_handle_creation_number","type":"u64"},{"name":"deleted_withdraw_event_handle_creation_number","type":"u64"}],"variants":[]}`},
		"object": {`{"name":"Transfer","is_native":false,"is_event":true,"is_enum":false,"abilities":["drop","store"],"generic_type_params":[],"fields":[{"name":"object","type":"address"},{"name":"from","type":"address"},{"name":"to","type":"address"}],"variants":[]}`,
			`{"name":"TransferEvent","is_native":false,"is_event":false,"is_enum":false,"abilities":["drop","store"]`},
		"chain_status":   {`"address":"0x1","name":"chain_status","friends":["0x1::genesis"]`, `{"name":"GenesisEndMarker","is_native":false,"is_event":false,"is_enum":false,"abilities":["key"],"generic_type_params":[],"fields":[{"name":"dummy_field","type":"bool"}],"variants":[]}`},
		"fungible_asset": {`{"name":"Untransferable","is_native":false,"is_event":false,"is_enum":false,"abilities":["key"],"generic_type_params":[],"fields":[{"name":"dummy_field","type":"bool"}],"variants":[]}`},
	}
	for mod, frags := range structs {
		m, ok := vm.Module(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: mod})
		if !ok {
			t.Fatalf("module %s missing", mod)
		}
		b, _ := json.Marshal(m)
		for _, f := range frags {
			if !strings.Contains(string(b), f) {
				t.Errorf("%s ABI lacks %s", mod, f)
			}
		}
	}
}
