package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestAptosCoinMintCapabilities: without a MintCapStore aptos_coin::mint
// aborts with NOT_FOUND(ENO_CAPABILITIES) (0x60001), delegation is the
// core resources account's only (system_addresses' PERMISSION_DENIED(
// ENOT_CORE_RESOURCE_ADDRESS), 0x50001), and claiming fails as on a
// network without that account's Delegations (MISSING_DATA).
func TestAptosCoinMintCapabilities(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	b := c.vm.DevAccounts()[1]
	run := func(fn string, args ...[]byte) string {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(ledgerapi.AddressOne, "aptos_coin", fn, nil, args...)))).Info.Status.String()
	}
	before := c.balance(b.Address)
	for fn, want := range map[string]string{
		"mint":                     "Move abort in 0x1::aptos_coin: ENO_CAPABILITIES(0x60001)",
		"delegate_mint_capability": "Move abort in 0x1::system_addresses: ENOT_CORE_RESOURCE_ADDRESS(0x50001): The address/account did not correspond to the core resource address",
		"claim_mint_capability":    "MISSING_DATA",
	} {
		var got string
		switch fn {
		case "mint":
			got = run(fn, vmstub.AddressValue(b.Address), vmstub.U64Value(5))
		case "delegate_mint_capability":
			got = run(fn, vmstub.AddressValue(b.Address))
		default:
			got = run(fn)
		}
		if !strings.Contains(got, want) {
			t.Errorf("%s: %s, want %s", fn, got, want)
		}
	}
	if got := c.balance(b.Address); got != before {
		t.Errorf("balance of the would-be recipient changed: %d → %d", before, got)
	}
}
