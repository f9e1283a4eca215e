package vmstub_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// The host module 0xcafe::counter exercises the public module API: a
// resource with a v1 event handle, a module event, a table created at
// genesis, an abort, a two-signer entry function and a view.
var (
	cafe          = ledgerapi.MustParseAddress("0xcafe")
	counterTag    = ledgerapi.StructTag{Address: cafe, Module: "counter", Name: "Counter"}
	registryTag   = ledgerapi.StructTag{Address: cafe, Module: "counter", Name: "Registry"}
	namesTable    = vmstub.TableHandle(cafe, "counter::Registry")
	bumpEventType = ledgerapi.StructType(ledgerapi.StructTag{Address: cafe, Module: "counter", Name: "BumpEvent"})
	bumpedType    = ledgerapi.StructType(ledgerapi.StructTag{Address: cafe, Module: "counter", Name: "Bumped"})
)

const eTooBig = 1

type counter struct {
	Value uint64
	Bumps vmstub.EventHandle
}

func (c *counter) MarshalBCS(e *bcs.Encoder) {
	e.U64(c.Value)
	c.Bumps.MarshalBCS(e)
}

func (c *counter) UnmarshalBCS(d *bcs.Decoder) {
	c.Value = d.U64("value")
	c.Bumps.UnmarshalBCS(d)
}

func counterModule() native.Module {
	return native.Module{
		Address: cafe, Name: "counter",
		Structs: []native.Struct{
			{Name: "Counter", Abilities: []string{native.AbilityKey}, Fields: []string{"value: u64", "bumps: 0x1::event::EventHandle<0xcafe::counter::BumpEvent>"}},
			{Name: "BumpEvent", Abilities: []string{native.AbilityDrop, native.AbilityStore}, Fields: []string{"by: u64"}},
			{Name: "Bumped", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true, Fields: []string{"account: address", "value: u64"}},
			{Name: "Registry", Abilities: []string{native.AbilityKey}, Fields: []string{"names: 0x1::table::Table<address, 0x1::string::String>"}},
			{Name: "Partner", Abilities: []string{native.AbilityKey}, Fields: []string{"partner: address"}},
		},
		Functions: []native.Function{
			{Name: "bump", IsEntry: true, Params: []string{"&signer", "u64"}, Impl: bump},
			{Name: "set_name", IsEntry: true, Params: []string{"&signer", "0x1::string::String"}, Impl: setName},
			{Name: "pair", IsEntry: true, Params: []string{"&signer", "&signer", "u64"}, Impl: pair},
			{Name: "get", IsView: true, Params: []string{"address"}, Return: []string{"u64"}, Impl: get},
		},
		Errors: []native.AbortReason{{Reason: eTooBig, Name: "ETOO_BIG", Description: "The counter would overflow"}},
		Genesis: func(h native.Host) error {
			return h.SetResource(cafe, registryTag, vmstub.AddressValue(namesTable))
		},
	}
}

// signerOf is the address of a &signer argument.
func signerOf(v movevm.Value) ledgerapi.Address {
	s, _ := v.Deref()
	return s.AsAddress()
}

func bump(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	by := args[1].AsU64()
	if by > 1000 {
		return nil, c.Abort(native.Code(native.InvalidArgument, eTooBig))
	}
	who, h := signerOf(args[0]), c.Host()
	var ctr counter
	b, ok, err := h.Resource(who, counterTag)
	if err != nil {
		return nil, err
	}
	if ok {
		if err := bcs.Unmarshal(b, &ctr); err != nil {
			return nil, err
		}
	} else if ctr.Bumps, err = aptosframework.NewEventHandle(h, who); err != nil {
		return nil, err
	}
	ctr.Value += by
	h.EmitOnHandle(ctr.Bumps.Key(), ctr.Bumps.Counter, bumpEventType, vmstub.U64Value(by))
	ctr.Bumps.Counter++
	h.EmitBCS(bumpedType, append(vmstub.AddressValue(who), vmstub.U64Value(ctr.Value)...))
	return nil, h.SetResource(who, counterTag, bcs.Marshal(&ctr))
}

func setName(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, c.Host().SetTableItem(namesTable, vmstub.AddressValue(signerOf(args[0])), vmstub.BytesValue(args[1].Elem(0).Bytes()))
}

// pair needs two signers: each records the other and pays it amount of APT.
func pair(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, b, h := signerOf(args[0]), signerOf(args[1]), c.Host()
	partner := ledgerapi.StructTag{Address: cafe, Module: "counter", Name: "Partner"}
	if err := h.SetResource(a, partner, vmstub.AddressValue(b)); err != nil {
		return nil, err
	}
	if err := h.SetResource(b, partner, vmstub.AddressValue(a)); err != nil {
		return nil, err
	}
	if err := aptosframework.TransferFungible(h, a, b, ledgerapi.AddressA, args[2].AsU64()); err != nil {
		return nil, err
	}
	return nil, aptosframework.TransferFungible(h, b, a, ledgerapi.AddressA, args[2].AsU64())
}

func get(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var ctr counter
	b, _, err := c.Host().Resource(args[0].AsAddress(), counterTag)
	if err == nil && b != nil {
		err = bcs.Unmarshal(b, &ctr)
	}
	return []movevm.Value{movevm.U64(ctr.Value)}, err
}

func cafeCall(fn string, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(cafe, "counter", fn, nil, args...)
}

func TestHostModule(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := vm.Register(counterModule()); err != nil {
		t.Fatal(err)
	}
	if err := vm.Register(counterModule()); err == nil {
		t.Fatal("a module registered twice")
	}
	c := startChain(t, vm)
	if err := vm.Register(native.Module{Address: cafe, Name: "late"}); !errors.Is(err, vmstub.ErrSealed) {
		t.Fatalf("Register after genesis: %v", err)
	}
	codec := movevalue.Codec{Resolver: vm.ModulesAt(c)}
	a := vm.DevAccounts()[0]

	// Genesis stored the module and ran its Genesis hook.
	code, err := c.StateValue(storage.ModuleKey(cafe, "counter"))
	if want, _ := vm.ModuleBytecode(ledgerapi.ModuleId{Address: cafe, Name: "counter"}); err != nil || !bytes.Equal(code, want) {
		t.Fatalf("module bytes: %v", err)
	}
	reg, err := c.StateValue(storage.ResourceKey(cafe, registryTag))
	if err != nil {
		t.Fatalf("Registry resource: %v", err)
	}
	if js := render(t, codec, ledgerapi.StructType(registryTag), reg); js != `{"names":{"handle":"`+namesTable.String()+`"}}` {
		t.Fatalf("Registry %s", js)
	}

	for i, by := range []uint64{5, 2} {
		out := c.mustExec(a.Sign(c.raw(a, cafeCall("bump", vmstub.U64Value(by)))))
		if !out.Info.Success() {
			t.Fatal(out.Info.Status.String())
		}
		renderOutput(t, vm, out)
		ev := out.Events[0]
		if ev.Type.String() != "0xcafe::counter::BumpEvent" || ev.Key != (storage.EventKey{CreationNumber: 2, Account: a.Address}) || ev.SequenceNumber != uint64(i) {
			t.Fatalf("v1 event %+v", ev)
		}
		if got := eventTypes(out); !equalStrings(got, []string{"0xcafe::counter::BumpEvent", "0xcafe::counter::Bumped", evFee}) {
			t.Fatalf("events %v", got)
		}
	}
	b, _ := c.StateValue(storage.ResourceKey(a.Address, counterTag))
	want := `{"bumps":{"counter":"2","guid":{"id":{"addr":"` + a.Address.String() + `","creation_num":"2"}}},"value":"7"}`
	if js := render(t, codec, ledgerapi.StructType(counterTag), b); js != want {
		t.Fatalf("Counter %s\nwant    %s", js, want)
	}
	vals, types, gas, err := vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "counter"}, Name: "get"},
		nil, [][]byte{vmstub.AddressValue(a.Address)})
	if err != nil || leU64(vals[0]) != 7 || types[0] != ledgerapi.TypeU64 || gas == 0 {
		t.Fatalf("view get: %v %v %d %v", vals, types, gas, err)
	}

	out := c.mustExec(a.Sign(c.raw(a, cafeCall("bump", vmstub.U64Value(5000)))))
	if out.Info.Status.String() != "Move abort in 0xcafe::counter: ETOO_BIG(0x10001): The counter would overflow" {
		t.Fatalf("abort: %q", out.Info.Status.String())
	}

	out = c.mustExec(a.Sign(c.raw(a, cafeCall("set_name", vmstub.StringValue("alice")))))
	item := findChange(out, storage.TableItemKey(namesTable, a.Address[:]))
	if !out.Info.Success() || item == nil || render(t, codec, structType("0x1::string::String"), item.Value) != `"alice"` {
		t.Fatalf("table item: %s %+v", out.Info.Status.String(), item)
	}

	// JSON arguments through the ABI (txn.ArgCodec).
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "counter"}, Name: "set_name"}
	args, err := vm.ModulesAt(c).EncodeArgs(fn, nil, []json.RawMessage{[]byte(`"bob"`)})
	if err != nil || !bytes.Equal(args[0], vmstub.StringValue("bob")) {
		t.Fatalf("EncodeArgs: %x %v", args, err)
	}
	back, err := vm.ModulesAt(c).DecodeArgs(fn, nil, args)
	if err != nil || string(back[0]) != `"bob"` {
		t.Fatalf("DecodeArgs: %s %v", back, err)
	}
}

func render(t *testing.T, codec movevalue.Codec, typ ledgerapi.TypeTag, b []byte) string {
	t.Helper()
	js, err := codec.BCSToJSON(typ, b)
	if err != nil {
		t.Fatalf("rendering %s: %v", typ, err)
	}
	return string(js)
}

// TestMultiAgent: a two-signer function gets both signers; the sender pays
// the fee; a single-signer function called with two signers fails.
func TestMultiAgent(t *testing.T) {
	c := newChain(t, vmstub.Options{Natives: []native.Module{counterModule()}})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	balA, balB := c.balance(a.Address), c.balance(b.Address)
	out := c.mustExec(multiAgent(c.raw(a, cafeCall("pair", vmstub.U64Value(100))), a, b))
	if !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}
	if got := balA - c.balance(a.Address); got != out.Info.GasUsed*100 {
		t.Fatalf("sender paid %d, want the fee %d", got, out.Info.GasUsed*100)
	}
	if c.balance(b.Address) != balB || c.seq(b.Address) != 0 || c.seq(a.Address) != 1 {
		t.Fatal("the secondary signer was charged or bumped")
	}
	out = c.mustExec(multiAgent(c.raw(a, vmstub.TransferPayload(b.Address, 1)), a, b))
	if out.Info.Success() || out.Info.Status.String() != "NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH" {
		t.Fatalf("single-signer call with two signers: %q", out.Info.Status.String())
	}
}

// TestNativePanic: a panicking host native fails the transaction (kept,
// charged, its sequence number used) and the view instead of crashing the
// node.
func TestNativePanic(t *testing.T) {
	boom := func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) { panic("boom") }
	c := newChain(t, vmstub.Options{Natives: []native.Module{{Address: cafe, Name: "bad", Functions: []native.Function{
		{Name: "run", IsEntry: true, Params: []string{"&signer"}, Impl: boom},
		{Name: "look", IsView: true, Return: []string{"u64"}, Impl: boom},
	}}}})
	a := c.vm.DevAccounts()[0]
	out, err := c.exec(a.Sign(c.raw(a, vmstub.EntryPayload(cafe, "bad", "run", nil))))
	if err != nil || out.Info.Success() || out.Info.Status.String() != "UNKNOWN_INVARIANT_VIOLATION_ERROR" || out.Info.GasUsed == 0 || c.seq(a.Address) != 1 {
		t.Fatalf("panicking entry function: %v %q gas %d seq %d", err, out.Info.Status.String(), out.Info.GasUsed, c.seq(a.Address))
	}
	var ve *vmstub.ViewError
	_, _, _, err = c.vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "bad"}, Name: "look"}, nil, nil)
	if !errors.As(err, &ve) || ve.Status == nil || ve.Status.Code != 2000 || !errors.Is(err, vmstub.ErrAborted) {
		t.Fatalf("panicking view: %v", err)
	}
}
