package vmstub_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// genesisModules is a state holding only the modules genesis stores.
type genesisModules struct{ vm *vmstub.VM }

func (g genesisModules) StateValue(k storage.StateKey) ([]byte, error) {
	if k.Kind == storage.StateModule {
		if b, ok := g.vm.ModuleBytecode(ledgerapi.ModuleId{Address: k.Address, Name: k.Module}); ok {
			return b, nil
		}
	}
	return nil, storage.ErrNotFound
}

// layouts resolves struct layouts from the bytecode genesis stores.
func layouts(vm *vmstub.VM) movevalue.Resolver { return vm.ModulesAt(genesisModules{vm}) }

// renderOutput renders every resource written and every event emitted by tx
// through the struct layouts of the stored modules, which must match the
// BCS exactly.
func renderOutput(t *testing.T, vm *vmstub.VM, tx storage.Transaction) map[string]string {
	t.Helper()
	codec := movevalue.Codec{Resolver: layouts(vm)}
	out := map[string]string{}
	for _, w := range tx.Changes {
		if w.Deleted || w.Key.Kind != storage.StateResource {
			continue
		}
		out[w.Key.Resource.String()+"@"+w.Key.Address.String()] = render(t, codec, ledgerapi.StructType(w.Key.Resource), w.Value)
	}
	for i, e := range tx.Events {
		out["event "+e.Type.String()+"#"+u(uint64(i))] = render(t, codec, e.Type, e.Data)
	}
	return out
}

func TestGenesis(t *testing.T) {
	opts := vmstub.Options{DevAccounts: 3, Seed: "genesis-test"}
	vm, err := vmstub.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	g, err := vm.Genesis(0)
	if err != nil {
		t.Fatal(err)
	}
	js := renderOutput(t, vm, g)
	dev := vm.DevAccounts()[0]
	store := crypto.PrimaryStoreAddress(dev.Address, ledgerapi.AddressA)
	supply := uint64(vmstub.DefaultRootBalance + 3*vmstub.DefaultDevBalance)
	want := map[string]string{
		"0x1::fungible_asset::Metadata@0xa":             `{"decimals":8,"icon_uri":"","name":"Aptos Coin","project_uri":"","symbol":"APT"}`,
		"0x1::fungible_asset::ConcurrentSupply@0xa":     `{"current":{"max_value":"340282366920938463463374607431768211455","value":"` + u(supply) + `"}}`,
		"0x1::object::ObjectCore@0xa":                   `{"allow_ungated_transfer":true,"guid_creation_num":"1125899906842625","owner":"0x1","transfer_events":{"counter":"0","guid":{"id":{"addr":"0xa","creation_num":"1125899906842624"}}}}`,
		"0x1::coin::PairedCoinType@0xa":                 `{"type":{"account_address":"0x1","module_name":"0x6170746f735f636f696e","struct_name":"0x4170746f73436f696e"}}`,
		"0x1::coin::PairedFungibleAssetRefs@0xa":        `{"burn_ref_opt":{"vec":[{"metadata":{"inner":"0xa"}}]},"mint_ref_opt":{"vec":[{"metadata":{"inner":"0xa"}}]},"transfer_ref_opt":{"vec":[{"metadata":{"inner":"0xa"}}]}}`,
		"0x1::primary_fungible_store::DeriveRefPod@0xa": `{"metadata_derive_ref":{"self":"0xa"}}`,
		"0x1::chain_id::ChainId@0x1":                    `{"id":4}`,
		"0x1::chain_status::GenesisEndMarker@0x1":       `{"dummy_field":false}`,
		"0x1::timestamp::CurrentTimeMicroseconds@0x1":   `{"microseconds":"0"}`,
		"0x1::account::OriginatingAddress@0x1":          `{"address_map":{"handle":"` + vmstub.TableHandle(ledgerapi.AddressOne, "account::OriginatingAddress").String() + `"}}`,
		"0x1::account::Account@0x1": `{"authentication_key":"0x0000000000000000000000000000000000000000000000000000000000000001","coin_register_events":{"counter":"0","guid":{"id":{"addr":"0x1","creation_num":"0"}}},` +
			`"guid_creation_num":"4","key_rotation_events":{"counter":"0","guid":{"id":{"addr":"0x1","creation_num":"1"}}},"rotation_capability_offer":{"for":{"vec":[]}},"sequence_number":"0","signer_capability_offer":{"for":{"vec":[]}}}`,
		"0x1::block::BlockResource@0x1":                        `{"epoch_interval":"7200000000","height":"0","new_block_events":{"counter":"1","guid":{"id":{"addr":"0x1","creation_num":"2"}}},"update_epoch_interval_events":{"counter":"0","guid":{"id":{"addr":"0x1","creation_num":"3"}}}}`,
		"0x1::coin::CoinInfo<0x1::aptos_coin::AptosCoin>@0x1":  `{"decimals":8,"name":"Aptos Coin","supply":{"vec":[{"aggregator":{"vec":[]},"integer":{"vec":[{"limit":"340282366920938463463374607431768211455","value":"0"}]}}]},"symbol":"APT"}`,
		"0x1::fungible_asset::FungibleStore@" + store.String(): `{"balance":"10000000000","frozen":false,"metadata":{"inner":"0xa"}}`,
		"0x1::object::ObjectCore@" + store.String():            `{"allow_ungated_transfer":false,"guid_creation_num":"1125899906842625","owner":"` + dev.Address.String() + `","transfer_events":{"counter":"0","guid":{"id":{"addr":"` + store.String() + `","creation_num":"1125899906842624"}}}}`,
		"event 0x1::coin::PairCreation#1":                      `{"coin_type":{"account_address":"0x1","module_name":"0x6170746f735f636f696e","struct_name":"0x4170746f73436f696e"},"fungible_asset_metadata_address":"0xa"}`,
	}
	for k, v := range want {
		if js[k] != v {
			t.Errorf("%s:\n got  %s\n want %s", k, js[k], v)
		}
	}
	if e := g.Events[0]; e.Key != (storage.EventKey{CreationNumber: 2, Account: ledgerapi.AddressOne}) || e.SequenceNumber != 0 || e.Type.String() != "0x1::block::NewBlockEvent" {
		t.Errorf("genesis NewBlockEvent %+v", e)
	}
	// Every registered module is stored with its bytecode.
	modules := 0
	for _, w := range g.Changes {
		if w.Key.Kind == storage.StateModule {
			modules++
			code, _ := vm.ModuleBytecode(ledgerapi.ModuleId{Address: w.Key.Address, Name: w.Key.Module})
			if !bytes.Equal(code, w.Value) || !bytes.HasPrefix(code, []byte{0xa1, 0x1c, 0xeb, 0x0b}) {
				t.Errorf("module %s bytes", w.Key.Module)
			}
		}
	}
	if modules != len(vm.Modules()) || modules < 20 {
		t.Errorf("%d modules stored, %d registered", modules, len(vm.Modules()))
	}
	// Deterministic: the same options give the same genesis.
	vm2, _ := vmstub.New(opts)
	g2, _ := vm2.Genesis(12345)
	if !bytes.Equal(g.Payload, g2.Payload) || !reflect.DeepEqual(g.Changes, g2.Changes) || len(g.Payload) < 1000 || g.Payload[0] != 0 {
		t.Error("genesis is not deterministic")
	}
	if !g.Info.Success() || g.Info.Status.String() != "Executed successfully" {
		t.Errorf("genesis info %+v", g.Info)
	}
}

func TestBlockPrologue(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	for h := uint64(1); h <= 3; h++ {
		c.height++
		c.nowUs += 500_000
		blk := storage.Block{Height: c.height, Epoch: 1, Round: c.height, TimestampUsec: c.nowUs}
		meta, err := c.vm.BlockPrologue(c, blk)
		if err != nil {
			t.Fatal(err)
		}
		c.apply(meta) // checks the NewBlockEvent stream's sequence numbers
		if e := meta.Events[0]; e.SequenceNumber != h || len(meta.Events) != 1 {
			t.Fatalf("NewBlockEvent seq %d at height %d", e.SequenceNumber, h)
		}
		js := renderOutput(t, c.vm, meta)
		id := vmstub.BlockID(blk)
		if got, want := js["event 0x1::block::NewBlockEvent#0"], `{"epoch":"1","failed_proposer_indices":[],"hash":"0x`+strings.TrimPrefix(id.String(), "0x")+`","height":"`+u(h)+`","previous_block_votes_bitvec":"0x","proposer":"0x0","round":"`+u(h)+`","time_microseconds":"`+u(c.nowUs)+`"}`; got != want {
			t.Fatalf("NewBlockEvent\n got  %s\n want %s", got, want)
		}
		// The payload is aptos-core's BlockMetadata.
		d := bcs.NewDecoder(meta.Payload)
		var gotID ledgerapi.HashValue
		gotID.UnmarshalBCS(d)
		epoch, round := d.U64("epoch"), d.U64("round")
		var proposer ledgerapi.Address
		d.Fixed(proposer[:], "proposer")
		votes, failed, ts := d.ReadBytes("votes"), d.SeqLen("failed", 4), d.U64("ts")
		if err := d.Finish(); err != nil || gotID != id || epoch != 1 || round != h || len(votes) != 0 || failed != 0 || ts != c.nowUs {
			t.Fatalf("BlockMetadata payload: %v", err)
		}
		vals, _, _, err := c.vm.View(c, fnID("0x1::block::get_current_block_height"), nil, nil)
		if err != nil || leU64(vals[0]) != h {
			t.Fatalf("block height view %v", err)
		}
	}
}

func TestDevAccounts(t *testing.T) {
	vm, _ := vmstub.New(vmstub.Options{Seed: "s", DevAccounts: 3})
	devs := vm.DevAccounts()
	if len(devs) != 3 || !reflect.DeepEqual(devs, vmstub.DevAccounts("s", 3)) || vm.Root().Index != -1 {
		t.Fatal("dev accounts not derived from the seed")
	}
	seed := crypto.SHA3_256([]byte("s:dev:1"))
	if vmstub.DevAccountKeySeed("s", 1) != seed || !bytes.Equal(devs[1].PrivateKey.Seed(), seed[:]) {
		t.Fatal("dev key seed formula")
	}
	if root := crypto.SHA3_256([]byte("s:root")); !bytes.Equal(vm.Root().PrivateKey.Seed(), root[:]) {
		t.Fatal("root key seed formula")
	}
	for _, d := range append(devs, vm.Root()) {
		if d.Address != crypto.Ed25519AuthKey(d.PublicKey) {
			t.Fatal("address is not the Ed25519 auth key")
		}
	}
	if other := vmstub.DevAccounts("t", 1)[0]; other.Address == devs[0].Address {
		t.Fatal("seeds do not separate keys")
	}
	if none, _ := vmstub.New(vmstub.Options{DevAccounts: -1}); len(none.DevAccounts()) != 0 {
		t.Fatal("DevAccounts -1 still creates accounts")
	}
	// The root can fund a fresh account (the faucet's transfer).
	c := startChain(t, vm)
	root, fresh := vm.Root(), ledgerapi.MustParseAddress("0xfaceb00c")
	out := c.mustExec(root.Sign(c.raw(root, vmstub.TransferPayload(fresh, 1e9))))
	if !out.Info.Success() || c.balance(fresh) != 1e9 {
		t.Fatalf("faucet transfer: %s", out.Info.Status.String())
	}
}

// TestFrameworkLayouts renders facts §8 V7's real Account and CoinStore
// bytes through the registry's layouts.
func TestFrameworkLayouts(t *testing.T) {
	vm, _ := vmstub.New(vmstub.Options{})
	codec := movevalue.Codec{Resolver: layouts(vm)}
	addr := "d19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"
	hexb := func(s string) []byte { b, _ := ledgerapi.ParseHex(s); return b }
	account := hexb("20" + addr + "0000000000000000" + "0400000000000000" + "0100000000000000" + "0000000000000000" + addr +
		"0000000000000000" + "0100000000000000" + addr + "00" + "00")
	want := `{"authentication_key":"0x` + addr + `","coin_register_events":{"counter":"1","guid":{"id":{"addr":"0x` + addr + `","creation_num":"0"}}},` +
		`"guid_creation_num":"4","key_rotation_events":{"counter":"0","guid":{"id":{"addr":"0x` + addr + `","creation_num":"1"}}},` +
		`"rotation_capability_offer":{"for":{"vec":[]}},"sequence_number":"0","signer_capability_offer":{"for":{"vec":[]}}}`
	if got := render(t, codec, structType("0x1::account::Account"), account); got != want {
		t.Fatalf("Account\n got  %s\n want %s", got, want)
	}
	coinStore := hexb("2ac2eb0b00000000" + "00" + "0200000000000000" + "0200000000000000" + addr + "0000000000000000" + "0300000000000000" + addr)
	want = `{"coin":{"value":"200000042"},"deposit_events":{"counter":"2","guid":{"id":{"addr":"0x` + addr + `","creation_num":"2"}}},` +
		`"frozen":false,"withdraw_events":{"counter":"0","guid":{"id":{"addr":"0x` + addr + `","creation_num":"3"}}}}`
	if got := render(t, codec, structType("0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>"), coinStore); got != want {
		t.Fatalf("CoinStore\n got  %s\n want %s", got, want)
	}
	if _, err := layouts(vm).StructLayout(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore"}); err == nil {
		t.Fatal("a generic struct resolved without type arguments")
	}
}

// TestModuleABI checks the ABIs the TS SDK reads to build transfers and
// read balances.
func TestModuleABI(t *testing.T) {
	vm, _ := vmstub.New(vmstub.Options{})
	fnJSON := func(fn string) string {
		f, ok := vm.Function(fnID(fn))
		if !ok {
			t.Fatalf("%s not found", fn)
		}
		b, _ := json.Marshal(f)
		return string(b)
	}
	cases := map[string]string{
		"0x1::aptos_account::transfer":                 `{"name":"transfer","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":[],"params":["\u0026signer","address","u64"],"return":[]}`,
		"0x1::aptos_account::transfer_coins":           `{"name":"transfer_coins","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":[{"constraints":[]}],"params":["\u0026signer","address","u64"],"return":[]}`,
		"0x1::aptos_account::batch_transfer":           `{"name":"batch_transfer","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":[],"params":["\u0026signer","vector\u003caddress\u003e","vector\u003cu64\u003e"],"return":[]}`,
		"0x1::coin::balance":                           `{"name":"balance","visibility":"public","is_entry":false,"is_view":true,"generic_type_params":[{"constraints":[]}],"params":["address"],"return":["u64"]}`,
		"0x1::primary_fungible_store::balance":         `{"name":"balance","visibility":"public","is_entry":false,"is_view":true,"generic_type_params":[{"constraints":["key"]}],"params":["address","0x1::object::Object\u003cT0\u003e"],"return":["u64"]}`,
		"0x1::account::rotate_authentication_key_call": `{"name":"rotate_authentication_key_call","visibility":"private","is_entry":true,"is_view":false,"generic_type_params":[],"params":["\u0026signer","vector\u003cu8\u003e"],"return":[]}`,
		"0x1::aptos_account::transfer_fungible_assets": `{"name":"transfer_fungible_assets","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":[],"params":["\u0026signer","0x1::object::Object\u003c0x1::fungible_asset::Metadata\u003e","address","u64"],"return":[]}`,
	}
	for fn, want := range cases {
		if got := fnJSON(fn); got != want {
			t.Errorf("%s\n got  %s\n want %s", fn, got, want)
		}
	}
	coin, ok := vm.Module(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"})
	if !ok {
		t.Fatal("coin module missing")
	}
	b, _ := json.Marshal(coin)
	for _, frag := range []string{`"address":"0x1","name":"coin","friends":["0x1::aptos_coin","0x1::genesis","0x1::transaction_fee"]`,
		`{"name":"CoinStore","is_native":false,"is_event":false,"is_enum":false,"abilities":["key"],"generic_type_params":[{"constraints":[]}],"fields":[{"name":"coin","type":"0x1::coin::Coin\u003cT0\u003e"},{"name":"frozen","type":"bool"},{"name":"deposit_events","type":"0x1::event::EventHandle\u003c0x1::coin::DepositEvent\u003e"},{"name":"withdraw_events","type":"0x1::event::EventHandle\u003c0x1::coin::WithdrawEvent\u003e"}],"variants":[]}`,
		`{"name":"CoinDeposit","is_native":false,"is_event":true`} {
		if !strings.Contains(string(b), frag) {
			t.Errorf("coin ABI lacks %s", frag)
		}
	}
	if _, ok := vm.Module(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "nope"}); ok {
		t.Error("unknown module found")
	}
}
