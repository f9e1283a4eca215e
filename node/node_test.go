package node_test

import (
	"context"
	"crypto/ed25519"
	"encoding/binary"
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
)

// counterExec is a minimal executor: every account holds a counter resource
// (its sequence number) and each transaction bumps it and emits one event.
type counterExec struct{}

var counterTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "counter", Name: "Counter"}

func u64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

func (counterExec) SequenceNumber(s storage.View, a ledgerapi.Address) (uint64, error) {
	b, err := s.StateValue(storage.ResourceKey(a, counterTag))
	if errors.Is(err, storage.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b), nil
}

func (counterExec) Genesis(ts uint64) (storage.Transaction, error) {
	return storage.Transaction{Payload: []byte{4}}, nil
}

func (c counterExec) Validate(s storage.View, st *txn.SignedTransaction, now uint64) error {
	seq, err := c.SequenceNumber(s, st.Raw.Sender)
	if err != nil {
		return err
	}
	if st.Raw.SequenceNumber < seq {
		return &ledgerapi.VMStatus{Code: 3, Name: "SEQUENCE_NUMBER_TOO_OLD"}
	}
	return nil
}

func (counterExec) BlockPrologue(s storage.View, blk storage.Block) (storage.Transaction, error) {
	return storage.Transaction{Payload: u64(blk.Height)}, nil
}

func (c counterExec) Execute(s storage.View, blk storage.Block, st *txn.SignedTransaction) (storage.Transaction, error) {
	seq, err := c.SequenceNumber(s, st.Raw.Sender)
	if err != nil {
		return storage.Transaction{}, err
	}
	switch { // discarded, as rejections
	case st.Raw.SequenceNumber < seq:
		return storage.Transaction{}, &ledgerapi.VMStatus{Code: 3, Name: "SEQUENCE_NUMBER_TOO_OLD"}
	case st.Raw.SequenceNumber > seq:
		return storage.Transaction{}, &ledgerapi.VMStatus{Code: 4, Name: "SEQUENCE_NUMBER_TOO_NEW"}
	}
	return storage.Transaction{
		Info:    storage.TransactionInfo{GasUsed: 7},
		Changes: []storage.WriteOp{{Key: storage.ResourceKey(st.Raw.Sender, counterTag), Value: u64(seq + 1)}},
		Events: []storage.Event{{Key: storage.EventKey{CreationNumber: 2, Account: st.Raw.Sender}, SequenceNumber: seq,
			Type: ledgerapi.TypeU64, Data: u64(seq)}},
	}, nil
}

func signed(key ed25519.PrivateKey, seq uint64) *txn.SignedTransaction {
	sender := crypto.Ed25519AuthKey(key.Public().(ed25519.PublicKey))
	raw := txn.RawTransaction{Sender: sender, SequenceNumber: seq, MaxGasAmount: 100, GasUnitPrice: 100,
		ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4,
		Payload: txn.TransactionPayload{Variant: txn.PayloadEntryFunction, EntryFunction: &txn.EntryFunction{
			Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "counter"}, Function: "bump"}}}
	return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthEd25519,
		Sender: txn.AccountAuthenticator{Variant: txn.AccountEd25519, PublicKey: key.Public().(ed25519.PublicKey), Signature: ed25519.Sign(key, raw.SigningMessage())}}}
}

func start(t *testing.T, opts node.Options) (*node.Node, storage.ReadWriter) {
	t.Helper()
	store := memstore.New(memstore.Options{ChainID: 4})
	n, err := node.New(store, mempool.New(mempool.Options{}), counterExec{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n, store
}

func submit(t *testing.T, n *node.Node, st *txn.SignedTransaction) error {
	_, err := n.Submit(context.Background(), st, st.Bytes(), st.Hash())
	return err
}

// waitCommitted polls storage (woken by the commit signal) until hash is committed.
func waitCommitted(t *testing.T, n *node.Node, store storage.Reader, hash ledgerapi.HashValue) storage.Transaction {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		sig := n.CommitSignal()
		if tx, err := store.TransactionByHash(context.Background(), hash); err == nil {
			return tx
		}
		select {
		case <-sig:
		case <-deadline:
			t.Fatalf("transaction %s not committed", hash)
		}
	}
}

func TestGenesisAndBlockLayout(t *testing.T) {
	n, store := start(t, node.Options{})
	ctx := context.Background()
	info, err := store.LedgerInfo(ctx)
	if err != nil || info.Version != 0 || info.BlockHeight != 0 {
		t.Fatalf("after genesis: %+v, %v", info, err)
	}
	st := signed(ed25519.NewKeyFromSeed(make([]byte, 32)), 0)
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	tx := waitCommitted(t, n, store, st.Hash())
	blk, err := store.BlockByVersion(ctx, tx.Version)
	if err != nil {
		t.Fatal(err)
	}
	// block metadata, the user transaction, the state checkpoint
	if blk.Height != 1 || blk.FirstVersion != 1 || blk.LastVersion != 3 || tx.Version != 2 {
		t.Fatalf("block %+v, user txn at %d", blk, tx.Version)
	}
	first, _ := store.TransactionByVersion(ctx, 1)
	last, _ := store.TransactionByVersion(ctx, 3)
	if first.Kind != storage.KindBlockMetadata || last.Kind != storage.KindStateCheckpoint || last.Info.StateCheckpointHash == nil {
		t.Fatalf("kinds %v %v", first.Kind, last.Kind)
	}
	if tx.Info.AccumulatorRootHash == first.Info.AccumulatorRootHash || tx.Info.AccumulatorRootHash.IsZero() {
		t.Fatal("accumulator root must change with every transaction")
	}
	if tx.Sender == nil || *tx.Sender != st.Raw.Sender || tx.SequenceNumber == nil || *tx.SequenceNumber != 0 {
		t.Fatal("user transaction lacks sender/sequence index fields")
	}
	if n.Pool().Len() != 0 {
		t.Fatal("committed transaction left in the pool")
	}
}

func TestSubmitRejections(t *testing.T) {
	n, _ := start(t, node.Options{})
	st := signed(ed25519.NewKeyFromSeed(make([]byte, 32)), 0)
	st.Auth.Sender.Signature[0] ^= 1
	var vm *ledgerapi.VMStatus
	if err := submit(t, n, st); !errors.As(err, &vm) || vm.Code != 1 {
		t.Fatalf("bad signature: %v", err)
	}
}

// TestConcurrentSenders submits 64 senders × 200 transactions concurrently;
// every one must commit exactly once, in sequence order per sender.
func TestConcurrentSenders(t *testing.T) {
	senders, per := 64, 200
	if testing.Short() {
		senders, per = 8, 20
	}
	n, store := start(t, node.Options{})
	var wg sync.WaitGroup
	var last []*txn.SignedTransaction
	var mu sync.Mutex
	for s := 0; s < senders; s++ {
		wg.Add(1)
		go func(s int) {
			defer wg.Done()
			seed := make([]byte, 32)
			seed[0], seed[1] = byte(s), 1
			key := ed25519.NewKeyFromSeed(seed)
			var st *txn.SignedTransaction
			for q := 0; q < per; q++ {
				st = signed(key, uint64(q))
				for {
					err := submit(t, n, st)
					if errors.Is(err, mempool.ErrFull) {
						time.Sleep(time.Millisecond) // per-account cap: wait for commits
						continue
					}
					if err != nil {
						t.Errorf("sender %d seq %d: %v", s, q, err)
						return
					}
					break
				}
			}
			mu.Lock()
			last = append(last, st)
			mu.Unlock()
		}(s)
	}
	wg.Wait()
	ctx := context.Background()
	for _, st := range last {
		waitCommitted(t, n, store, st.Hash())
		txns, err := store.AccountTransactions(ctx, st.Raw.Sender, 0, per+1, ^uint64(0)>>1)
		if err != nil {
			info, _ := store.LedgerInfo(ctx)
			txns, err = store.AccountTransactions(ctx, st.Raw.Sender, 0, per+1, info.Version)
			if err != nil {
				t.Fatal(err)
			}
		}
		if len(txns) != per {
			t.Fatalf("sender %s: %d committed, want %d", st.Raw.Sender, len(txns), per)
		}
		for i, tx := range txns {
			if *tx.SequenceNumber != uint64(i) {
				t.Fatalf("sender %s: position %d has seq %d", st.Raw.Sender, i, *tx.SequenceNumber)
			}
		}
	}
}

// flakyStore fails the first n block commits after genesis.
type flakyStore struct {
	*memstore.Store
	mu    sync.Mutex
	fails int
}

func (s *flakyStore) CommitBlock(ctx context.Context, b storage.Block, txns []storage.Transaction) error {
	s.mu.Lock()
	fail := b.Height > 0 && s.fails > 0
	if fail {
		s.fails--
	}
	s.mu.Unlock()
	if fail {
		return errors.New("injected commit failure")
	}
	return s.Store.CommitBlock(ctx, b, txns)
}

// TestCommitFailureLosesNothing: a block that fails to commit returns its
// transactions to the pool, and they commit with the next block.
func TestCommitFailureLosesNothing(t *testing.T) {
	store := &flakyStore{Store: memstore.New(memstore.Options{ChainID: 4}), fails: 3}
	n, err := node.New(store, mempool.New(mempool.Options{}), counterExec{}, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	key := ed25519.NewKeyFromSeed(make([]byte, 32))
	var sts []*txn.SignedTransaction
	for q := uint64(0); q < 3; q++ {
		st := signed(key, q)
		if err := submit(t, n, st); err != nil {
			t.Fatal(err)
		}
		sts = append(sts, st)
	}
	for _, st := range sts {
		waitCommitted(t, n, store, st.Hash())
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	if store.fails != 0 {
		t.Fatalf("%d injected failures left unused", store.fails)
	}
}

// prunedOnceStore answers the first state reads as if a concurrent commit
// had just pruned the snapshot they read.
type prunedOnceStore struct {
	*memstore.Store
	mu     sync.Mutex
	misses int
}

func (s *prunedOnceStore) StateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	s.mu.Lock()
	miss := s.misses > 0
	if miss {
		s.misses--
	}
	s.mu.Unlock()
	if miss {
		return nil, &storage.PrunedError{What: "version", OldestVersion: version + 1}
	}
	return s.Store.StateValue(ctx, key, version)
}

// TestSubmitRetriesAPrunedSnapshot: a submission whose validation snapshot
// is pruned under it is validated again on the new latest state instead of
// failing (it used to reach clients as 500 internal_error under a small
// pruning window).
func TestSubmitRetriesAPrunedSnapshot(t *testing.T) {
	store := &prunedOnceStore{Store: memstore.New(memstore.Options{ChainID: 4})}
	n, err := node.New(store, mempool.New(mempool.Options{}), counterExec{}, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	store.mu.Lock()
	store.misses = 3 // validation twice, then the mempool's sequence lookup once
	store.mu.Unlock()
	st := signed(ed25519.NewKeyFromSeed(make([]byte, 32)), 0)
	if err := submit(t, n, st); err != nil {
		t.Fatalf("submit over a pruned snapshot: %v", err)
	}
	if tx := waitCommitted(t, n, store, st.Hash()); !tx.Info.Success() {
		t.Fatalf("committed with %s", tx.Info.Status.String())
	}
}
