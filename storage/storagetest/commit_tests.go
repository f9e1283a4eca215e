package storagetest

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// reads calls every read method once with plausible arguments.
func reads(s storage.Reader, ctx context.Context) map[string]error {
	errs := map[string]error{}
	_, errs["LedgerInfo"] = s.LedgerInfo(ctx)
	_, errs["TransactionByVersion"] = s.TransactionByVersion(ctx, 0)
	_, errs["TransactionByHash"] = s.TransactionByHash(ctx, TxnHash(0))
	_, errs["Transactions"] = s.Transactions(ctx, 0, 10, 0)
	_, errs["AccountTransactions"] = s.AccountTransactions(ctx, AccountAddress(0), 0, 10, 0)
	_, errs["BlockByHeight"] = s.BlockByHeight(ctx, 0)
	_, errs["BlockByVersion"] = s.BlockByVersion(ctx, 0)
	_, errs["StateValue"] = s.StateValue(ctx, storage.ResourceKey(AccountAddress(0), AccountTag), 0)
	_, errs["Resources"] = s.Resources(ctx, AccountAddress(0), nil, 10, 0)
	_, errs["Modules"] = s.Modules(ctx, ledgerapi.AddressOne, nil, 10, 0)
	_, errs["Events"] = s.Events(ctx, BlockStream, 0, 10, 0)
	_, errs["EventCount"] = s.EventCount(ctx, BlockStream, 0)
	return errs
}

func testEmptyStore(t *testing.T, f *fixture) {
	for name, err := range reads(f.s, f.ctx) {
		checkErr(t, name+" on an empty store", err, storage.ErrEmpty)
	}
	c := NewChain(2)
	gb, gtxns := c.Genesis()
	b, txns := c.Transfers(1)
	checkErr(t, "committing block 1 first", f.s.CommitBlock(f.ctx, b, txns), storage.ErrInvalidCommit)
	gb.FirstVersion, gb.LastVersion, gtxns[0].Version = 1, 1, 1
	checkErr(t, "committing genesis at version 1", f.s.CommitBlock(f.ctx, gb, gtxns), storage.ErrInvalidCommit)
	_, err := f.s.LedgerInfo(f.ctx)
	checkErr(t, "LedgerInfo after refused commits", err, storage.ErrEmpty)
}

func testCanceledContext(t *testing.T, f *fixture) {
	f.start(4)
	ctx, cancel := context.WithCancel(f.ctx)
	cancel()
	for name, err := range reads(f.s, ctx) {
		checkErr(t, name+" with a canceled context", err, context.Canceled)
	}
	b, txns := f.c.Transfers(1)
	checkErr(t, "CommitBlock with a canceled context", f.s.CommitBlock(ctx, b, txns), context.Canceled)
	checkEqual(t, "ledger version", f.info().Version, uint64(0))
}

func testGenesis(t *testing.T, f *fixture) {
	f.start(4)
	info := f.info()
	if info.ChainID == 0 {
		t.Errorf("ChainID is 0")
	}
	info.ChainID = 0
	checkEqual(t, "ledger info after genesis", info, storage.LedgerInfo{})
	for name, err := range reads(f.s, f.ctx) {
		checkErr(t, name+" after genesis", err, nil)
	}
	f.transfers(1, 3)
	info = f.info()
	info.ChainID = 0
	checkEqual(t, "ledger info after block 1", info, storage.LedgerInfo{
		Epoch: 1, Version: 5, TimestampUsec: 1_000_000, BlockHeight: 1,
	})
}

func testCommitRejects(t *testing.T, f *fixture) {
	f.start(4)
	f.transfers(1, 2)
	seq := func(n uint64) *uint64 { return &n }
	tests := []struct {
		name   string
		mutate func(b *storage.Block, txns *[]storage.Transaction)
	}{
		{"no transactions", func(b *storage.Block, txns *[]storage.Transaction) { *txns = nil }},
		{"height repeats", func(b *storage.Block, _ *[]storage.Transaction) { b.Height-- }},
		{"height skips", func(b *storage.Block, _ *[]storage.Transaction) { b.Height++ }},
		{"version gap before the block", func(b *storage.Block, txns *[]storage.Transaction) {
			b.FirstVersion++
			b.LastVersion++
			for i := range *txns {
				(*txns)[i].Version++
			}
		}},
		{"version gap inside the block", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[2].Version++ }},
		{"range longer than transactions", func(b *storage.Block, _ *[]storage.Transaction) { b.LastVersion++ }},
		{"last before first", func(b *storage.Block, _ *[]storage.Transaction) { b.LastVersion = b.FirstVersion - 1 }},
		{"timestamp goes back", func(b *storage.Block, _ *[]storage.Transaction) { b.TimestampUsec = 1 }},
		{"epoch goes back", func(b *storage.Block, _ *[]storage.Transaction) { b.Epoch = 0 }},
		{"invalid kind", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[1].Kind = 0 }},
		{"sender on block metadata", func(_ *storage.Block, txns *[]storage.Transaction) {
			a := AccountAddress(0)
			(*txns)[0].Sender = &a
		}},
		{"sequence number without sender", func(_ *storage.Block, txns *[]storage.Transaction) {
			(*txns)[0].SequenceNumber = seq(0)
		}},
		{"hash already committed", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[1].Hash = TxnHash(1) }},
		{"hash twice in the block", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[2].Hash = (*txns)[1].Hash }},
		{"sequence number reused", func(_ *storage.Block, txns *[]storage.Transaction) {
			a := AccountAddress(1) // sent sequence number 0 in block 1
			(*txns)[1].Sender, (*txns)[1].SequenceNumber = &a, seq(0)
		}},
		{"sequence number repeats in the block", func(_ *storage.Block, txns *[]storage.Transaction) {
			(*txns)[2].Sender, (*txns)[2].SequenceNumber = (*txns)[1].Sender, (*txns)[1].SequenceNumber
		}},
		{"event sequence skips", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[1].Events[0].SequenceNumber++ }},
		{"event sequence repeats", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[0].Events[0].SequenceNumber = 0 }},
		{"v2 event with a sequence number", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[1].Events[2].SequenceNumber = 1 }},
		{"key written twice", func(_ *storage.Block, txns *[]storage.Transaction) {
			(*txns)[1].Changes = append((*txns)[1].Changes, (*txns)[1].Changes[0])
		}},
		{"deletion with a value", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[1].Changes[0].Deleted = true }},
		{"invalid state key", func(_ *storage.Block, txns *[]storage.Transaction) {
			(*txns)[1].Changes[0].Key = storage.ModuleKey(AccountAddress(0), "not an identifier")
		}},
		{"unknown state key kind", func(_ *storage.Block, txns *[]storage.Transaction) { (*txns)[1].Changes[0].Key.Kind = 9 }},
	}
	before := f.info()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, txns := f.c.Fork().Transfers(2) // f.c does not advance
			tc.mutate(&b, &txns)
			err := f.s.CommitBlock(f.ctx, b, txns)
			checkErr(t, "CommitBlock", err, storage.ErrInvalidCommit)
			checkEqual(t, "ledger info after a refused commit", f.info(), before)
			_, err = f.s.TransactionByVersion(f.ctx, before.Version+1)
			checkErr(t, "first version of the refused block", err, storage.ErrNotFound)
			_, err = f.s.TransactionByHash(f.ctx, TxnHash(before.Version+2))
			checkErr(t, "hash of the refused block", err, storage.ErrNotFound)
			n, err := f.s.EventCount(f.ctx, BlockStream, before.Version)
			checkErr(t, "EventCount", err, nil)
			checkEqual(t, "block stream length", n, uint64(1))
		})
	}
	f.transfers(1, 2) // the store still accepts the right block
	checkEqual(t, "version after the refused blocks", f.info().Version, before.Version+4)
}
