package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// sysModule calls chain_status's asserts and timestamp::update_global_time
// as Move code would: entry operating(_s), genesis(_s) and tick(s, t)
// (update_global_time(s, @0xb0b, t)).
func sysModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "sys")
	b := k.b
	sig := bytecode.Ref(bytecode.Signer)
	assertOp := k.fn("chain_status", "assert_operating", nil, nil, nil)
	assertGen := k.fn("chain_status", "assert_genesis", nil, nil, nil)
	update := k.fn("timestamp", "update_global_time", nil, []tok{sig, bytecode.Address, bytecode.U64}, nil)
	proposer := b.Constant(bytecode.Address, vmstub.AddressValue(ledgerapi.MustParseAddress("0xb0b")))
	b.Function("operating", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{callF(assertOp), in(bytecode.OpRet)}})
	b.Function("genesis", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{callF(assertGen), in(bytecode.OpRet)}})
	b.Function("tick", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, bytecode.U64},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdConst, uint64(proposer)), in(bytecode.OpMoveLoc, 1),
			callF(update), in(bytecode.OpRet)}})
	return mustBytes(t, b)
}

// TestChainStatusAssertsAndGlobalTime: after genesis assert_operating
// passes and assert_genesis aborts with INVALID_STATE(ENOT_OPERATING)
// (0x30001, Aptos's code for both); update_global_time from a user's
// signer aborts in system_addresses with PERMISSION_DENIED(EVM) (0x50002).
func TestChainStatusAssertsAndGlobalTime(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Sys", onchain.UpgradeCompatible, []string{"sys"}, stdDeps...), sysModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	run := func(fn string, args ...[]byte) string {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "sys", fn, nil, args...)))).Info.Status.String()
	}
	if got := run("operating"); got != "Executed successfully" {
		t.Errorf("assert_operating: %s", got)
	}
	if got, want := run("genesis"), "Move abort in 0x1::chain_status: ENOT_OPERATING(0x30001): The blockchain is not in the operating status."; got != want {
		t.Errorf("assert_genesis: %s, want %s", got, want)
	}
	if got, want := run("tick", vmstub.U64Value(1<<62)), "Move abort in 0x1::system_addresses: EVM(0x50002): The operation can only be performed by the VM"; got != want {
		t.Errorf("update_global_time: %s, want %s", got, want)
	}
}
