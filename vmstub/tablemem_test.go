package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// hoardModule is <addr>::hoard:
//
//	struct Bag has key { t: Table<u64, vector<u8>> }
//	public entry fun hoard(s: &signer, n: u64, blob: vector<u8>) {
//	    let t = table::new(); let i = 0;
//	    while (i < n) { table::add(&mut t, i, copy blob); i = i + 1 };
//	    move_to(s, Bag { t })
//	}
func hoardModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "hoard")
	tableMod := b.ModuleRef(one, "table")
	table := b.ImportStruct(tableMod, "Table", bytecode.AbilityStore,
		bytecode.StructTypeParameter{Constraints: copyDropT, IsPhantom: true}, bytecode.StructTypeParameter{IsPhantom: true})
	bytesT := bytecode.Vector(bytecode.U8)
	tBytes := bytecode.StructOf(table, u64T, bytesT)
	bag := b.Struct("Bag", bytecode.AbilityKey, bytecode.Field("t", tBytes))
	tk := bytecode.StructOf(table, bytecode.TypeParameter(0), bytecode.TypeParameter(1))
	k, v := bytecode.TypeParameter(0), bytecode.TypeParameter(1)
	newT := b.FunctionInst(b.ImportFunction(tableMod, "new", bytecode.Fn{TypeParams: []bytecode.AbilitySet{copyDropT, bytecode.AbilityStore},
		Returns: []tok{tk}}), u64T, bytesT)
	add := b.FunctionInst(b.ImportFunction(tableMod, "add", bytecode.Fn{TypeParams: []bytecode.AbilitySet{copyDropT, 0},
		Params: []tok{bytecode.MutRef(tk), k, v}}), u64T, bytesT)
	b.Function("hoard", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []tok{bytecode.Ref(bytecode.Signer), u64T, bytesT}, Locals: []tok{tBytes, u64T},
		Code: []bytecode.Instruction{
			in(bytecode.OpCallGeneric, uint64(newT)), in(bytecode.OpStLoc, 3), in(bytecode.OpLdU64, 0), in(bytecode.OpStLoc, 4), // 0-3
			in(bytecode.OpCopyLoc, 4), in(bytecode.OpCopyLoc, 1), in(bytecode.OpLt), in(bytecode.OpBrFalse, 17), // 4-7
			in(bytecode.OpMutBorrowLoc, 3), in(bytecode.OpCopyLoc, 4), in(bytecode.OpCopyLoc, 2), in(bytecode.OpCallGeneric, uint64(add)), // 8-11
			in(bytecode.OpCopyLoc, 4), in(bytecode.OpLdU64, 1), in(bytecode.OpAdd), in(bytecode.OpStLoc, 4), in(bytecode.OpBranch, 4), // 12-16
			in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 3), in(bytecode.OpPack, uint64(bag)), in(bytecode.OpMoveTo, uint64(bag)), // 17-20
			in(bytecode.OpRet),
		}})
	return mustBytes(t, b)
}

// TestTableItemsCountInMemoryQuota: values table::add keeps stay counted in
// the call's memory quota, so copying one vector into ever more items
// fails with MEMORY_LIMIT_EXCEEDED (reported as an execution failure at
// the copy) rather than filling the heap beyond
// the quota; a few such items commit.
func TestTableItemsCountInMemoryQuota(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Hoard", onchain.UpgradeCompatible, []string{"hoard"}, stdDeps...), hoardModule(t, a.Address)); !out.Info.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	hoard := func(n uint64) *txn.SignedTransaction {
		raw := c.raw(a, vmstub.EntryPayload(a.Address, "hoard", "hoard", nil, vmstub.U64Value(n), vmstub.BytesValue(make([]byte, 60_000))))
		raw.MaxGasAmount = 2_000_000
		return a.Sign(raw)
	}
	// 10 items of 60,000 bytes: 19 MB of values.
	if out := c.mustExec(hoard(10)); !out.Info.Success() {
		t.Fatalf("10 items: %s", out.Info.Status.String())
	}
	// 40 items: 77 MB of values, beyond the 64 MiB quota: the copy in the
	// loop (offset 10) fails, as an execution failure there.
	if st := c.mustKeep(hoard(40)).Info.Status.String(); !strings.HasSuffix(st, "at code offset 10") {
		t.Fatalf("40 items: %q", st)
	}
}
