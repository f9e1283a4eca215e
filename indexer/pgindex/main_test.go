package pgindex_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	lnode "github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const chainID = 4

// pool opens a pool on a fresh database.
func pool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	p, err := pgxpool.New(context.Background(), pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// chain is an in-process node whose blocks are cut only by mine.
type chain struct {
	t     *testing.T
	store *memstore.Store
	node  *lnode.Node
	vm    *vmstub.VM
	devs  []vmstub.DevAccount
	seqs  map[ledgerapi.Address]uint64
}

func newChain(t *testing.T) *chain {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 3})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: chainID})
	nd, err := lnode.New(store, mempool.New(mempool.Options{}), vm, lnode.Options{})
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

// run signs p by from and commits it in a block of its own.
func (c *chain) run(from vmstub.DevAccount, p txn.TransactionPayload) {
	c.t.Helper()
	seq := c.seqs[from.Address]
	c.seqs[from.Address] = seq + 1
	st := from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: p, MaxGasAmount: 200000,
		GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: chainID})
	b := st.Bytes()
	if _, err := c.node.Submit(context.Background(), st, b, txn.UserTransactionHash(b)); err != nil {
		c.t.Fatalf("submit: %v", err)
	}
	if _, err := c.node.Mine(context.Background(), 1, true); err != nil {
		c.t.Fatalf("mine: %v", err)
	}
}

// latest is the store's latest version.
func (c *chain) latest() uint64 {
	info, err := c.store.LedgerInfo(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	return info.Version
}

var addr4 = ledgerapi.Address{31: 4}

func fresh(b byte) ledgerapi.Address { return ledgerapi.Address{0: 0x42, 31: b} }

// collection and mint are aptos_token calls making a collection and a token in it.
func collection(name string) txn.TransactionPayload {
	all := vmstub.BoolValue(true)
	return vmstub.EntryPayload(addr4, "aptos_token", "create_collection", nil, vmstub.StringValue("desc"),
		vmstub.U64Value(10), vmstub.StringValue(name), vmstub.StringValue("https://coll"),
		all, all, all, all, all, all, all, all, all, vmstub.U64Value(5), vmstub.U64Value(100))
}

func mint(coll, name string) txn.TransactionPayload {
	return vmstub.EntryPayload(addr4, "aptos_token", "mint", nil, vmstub.StringValue(coll), vmstub.StringValue("A token"),
		vmstub.StringValue(name), vmstub.StringValue("https://"+name), []byte{0}, []byte{0}, []byte{0})
}
