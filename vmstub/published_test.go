package vmstub_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// publisherModule is 0xd0::pub, whose publish(&signer, vector<u8>) stores
// module bytes as publishing does.
func publisherModule() native.Module {
	return native.Module{Address: ledgerapi.MustParseAddress("0xd0"), Name: "pub", Functions: []native.Function{
		{Name: "publish", IsEntry: true, Params: []string{"&signer", "vector<u8>"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			_, err := vmstub.StoreModule(c.Host(), args[1].Bytes())
			return nil, err
		}},
	}}
}

// shopModule is 0xcafe::shop: a resource, an entry function and a view,
// with bodies (not natives).
func shopModule(t *testing.T) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(cafe, "shop").Version(bytecode.Version7)
	b.Struct("Till", bytecode.AbilityKey, bytecode.Field("cash", bytecode.U64), bytecode.Field("open", bytecode.Bool))
	b.Function("sell", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpRet)}})
	b.Function("cash", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address}, Returns: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpLdU64, 0), bytecode.I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"cash": {{Kind: bytecode.AttributeView}}}})
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

func TestSetModule(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{Natives: []native.Module{publisherModule()}})
	if err != nil {
		t.Fatal(err)
	}
	c := startChain(t, vm)
	a := vm.DevAccounts()[0]
	shop := ledgerapi.ModuleId{Address: cafe, Name: "shop"}
	sell := ledgerapi.EntryFunctionId{Module: shop, Name: "sell"}
	publish := func(code []byte) storage.Transaction {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(ledgerapi.MustParseAddress("0xd0"), "pub", "publish", nil, vmstub.BytesValue(code)))))
	}
	if _, err := vm.ModulesAt(c).Module(shop); !errors.Is(err, modules.ErrModuleNotFound) {
		t.Fatalf("the module before it is stored: %v", err)
	}
	if _, _, _, err := vm.View(c, ledgerapi.EntryFunctionId{Module: shop, Name: "cash"}, nil, [][]byte{vmstub.AddressValue(cafe)}); !errors.Is(err, vmstub.ErrUnknownFunction) {
		t.Fatalf("view before publishing: %v", err)
	}

	code := shopModule(t)
	out := publish(code)
	if w := findChange(out, storage.ModuleKey(cafe, "shop")); !out.Info.Success() || w == nil || string(w.Value) != string(code) {
		t.Fatalf("publish: %s %+v", out.Info.Status.String(), w)
	}
	mods := vm.ModulesAt(c)
	m, err := mods.Module(shop)
	if err != nil || m.ABI.ExposedFunctions[1].Name != "cash" || !m.ABI.ExposedFunctions[1].IsView {
		t.Fatalf("stored module: %v", err)
	}
	till := ledgerapi.StructType(ledgerapi.StructTag{Address: cafe, Module: "shop", Name: "Till"})
	if js := render(t, movevalue.Codec{Resolver: mods}, till, append(vmstub.U64Value(12), 1)); js != `{"cash":"12","open":true}` {
		t.Fatalf("Till %s", js)
	}
	if _, err := mods.EncodeArgs(sell, nil, []jsonRaw{[]byte(`"7"`)}); err != nil {
		t.Fatalf("JSON arguments of a stored function: %v", err)
	}

	// Its functions resolve, check their arguments and run as Move code.
	seq := c.seq(a.Address)
	out = c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(cafe, "shop", "sell", nil, vmstub.U64Value(7)))))
	if !out.Info.Success() || out.Info.GasUsed == 0 || c.seq(a.Address) != seq+1 {
		t.Fatalf("sell: %+v", out.Info)
	}
	out = c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(cafe, "shop", "sell", nil))))
	if out.Info.Status.String() != "NUMBER_OF_ARGUMENTS_MISMATCH" {
		t.Fatalf("sell without its argument: %s", out.Info.Status.String())
	}
	vals, types, _, err := vm.View(c, ledgerapi.EntryFunctionId{Module: shop, Name: "cash"}, nil, [][]byte{vmstub.AddressValue(cafe)})
	if err != nil || len(vals) != 1 || string(vals[0]) != string(vmstub.U64Value(0)) || types[0].String() != "u64" {
		t.Fatalf("view cash: %v %x %v", err, vals, types)
	}
	if out := publish([]byte("junk")); out.Info.Success() || out.Info.Status.String() != "CODE_DESERIALIZATION_ERROR" {
		t.Fatalf("junk: %+v", out.Info)
	}
}

// putKey writes a state value directly (a write set no transaction made);
// nil deletes it.
func (c *chain) putKey(k storage.StateKey, v []byte) {
	c.t.Helper()
	enc, err := k.Encode()
	if err != nil {
		c.t.Fatal(err)
	}
	if v == nil {
		delete(c.state, string(enc))
		return
	}
	c.state[string(enc)] = v
}

// TestNativesFollowStoredModules: a registered native runs only while the
// module stored at the state the call reads declares the function with
// the signature the registry generated; other contents of the module do
// not matter.
func TestNativesFollowStoredModules(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	get := fnID("0x1::chain_id::get")
	key := storage.ModuleKey(ledgerapi.AddressOne, "chain_id")
	chainID := func(ret bytecode.SignatureToken, extra bool) []byte {
		b := bytecode.NewModuleBuilder(ledgerapi.AddressOne, "chain_id").Version(bytecode.Version7)
		b.Struct("ChainId", bytecode.AbilityKey, bytecode.Field("id", bytecode.U8))
		if extra {
			b.Struct("Extra", bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64))
		}
		b.Function("get", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{ret}, Native: true})
		b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"get": {{Kind: bytecode.AttributeView}}}})
		code, err := b.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return code
	}
	view := func() error {
		vals, _, _, err := c.vm.View(c, get, nil, nil)
		if err == nil && (len(vals) != 1 || vals[0][0] != 4) {
			t.Fatalf("chain_id::get = %v", vals)
		}
		return err
	}
	if err := view(); err != nil {
		t.Fatal(err)
	}
	c.putKey(key, chainID(bytecode.U8, true))
	if err := view(); err != nil {
		t.Fatalf("same signature, other contents: %v", err)
	}
	c.putKey(key, chainID(bytecode.U64, false))
	var ve *vmstub.ViewError
	if err := view(); !errors.As(err, &ve) || ve.Status == nil || ve.Status.Name != "MISSING_DEPENDENCY" {
		t.Fatalf("another signature: %v", err)
	}
	c.putKey(key, nil)
	if err := view(); !errors.Is(err, vmstub.ErrUnknownFunction) {
		t.Fatalf("no module: %v", err)
	}
	c.putKey(key, []byte("placeholder"))
	if err := view(); !errors.Is(err, vmstub.ErrUnknownFunction) {
		t.Fatalf("bytes that are no module: %v", err)
	}
}
