package node

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage"
)

// Transaction enum variants used to hash non-user transactions, as on Aptos.
const (
	variantGenesis         = 1
	variantBlockMetadata   = 2
	variantStateCheckpoint = 3
)

var executedSuccessfully = "Executed successfully"

// overlay is a StateView over the latest committed state plus the writes of
// the transactions already executed in the block being built.
type overlay struct {
	ctx    context.Context
	store  storage.StateReader
	info   storage.LedgerInfo
	writes map[string]storage.WriteOp
}

func newOverlay(ctx context.Context, store storage.StateReader, info storage.LedgerInfo) *overlay {
	return &overlay{ctx: ctx, store: store, info: info}
}

func (o *overlay) StateValue(key storage.StateKey) ([]byte, error) {
	if o.writes != nil {
		var buf [storage.KeyBufferSize]byte
		k, err := key.AppendEncode(buf[:0])
		if err != nil {
			return nil, err
		}
		if w, ok := o.writes[string(k)]; ok {
			if w.Deleted {
				return nil, fmt.Errorf("%w: %s deleted in this block", storage.ErrNotFound, key)
			}
			return w.Value, nil
		}
	}
	return o.store.StateValue(o.ctx, key, o.info.Version)
}

func (o *overlay) apply(changes []storage.WriteOp) error {
	if o.writes == nil {
		o.writes = make(map[string]storage.WriteOp)
	}
	for _, w := range changes {
		var buf [storage.KeyBufferSize]byte
		k, err := w.Key.AppendEncode(buf[:0])
		if err != nil {
			return err
		}
		o.writes[string(k)] = w
	}
	return nil
}

func (n *Node) commitGenesis(ctx context.Context) error {
	ts := uint64(n.opts.Now().UnixMicro())
	out, err := n.exec.Genesis(ts)
	if err != nil {
		return fmt.Errorf("node: genesis: %w", err)
	}
	acc := n.acc
	t := makeTxn(0, storage.KindGenesis, txnHash(variantGenesis, out.Payload), out, 0)
	finish(&acc, &t)
	blk := storage.Block{Height: 0, Hash: t.Hash, TimestampUsec: 0, FirstVersion: 0, LastVersion: 0, Epoch: 1}
	if err := n.store.CommitBlock(ctx, blk, []storage.Transaction{t}); err != nil {
		return fmt.Errorf("node: committing genesis: %w", err)
	}
	n.acc = acc
	n.broadcast()
	return nil
}

// produceBlock cuts, executes and commits one block. It reports whether a
// block was committed.
func (n *Node) produceBlock(ctx context.Context, allowEmpty bool) (bool, error) {
	info, err := n.store.LedgerInfo(ctx)
	if err != nil {
		return false, err
	}
	blk := storage.Block{
		Height:        info.BlockHeight + 1,
		Epoch:         1,
		Round:         info.BlockHeight + 1,
		TimestampUsec: n.nowUsec(info),
	}
	n.pool.Expire(blk.TimestampUsec / 1_000_000)
	entries := n.pool.Take(n.opts.MaxBlockTransactions)
	if len(entries) == 0 && !allowEmpty {
		return false, nil
	}
	committed := false
	defer func() {
		if !committed {
			n.pool.Release(entries, n.seqOf(ctx)) // nothing accepted is lost
		}
	}()

	txns, err := n.execute(ctx, info, blk, entries)
	if err != nil {
		return false, err
	}
	acc := n.acc
	for i := range txns {
		finish(&acc, &txns[i])
	}
	b := blk
	b.Hash = txns[0].Hash
	b.FirstVersion = txns[0].Version
	b.LastVersion = txns[len(txns)-1].Version
	if err := n.store.CommitBlock(ctx, b, txns); err != nil {
		return false, fmt.Errorf("node: committing block %d: %w", b.Height, err)
	}
	committed = true
	n.acc = acc
	// The pool lets go of the block's transactions before the commit is
	// announced, so whoever wakes on it sees them in storage and no longer
	// pending (storage first, then the pool: a lookup never misses them).
	n.pool.Done(entries, n.seqOf(ctx))
	n.broadcast()
	return true, nil
}

// execute runs the block prologue, the user transactions and the state
// checkpoint, returning the block's transactions without accumulator roots.
func (n *Node) execute(ctx context.Context, info storage.LedgerInfo, blk storage.Block, entries []*mempool.Entry) ([]storage.Transaction, error) {
	view := newOverlay(ctx, n.store, info)
	version := info.Version + 1
	meta, err := n.exec.BlockPrologue(view, blk)
	if err != nil {
		return nil, fmt.Errorf("node: block prologue: %w", err)
	}
	if err := view.apply(meta.Changes); err != nil {
		return nil, err
	}
	txns := make([]storage.Transaction, 0, len(entries)+2)
	txns = append(txns, makeTxn(version, storage.KindBlockMetadata, txnHash(variantBlockMetadata, meta.Payload), meta, blk.TimestampUsec))
	for _, e := range entries {
		out, err := n.exec.Execute(view, blk, e.Txn)
		if err != nil {
			n.opts.Logger.Debug().Stringer("hash", e.Hash).AnErr("status", err).Msg("transaction discarded at execution")
			continue
		}
		if err := view.apply(out.Changes); err != nil {
			return nil, err
		}
		version++
		out.Payload = e.Bytes
		t := makeTxn(version, storage.KindUser, e.Hash, out, blk.TimestampUsec)
		sender := e.Txn.Raw.Sender
		t.Sender = &sender
		if !e.Txn.Raw.Payload.Orderless() {
			seq := e.Txn.Raw.SequenceNumber
			t.SequenceNumber = &seq
		}
		txns = append(txns, t)
	}
	version++
	cp := checkpointHash(txns)
	// As on Aptos, the checkpoint transaction carries its block's id (here
	// the block metadata transaction's hash, which the API serves as the
	// block hash), so no two checkpoints share a hash, even of empty blocks
	// whose state changes are alike. The body is stored, so the API serves
	// the bytes that were hashed.
	body := bcs.Marshal(txns[0].Hash)
	ckpt := makeTxn(version, storage.KindStateCheckpoint, txnHash(variantStateCheckpoint, body), storage.Transaction{Payload: body}, blk.TimestampUsec)
	ckpt.Info.StateCheckpointHash = &cp
	txns = append(txns, ckpt)
	return txns, nil
}

// makeTxn completes an executor output with its version, kind, hash,
// timestamp and the hashes of its write set and events.
func makeTxn(version uint64, kind storage.TransactionKind, hash ledgerapi.HashValue, out storage.Transaction, ts uint64) storage.Transaction {
	t := out
	t.Version, t.Kind, t.Hash, t.TimestampUsec = version, kind, hash, ts
	if kind != storage.KindUser {
		t.Info.Success = true
	}
	if t.Info.VMStatus == "" && t.Info.Success {
		t.Info.VMStatus = executedSuccessfully
	}
	t.Info.StateChangeHash = writeSetHash(t.Changes)
	t.Info.EventRootHash = eventRootHash(t.Events)
	return t
}

// finish appends the transaction-info hash to the accumulator and records
// the new root.
func finish(acc *accumulator, t *storage.Transaction) {
	acc.append(infoHash(t))
	t.Info.AccumulatorRootHash = acc.root()
}

// infoHash is the accumulator leaf of a transaction: the hash of its info.
//
// The encodings hashed here are built with append on stack buffers sized
// for the common case (a transfer), so hashing a block allocates little.
func infoHash(t *storage.Transaction) ledgerapi.HashValue {
	var buf [256]byte
	b := append(buf[:0], saltTxnInfo[:]...)
	b = append(b, t.Hash[:]...)
	b = append(b, t.Info.StateChangeHash[:]...)
	b = append(b, t.Info.EventRootHash[:]...)
	b = binary.LittleEndian.AppendUint64(b, t.Info.GasUsed)
	b = append(b, boolByte(t.Info.Success))
	b = bcs.AppendString(b, t.Info.VMStatus)
	return crypto.SHA3_256(b)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// txnHash is the hash of a non-user transaction: sha3-256 of
// salt("APTOS::Transaction") ‖ variant ‖ body.
func txnHash(variant byte, body []byte) ledgerapi.HashValue {
	return crypto.SHA3_256(crypto.SaltTransaction[:], []byte{variant}, body)
}

// writeSetHash hashes the write set: the variant of aptos-core's WriteSet
// (V0), the count, then each op's state key encoding, a deletion flag and
// the value, in order. An empty write set (a state checkpoint's) hashes as
// the real node's does: 0xafb6e14f….
func writeSetHash(ws []storage.WriteOp) ledgerapi.HashValue {
	var buf [2048]byte
	b := append(buf[:0], saltWriteSet[:]...)
	b = append(b, 0) // WriteSet::V0
	b = bcs.AppendSeqLen(b, len(ws))
	for _, w := range ws {
		var kb [storage.KeyBufferSize]byte
		k, _ := w.Key.AppendEncode(kb[:0])
		b = bcs.AppendBytes(b, k)
		b = append(b, boolByte(w.Deleted))
		b = bcs.AppendBytes(b, w.Value)
	}
	return crypto.SHA3_256(b)
}

// eventRootHash is the accumulator root over the events' hashes.
func eventRootHash(events []storage.Event) ledgerapi.HashValue {
	var acc accumulator
	var buf [512]byte
	for _, ev := range events {
		b := append(buf[:0], saltEvent[:]...)
		b = binary.LittleEndian.AppendUint64(b, ev.Key.CreationNumber)
		b = append(b, ev.Key.Account[:]...)
		b = binary.LittleEndian.AppendUint64(b, ev.SequenceNumber)
		b = ev.Type.AppendBCS(b)
		b = bcs.AppendBytes(b, ev.Data)
		acc.append(crypto.SHA3_256(b))
	}
	return acc.root()
}

// checkpointHash summarizes the block's state changes.
func checkpointHash(txns []storage.Transaction) ledgerapi.HashValue {
	var e bcs.Encoder
	for _, t := range txns {
		e.Fixed(t.Info.StateChangeHash[:])
	}
	var ver [8]byte
	binary.LittleEndian.PutUint64(ver[:], uint64(len(txns)))
	return crypto.SHA3_256(ver[:], e.Bytes())
}
