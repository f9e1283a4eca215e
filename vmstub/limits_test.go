package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// fillerModule is <addr>::filler:
//
//	struct Bag has key { t: Table<u64, u64> }
//	public entry fun fill(s: &signer, n: u64) {
//	    let t = table::new(); let i = 0;
//	    while (i < n) { table::add(&mut t, i, i); i = i + 1 };
//	    move_to(s, Bag { t })
//	}
//
// fill(n) writes n table items and one resource.
func fillerModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "filler")
	tableMod := b.ModuleRef(one, "table")
	table := b.ImportStruct(tableMod, "Table", bytecode.AbilityStore,
		bytecode.StructTypeParameter{Constraints: copyDropT, IsPhantom: true}, bytecode.StructTypeParameter{IsPhantom: true})
	tU64 := bytecode.StructOf(table, u64T, u64T)
	bag := b.Struct("Bag", bytecode.AbilityKey, bytecode.Field("t", tU64))
	tk := bytecode.StructOf(table, bytecode.TypeParameter(0), bytecode.TypeParameter(1))
	k, v := bytecode.TypeParameter(0), bytecode.TypeParameter(1)
	newT := b.FunctionInst(b.ImportFunction(tableMod, "new", bytecode.Fn{TypeParams: []bytecode.AbilitySet{copyDropT, bytecode.AbilityStore},
		Returns: []tok{tk}}), u64T, u64T)
	add := b.FunctionInst(b.ImportFunction(tableMod, "add", bytecode.Fn{TypeParams: []bytecode.AbilitySet{copyDropT, 0},
		Params: []tok{bytecode.MutRef(tk), k, v}}), u64T, u64T)
	b.Function("fill", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []tok{bytecode.Ref(bytecode.Signer), u64T}, Locals: []tok{tU64, u64T},
		Code: []bytecode.Instruction{
			in(bytecode.OpCallGeneric, uint64(newT)), in(bytecode.OpStLoc, 2), in(bytecode.OpLdU64, 0), in(bytecode.OpStLoc, 3), // 0-3
			in(bytecode.OpCopyLoc, 3), in(bytecode.OpCopyLoc, 1), in(bytecode.OpLt), in(bytecode.OpBrFalse, 17), // 4-7
			in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpCopyLoc, 3), in(bytecode.OpCopyLoc, 3), in(bytecode.OpCallGeneric, uint64(add)), // 8-11
			in(bytecode.OpCopyLoc, 3), in(bytecode.OpLdU64, 1), in(bytecode.OpAdd), in(bytecode.OpStLoc, 3), in(bytecode.OpBranch, 4), // 12-16
			in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 2), in(bytecode.OpPack, uint64(bag)), in(bytecode.OpMoveTo, uint64(bag)), // 17-20
			in(bytecode.OpRet),
		}})
	return mustBytes(t, b)
}

// TestWriteOpLimit: Move code writing 8,192 slots commits; one more fails
// with STORAGE_WRITE_LIMIT_REACHED, kept and charged, and none of its
// writes but the fee and the sequence number stays.
func TestWriteOpLimit(t *testing.T) {
	rec := &internalErrors{}
	c := newChain(t, vmstub.Options{InternalError: rec.record})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	for _, who := range []vmstub.DevAccount{a, b} {
		out := c.publish(who, packageMeta("Filler", onchain.UpgradeCompatible, []string{"filler"}, stdDeps...), fillerModule(t, who.Address))
		if !out.Info.Success() {
			t.Fatalf("publish: %s", out.Info.Status.String())
		}
	}
	fill := func(who vmstub.DevAccount, n uint64) *txn.SignedTransaction {
		raw := c.raw(who, vmstub.EntryPayload(who.Address, "filler", "fill", nil, vmstub.U64Value(n)))
		raw.MaxGasAmount = 2_000_000
		return who.Sign(raw)
	}
	hasBag := func(who vmstub.DevAccount) bool {
		_, err := c.StateValue(storage.ResourceKey(who.Address, ledgerapi.StructTag{Address: who.Address, Module: "filler", Name: "Bag"}))
		return err == nil
	}
	// 8,191 items and the Bag: 8,192 writes.
	out := c.mustExec(fill(a, vmstub.MaxWriteOpsPerTransaction-1))
	if !out.Info.Success() || !hasBag(a) || len(out.Changes) < vmstub.MaxWriteOpsPerTransaction {
		t.Fatalf("8,192 writes: %q, %d changes", out.Info.Status.String(), len(out.Changes))
	}
	// One more.
	out = c.mustKeep(fill(b, vmstub.MaxWriteOpsPerTransaction))
	if out.Info.Status.String() != "STORAGE_WRITE_LIMIT_REACHED" || hasBag(b) {
		t.Fatalf("8,193 writes: %q", out.Info.Status.String())
	}
	// Charged for the loop it ran: thousands of units, not an empty call's.
	if out.Info.GasUsed < 1000 {
		t.Fatalf("8,193 writes charged %d gas units", out.Info.GasUsed)
	}
	if h := rec.take(); len(h) != 0 {
		t.Fatalf("a limit reported as an internal error: %v", h)
	}
}

// bigModule is 0xcafe::big: write(n, size) writes n table items of size
// bytes, emit(n, size) emits n events of size bytes.
func bigModule() native.Module {
	blob := ledgerapi.StructType(ledgerapi.StructTag{Address: cafe, Name: "Blob", Module: "big"})
	handle := vmstub.TableHandle(cafe, "big")
	return native.Module{Address: cafe, Name: "big", Functions: []native.Function{
		{Name: "write", IsEntry: true, Params: []string{"&signer", "u64", "u64"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			for i := range args[1].AsU64() {
				if err := c.Host().SetTableItem(handle, vmstub.U64Value(i), make([]byte, args[2].AsU64())); err != nil {
					return nil, err
				}
			}
			return nil, nil
		}},
		{Name: "emit", IsEntry: true, Params: []string{"&signer", "u64", "u64"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			for range args[1].AsU64() {
				c.Host().EmitBCS(blob, make([]byte, args[2].AsU64()))
			}
			return nil, nil
		}},
	}}
}

// TestWriteAndEventSizeLimits: one write (key and value) of more than
// 1 MiB, writes of more than 10 MiB in all, one event of more than 1 MiB
// or events of more than 10 MiB in all fail with
// STORAGE_WRITE_LIMIT_REACHED, kept and charged; up to the limits they
// commit.
func TestWriteAndEventSizeLimits(t *testing.T) {
	// A table item's key: its tag, the handle, the BCS of a u64 key.
	itemKey := uint64(1 + 32 + 1 + 8)
	rec := &internalErrors{}
	c := newChain(t, vmstub.Options{Natives: []native.Module{bigModule()}, InternalError: rec.record})
	a := c.vm.DevAccounts()[0]
	for _, tc := range []struct {
		fn      string
		n, size uint64
		ok      bool
	}{
		{"write", 1, vmstub.MaxBytesPerWriteOp - itemKey, true},
		{"write", 1, vmstub.MaxBytesPerWriteOp - itemKey + 1, false},
		{"write", 10, vmstub.MaxBytesAllWriteOps/10 - itemKey, true},
		{"write", 11, vmstub.MaxBytesAllWriteOps/11 - itemKey + 1, false},
		{"emit", 1, vmstub.MaxBytesPerEvent, true},
		{"emit", 1, vmstub.MaxBytesPerEvent + 1, false},
		{"emit", 10, vmstub.MaxBytesAllEvents / 10, true},
		{"emit", 11, vmstub.MaxBytesAllEvents/11 + 1, false},
	} {
		st := a.Sign(c.raw(a, vmstub.EntryPayload(cafe, "big", tc.fn, nil, vmstub.U64Value(tc.n), vmstub.U64Value(tc.size))))
		if tc.ok {
			if out := c.mustExec(st); !out.Info.Success() {
				t.Fatalf("%s(%d, %d): %s", tc.fn, tc.n, tc.size, out.Info.Status.String())
			}
			continue
		}
		out := c.mustKeep(st)
		if out.Info.Status.String() != "STORAGE_WRITE_LIMIT_REACHED" || len(out.Events) != 1 {
			t.Fatalf("%s(%d, %d): %q with %d events", tc.fn, tc.n, tc.size, out.Info.Status.String(), len(out.Events))
		}
	}
	if h := rec.take(); len(h) != 0 {
		t.Fatalf("a limit reported as an internal error: %v", h)
	}
}
