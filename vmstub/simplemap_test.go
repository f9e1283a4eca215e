package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// namesModule is <addr>::names, a simple_map of names by account:
//
//	struct Names has key { map: SimpleMap<address, String> }
//	fun init_module(s: &signer) { move_to(s, Names { map: simple_map::new() }) }
//	public entry fun set_name(caller: &signer, name: String) acquires Names {
//	    simple_map::upsert(&mut borrow_global_mut<Names>(@addr).map, signer::address_of(caller), name);
//	}
//	#[view] public fun name_of(who: address): String acquires Names { *simple_map::borrow(&borrow_global<Names>(@addr).map, &who) }
//	#[view] public fun count(): u64 acquires Names { simple_map::length(&borrow_global<Names>(@addr).map) }
func namesModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "names")
	all3 := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	str := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "string"), "String", all3))
	smMod := b.ModuleRef(one, "simple_map")
	sm := b.ImportStruct(smMod, "SimpleMap", all3, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{})
	option := b.ImportStruct(b.ModuleRef(one, "option"), "Option", all3, bytecode.StructTypeParameter{})
	mapT := bytecode.StructOf(sm, bytecode.Address, str)
	names := b.Struct("Names", bytecode.AbilityKey, bytecode.Field("map", mapT))
	k, v := bytecode.TypeParameter(0), bytecode.TypeParameter(1)
	tk := bytecode.StructOf(sm, k, v)
	stores := []bytecode.AbilitySet{bytecode.AbilityStore, bytecode.AbilityStore}
	fn := func(name string, params, rets []bytecode.SignatureToken) uint64 {
		h := b.ImportFunction(smMod, name, bytecode.Fn{TypeParams: stores, Params: params, Returns: rets})
		return uint64(b.FunctionInst(h, bytecode.Address, str))
	}
	newMap := fn("new", nil, []bytecode.SignatureToken{tk})
	upsert := fn("upsert", []bytecode.SignatureToken{bytecode.MutRef(tk), k, v}, []bytecode.SignatureToken{bytecode.StructOf(option, k), bytecode.StructOf(option, v)})
	borrow := fn("borrow", []bytecode.SignatureToken{bytecode.Ref(tk), bytecode.Ref(k)}, []bytecode.SignatureToken{bytecode.Ref(v)})
	length := fn("length", []bytecode.SignatureToken{bytecode.Ref(tk)}, []bytecode.SignatureToken{bytecode.U64})
	addressOf := b.ImportFunction(b.ModuleRef(one, "signer"), "address_of", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Returns: []bytecode.SignatureToken{bytecode.Address}})
	self := uint64(b.Constant(bytecode.Address, addr[:]))
	field := uint64(b.FieldHandle(names, "map"))
	I := bytecode.I
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpCallGeneric, newMap), I(bytecode.OpPack, uint64(names)),
			I(bytecode.OpMoveTo, uint64(names)), I(bytecode.OpRet)}})
	b.Function("set_name", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), str},
		Acquires: []bytecode.StructDefIndex{names},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpMutBorrowGlobal, uint64(names)), I(bytecode.OpMutBorrowField, field),
			I(bytecode.OpMoveLoc, 0), I(bytecode.OpCall, uint64(addressOf)), I(bytecode.OpMoveLoc, 1), I(bytecode.OpCallGeneric, upsert),
			I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpRet)}})
	b.Function("name_of", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address}, Returns: []bytecode.SignatureToken{str},
		Acquires: []bytecode.StructDefIndex{names},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpImmBorrowGlobal, uint64(names)), I(bytecode.OpImmBorrowField, field),
			I(bytecode.OpImmBorrowLoc, 0), I(bytecode.OpCallGeneric, borrow), I(bytecode.OpReadRef), I(bytecode.OpRet)}})
	b.Function("count", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{bytecode.U64},
		Acquires: []bytecode.StructDefIndex{names},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpImmBorrowGlobal, uint64(names)), I(bytecode.OpImmBorrowField, field),
			I(bytecode.OpCallGeneric, length), I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{
		"name_of": {{Kind: bytecode.AttributeView}}, "count": {{Kind: bytecode.AttributeView}}}})
	return mustBytes(t, b)
}

func TestSimpleMap(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	devs := c.vm.DevAccounts()
	a := devs[0]
	if out := c.publish(a, packageMeta("Names", onchain.UpgradeCompatible, []string{"names"}, stdDeps...), namesModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	mod := ledgerapi.ModuleId{Address: a.Address, Name: "names"}
	view := func(fn string, args ...[]byte) ([]byte, error) {
		vals, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: mod, Name: fn}, nil, args)
		if err != nil {
			return nil, err
		}
		return vals[0], nil
	}
	for _, s := range []struct {
		who  vmstub.DevAccount
		name string
	}{{devs[1], "bob"}, {devs[2], "carol"}, {devs[1], "robert"}} {
		if out := c.mustExec(s.who.Sign(c.raw(s.who, vmstub.EntryPayload(a.Address, "names", "set_name", nil, vmstub.StringValue(s.name))))); !out.Info.Status.Success() {
			t.Fatalf("set_name %s: %s", s.name, out.Info.Status.String())
		}
	}
	for who, want := range map[ledgerapi.Address]string{devs[1].Address: "robert", devs[2].Address: "carol"} {
		if got, err := view("name_of", vmstub.AddressValue(who)); err != nil || string(got) != string(vmstub.StringValue(want)) {
			t.Fatalf("name_of %s: %x %v, want %q", who, got, err, want)
		}
	}
	if got, err := view("count"); err != nil || string(got) != string(vmstub.U64Value(2)) {
		t.Fatalf("count: %x %v (an upsert of a known key replaces it)", got, err)
	}
	if _, err := view("name_of", vmstub.AddressValue(devs[3].Address)); err == nil || !strings.Contains(err.Error(), "EKEY_NOT_FOUND") {
		t.Fatalf("name_of an unknown key: %v", err)
	}
}
