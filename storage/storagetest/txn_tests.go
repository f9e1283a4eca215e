package storagetest

import (
	"context"
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

func testTransactionLookups(t *testing.T, f *fixture) {
	f.start(5)
	f.transfers(4, 3)
	latest := f.info().Version
	f.checkLookups(latest)
	_, err := f.s.TransactionByVersion(f.ctx, latest+1)
	checkErr(t, "TransactionByVersion(latest+1)", err, storage.ErrNotFound)
	_, err = f.s.TransactionByVersion(f.ctx, 1<<63)
	checkErr(t, "TransactionByVersion(huge)", err, storage.ErrNotFound)
	_, err = f.s.TransactionByHash(f.ctx, TxnHash(latest+1))
	checkErr(t, "TransactionByHash(uncommitted)", err, storage.ErrNotFound)
}

// checkLookups reads every transaction up to latest by version and by hash
// and compares it with the model.
func (f *fixture) checkLookups(latest uint64) {
	f.t.Helper()
	for v := uint64(0); v <= latest; v++ {
		got, err := f.s.TransactionByVersion(f.ctx, v)
		checkErr(f.t, fmt.Sprintf("TransactionByVersion(%d)", v), err, nil)
		checkEqual(f.t, fmt.Sprintf("transaction %d", v), got, f.m.txns[v])
		got, err = f.s.TransactionByHash(f.ctx, TxnHash(v))
		checkErr(f.t, fmt.Sprintf("TransactionByHash(%d)", v), err, nil)
		checkEqual(f.t, fmt.Sprintf("transaction %d by hash", v), got, f.m.txns[v])
	}
}

func testTransactionRange(t *testing.T, f *fixture) {
	f.start(5)
	f.transfers(3, 4) // versions 0..18
	latest := f.info().Version
	tests := []struct {
		start         uint64
		limit         int
		ledgerVersion uint64
		want          []uint64 // first and last version, nil for none
		err           error
	}{
		{0, 1, latest, []uint64{0, 0}, nil},
		{0, 5, latest, []uint64{0, 4}, nil},
		{3, 4, latest, []uint64{3, 6}, nil},
		{10, 100, latest, []uint64{10, latest}, nil},
		{latest, 25, latest, []uint64{latest, latest}, nil},
		{5, 100, 7, []uint64{5, 7}, nil},
		{8, 10, 7, nil, nil},
		{latest + 1, 10, latest, nil, nil},
		{0, 10, latest + 1, nil, storage.ErrNotFound},
		{0, 0, latest, nil, storage.ErrInvalidArgument},
		{0, -1, latest, nil, storage.ErrInvalidArgument},
	}
	for _, r := range f.rangeReaders() {
		for _, tc := range tests {
			what := fmt.Sprintf("%s(%d, %d, %d)", r.name, tc.start, tc.limit, tc.ledgerVersion)
			got, err := r.read(f.ctx, tc.start, tc.limit, tc.ledgerVersion)
			checkErr(t, what, err, tc.err)
			if tc.err != nil {
				continue
			}
			if tc.want == nil {
				if len(got) != 0 {
					t.Errorf("%s: got %d transactions, want none", what, len(got))
				}
				continue
			}
			checkEqual(t, what, got, f.m.txns[tc.want[0]:tc.want[1]+1])
		}
	}
}

// rangeReader is a way to read a range of transactions.
type rangeReader struct {
	name string
	read func(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error)
}

// rangeReaders returns Transactions, and LendTransactions when the store
// implements storage.TransactionLender: both read the same ranges.
func (f *fixture) rangeReaders() []rangeReader {
	rs := []rangeReader{{"Transactions", f.s.Transactions}}
	if l, ok := f.s.(storage.TransactionLender); ok {
		rs = append(rs, rangeReader{"LendTransactions", l.LendTransactions})
	}
	return rs
}

func testAccountTransactions(t *testing.T, f *fixture) {
	f.start(3)
	a, b := AccountAddress(0), AccountAddress(1)
	for i := range 4 {
		specs := []TxnSpec{f.c.Transfer(a, b, 1), f.c.Transfer(b, a, 2)}
		if i%2 == 1 {
			orderless := f.c.Transfer(a, b, 3)
			orderless.Orderless = true
			specs = append(specs, orderless)
		}
		f.commit(f.c.Block(specs...))
	}
	latest := f.info().Version
	mid := f.m.blocks[2].LastVersion
	unknown := ledgerapi.MustParseAddress("0xdead")
	tests := []struct {
		sender        ledgerapi.Address
		start         uint64
		limit         int
		ledgerVersion uint64
		want          []uint64 // sequence numbers
		err           error
	}{
		{a, 0, 100, latest, []uint64{0, 1, 2, 3}, nil},
		{a, 1, 2, latest, []uint64{1, 2}, nil},
		{a, 3, 2, latest, []uint64{3}, nil},
		{a, 4, 2, latest, nil, nil},
		{a, 0, 100, mid, []uint64{0, 1}, nil},
		{b, 2, 1, latest, []uint64{2}, nil},
		{unknown, 0, 10, latest, nil, nil},
		{a, 0, 10, latest + 1, nil, storage.ErrNotFound},
		{a, 0, 0, latest, nil, storage.ErrInvalidArgument},
	}
	for _, tc := range tests {
		what := fmt.Sprintf("AccountTransactions(%s, %d, %d, %d)", tc.sender, tc.start, tc.limit, tc.ledgerVersion)
		got, err := f.s.AccountTransactions(f.ctx, tc.sender, tc.start, tc.limit, tc.ledgerVersion)
		checkErr(t, what, err, tc.err)
		if tc.err != nil {
			continue
		}
		var seqs []uint64
		for i, tx := range got {
			if tx.Sender == nil || *tx.Sender != tc.sender || tx.SequenceNumber == nil {
				t.Fatalf("%s: item %d is not a sequence-number transaction of the sender: %+v", what, i, tx)
			}
			checkEqual(t, what+" item", tx, f.m.txns[tx.Version])
			seqs = append(seqs, *tx.SequenceNumber)
		}
		checkEqual(t, what+" sequence numbers", seqs, tc.want)
	}
	checkEqual(t, "model agrees", len(f.m.sent(a, latest)), 4)
}

func testBlocks(t *testing.T, f *fixture) {
	f.start(4)
	for n := 1; n <= 4; n++ {
		f.transfers(1, n)
	}
	info := f.info()
	checkEqual(t, "block height", info.BlockHeight, uint64(4))
	for _, want := range f.m.blocks {
		got, err := f.s.BlockByHeight(f.ctx, want.Height)
		checkErr(t, fmt.Sprintf("BlockByHeight(%d)", want.Height), err, nil)
		checkEqual(t, fmt.Sprintf("block %d", want.Height), got, want)
	}
	for v := uint64(0); v <= info.Version; v++ {
		got, err := f.s.BlockByVersion(f.ctx, v)
		checkErr(t, fmt.Sprintf("BlockByVersion(%d)", v), err, nil)
		checkEqual(t, fmt.Sprintf("block of version %d", v), got, f.m.blockOf(v))
	}
	_, err := f.s.BlockByHeight(f.ctx, info.BlockHeight+1)
	checkErr(t, "BlockByHeight(latest+1)", err, storage.ErrNotFound)
	_, err = f.s.BlockByVersion(f.ctx, info.Version+1)
	checkErr(t, "BlockByVersion(latest+1)", err, storage.ErrNotFound)
}
