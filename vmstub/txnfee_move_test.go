package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestTransactionFeeDeprecatedAndAdmin: the deprecated fee collection
// functions abort with NOT_IMPLEMENTED(ENO_LONGER_SUPPORTED) (0xc0004), as
// on Aptos; convert_to_aptos_fa_burn_ref from a user's signer aborts in
// system_addresses (0x50003).
func TestTransactionFeeDeprecatedAndAdmin(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "feefns")
	sig := bytecode.Ref(bytecode.Signer)
	refund := callF(k.fn("transaction_fee", "initialize_storage_refund", nil, []tok{sig}, nil))
	burnPct := callF(k.fn("transaction_fee", "upgrade_burn_percentage", nil, []tok{sig, bytecode.U8}, nil))
	k.b.Function("refund", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), refund, in(bytecode.OpRet)}})
	k.b.Function("burn_pct", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdU8, 50), burnPct, in(bytecode.OpRet)}})
	if out := c.publish(a, packageMeta("FeeFns", onchain.UpgradeCompatible, []string{"feefns"}, stdDeps...), k.code()); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	for fn, want := range map[string]string{
		"refund":   "Move abort in 0x1::transaction_fee: ENO_LONGER_SUPPORTED(0xc0004): No longer supported.",
		"burn_pct": "Move abort in 0x1::transaction_fee: ENO_LONGER_SUPPORTED(0xc0004): No longer supported.",
	} {
		if got := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "feefns", fn, nil)))).Info.Status.String(); got != want {
			t.Errorf("%s: %s, want %s", fn, got, want)
		}
	}
	out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(one, "transaction_fee", "convert_to_aptos_fa_burn_ref", nil))))
	if got := out.Info.Status.String(); got != "Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address" {
		t.Errorf("convert_to_aptos_fa_burn_ref: %s", got)
	}
}
