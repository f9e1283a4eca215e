package node

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage"
)

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
	return o.read(key, false)
}

// LendStateValue implements storage.ViewLender: what the block wrote is
// shared as StateValue shares it, and the store's values are lent when the
// store lends them.
func (o *overlay) LendStateValue(key storage.StateKey) ([]byte, error) {
	return o.read(key, true)
}

func (o *overlay) read(key storage.StateKey, lend bool) ([]byte, error) {
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
	if l, ok := o.store.(storage.StateLender); ok && lend {
		return l.LendStateValue(o.ctx, key, o.info.Version)
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
	t, err := makeTxn(0, storage.KindGenesis, onchain.TransactionHash(onchain.VariantGenesis, out.Payload), out, 0)
	if err != nil {
		return fmt.Errorf("node: genesis: %w", err)
	}
	finish(&acc, &t)
	blk := storage.Block{Height: 0, Hash: t.Hash, TimestampUsec: 0, FirstVersion: 0, LastVersion: 0, Epoch: 1}
	if err := n.store.CommitBlock(ctx, blk, []storage.Transaction{t}); err != nil {
		return fmt.Errorf("node: committing genesis: %w", err)
	}
	n.acc = acc
	n.broadcast()
	return nil
}

// produceBlock cuts, executes and commits one block, with the pending
// transactions when take is set. It reports whether a block was committed.
// The caller holds n.prod (or is Start, before the producer runs).
func (n *Node) produceBlock(ctx context.Context, allowEmpty, take bool) (bool, error) {
	info, err := n.store.LedgerInfo(ctx)
	if err != nil {
		return false, err
	}
	if err := n.settle(ctx, info); err != nil {
		return false, err
	}
	ts, pinned := n.blockTimestamp(info)
	blk := storage.Block{
		Height:        info.BlockHeight + 1,
		Epoch:         1,
		Round:         info.BlockHeight + 1,
		TimestampUsec: ts,
	}
	n.imp.forget(n.pool.Expire(blk.TimestampUsec / 1_000_000))
	var entries []*mempool.Entry
	if take {
		entries = n.pool.Take(n.opts.MaxBlockTransactions)
	}
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
		// A store across a network may have committed a block whose
		// commit failed (the connection lost during it): the next block
		// settles which, before it extends the accumulator.
		n.unsettled = &unsettled{before: info.Version, after: b.LastVersion, acc: acc}
		return false, fmt.Errorf("node: committing block %d: %w", b.Height, err)
	}
	committed = true
	n.acc = acc
	if pinned {
		n.unpinTimestamp(ts)
	}
	// The pool lets go of the block's transactions before the commit is
	// announced, so whoever wakes on it sees them in storage and no longer
	// pending (storage first, then the pool: a lookup never misses them).
	n.pool.Done(entries, n.seqOf(ctx))
	n.imp.committed(n.opts.Logger, entries, txns)
	n.broadcast()
	return true, nil
}

// unsettled is a block whose commit failed: the store holds it or not.
type unsettled struct {
	before, after uint64              // the ledger version without it and with it
	acc           onchain.Accumulator // the accumulator with it
}

// settle brings the accumulator in line with the store after a failed
// commit: unchanged if the block is absent, the block's accumulator if it
// is there, rebuilt from the store (resume) otherwise.
func (n *Node) settle(ctx context.Context, info storage.LedgerInfo) error {
	u := n.unsettled
	if u == nil {
		return nil
	}
	switch info.Version {
	case u.before:
	case u.after:
		n.acc = u.acc
	default:
		saved := n.acc
		n.acc = onchain.Accumulator{}
		if err := n.resume(ctx, info); err != nil {
			n.acc = saved
			return err
		}
	}
	n.unsettled = nil
	return nil
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
	t, err := makeTxn(version, storage.KindBlockMetadata, onchain.TransactionHash(onchain.VariantBlockMetadata, meta.Payload), meta, blk.TimestampUsec)
	if err != nil {
		return nil, fmt.Errorf("node: block prologue: %w", err)
	}
	txns = append(txns, t)
	for _, e := range entries {
		var state storage.View = view
		st := e.Txn
		if signers := n.imp.signersOf(e); len(signers) > 0 {
			state, st = forExecutor(view, e.Txn, signers)
		}
		out, err := n.exec.Execute(state, blk, st)
		if err != nil {
			if !n.discarded(e, err) {
				return nil, fmt.Errorf("node: executing transaction %s: %w", e.Hash, err)
			}
			continue
		}
		if keys := impersonatedKeys(state); keys != nil {
			restoreAuthKeys(view, out.Changes, keys)
		}
		if err := view.apply(out.Changes); err != nil {
			return nil, err
		}
		version++
		out.Payload = e.Bytes
		t, err := makeTxn(version, storage.KindUser, e.Hash, out, blk.TimestampUsec)
		if err != nil {
			return nil, fmt.Errorf("node: transaction %s: %w", e.Hash, err)
		}
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
	body := onchain.StateCheckpointBody(txns[0].Hash)
	ckpt, err := makeTxn(version, storage.KindStateCheckpoint, onchain.TransactionHash(onchain.VariantStateCheckpoint, body),
		storage.Transaction{Payload: body}, blk.TimestampUsec)
	if err != nil {
		return nil, err
	}
	ckpt.Info.StateCheckpointHash = &cp
	txns = append(txns, ckpt)
	return txns, nil
}

// discarded reports whether an error of Execute discards the transaction:
// only a rejection (a *ledgerapi.VMStatus), which failed validation at
// execution time. Any other error fails the block instead, whose
// transactions stay pending: a validated transaction is never dropped.
func (n *Node) discarded(e *mempool.Entry, err error) bool {
	var vs *ledgerapi.VMStatus
	if !errors.As(err, &vs) {
		return false
	}
	ev := n.opts.Logger.Debug()
	if vs.StatusType() != "Validation" { // the prologue met bad state
		ev = n.opts.Logger.Warn()
	}
	ev.Stringer("hash", e.Hash).Str("status", vs.Name).Uint64("code", vs.Code).Msg("transaction discarded at execution")
	return true
}

// makeTxn completes an executor output with its version, kind, hash and
// timestamp, puts its write set in the order of Aptos's write set map, and
// sets the hashes of its write set and events. Transactions other than user
// transactions always succeed.
func makeTxn(version uint64, kind storage.TransactionKind, hash ledgerapi.HashValue, out storage.Transaction, ts uint64) (storage.Transaction, error) {
	t := out
	t.Version, t.Kind, t.Hash, t.TimestampUsec = version, kind, hash, ts
	if kind != storage.KindUser {
		t.Info.Status = onchain.ExecutionStatus{}
	}
	ws := onchain.WriteSet(t.Changes)
	if err := ws.Sort(); err != nil {
		return t, err
	}
	var err error
	if t.Info.StateChangeHash, err = ws.Hash(); err != nil {
		return t, err
	}
	t.Info.EventRootHash = onchain.EventRootHash(t.Events)
	return t, nil
}

// finish appends the transaction's info hash to the accumulator and
// records the new root.
func finish(acc *onchain.Accumulator, t *storage.Transaction) {
	acc.Append(infoHash(t))
	t.Info.AccumulatorRootHash = acc.Root()
}

// infoHash is the accumulator leaf of a transaction: the hash of its
// TransactionInfo.
func infoHash(t *storage.Transaction) ledgerapi.HashValue {
	info := t.OnChainInfo()
	return info.Hash()
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
