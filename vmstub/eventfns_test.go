package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// journalModule is <addr>::journal, with a v1 event handle:
//
//	struct Entry has drop, store { n: u64 }
//	struct Journal has key { entries: EventHandle<Entry> }
//	fun init_module(s: &signer) { move_to(s, Journal { entries: account::new_event_handle<Entry>(s) }) }
//	public entry fun write(_caller: &signer, n: u64) acquires Journal {
//	    event::emit_event(&mut borrow_global_mut<Journal>(@addr).entries, Entry { n })
//	}
func journalModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "journal")
	handle := b.ImportStruct(b.ModuleRef(one, "event"), "EventHandle", bytecode.AbilityStore, bytecode.StructTypeParameter{IsPhantom: true, Constraints: bytecode.AbilityDrop | bytecode.AbilityStore})
	entry := b.Struct("Entry", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("n", bytecode.U64))
	journal := b.Struct("Journal", bytecode.AbilityKey, bytecode.Field("entries", bytecode.StructOf(handle, b.StructType(entry))))
	ds := []bytecode.AbilitySet{bytecode.AbilityDrop | bytecode.AbilityStore}
	newHandle := b.ImportFunction(b.ModuleRef(one, "account"), "new_event_handle", bytecode.Fn{TypeParams: ds,
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Returns: []bytecode.SignatureToken{bytecode.StructOf(handle, bytecode.TypeParameter(0))}})
	emit := b.ImportFunction(b.ModuleRef(one, "event"), "emit_event", bytecode.Fn{TypeParams: ds,
		Params: []bytecode.SignatureToken{bytecode.MutRef(bytecode.StructOf(handle, bytecode.TypeParameter(0))), bytecode.TypeParameter(0)}})
	self := b.Constant(bytecode.Address, addr[:])
	I := bytecode.I
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{I(bytecode.OpCopyLoc, 0), I(bytecode.OpCopyLoc, 0),
			I(bytecode.OpCallGeneric, uint64(b.FunctionInst(newHandle, b.StructType(entry)))),
			I(bytecode.OpPack, uint64(journal)), I(bytecode.OpMoveTo, uint64(journal)), I(bytecode.OpRet)}})
	b.Function("write", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64},
		Acquires: []bytecode.StructDefIndex{journal},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, uint64(self)), I(bytecode.OpMutBorrowGlobal, uint64(journal)),
			I(bytecode.OpMutBorrowField, uint64(b.FieldHandle(journal, "entries"))), I(bytecode.OpMoveLoc, 1), I(bytecode.OpPack, uint64(entry)),
			I(bytecode.OpCallGeneric, uint64(b.FunctionInst(emit, b.StructType(entry)))), I(bytecode.OpRet)}})
	return mustBytes(t, b)
}

func TestEmitEventOnHandle(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Journal", onchain.UpgradeCompatible, []string{"journal"}, stdDeps...), journalModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	// The handle took the account's next GUID: the stream is keyed by it.
	guidBefore := c.guidNext(a.Address) - 1
	for i := range uint64(3) {
		out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "journal", "write", nil, vmstub.U64Value(10+i)))))
		if !out.Info.Status.Success() {
			t.Fatalf("write: %s", out.Info.Status.String())
		}
		e := out.Events[0]
		if e.IsV2() || e.Key.CreationNumber != guidBefore || e.Key.Account != a.Address || e.SequenceNumber != i ||
			string(e.Data) != string(vmstub.U64Value(10+i)) || e.Type.String() != a.Address.String()+"::journal::Entry" {
			t.Fatalf("event %d: %+v", i, e)
		}
	}
}

// guidNext is account::get_guid_next_creation_num.
func (c *chain) guidNext(a ledgerapi.Address) uint64 {
	c.t.Helper()
	vals, _, _, err := c.vm.View(c, fnID("0x1::account::get_guid_next_creation_num"), nil, [][]byte{vmstub.AddressValue(a)})
	if err != nil {
		c.t.Fatal(err)
	}
	return leU64(vals[0])
}
