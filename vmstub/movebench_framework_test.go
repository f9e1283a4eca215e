package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// BenchmarkExecuteFrameworkCall is BenchmarkExecuteMoveCall for a
// published entry function whose work is calls into the framework:
// payments::transfer runs coin::withdraw<AptosCoin> and then coin::deposit
// on the interpreter, so what it measures is mostly the cost of crossing
// from Move code into Go and back with a Coin value.
func BenchmarkExecuteFrameworkCall(b *testing.B) {
	c := newChain(b, vmstub.Options{DevAccounts: 2})
	a, to := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	code, err := samples.Payments(a.Address)
	if err != nil {
		b.Fatal(err)
	}
	c.publish(a, packageMeta("Bench", onchain.UpgradeCompatible, []string{"payments"}, stdDeps...), code)
	blk := c.block()
	st := a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "payments", "transfer", nil,
		vmstub.U64Value(1), vmstub.AddressValue(to.Address))))
	b.ReportAllocs()
	for b.Loop() {
		out, err := c.vm.Execute(c, blk, st)
		if err != nil || !out.Info.Success() {
			b.Fatal(err, out.Info.Status.String())
		}
	}
}
