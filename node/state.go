package node

import (
	"context"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// State setters. Each change is one committed write-set transaction: a
// block of its own holds the block metadata transaction, the write-set
// transaction and the state checkpoint, so versions, hashes, the
// accumulator and every index stay consistent. The write-set transaction
// is what Aptos calls a WriteSet transaction (Transaction::GenesisTransaction
// with a direct write set): its body is the BCS change set (the write set,
// no events), its hash the genesis variant's, and the API renders it as a
// "genesis_transaction" whose payload is {"type":"write_set_payload",
// "write_set":{"type":"direct_write_set","changes":[...],"events":[]}}.
// The setters of balances and sequence numbers assume the Aptos framework's
// layouts, as vmstub stores them.

// ErrInvalidState is the error of a state setter given a change it cannot
// make.
var ErrInvalidState = errors.New("node: invalid state change")

var (
	coinStoreTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})}}
	fungibleStoreTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "FungibleStore"}
	objectCoreTag    = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectCore"}
)

// objectInitGUID is the first GUID creation number of an object
// (object::INIT_GUID_CREATION_NUM).
const objectInitGUID = 0x4000000000000

// WriteState commits changes as one write-set transaction (see the notes
// above) and returns it. Created flags are set from the latest state;
// pending transactions stay in the mempool. An empty change list or a key
// that does not encode gives ErrInvalidState.
func (n *Node) WriteState(ctx context.Context, changes []storage.WriteOp) (storage.Transaction, error) {
	n.prod.Lock()
	defer n.prod.Unlock()
	return n.commitWriteSet(ctx, func(storage.View) ([]storage.WriteOp, error) { return changes, nil })
}

// SetSequenceNumber sets an account's sequence number, creating its
// Account resource if it has none. The account's pending transactions are
// dropped from the mempool: their numbers no longer follow the account's.
// It cannot go back to a number the account already committed a
// transaction with (ErrInvalidState): the ledger indexes each number once.
func (n *Node) SetSequenceNumber(ctx context.Context, addr ledgerapi.Address, seq uint64) (storage.Transaction, error) {
	n.prod.Lock()
	defer n.prod.Unlock()
	info, err := n.store.LedgerInfo(ctx)
	if err != nil {
		return storage.Transaction{}, err
	}
	used, err := n.store.AccountTransactions(ctx, addr, seq, 1, info.Version)
	if err != nil {
		return storage.Transaction{}, err
	}
	if len(used) > 0 {
		return storage.Transaction{}, fmt.Errorf("%w: %s committed sequence number %d at version %d; a sequence number cannot be used twice "+
			"(revert to a snapshot instead)", ErrInvalidState, addr, *used[0].SequenceNumber, used[0].Version)
	}
	t, err := n.commitWriteSet(ctx, func(state storage.View) ([]storage.WriteOp, error) {
		key := storage.ResourceKey(addr, accountTag)
		acc := onchain.NewAccount(addr)
		if err := readInto(state, key, acc); err != nil {
			return nil, err
		}
		acc.SequenceNumber = seq
		return []storage.WriteOp{{Key: key, Value: bcs.Marshal(acc)}}, nil
	})
	if err == nil {
		n.imp.forget(n.pool.RemoveSender(addr))
	}
	return t, err
}

// SetBalance sets an account's APT balance (what 0x1::coin::balance and
// the balance endpoint report: a CoinStore<AptosCoin> plus the primary
// fungible store) to octas: an account with only a CoinStore gets its
// coin value set; otherwise the primary fungible store (created if
// missing, as a transfer would) holds octas and a CoinStore, if any, is
// emptied. The APT supply is not adjusted.
func (n *Node) SetBalance(ctx context.Context, addr ledgerapi.Address, octas uint64) (storage.Transaction, error) {
	n.prod.Lock()
	defer n.prod.Unlock()
	return n.commitWriteSet(ctx, func(state storage.View) ([]storage.WriteOp, error) {
		coinKey := storage.ResourceKey(addr, coinStoreTag)
		var coin onchain.CoinStore
		hasCoin, err := exists(state, coinKey, &coin)
		if err != nil {
			return nil, err
		}
		storeAddr := crypto.PrimaryStoreAddress(addr, ledgerapi.AddressA)
		storeKey := storage.ResourceKey(storeAddr, fungibleStoreTag)
		store := onchain.FungibleStore{Metadata: ledgerapi.AddressA}
		hasStore, err := exists(state, storeKey, &store)
		if err != nil {
			return nil, err
		}
		if hasCoin && !hasStore {
			coin.Value = octas
			return []storage.WriteOp{{Key: coinKey, Value: bcs.Marshal(&coin)}}, nil
		}
		store.Balance = octas
		changes := []storage.WriteOp{{Key: storeKey, Value: bcs.Marshal(&store)}}
		if !hasStore {
			core := onchain.ObjectCore{GUIDCreationNum: objectInitGUID + 1, Owner: addr,
				TransferEvents: onchain.EventHandle{CreationNum: objectInitGUID, Addr: storeAddr}}
			changes = append(changes, storage.WriteOp{Key: storage.ResourceKey(storeAddr, objectCoreTag), Value: bcs.Marshal(&core)})
		}
		if hasCoin && coin.Value != 0 {
			coin.Value = 0
			changes = append(changes, storage.WriteOp{Key: coinKey, Value: bcs.Marshal(&coin)})
		}
		return changes, nil
	})
}

// exists reads key into v, reporting whether it exists.
func exists(state storage.View, key storage.StateKey, v bcs.Unmarshaler) (bool, error) {
	b, err := state.StateValue(key)
	if errors.Is(err, storage.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := bcs.Unmarshal(b, v); err != nil {
		return false, fmt.Errorf("node: %s does not decode: %w", key, err)
	}
	return true, nil
}

// readInto reads key into v when it exists, leaving v as it is otherwise.
func readInto(state storage.View, key storage.StateKey, v bcs.Unmarshaler) error {
	_, err := exists(state, key, v)
	return err
}

// commitWriteSet commits a block of the block metadata, the write-set
// transaction of the changes build returns (given the state after the
// block metadata) and the checkpoint, and returns the write-set
// transaction (n.prod held).
func (n *Node) commitWriteSet(ctx context.Context, build func(storage.View) ([]storage.WriteOp, error)) (storage.Transaction, error) {
	info, err := n.store.LedgerInfo(ctx)
	if err != nil {
		return storage.Transaction{}, err
	}
	if err := n.settle(ctx, info); err != nil {
		return storage.Transaction{}, err
	}
	ts, pinned := n.blockTimestamp(info)
	blk := storage.Block{Height: info.BlockHeight + 1, Epoch: 1, Round: info.BlockHeight + 1, TimestampUsec: ts}
	view := newOverlay(ctx, n.store, info)
	meta, err := n.exec.BlockPrologue(view, blk)
	if err != nil {
		return storage.Transaction{}, fmt.Errorf("node: block prologue: %w", err)
	}
	if err := view.apply(meta.Changes); err != nil {
		return storage.Transaction{}, err
	}
	m, err := makeTxn(info.Version+1, storage.KindBlockMetadata, onchain.TransactionHash(onchain.VariantBlockMetadata, meta.Payload), meta, ts)
	if err != nil {
		return storage.Transaction{}, err
	}
	changes, err := build(view)
	if err != nil {
		return storage.Transaction{}, err
	}
	if len(changes) == 0 {
		return storage.Transaction{}, fmt.Errorf("%w: no changes", ErrInvalidState)
	}
	ws := make([]storage.WriteOp, len(changes))
	for i, w := range changes {
		if _, err := w.Key.Encode(); err != nil {
			return storage.Transaction{}, fmt.Errorf("%w: %v", ErrInvalidState, err)
		}
		_, err := view.StateValue(w.Key)
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			return storage.Transaction{}, err
		}
		ws[i] = storage.WriteOp{Key: w.Key, Value: w.Value, Deleted: w.Deleted, Created: err != nil && !w.Deleted}
	}
	cs := onchain.ChangeSet{WriteSet: ws}
	payload, err := cs.AppendBCS(nil)
	if err != nil {
		return storage.Transaction{}, fmt.Errorf("%w: %v", ErrInvalidState, err)
	}
	t, err := makeTxn(info.Version+2, storage.KindGenesis, onchain.TransactionHash(onchain.VariantGenesis, payload),
		storage.Transaction{Payload: payload, Changes: ws}, ts)
	if err != nil {
		return storage.Transaction{}, fmt.Errorf("%w: %v", ErrInvalidState, err)
	}
	txns := []storage.Transaction{m, t}
	body := onchain.StateCheckpointBody(m.Hash)
	ckpt, err := makeTxn(info.Version+3, storage.KindStateCheckpoint, onchain.TransactionHash(onchain.VariantStateCheckpoint, body),
		storage.Transaction{Payload: body}, ts)
	if err != nil {
		return storage.Transaction{}, err
	}
	cp := checkpointHash(txns)
	ckpt.Info.StateCheckpointHash = &cp
	txns = append(txns, ckpt)
	acc := n.acc
	for i := range txns {
		finish(&acc, &txns[i])
	}
	b := blk
	b.Hash, b.FirstVersion, b.LastVersion = m.Hash, m.Version, ckpt.Version
	if err := n.store.CommitBlock(ctx, b, txns); err != nil {
		n.unsettled = &unsettled{before: info.Version, after: b.LastVersion, acc: acc} // see produceBlock
		return storage.Transaction{}, fmt.Errorf("node: committing block %d: %w", b.Height, err)
	}
	n.acc = acc
	if pinned {
		n.unpinTimestamp(ts)
	}
	n.opts.Logger.Info().Uint64("version", txns[1].Version).Stringer("hash", txns[1].Hash).Int("changes", len(ws)).
		Msg("state written")
	n.broadcast()
	return txns[1], nil
}
