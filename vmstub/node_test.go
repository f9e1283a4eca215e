package vmstub_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// testNode is a node over memstore with the VM, as the example server wires it.
type testNode struct {
	tb    testing.TB
	vm    *vmstub.VM
	node  *node.Node
	store storage.ReadWriter
}

func startNode(tb testing.TB, opts vmstub.Options) *testNode {
	return startNodePool(tb, opts, mempool.Options{})
}

func startNodePool(tb testing.TB, opts vmstub.Options, poolOpts mempool.Options) *testNode {
	tb.Helper()
	vm, err := vmstub.New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: vm.ChainID()})
	pool := mempool.New(poolOpts)
	n, err := node.New(store, pool, vm, node.Options{ChainID: vm.ChainID(), MaxBlockTransactions: 10_000})
	if err != nil {
		tb.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { n.Close() })
	return &testNode{tb: tb, vm: vm, node: n, store: store}
}

func (n *testNode) submit(st *txn.SignedTransaction) error {
	b := st.Bytes()
	_, err := n.node.Submit(context.Background(), st, b, txn.UserTransactionHash(b))
	return err
}

// wait returns the committed transaction with hash.
func (n *testNode) wait(hash ledgerapi.HashValue) storage.Transaction {
	n.tb.Helper()
	deadline := time.After(60 * time.Second)
	for {
		sig := n.node.CommitSignal()
		if tx, err := n.store.TransactionByHash(context.Background(), hash); err == nil {
			return tx
		}
		select {
		case <-sig:
		case <-deadline:
			n.tb.Fatalf("transaction %s not committed", hash)
		}
	}
}

func (n *testNode) state() storage.View {
	n.tb.Helper()
	v, _, err := n.node.LatestState(context.Background())
	if err != nil {
		n.tb.Fatal(err)
	}
	return v
}

func (n *testNode) balance(a ledgerapi.Address) uint64 {
	n.tb.Helper()
	vals, _, _, err := n.vm.View(n.state(), fnID("0x1::primary_fungible_store::balance"),
		[]ledgerapi.TypeTag{objectCoreType}, [][]byte{vmstub.AddressValue(a), vmstub.AddressValue(ledgerapi.AddressA)})
	if err != nil {
		n.tb.Fatal(err)
	}
	return leU64(vals[0])
}

func (n *testNode) supply() uint64 {
	n.tb.Helper()
	vals, _, _, err := n.vm.View(n.state(), fnID("0x1::coin::supply"), []ledgerapi.TypeTag{aptType}, nil)
	if err != nil {
		n.tb.Fatal(err)
	}
	return leU64(vals[0][1:9])
}

func transferTxn(from vmstub.DevAccount, seq uint64, to ledgerapi.Address, amount uint64) *txn.SignedTransaction {
	return from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(to, amount),
		MaxGasAmount: 2_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Unix()) + 600, ChainID: 4})
}

// submitRetry submits st, waiting while the sender's mempool slots are full.
func (n *testNode) submitRetry(st *txn.SignedTransaction) error {
	for {
		err := n.submit(st)
		if !errors.Is(err, mempool.ErrFull) {
			return err
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// TestConcurrentTransfers submits 64 senders × 200 transfers concurrently
// through node.Submit (mempool → block production → memstore). Every one
// must commit exactly once and in sequence order, and APT is conserved: the
// balances plus the burnt fees equal the genesis supply.
func TestConcurrentTransfers(t *testing.T) {
	senders, per := 64, 200
	if testing.Short() {
		senders, per = 8, 20
	}
	n := startNode(t, vmstub.Options{DevAccounts: senders})
	devs := n.vm.DevAccounts()
	genesisSupply := n.supply()
	sink := ledgerapi.Address(crypto.SHA3_256([]byte("sink")))
	var wg sync.WaitGroup
	last := make([]*txn.SignedTransaction, senders)
	for s := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := range per {
				to := devs[(s+1)%senders].Address // a ring of transfers, every tenth to the sink
				if q%10 == 0 {
					to = sink
				}
				st := transferTxn(devs[s], uint64(q), to, uint64(1+q%7))
				if err := n.submitRetry(st); err != nil {
					t.Errorf("sender %d seq %d: %v", s, q, err)
					return
				}
				last[s] = st
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	ctx := context.Background()
	var burnt uint64
	for s, st := range last {
		n.wait(st.Hash())
		info, err := n.store.LedgerInfo(ctx)
		if err != nil {
			t.Fatal(err)
		}
		txns, err := n.store.AccountTransactions(ctx, devs[s].Address, 0, per+1, info.Version)
		if err != nil {
			t.Fatal(err)
		}
		if len(txns) != per {
			t.Fatalf("sender %d: %d transactions committed, want %d", s, len(txns), per)
		}
		for i, tx := range txns {
			if *tx.SequenceNumber != uint64(i) || !tx.Info.Success() {
				t.Fatalf("sender %d position %d: seq %d, %s", s, i, *tx.SequenceNumber, tx.Info.Status.String())
			}
			burnt += tx.Info.GasUsed * 100
		}
		if seq, _ := n.vm.SequenceNumber(n.state(), devs[s].Address); seq != uint64(per) {
			t.Fatalf("sender %d: sequence number %d", s, seq)
		}
	}
	total := n.balance(n.vm.Root().Address) + n.balance(sink)
	for _, d := range devs {
		total += n.balance(d.Address)
	}
	if total+burnt != genesisSupply {
		t.Fatalf("balances %d + burnt %d != genesis supply %d", total, burnt, genesisSupply)
	}
	if got := n.supply(); got != genesisSupply-burnt {
		t.Fatalf("supply %d, want %d", got, genesisSupply-burnt)
	}
}

// TestNodeFlows drives the other transaction kinds through the node and
// memstore: future sequence numbers parked in the pool, fee payer,
// orderless, key rotation, an abort, and a rejection at submission.
func TestNodeFlows(t *testing.T) {
	n := startNode(t, vmstub.Options{})
	devs := n.vm.DevAccounts()
	a, b, p := devs[0], devs[1], devs[2]
	exp := uint64(time.Now().Unix()) + 30
	raw := func(from vmstub.DevAccount, seq uint64, payload txn.TransactionPayload) txn.RawTransaction {
		return txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: payload,
			MaxGasAmount: 2_000, GasUnitPrice: 100, ExpirationTimestampSecs: exp, ChainID: 4}
	}
	nonce := uint64(42)
	orderless := vmstub.TransferPayload(b.Address, 3)
	orderless.Variant, orderless.ReplayProtectionNonce = txn.PayloadV1, &nonce
	k := unfunded(1)[0]
	msg := vmstub.RotationProofChallengeMessage(2, a.Address, a.Address, k.PublicKey)
	rotate := call("account", "rotate_authentication_key", nil, vmstub.U8Value(0), vmstub.BytesValue(a.PublicKey),
		vmstub.U8Value(0), vmstub.BytesValue(k.PublicKey), vmstub.BytesValue(a.Authenticator(msg).Signature), vmstub.BytesValue(k.Authenticator(msg).Signature))
	steps := []struct {
		st      *txn.SignedTransaction
		success bool
	}{
		{a.Sign(raw(a, 1, vmstub.TransferPayload(b.Address, 1))), true}, // parked until seq 0 arrives
		{a.Sign(raw(a, 0, vmstub.TransferPayload(b.Address, 1))), true},
		{feePayer(raw(b, 0, vmstub.TransferPayload(a.Address, 2)), b, p), true},
		{p.Sign(raw(p, 0xdeadbeef, orderless)), true},
		{a.Sign(raw(a, 2, rotate)), true},
		{as(k, a.Address).Sign(raw(as(k, a.Address), 3, vmstub.TransferPayload(b.Address, 1e15))), false},
		{as(k, a.Address).Sign(raw(as(k, a.Address), 4, vmstub.TransferPayload(b.Address, 1))), true},
	}
	for i, s := range steps {
		if err := n.submit(s.st); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if i == 0 {
			continue
		}
		tx := n.wait(s.st.Hash())
		if tx.Info.Success() != s.success {
			t.Fatalf("step %d: %s", i, tx.Info.Status.String())
		}
	}
	tx := n.wait(steps[0].st.Hash())
	if !tx.Info.Success() || *tx.SequenceNumber != 1 {
		t.Fatalf("parked transaction: %+v", tx.Info)
	}
	// Rejected at submission: the old key after rotation, a bad chain id.
	old := raw(a, 5, vmstub.TransferPayload(b.Address, 1))
	var vs *ledgerapi.VMStatus
	if err := n.submit(a.Sign(old)); !errors.As(err, &vs) || vs.Code != 2 {
		t.Fatalf("old key: %v", err)
	}
	bad := raw(b, 1, vmstub.TransferPayload(a.Address, 1))
	bad.ChainID = 9
	if err := n.submit(b.Sign(bad)); !errors.As(err, &vs) || vs.Code != 23 {
		t.Fatalf("bad chain id: %v", err)
	}
	if seq, _ := n.vm.SequenceNumber(n.state(), a.Address); seq != 5 {
		t.Fatalf("sequence number %d, want 5", seq)
	}
}
