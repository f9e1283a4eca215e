package vmstub_test

import (
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/vmstub"
)

// seq returns a's sequence number at the latest state.
func (n *testNode) seq(a ledgerapi.Address) uint64 {
	n.tb.Helper()
	vals, _, _, err := n.vm.View(n.state(), fnID("0x1::account::get_sequence_number"), nil, [][]byte{vmstub.AddressValue(a)})
	if err != nil {
		n.tb.Fatal(err)
	}
	return leU64(vals[0])
}

// entryTxn signs a call of addr::module::fn.
func entryTxn(from vmstub.DevAccount, seq uint64, addr ledgerapi.Address, module, fn string, args ...[]byte) *txn.SignedTransaction {
	return from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: vmstub.EntryPayload(addr, module, fn, nil, args...),
		MaxGasAmount: 20_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Unix()) + 600, ChainID: 4})
}

// BenchmarkCommittedMoveCalls is BenchmarkCommittedTransfers for entry
// functions run by the Move interpreter: message::set_message (a resource
// per sender written, MessageChange emitted from the second call on) and
// scores::score (a table item per sender updated, a shared counter, an
// event). The packages are published before the timer starts.
func BenchmarkCommittedMoveCalls(b *testing.B) {
	const senders = 64
	for _, bc := range []struct {
		name   string
		module func(ledgerapi.Address) ([]byte, error)
		call   func(owner ledgerapi.Address, from vmstub.DevAccount, seq uint64) *txn.SignedTransaction
	}{
		{"message", samples.Message, func(owner ledgerapi.Address, from vmstub.DevAccount, seq uint64) *txn.SignedTransaction {
			return entryTxn(from, seq, owner, "message", "set_message", vmstub.StringValue("hello"))
		}},
		{"scores", samples.Scores, func(owner ledgerapi.Address, from vmstub.DevAccount, seq uint64) *txn.SignedTransaction {
			return entryTxn(from, seq, owner, "scores", "score", vmstub.U64Value(1))
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			n := startNodePool(b, vmstub.Options{DevAccounts: senders}, mempool.Options{PerAccountLimit: 1 << 20})
			owner := n.vm.DevAccounts()[0]
			code, err := bc.module(owner.Address)
			if err != nil {
				b.Fatal(err)
			}
			pub := entryTxn(owner, 0, ledgerapi.AddressOne, "code", "publish_package_txn",
				publishArgs(packageMeta("Bench", onchain.UpgradeCompatible, []string{bc.name}, stdDeps...), code)...)
			if err := n.submit(pub); err != nil {
				b.Fatal(err)
			}
			if tx := n.wait(pub.Hash()); !tx.Info.Success() {
				b.Fatalf("publish: %s", tx.Info.Status.String())
			}
			benchCommitted(b, n, func(from vmstub.DevAccount, seq uint64) *txn.SignedTransaction {
				return bc.call(owner.Address, from, seq)
			})
		})
	}
}

// BenchmarkExecuteMoveCall is BenchmarkExecuteTransfer for an interpreted
// entry function: scores::score executed against an in-memory state.
func BenchmarkExecuteMoveCall(b *testing.B) {
	c := newChain(b, vmstub.Options{DevAccounts: 2})
	a := c.vm.DevAccounts()[0]
	code, err := samples.Scores(a.Address)
	if err != nil {
		b.Fatal(err)
	}
	c.publish(a, packageMeta("Bench", onchain.UpgradeCompatible, []string{"scores"}, stdDeps...), code)
	blk := c.block()
	c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "scores", "score", nil, vmstub.U64Value(1)))))
	st := a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "scores", "score", nil, vmstub.U64Value(1))))
	b.ReportAllocs()
	for b.Loop() {
		out, err := c.vm.Execute(c, blk, st)
		if err != nil || !out.Info.Success() {
			b.Fatal(err, out.Info.Status.String())
		}
	}
}
