package vmstub_test

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/vmstub"
)

// BenchmarkCommittedTransfers measures committed transfers per second
// through node.Submit (signature verification and validation) → mempool →
// block production (execution) → memstore commit, without HTTP.
// Transactions are signed before the timer starts; the per-account pool
// cap is raised so that no submission is rejected as full and retried (a
// retry verifies the signature again).
func BenchmarkCommittedTransfers(b *testing.B) {
	const senders = 64
	n := startNodePool(b, vmstub.Options{DevAccounts: senders}, mempool.Options{PerAccountLimit: 1 << 20})
	sink := ledgerapi.Address(crypto.SHA3_256([]byte("sink")))
	benchCommitted(b, n, func(from vmstub.DevAccount, seq uint64) *txn.SignedTransaction {
		return transferTxn(from, seq, sink, 1)
	})
}

// benchCommitted submits b.N transactions made by mk, spread over all the
// node's dev accounts from their current sequence numbers, from
// 2×GOMAXPROCS workers, waits until all are committed, and reports the
// rate. Transactions are signed before the timer starts.
func benchCommitted(b *testing.B, n *testNode, mk func(from vmstub.DevAccount, seq uint64) *txn.SignedTransaction) {
	b.ReportAllocs()
	devs := n.vm.DevAccounts()
	senders := len(devs)
	per := (b.N + senders - 1) / senders
	txns := make([][]*txn.SignedTransaction, senders)
	for s := range senders {
		first := n.seq(devs[s].Address)
		for q := range per {
			txns[s] = append(txns[s], mk(devs[s], first+uint64(q)))
		}
	}
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	workers := 2 * runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Add(1)
		go func() { // each worker interleaves its senders, sequence by sequence
			defer wg.Done()
			for q := range per {
				for s := w; s < senders; s += workers {
					if err := n.submit(txns[s][q]); err != nil {
						b.Error(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	for s := range senders {
		if tx := n.wait(txns[s][per-1].Hash()); !tx.Info.Success() {
			b.Fatalf("last transaction of sender %d: %s", s, tx.Info.Status.String())
		}
	}
	elapsed := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(senders*per)/elapsed.Seconds(), "txns/s")
}

// BenchmarkExecuteTransfer measures the VM alone: one aptos_account::transfer
// executed against an in-memory state (no node, no storage, no signatures).
func BenchmarkExecuteTransfer(b *testing.B) {
	c := newChain(b, vmstub.Options{DevAccounts: 2})
	a, to := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	blk := c.block()
	c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(to.Address, 1))))
	st := a.Sign(c.raw(a, vmstub.TransferPayload(to.Address, 1)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.vm.Execute(c, blk, st); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate measures the submission prologue of a transfer.
func BenchmarkValidate(b *testing.B) {
	c := newChain(b, vmstub.Options{DevAccounts: 2})
	a, to := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	st := a.Sign(c.raw(a, vmstub.TransferPayload(to.Address, 1)))
	b.ReportAllocs()
	for b.Loop() {
		if err := c.vm.Validate(c, st, c.nowUs); err != nil {
			b.Fatal(err)
		}
	}
}
