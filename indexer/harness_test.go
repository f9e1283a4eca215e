package indexer_test

import (
	"context"
	"encoding/hex"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	lnode "github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

const chainID = 4

// chain is an in-process node whose blocks are cut only by Mine, so a
// test knows exactly which transactions are committed.
type chain struct {
	t     testing.TB
	store *memstore.Store
	node  *lnode.Node
	vm    *vmstub.VM
	devs  []vmstub.DevAccount
	seqs  map[ledgerapi.Address]uint64
	// expires is the expiration time of the transactions raw builds
	// (zero: an hour from now).
	expires time.Time
}

func newChain(t testing.TB) *chain { return newChainOpts(t, lnode.Options{}) }

// newChainAt is a chain whose clock stands still at now, and whose
// transactions expire an hour after it: its ledger is the same in every
// run.
func newChainAt(t testing.TB, now time.Time) *chain {
	c := newChainOpts(t, lnode.Options{Now: func() time.Time { return now }})
	c.expires = now.Add(time.Hour)
	return c
}

func newChainOpts(t testing.TB, opts lnode.Options) *chain {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 3})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: chainID})
	pool := mempool.New(mempool.Options{})
	nd, err := lnode.New(store, pool, vm, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := nd.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nd.Close() })
	if err := nd.SetMining(lnode.Mining{Paused: true}); err != nil {
		t.Fatal(err)
	}
	return &chain{t: t, store: store, node: nd, vm: vm, devs: vm.DevAccounts(), seqs: map[ledgerapi.Address]uint64{}}
}

// raw returns a raw transaction of sender at its next sequence number.
func (c *chain) raw(sender ledgerapi.Address, p txn.TransactionPayload) txn.RawTransaction {
	seq := c.seqs[sender]
	c.seqs[sender] = seq + 1
	exp := c.expires
	if exp.IsZero() {
		exp = time.Now().Add(time.Hour)
	}
	return txn.RawTransaction{Sender: sender, SequenceNumber: seq, Payload: p, MaxGasAmount: 200000,
		GasUnitPrice: 100, ExpirationTimestampSecs: uint64(exp.Unix()), ChainID: chainID}
}

// submit adds st to the mempool.
func (c *chain) submit(st *txn.SignedTransaction) {
	c.t.Helper()
	b := st.Bytes()
	if _, err := c.node.Submit(context.Background(), st, b, txn.UserTransactionHash(b)); err != nil {
		c.t.Fatalf("submit: %v", err)
	}
}

// mine commits one block with every pending transaction.
func (c *chain) mine() {
	c.t.Helper()
	if _, err := c.node.Mine(context.Background(), 1, true); err != nil {
		c.t.Fatalf("mine: %v", err)
	}
}

// run signs p by from, submits it and commits it in a block.
func (c *chain) run(from vmstub.DevAccount, p txn.TransactionPayload) storage.Transaction {
	c.t.Helper()
	st := from.Sign(c.raw(from.Address, p))
	c.submit(st)
	c.mine()
	tx, err := c.store.TransactionByHash(context.Background(), st.Hash())
	if err != nil {
		c.t.Fatalf("transaction not committed: %v", err)
	}
	return tx
}

// latest is the store's latest version.
func (c *chain) latest() uint64 {
	info, err := c.store.LedgerInfo(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	return info.Version
}

func hexOf(b []byte) string { return hex.EncodeToString(b) }
