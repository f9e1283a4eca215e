package handlers

import (
	"context"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
)

type transactionSummaryJSON struct {
	Sender          ledgerapi.Address        `json:"sender"`
	Version         ledgerapi.U64            `json:"version"`
	TransactionHash ledgerapi.HashValue      `json:"transaction_hash"`
	ReplayProtector map[string]ledgerapi.U64 `json:"replay_protector"`
}

// getAccountTransactionSummaries serves GET
// /accounts/{address}/transaction_summaries?start_version=&end_version=&limit=:
// summaries of the committed sequence-number transactions the account sent,
// ascending by version. With start_version, those at or after it; with only
// end_version, the last ones before it; with neither, the most recent.
// limit defaults to and is capped at 100. Orderless (nonce) transactions
// are not indexed by sender and are not listed.
func (a *API) getAccountTransactionSummaries(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	addr, err := pathAddress(r, "address")
	if err != nil {
		return nil, err
	}
	limit, err := queryLimit(r, 100, 100)
	if err != nil {
		return nil, err
	}
	startV, hasStart, err := queryU64(r, "start_version")
	if err != nil {
		return nil, err
	}
	endV, hasEnd, err := queryU64(r, "end_version")
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	next, err := a.nextSequence(ctx, addr, info.Version)
	if err != nil {
		return nil, storageError(err, nil)
	}
	var from uint64
	switch {
	case hasStart:
		if from, err = a.firstSeqAtVersion(ctx, addr, startV, next, info.Version); err != nil {
			return nil, err
		}
	case hasEnd:
		upto, err := a.firstSeqAtVersion(ctx, addr, endV, next, info.Version)
		if err != nil {
			return nil, err
		}
		if upto > uint64(limit) {
			from = upto - uint64(limit)
		}
		if upto-from < uint64(limit) {
			limit = int(upto - from)
		}
	default:
		if next > uint64(limit) {
			from = next - uint64(limit)
		}
	}
	var txns []storage.Transaction
	if limit > 0 && from < next {
		if txns, err = a.deps.Store.AccountTransactions(ctx, addr, from, limit, info.Version); err != nil {
			return nil, storageError(err, nil)
		}
		for i := range txns {
			if hasEnd && txns[i].Version >= endV {
				txns = txns[:i]
				break
			}
		}
	}
	if wantsBCS(r) {
		// Vec<IndexedTransactionSummary::V1{sender, replay_protector:
		// ReplayProtector::SequenceNumber(u64), version, transaction_hash}>
		var e bcs.Encoder
		e.SeqLen(len(txns))
		for _, t := range txns {
			e.Variant(0)
			e.Fixed(addr[:])
			e.Variant(1)
			e.U64(*t.SequenceNumber)
			e.U64(t.Version)
			t.Hash.MarshalBCS(&e)
		}
		return &reply{info: &info, raw: e.Bytes()}, nil
	}
	out := make([]transactionSummaryJSON, 0, len(txns))
	for _, t := range txns {
		out = append(out, transactionSummaryJSON{Sender: addr, Version: ledgerapi.U64(t.Version), TransactionHash: t.Hash,
			ReplayProtector: map[string]ledgerapi.U64{"sequence_number": ledgerapi.U64(*t.SequenceNumber)}})
	}
	return &reply{info: &info, body: out}, nil
}

// firstSeqAtVersion finds the smallest sequence number in [0, next) whose
// transaction's version is at least v (next when there is none), by binary
// search: an account's versions grow with its sequence numbers.
func (a *API) firstSeqAtVersion(ctx context.Context, addr ledgerapi.Address, v, next, ledger uint64) (uint64, error) {
	lo, hi := uint64(0), next
	for lo < hi {
		mid := lo + (hi-lo)/2
		t, err := a.deps.Store.AccountTransactions(ctx, addr, mid, 1, ledger)
		if isPruned(err) {
			lo = mid + 1
			continue
		}
		if err != nil {
			return 0, storageError(err, nil)
		}
		if len(t) == 0 || t[0].Version >= v {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, nil
}
