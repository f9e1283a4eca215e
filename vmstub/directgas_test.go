package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestDirectFrameworkCallsPayForWhatTheyTouch: a transaction calling a
// framework function directly is billed by what the call touched, so a
// large argument cannot buy a framework function's work for the price of
// one call. multisig_account::create_with_owners checks every owner
// against the others: 300 owners must cost more execution gas than 2.
func TestDirectFrameworkCallsPayForWhatTheyTouch(t *testing.T) {
	exec := func(n int) uint64 {
		c := newChain(t, vmstub.Options{DevAccounts: 1})
		a := c.vm.DevAccounts()[0]
		owners := bcs.NewEncoder(32 * n)
		owners.SeqLen(n)
		for i := range n {
			var o ledgerapi.Address
			o[0], o[1], o[31] = byte(i>>8), byte(i), 0x77
			owners.Fixed(o[:])
		}
		empty := []byte{0}
		out := c.mustExec(a.Sign(c.raw(a, call("multisig_account", "create_with_owners", nil,
			owners.Bytes(), vmstub.U64Value(1), empty, empty))))
		if !out.Info.Success() {
			t.Fatalf("%d owners: %+v", n, out.Info)
		}
		evs := make([]string, len(out.Events))
		for i, e := range out.Events {
			evs[i] = e.Type.String()
		}
		_, g, _, _, _ := feeStatement(t, evs, out.Events[len(out.Events)-1].Data)
		return g
	}
	few, many := exec(2), exec(300)
	if many < few+30 {
		t.Fatalf("execution gas: %d for 300 owners, %d for 2; a direct call must pay for what it touches", many, few)
	}
}
