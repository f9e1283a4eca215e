package handlers

import (
	"encoding/json"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
)

type blockJSON struct {
	BlockHeight    ledgerapi.U64       `json:"block_height"`
	BlockHash      ledgerapi.HashValue `json:"block_hash"`
	BlockTimestamp ledgerapi.U64       `json:"block_timestamp"`
	FirstVersion   ledgerapi.U64       `json:"first_version"`
	LastVersion    ledgerapi.U64       `json:"last_version"`
	Transactions   []json.RawMessage   `json:"transactions"` // null unless requested
}

// getBlockByHeight serves GET /blocks/by_height/{block_height}: 404
// block_not_found above the latest height, 410 block_pruned below the oldest.
func (a *API) getBlockByHeight(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	h, err := pathU64(r, "block_height")
	if err != nil {
		return nil, err
	}
	if h > info.BlockHeight {
		return nil, ledgerapi.NewError(ledgerapi.CodeBlockNotFound, "Block not found by Block height(%d)", h)
	}
	if h < info.OldestBlockHeight {
		return nil, ledgerapi.NewError(ledgerapi.CodeBlockPruned, "Block(%d) has been pruned", h)
	}
	b, err := a.deps.Store.BlockByHeight(r.Context(), h)
	if err != nil {
		return nil, blockError(err, func() error {
			return ledgerapi.NewError(ledgerapi.CodeBlockNotFound, "Block not found by Block height(%d)", h)
		}, h)
	}
	return a.block(r, info, b)
}

// getBlockByVersion serves GET /blocks/by_version/{version}: 404
// version_not_found above the latest version, 410 version_pruned below the oldest.
func (a *API) getBlockByVersion(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	v, err := pathU64(r, "version")
	if err != nil {
		return nil, err
	}
	if err := checkVersion(info, v); err != nil {
		return nil, err
	}
	b, err := a.deps.Store.BlockByVersion(r.Context(), v)
	if err != nil {
		return nil, storageError(err, func() error {
			return ledgerapi.NewError(ledgerapi.CodeBlockNotFound, "Block not found by Ledger version(%d)", v)
		})
	}
	return a.block(r, info, b)
}

func blockError(err error, notFound func() error, h uint64) error {
	if isPruned(err) {
		return ledgerapi.NewError(ledgerapi.CodeBlockPruned, "Block(%d) has been pruned", h)
	}
	return storageError(err, notFound)
}

// block renders b, with up to MaxBlockTransactionsPageSize transactions
// when with_transactions=true.
func (a *API) block(r *http.Request, info storage.LedgerInfo, b storage.Block) (*reply, error) {
	with, err := queryBool(r, "with_transactions")
	if err != nil {
		return nil, err
	}
	out := blockJSON{
		BlockHeight:    ledgerapi.U64(b.Height),
		BlockHash:      b.Hash,
		BlockTimestamp: ledgerapi.U64(b.TimestampUsec),
		FirstVersion:   ledgerapi.U64(b.FirstVersion),
		LastVersion:    ledgerapi.U64(b.LastVersion),
	}
	if with {
		n := b.LastVersion - b.FirstVersion + 1
		if n > uint64(a.opts.MaxBlockTransactionsPageSize) {
			n = uint64(a.opts.MaxBlockTransactionsPageSize)
		}
		txns, err := a.deps.Store.Transactions(r.Context(), b.FirstVersion, int(n), info.Version)
		if err != nil {
			return nil, storageError(err, notFoundTxnByVersion(b.FirstVersion))
		}
		if wantsBCS(r) {
			raw, err := blockBCS(b, true, txns)
			if err != nil {
				return nil, err
			}
			return &reply{info: &info, raw: raw}, nil
		}
		rendered, err := a.renderCommitted(r.Context(), txns)
		if err != nil {
			return nil, err
		}
		out.Transactions = make([]json.RawMessage, len(rendered))
		for i, b := range rendered {
			out.Transactions[i] = b
		}
	} else if wantsBCS(r) {
		raw, err := blockBCS(b, false, nil)
		if err != nil {
			return nil, err
		}
		return &reply{info: &info, raw: raw}, nil
	}
	return &reply{info: &info, body: out}, nil
}

// blockBCS is the BCS block: its fields, then the transactions when
// requested.
func blockBCS(b storage.Block, with bool, txns []storage.Transaction) ([]byte, error) {
	var e bcs.Encoder
	e.U64(b.Height)
	b.Hash.MarshalBCS(&e)
	e.U64(b.TimestampUsec)
	e.U64(b.FirstVersion)
	e.U64(b.LastVersion)
	e.Option(with)
	if with {
		list, err := onChainList(txns)
		if err != nil {
			return nil, err
		}
		e.Fixed(list)
	}
	return e.Bytes(), nil
}
