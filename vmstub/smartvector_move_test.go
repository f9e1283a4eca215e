package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// bagModule is <addr>::bag, a smart vector of u64 in a resource, its
// buckets table items kept from one transaction to the next:
//
//	struct Bag has key { v: SmartVector<u64> }
//	fun init_module(s: &signer) { move_to(s, Bag { v: smart_vector::empty_with_config(1, 2) }) }
//	public entry fun put(_s: &signer, x: u64) acquires Bag { smart_vector::push_back(&mut borrow_global_mut<Bag>(@addr).v, x) }
//	public entry fun take(_s: &signer, i: u64) acquires Bag { smart_vector::remove(&mut borrow_global_mut<Bag>(@addr).v, i); }
//	#[view] public fun all(): vector<u64> acquires Bag { smart_vector::to_vector(&borrow_global<Bag>(@addr).v) }
func bagModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "bag")
	svMod := b.ModuleRef(one, "smart_vector")
	sv := b.ImportStruct(svMod, "SmartVector", bytecode.AbilityStore, bytecode.StructTypeParameter{})
	bag := b.Struct("Bag", bytecode.AbilityKey, bytecode.Field("v", bytecode.StructOf(sv, bytecode.U64)))
	tv := bytecode.StructOf(sv, bytecode.TypeParameter(0))
	st := bytecode.AbilityStore
	fn := func(name string, tps []bytecode.AbilitySet, params, rets []bytecode.SignatureToken) uint64 {
		h := b.ImportFunction(svMod, name, bytecode.Fn{TypeParams: tps, Params: params, Returns: rets})
		return uint64(b.FunctionInst(h, bytecode.U64))
	}
	mk := fn("empty_with_config", []bytecode.AbilitySet{st}, []bytecode.SignatureToken{bytecode.U64, bytecode.U64}, []bytecode.SignatureToken{tv})
	push := fn("push_back", []bytecode.AbilitySet{st}, []bytecode.SignatureToken{bytecode.MutRef(tv), bytecode.TypeParameter(0)}, nil)
	remove := fn("remove", []bytecode.AbilitySet{0}, []bytecode.SignatureToken{bytecode.MutRef(tv), bytecode.U64}, []bytecode.SignatureToken{bytecode.TypeParameter(0)})
	toVec := fn("to_vector", []bytecode.AbilitySet{st | bytecode.AbilityCopy}, []bytecode.SignatureToken{bytecode.Ref(tv)},
		[]bytecode.SignatureToken{bytecode.Vector(bytecode.TypeParameter(0))})
	self := uint64(b.Constant(bytecode.Address, addr[:]))
	field := uint64(b.FieldHandle(bag, "v"))
	I := bytecode.I
	signer := []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: signer,
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpLdU64, 1), I(bytecode.OpLdU64, 2), I(bytecode.OpCallGeneric, mk),
			I(bytecode.OpPack, uint64(bag)), I(bytecode.OpMoveTo, uint64(bag)), I(bytecode.OpRet)}})
	entry := func(name string, call uint64, pop bool) {
		code := []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpMutBorrowGlobal, uint64(bag)), I(bytecode.OpMutBorrowField, field),
			I(bytecode.OpMoveLoc, 1), I(bytecode.OpCallGeneric, call)}
		if pop {
			code = append(code, I(bytecode.OpPop))
		}
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: append(signer, bytecode.U64),
			Acquires: []bytecode.StructDefIndex{bag}, Code: append(code, I(bytecode.OpRet))})
	}
	entry("put", push, false)
	entry("take", remove, true)
	b.Function("all", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{bytecode.Vector(bytecode.U64)},
		Acquires: []bytecode.StructDefIndex{bag},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpImmBorrowGlobal, uint64(bag)), I(bytecode.OpImmBorrowField, field),
			I(bytecode.OpCallGeneric, toVec), I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"all": {{Kind: bytecode.AttributeView}}}})
	return mustBytes(t, b)
}

// TestSmartVectorInAResource: a SmartVector's BigVector buckets are table
// items written by one transaction and read by the next; removing
// elements across buckets keeps the order.
func TestSmartVectorInAResource(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Bag", onchain.UpgradeCompatible, []string{"bag"}, stdDeps...), bagModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	call := func(fn string, x uint64) {
		t.Helper()
		if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "bag", fn, nil, vmstub.U64Value(x))))); !out.Info.Status.Success() {
			t.Fatalf("%s(%d): %s", fn, x, out.Info.Status.String())
		}
	}
	var model []uint64
	for x := uint64(1); x <= 7; x++ {
		call("put", x*10)
		model = append(model, x*10)
	}
	for _, i := range []uint64{2, 0, 4} {
		call("take", i)
		model = append(model[:i], model[i+1:]...)
	}
	call("put", 80)
	model = append(model, 80)
	vals, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "bag"}, Name: "all"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if string(vals[0]) != string(u64Vec(model...)) {
		t.Fatalf("all() = %x, want %v", vals[0], model)
	}
}
