package vmstub_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// dbgModule is <addr>::dbg:
//
//	public entry fun go(_s: &signer) { debug::print(&42u64); debug::print(&b"hi"); debug::print_stack_trace() }
//	#[view] public fun look(): u64 { debug::print(&7u64); 7 }
func dbgModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "dbg")
	dm := b.ModuleRef(one, "debug")
	print := b.ImportFunction(dm, "print", bytecode.Fn{TypeParams: []bytecode.AbilitySet{0}, Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.TypeParameter(0))}})
	trace := b.ImportFunction(dm, "print_stack_trace", bytecode.Fn{})
	pU64, pBytes := uint64(b.FunctionInst(print, bytecode.U64)), uint64(b.FunctionInst(print, bytecode.Vector(bytecode.U8)))
	I := bytecode.I
	hi := uint64(b.ConstantBytes([]byte("hi")))
	b.Function("go", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Locals: []bytecode.SignatureToken{bytecode.U64, bytecode.Vector(bytecode.U8)},
		Code: []bytecode.Instruction{I(bytecode.OpLdU64, 42), I(bytecode.OpStLoc, 1), I(bytecode.OpImmBorrowLoc, 1), I(bytecode.OpCallGeneric, pU64),
			I(bytecode.OpLdConst, hi), I(bytecode.OpStLoc, 2), I(bytecode.OpImmBorrowLoc, 2), I(bytecode.OpCallGeneric, pBytes),
			I(bytecode.OpCall, uint64(trace)), I(bytecode.OpRet)}})
	b.Function("look", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{bytecode.U64}, Locals: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{I(bytecode.OpLdU64, 7), I(bytecode.OpStLoc, 0), I(bytecode.OpImmBorrowLoc, 0), I(bytecode.OpCallGeneric, pU64),
			I(bytecode.OpLdU64, 7), I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"look": {{Kind: bytecode.AttributeView}}}})
	return mustBytes(t, b)
}

// TestDebugPrint: std::debug output of an executed transaction reaches
// Options.DebugPrint with the transaction's hash; simulation and views
// write none and pay the same gas; without the option nothing is written.
func TestDebugPrint(t *testing.T) {
	type line struct {
		txn ledgerapi.HashValue
		msg string
	}
	var mu sync.Mutex
	var lines []line
	c := newChain(t, vmstub.Options{DebugPrint: func(h ledgerapi.HashValue, msg string) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, line{h, msg})
	}})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Dbg", onchain.UpgradeCompatible, []string{"dbg"}, stdDeps...), dbgModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	st := a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "dbg", "go", nil)))
	sim, _, err := c.vm.Simulate(c, storage.Block{Height: c.height + 1, TimestampUsec: c.nowUs + 1_000_000}, zeroSig(st), vmstub.SimulateOptions{})
	if err != nil || !sim.Info.Status.Success() {
		t.Fatalf("simulate: %v %s", err, sim.Info.Status.String())
	}
	if _, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "dbg"}, Name: "look"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(lines) != 0 {
		t.Fatalf("simulation or view printed %v", lines)
	}
	out := c.mustExec(st)
	if !out.Info.Status.Success() {
		t.Fatalf("go: %s", out.Info.Status.String())
	}
	if out.Info.GasUsed != sim.Info.GasUsed {
		t.Errorf("gas %d executed, %d simulated", out.Info.GasUsed, sim.Info.GasUsed)
	}
	if len(lines) != 3 {
		t.Fatalf("lines %v, want 3", lines)
	}
	hash := txn.UserTransactionHash(st.Bytes())
	for _, l := range lines {
		if l.txn != hash {
			t.Errorf("line %q names %s, want the transaction %s", l.msg, l.txn, hash)
		}
	}
	if lines[0].msg != "[debug] 42" || lines[1].msg != "[debug] 0x6869" {
		t.Errorf("printed %q and %q", lines[0].msg, lines[1].msg)
	}
	if want := "[debug] Call Stack:\n" + a.Address.ShortString() + "::dbg::go at offset"; !strings.HasPrefix(lines[2].msg, want) {
		t.Errorf("stack trace %q, want it to start %q", lines[2].msg, want)
	}
}
