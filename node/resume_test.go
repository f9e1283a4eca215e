package node_test

import (
	"context"
	"crypto/ed25519"
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

// The resume tests drive nodes with a frozen clock and a fixed key and
// expiration, so that the same submissions give the same ledger on every
// run.
var (
	resumeClock = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	resumeKey   = ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
)

func fixedSigned(seq uint64) *txn.SignedTransaction {
	sender := crypto.Ed25519AuthKey(resumeKey.Public().(ed25519.PublicKey))
	raw := txn.RawTransaction{Sender: sender, SequenceNumber: seq, MaxGasAmount: 100, GasUnitPrice: 100,
		ExpirationTimestampSecs: uint64(resumeClock.Unix()) + 3600, ChainID: 4,
		Payload: txn.TransactionPayload{Variant: txn.PayloadEntryFunction, EntryFunction: &txn.EntryFunction{
			Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "counter"}, Function: "bump"}}}
	return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthEd25519,
		Sender: txn.AccountAuthenticator{Variant: txn.AccountEd25519, PublicKey: resumeKey.Public().(ed25519.PublicKey),
			Signature: ed25519.Sign(resumeKey, raw.SigningMessage())}}}
}

// runNode starts a node over store (genesis if it is empty, resume
// otherwise), commits sequence numbers from..to-1 one block each, and stops
// the node.
func runNode(t *testing.T, store storage.ReadWriter, from, to uint64) {
	t.Helper()
	n, err := node.New(store, mempool.New(mempool.Options{}), counterExec{}, node.Options{Now: func() time.Time { return resumeClock }})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	for seq := from; seq < to; seq++ {
		st := fixedSigned(seq)
		if err := submit(t, n, st); err != nil {
			t.Fatalf("seq %d: %v", seq, err)
		}
		waitCommitted(t, n, store, st.Hash())
	}
}

// history returns the retained transactions and blocks.
func history(t *testing.T, s storage.Reader) (txns []storage.Transaction, blocks []storage.Block) {
	t.Helper()
	ctx := context.Background()
	info, err := s.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	txns, err = s.Transactions(ctx, info.OldestVersion, int(info.Version-info.OldestVersion+1), info.Version)
	if err != nil {
		t.Fatal(err)
	}
	for h := info.OldestBlockHeight; h <= info.BlockHeight; h++ {
		b, err := s.BlockByHeight(ctx, h)
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, b)
	}
	return txns, blocks
}

// TestResumeContinuesTheLedger stops a node halfway and starts a new one over
// the same store: the ledger must be exactly the one an uninterrupted node
// produces from the same submissions (transactions, timestamps, accumulator
// roots, blocks).
func TestResumeContinuesTheLedger(t *testing.T) {
	restarted := memstore.New(memstore.Options{ChainID: 4})
	runNode(t, restarted, 0, 5)
	runNode(t, restarted, 5, 11)
	uninterrupted := memstore.New(memstore.Options{ChainID: 4})
	runNode(t, uninterrupted, 0, 11)

	gotTxns, gotBlocks := history(t, restarted)
	wantTxns, wantBlocks := history(t, uninterrupted)
	if len(gotTxns) != len(wantTxns) || len(gotBlocks) != len(wantBlocks) {
		t.Fatalf("restarted: %d versions in %d blocks; uninterrupted: %d in %d", len(gotTxns), len(gotBlocks), len(wantTxns), len(wantBlocks))
	}
	for i := range wantTxns {
		g, w := gotTxns[i], wantTxns[i]
		if g.Hash != w.Hash || g.Info.AccumulatorRootHash != w.Info.AccumulatorRootHash || g.TimestampUsec != w.TimestampUsec {
			t.Fatalf("version %d: restarted %s root %s at %d, uninterrupted %s root %s at %d", i,
				g.Hash, g.Info.AccumulatorRootHash, g.TimestampUsec, w.Hash, w.Info.AccumulatorRootHash, w.TimestampUsec)
		}
	}
	for i := range wantBlocks {
		if gotBlocks[i] != wantBlocks[i] {
			t.Fatalf("block %d: restarted %+v, uninterrupted %+v", i, gotBlocks[i], wantBlocks[i])
		}
	}
}

// TestResumeOverPrunedHistory restarts over a store whose early history is
// pruned, where the accumulator cannot be replayed: the node still starts,
// and heights, versions and timestamps continue; a second run from the same
// inputs gives the same roots.
func TestResumeOverPrunedHistory(t *testing.T) {
	run := func() storage.ReadWriter {
		s := memstore.New(memstore.Options{ChainID: 4, PruneWindow: 8})
		runNode(t, s, 0, 6)
		info, err := s.LedgerInfo(context.Background())
		if err != nil || info.OldestVersion == 0 {
			t.Fatalf("history not pruned before the restart: %+v %v", info, err)
		}
		runNode(t, s, 6, 12)
		return s
	}
	a, b := run(), run()
	txns, blocks := history(t, a)
	for i := 1; i < len(txns); i++ {
		if txns[i].Version != txns[i-1].Version+1 || txns[i].TimestampUsec < txns[i-1].TimestampUsec {
			t.Fatalf("version %d at %d follows version %d at %d", txns[i].Version, txns[i].TimestampUsec, txns[i-1].Version, txns[i-1].TimestampUsec)
		}
	}
	for i := 1; i < len(blocks); i++ {
		p, c := blocks[i-1], blocks[i]
		if c.Height != p.Height+1 || c.FirstVersion != p.LastVersion+1 || c.TimestampUsec <= p.TimestampUsec {
			t.Fatalf("block %+v follows %+v", c, p)
		}
	}
	var lastSeq *uint64
	for _, tx := range txns {
		if tx.Kind == storage.KindUser {
			lastSeq = tx.SequenceNumber
		}
	}
	if lastSeq == nil || *lastSeq != 11 {
		t.Fatalf("the last user transaction has sequence number %v, want 11", lastSeq)
	}
	again, _ := history(t, b)
	if len(again) != len(txns) {
		t.Fatalf("%d versions, then %d from the same inputs", len(txns), len(again))
	}
	for i := range txns {
		if txns[i].Info.AccumulatorRootHash != again[i].Info.AccumulatorRootHash {
			t.Fatalf("version %d: root %s, then %s from the same inputs", txns[i].Version, txns[i].Info.AccumulatorRootHash, again[i].Info.AccumulatorRootHash)
		}
	}
}
