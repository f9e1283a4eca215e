package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// bookModule is <addr>::book, a smart table of u64 by u64:
//
//	struct Book has key { t: SmartTable<u64, u64> }
//	fun init_module(s: &signer) { move_to(s, Book { t: smart_table::new() }) }
//	public entry fun put(_s: &signer, k: u64, v: u64) acquires Book { smart_table::upsert(&mut borrow_global_mut<Book>(@addr).t, k, v) }
//	public entry fun drop_key(_s: &signer, k: u64) acquires Book { smart_table::remove(&mut borrow_global_mut<Book>(@addr).t, k); }
//	#[view] public fun get(k: u64): u64 acquires Book { *smart_table::borrow(&borrow_global<Book>(@addr).t, k) }
//	#[view] public fun len(): u64 acquires Book { smart_table::length(&borrow_global<Book>(@addr).t) }
func bookModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "book")
	stMod := b.ModuleRef(one, "smart_table")
	st := b.ImportStruct(stMod, "SmartTable", bytecode.AbilityStore, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{})
	book := b.Struct("Book", bytecode.AbilityKey, bytecode.Field("t", bytecode.StructOf(st, bytecode.U64, bytecode.U64)))
	k, v := bytecode.TypeParameter(0), bytecode.TypeParameter(1)
	tk := bytecode.StructOf(st, k, v)
	fn := func(name string, tps []bytecode.AbilitySet, params, rets []bytecode.SignatureToken) uint64 {
		h := b.ImportFunction(stMod, name, bytecode.Fn{TypeParams: tps, Params: params, Returns: rets})
		return uint64(b.FunctionInst(h, bytecode.U64, bytecode.U64))
	}
	cd := bytecode.AbilityCopy | bytecode.AbilityDrop
	newT := fn("new", []bytecode.AbilitySet{cd | bytecode.AbilityStore, bytecode.AbilityStore}, nil, []bytecode.SignatureToken{tk})
	upsert := fn("upsert", []bytecode.AbilitySet{cd, bytecode.AbilityDrop}, []bytecode.SignatureToken{bytecode.MutRef(tk), k, v}, nil)
	remove := fn("remove", []bytecode.AbilitySet{cd, 0}, []bytecode.SignatureToken{bytecode.MutRef(tk), k}, []bytecode.SignatureToken{v})
	borrow := fn("borrow", []bytecode.AbilitySet{bytecode.AbilityDrop, 0}, []bytecode.SignatureToken{bytecode.Ref(tk), k}, []bytecode.SignatureToken{bytecode.Ref(v)})
	length := fn("length", []bytecode.AbilitySet{0, 0}, []bytecode.SignatureToken{bytecode.Ref(tk)}, []bytecode.SignatureToken{bytecode.U64})
	self := uint64(b.Constant(bytecode.Address, addr[:]))
	field := uint64(b.FieldHandle(book, "t"))
	I := bytecode.I
	signer := []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: signer,
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpCallGeneric, newT), I(bytecode.OpPack, uint64(book)), I(bytecode.OpMoveTo, uint64(book)), I(bytecode.OpRet)}})
	b.Function("put", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: append(signer, bytecode.U64, bytecode.U64),
		Acquires: []bytecode.StructDefIndex{book},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpMutBorrowGlobal, uint64(book)), I(bytecode.OpMutBorrowField, field),
			I(bytecode.OpMoveLoc, 1), I(bytecode.OpMoveLoc, 2), I(bytecode.OpCallGeneric, upsert), I(bytecode.OpRet)}})
	b.Function("drop_key", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: append(signer, bytecode.U64),
		Acquires: []bytecode.StructDefIndex{book},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpMutBorrowGlobal, uint64(book)), I(bytecode.OpMutBorrowField, field),
			I(bytecode.OpMoveLoc, 1), I(bytecode.OpCallGeneric, remove), I(bytecode.OpPop), I(bytecode.OpRet)}})
	b.Function("get", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.U64}, Returns: []bytecode.SignatureToken{bytecode.U64},
		Acquires: []bytecode.StructDefIndex{book},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpImmBorrowGlobal, uint64(book)), I(bytecode.OpImmBorrowField, field),
			I(bytecode.OpMoveLoc, 0), I(bytecode.OpCallGeneric, borrow), I(bytecode.OpReadRef), I(bytecode.OpRet)}})
	b.Function("len", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{bytecode.U64},
		Acquires: []bytecode.StructDefIndex{book},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpImmBorrowGlobal, uint64(book)), I(bytecode.OpImmBorrowField, field),
			I(bytecode.OpCallGeneric, length), I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"get": {{Kind: bytecode.AttributeView}}, "len": {{Kind: bytecode.AttributeView}}}})
	return mustBytes(t, b)
}

func TestSmartTable(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Book", onchain.UpgradeCompatible, []string{"book"}, stdDeps...), bookModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	call := func(fn string, args ...uint64) {
		t.Helper()
		var bs [][]byte
		for _, x := range args {
			bs = append(bs, vmstub.U64Value(x))
		}
		if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "book", fn, nil, bs...)))); !out.Info.Status.Success() {
			t.Fatalf("%s%v: %s", fn, args, out.Info.Status.String())
		}
	}
	view := func(fn string, args ...uint64) ([]byte, error) {
		var bs [][]byte
		for _, x := range args {
			bs = append(bs, vmstub.U64Value(x))
		}
		vals, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "book"}, Name: fn}, nil, bs)
		if err != nil {
			return nil, err
		}
		return vals[0], nil
	}
	for k := uint64(1); k <= 20; k++ {
		call("put", k, k*k)
	}
	call("put", 7, 700) // upsert of an existing key replaces it
	call("drop_key", 3)
	for k, want := range map[uint64]uint64{1: 1, 7: 700, 20: 400} {
		if got, err := view("get", k); err != nil || string(got) != string(vmstub.U64Value(want)) {
			t.Fatalf("get %d: %x %v, want %d", k, got, err, want)
		}
	}
	if got, err := view("len"); err != nil || string(got) != string(vmstub.U64Value(19)) {
		t.Fatalf("len: %x %v", got, err)
	}
	if _, err := view("get", 3); err == nil {
		t.Fatal("get of a removed key")
	}
}
