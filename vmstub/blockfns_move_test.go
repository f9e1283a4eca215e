package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// blockFnsModule calls 0x1::block's public functions: entry history(s,
// cap) (initialize_commit_history), interval(s)
// (update_epoch_interval_microsecs(s, 5)), writeset(s)
// (emit_writeset_block_event(s, @0x1)).
func blockFnsModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "blockfns")
	b := k.b
	sig := bytecode.Ref(bytecode.Signer)
	history := callF(k.fn("block", "initialize_commit_history", nil, []tok{sig, bytecode.U32}, nil))
	interval := callF(k.fn("block", "update_epoch_interval_microsecs", nil, []tok{sig, bytecode.U64}, nil))
	writeset := callF(k.fn("block", "emit_writeset_block_event", nil, []tok{sig, bytecode.Address}, nil))
	oneC := uint64(b.Constant(bytecode.Address, vmstub.AddressValue(one)))
	b.Function("history", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, bytecode.U32},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), history, in(bytecode.OpRet)}})
	b.Function("interval", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdU64, 5), interval, in(bytecode.OpRet)}})
	b.Function("writeset", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdConst, oneC), writeset, in(bytecode.OpRet)}})
	return k.code()
}

// TestBlockFunctionsFromMove: initialize_commit_history refuses capacity 0
// (INVALID_ARGUMENT(3)), writes an empty CommitHistory at the signer and
// refuses a second one; update_epoch_interval_microsecs is 0x1's only and
// emit_writeset_block_event the VM's (system_addresses' 0x50003, 0x50002).
func TestBlockFunctionsFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("BlockFns", onchain.UpgradeCompatible, []string{"blockfns"}, stdDeps...), blockFnsModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	run := func(fn string, args ...[]byte) string {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "blockfns", fn, nil, args...)))).Info.Status.String()
	}
	u32 := func(v byte) []byte { return []byte{v, 0, 0, 0} }
	if got := run("history", u32(0)); !strings.Contains(got, "Move abort in 0x1::block: EZERO_EPOCH_INTERVAL(0x10003)") {
		t.Errorf("capacity 0: %s", got)
	}
	if got := run("history", u32(7)); got != "Executed successfully" {
		t.Fatalf("initialize_commit_history: %s", got)
	}
	hist, err := c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: one, Module: "block", Name: "CommitHistory"}))
	if err != nil || len(hist) != 48 || hist[0] != 7 || hist[4] != 0 || string(hist[40:]) != string(make([]byte, 8)) {
		t.Fatalf("CommitHistory %x: %v", hist, err)
	}
	if got := run("history", u32(7)); !strings.Contains(got, "Execution failed") {
		t.Errorf("second CommitHistory: %s", got)
	}
	if got := run("interval"); got != "Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address" {
		t.Errorf("update_epoch_interval_microsecs: %s", got)
	}
	if got := run("writeset"); got != "Move abort in 0x1::system_addresses: EVM(0x50002): The operation can only be performed by the VM" {
		t.Errorf("emit_writeset_block_event: %s", got)
	}
}
