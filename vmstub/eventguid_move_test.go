package vmstub_test

import (
	"strconv"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// handlesModule is <addr>::handles, reading an EventHandle through event's
// and guid's accessors:
//
//	struct Entry has drop, store { n: u64 }
//	struct Log has key { entries: EventHandle<Entry> }
//	fun init_module(s: &signer) { move_to(s, Log { entries: account::new_event_handle<Entry>(s) }) }
//	public entry fun write(_s: &signer, n: u64)   // event::emit_event
//	#[view] fun stats(): (u64, u64, address, bool, u64, address) {
//	    let h = &Log[@addr].entries; let g = event::guid(h); let id = guid::id(g);
//	    let other = guid::create_id(@addr, 7);
//	    (event::counter(h), guid::creation_num(g), guid::creator_address(g), guid::eq_id(g, &id),
//	     guid::id_creation_num(&other), guid::id_creator_address(&other))
//	}
//	public entry fun close(_s: &signer) { let Log { entries } = move_from<Log>(@addr); event::destroy_handle(entries) }
func handlesModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "handles")
	type tok = bytecode.SignatureToken
	handle := b.ImportStruct(b.ModuleRef(one, "event"), "EventHandle", bytecode.AbilityStore,
		bytecode.StructTypeParameter{IsPhantom: true, Constraints: bytecode.AbilityDrop | bytecode.AbilityStore})
	guidH := b.ImportStruct(b.ModuleRef(one, "guid"), "GUID", bytecode.AbilityDrop|bytecode.AbilityStore)
	idH := b.ImportStruct(b.ModuleRef(one, "guid"), "ID", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore)
	guidT, idT := bytecode.StructOf(guidH), bytecode.StructOf(idH)
	entry := b.Struct("Entry", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("n", bytecode.U64))
	entryT := b.StructType(entry)
	log := b.Struct("Log", bytecode.AbilityKey, bytecode.Field("entries", bytecode.StructOf(handle, entryT)))
	ds := []bytecode.AbilitySet{bytecode.AbilityDrop | bytecode.AbilityStore}
	hT0 := bytecode.StructOf(handle, bytecode.TypeParameter(0))
	ev := func(name string, params, rets []tok) uint64 {
		h := b.ImportFunction(b.ModuleRef(one, "event"), name, bytecode.Fn{TypeParams: ds, Params: params, Returns: rets})
		return uint64(b.FunctionInst(h, entryT))
	}
	gf := func(name string, params, rets []tok) uint64 {
		return uint64(b.ImportFunction(b.ModuleRef(one, "guid"), name, bytecode.Fn{Params: params, Returns: rets}))
	}
	newHandle := uint64(b.FunctionInst(b.ImportFunction(b.ModuleRef(one, "account"), "new_event_handle",
		bytecode.Fn{TypeParams: ds, Params: []tok{bytecode.Ref(bytecode.Signer)}, Returns: []tok{hT0}}), entryT))
	emit := ev("emit_event", []tok{bytecode.MutRef(hT0), bytecode.TypeParameter(0)}, nil)
	counter := ev("counter", []tok{bytecode.Ref(hT0)}, []tok{bytecode.U64})
	guidOf := ev("guid", []tok{bytecode.Ref(hT0)}, []tok{bytecode.Ref(guidT)})
	destroy := ev("destroy_handle", []tok{hT0}, nil)
	creationNum := gf("creation_num", []tok{bytecode.Ref(guidT)}, []tok{bytecode.U64})
	creator := gf("creator_address", []tok{bytecode.Ref(guidT)}, []tok{bytecode.Address})
	idOf := gf("id", []tok{bytecode.Ref(guidT)}, []tok{idT})
	eqID := gf("eq_id", []tok{bytecode.Ref(guidT), bytecode.Ref(idT)}, []tok{bytecode.Bool})
	createID := gf("create_id", []tok{bytecode.Address, bytecode.U64}, []tok{idT})
	idNum := gf("id_creation_num", []tok{bytecode.Ref(idT)}, []tok{bytecode.U64})
	idAddr := gf("id_creator_address", []tok{bytecode.Ref(idT)}, []tok{bytecode.Address})
	self := uint64(b.Constant(bytecode.Address, addr[:]))
	I := bytecode.I
	entries := uint64(b.FieldHandle(log, "entries"))
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []tok{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{I(bytecode.OpCopyLoc, 0), I(bytecode.OpCopyLoc, 0), I(bytecode.OpCallGeneric, newHandle),
			I(bytecode.OpPack, uint64(log)), I(bytecode.OpMoveTo, uint64(log)), I(bytecode.OpRet)}})
	b.Function("write", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{bytecode.Ref(bytecode.Signer), bytecode.U64},
		Acquires: []bytecode.StructDefIndex{log},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpMutBorrowGlobal, uint64(log)),
			I(bytecode.OpMutBorrowField, entries), I(bytecode.OpMoveLoc, 1), I(bytecode.OpPack, uint64(entry)),
			I(bytecode.OpCallGeneric, emit), I(bytecode.OpRet)}})
	// locals: 0 &EventHandle<Entry>, 1 &GUID, 2 ID (of the handle), 3 ID (created)
	b.Function("stats", bytecode.Public, bytecode.Fn{
		Returns:  []tok{bytecode.U64, bytecode.U64, bytecode.Address, bytecode.Bool, bytecode.U64, bytecode.Address},
		Locals:   []tok{bytecode.Ref(bytecode.StructOf(handle, entryT)), bytecode.Ref(guidT), idT, idT},
		Acquires: []bytecode.StructDefIndex{log},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpImmBorrowGlobal, uint64(log)),
			I(bytecode.OpImmBorrowField, entries), I(bytecode.OpStLoc, 0),
			I(bytecode.OpCopyLoc, 0), I(bytecode.OpCallGeneric, guidOf), I(bytecode.OpStLoc, 1),
			I(bytecode.OpCopyLoc, 1), I(bytecode.OpCall, idOf), I(bytecode.OpStLoc, 2),
			I(bytecode.OpLdConst, self), I(bytecode.OpLdU64, 7), I(bytecode.OpCall, createID), I(bytecode.OpStLoc, 3),
			I(bytecode.OpMoveLoc, 0), I(bytecode.OpCallGeneric, counter),
			I(bytecode.OpCopyLoc, 1), I(bytecode.OpCall, creationNum),
			I(bytecode.OpCopyLoc, 1), I(bytecode.OpCall, creator),
			I(bytecode.OpMoveLoc, 1), I(bytecode.OpImmBorrowLoc, 2), I(bytecode.OpCall, eqID),
			I(bytecode.OpImmBorrowLoc, 3), I(bytecode.OpCall, idNum),
			I(bytecode.OpImmBorrowLoc, 3), I(bytecode.OpCall, idAddr), I(bytecode.OpRet)}})
	b.Function("close", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{bytecode.Ref(bytecode.Signer)},
		Acquires: []bytecode.StructDefIndex{log},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpMoveFrom, uint64(log)),
			I(bytecode.OpUnpack, uint64(log)), I(bytecode.OpCallGeneric, destroy), I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"stats": {{Kind: bytecode.AttributeView}}}})
	return mustBytes(t, b)
}

// TestEventHandleAndGUIDAccessors: event::counter follows emit_event,
// event::guid is the handle's GUID (the account's creation number and
// address, equal to its own id), guid::create_id builds an ID, and
// destroy_handle drops the handle with the resource holding it.
func TestEventHandleAndGUIDAccessors(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Handles", onchain.UpgradeCompatible, []string{"handles"}, stdDeps...), handlesModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	num := c.guidNext(a.Address) - 1
	addr := addrJSON(a.Address)
	stats := func(n uint64) string {
		return `["` + strconv.FormatUint(n, 10) + `","` + strconv.FormatUint(num, 10) + `",` + addr + `,true,"7",` + addr + `]`
	}
	if got := c.mustView(a.Address.String()+"::handles::stats", nil); got != stats(0) {
		t.Fatalf("stats before any event: %s, want %s", got, stats(0))
	}
	for i := range uint64(2) {
		if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "handles", "write", nil, vmstub.U64Value(i))))); !out.Info.Success() {
			t.Fatalf("write: %s", out.Info.Status.String())
		}
	}
	if got := c.mustView(a.Address.String()+"::handles::stats", nil); got != stats(2) {
		t.Fatalf("stats after two events: %s, want %s", got, stats(2))
	}
	if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "handles", "close", nil)))); !out.Info.Success() {
		t.Fatalf("close: %s", out.Info.Status.String())
	}
	if _, err := c.view(a.Address.String()+"::handles::stats", nil); err == nil {
		t.Fatal("stats after close answered: the Log is still there")
	}
}
