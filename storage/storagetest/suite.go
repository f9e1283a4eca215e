// Package storagetest is the conformance suite of the storage contract, and
// the fixtures that backends' tests and benchmarks share.
//
// A backend runs the suite from a test:
//
//	func TestConformance(t *testing.T) {
//		storagetest.Run(t, func(t *testing.T) storage.ReadWriter { return mybackend.New() })
//	}
//
// Run commits fixture chains built by Chain and compares every read with a
// simple reference model. Pruning cases run when the store implements
// storage.Pruner (and are skipped when its Prune reports
// errors.ErrUnsupported); revert cases likewise with storage.Reverter, and
// lending cases with storage.TransactionLender and storage.StateLender.
// Run the suite with -race: one case checks atomic
// visibility with concurrent readers and a writer.
package storagetest

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
)

// Run runs the conformance suite. newStore must return a new, empty store
// each time it is called.
func Run(t *testing.T, newStore func(t *testing.T) storage.ReadWriter) {
	tests := []struct {
		name string
		fn   func(t *testing.T, f *fixture)
	}{
		{"EmptyStore", testEmptyStore},
		{"Genesis", testGenesis},
		{"CommitRejects", testCommitRejects},
		{"TransactionByVersionAndHash", testTransactionLookups},
		{"TransactionRange", testTransactionRange},
		{"LentTransactions", testLentTransactions},
		{"LentStateValues", testLentStateValues},
		{"AccountTransactions", testAccountTransactions},
		{"ExecutionOutcomes", testExecutionOutcomes},
		{"Blocks", testBlocks},
		{"StateAtVersions", testStateAtVersions},
		{"StateListingPagination", testStateListing},
		{"StateListingCursorErrors", testStateListingCursorErrors},
		{"Events", testEvents},
		{"LatestEvents", testLatestEvents},
		{"Pruning", testPruning},
		{"PruningBoundaries", testPruningBoundaries},
		{"Revert", testRevert},
		{"RevertRejects", testRevertRejects},
		{"AliasingInputs", testAliasingInputs},
		{"AliasingOutputs", testAliasingOutputs},
		{"CanceledContext", testCanceledContext},
		{"ConcurrentReadersAndWriter", testConcurrency},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, &fixture{t: t, s: newStore(t), ctx: context.Background(), m: &model{}})
		})
	}
}

// fixture is one store under test with the chain that feeds it and the
// model that mirrors it.
type fixture struct {
	t   *testing.T
	s   storage.ReadWriter
	ctx context.Context
	c   *Chain
	m   *model
}

// start commits genesis of a chain with n accounts.
func (f *fixture) start(n int) {
	f.t.Helper()
	f.c = NewChain(n)
	f.commit(f.c.Genesis())
}

// commit commits a block and mirrors it in the model.
func (f *fixture) commit(b storage.Block, txns []storage.Transaction) {
	f.t.Helper()
	if err := f.s.CommitBlock(f.ctx, b, txns); err != nil {
		f.t.Fatalf("CommitBlock(height %d): %v", b.Height, err)
	}
	f.m.add(b, txns)
}

// transfers commits blocks blocks of n transfers each.
func (f *fixture) transfers(blocks, n int) {
	f.t.Helper()
	for range blocks {
		f.commit(f.c.Transfers(n))
	}
}

func (f *fixture) info() storage.LedgerInfo {
	f.t.Helper()
	info, err := f.s.LedgerInfo(f.ctx)
	if err != nil {
		f.t.Fatalf("LedgerInfo: %v", err)
	}
	return info
}

// pruner returns the store's Pruner or skips the test.
func (f *fixture) pruner() storage.Pruner {
	f.t.Helper()
	p, ok := f.s.(storage.Pruner)
	if !ok {
		f.t.Skip("store does not implement storage.Pruner")
	}
	return p
}

// prune prunes to version, skipping the test if the store cannot prune.
func (f *fixture) prune(version uint64) {
	f.t.Helper()
	err := f.pruner().Prune(f.ctx, version)
	if errors.Is(err, errors.ErrUnsupported) {
		f.t.Skip("store cannot prune")
	}
	if err != nil {
		f.t.Fatalf("Prune(%d): %v", version, err)
	}
}

// checkErr fails unless err matches want (nil means success).
func checkErr(t *testing.T, what string, err, want error) {
	t.Helper()
	switch {
	case want == nil && err != nil:
		t.Errorf("%s: unexpected error %v", what, err)
	case want != nil && !errors.Is(err, want):
		t.Errorf("%s: error %v, want %v", what, err, want)
	}
}

// checkEqual fails unless got and want are deeply equal.
func checkEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

// checkPruned fails unless err is a *storage.PrunedError describing info.
func checkPruned(t *testing.T, what string, err error, info storage.LedgerInfo) {
	t.Helper()
	var pe *storage.PrunedError
	if !errors.As(err, &pe) || !errors.Is(err, storage.ErrPruned) {
		t.Errorf("%s: error %v, want a *storage.PrunedError", what, err)
		return
	}
	if pe.OldestVersion != info.OldestVersion || pe.OldestBlockHeight != info.OldestBlockHeight {
		t.Errorf("%s: pruned error says oldest %d/%d, ledger info says %d/%d",
			what, pe.OldestVersion, pe.OldestBlockHeight, info.OldestVersion, info.OldestBlockHeight)
	}
}
