package handlers

import (
	"net/http"
	"strconv"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// indexResponse is the ledger info body of GET /.
type indexResponse struct {
	ChainID             uint8         `json:"chain_id"`
	Epoch               ledgerapi.U64 `json:"epoch"`
	LedgerVersion       ledgerapi.U64 `json:"ledger_version"`
	OldestLedgerVersion ledgerapi.U64 `json:"oldest_ledger_version"`
	LedgerTimestamp     ledgerapi.U64 `json:"ledger_timestamp"`
	NodeRole            string        `json:"node_role"`
	OldestBlockHeight   ledgerapi.U64 `json:"oldest_block_height"`
	BlockHeight         ledgerapi.U64 `json:"block_height"`
	GitHash             string        `json:"git_hash"`
}

// getLedgerInfo serves GET / — the ledger info. 200 always once genesis is
// committed; 500 internal_error if the store cannot be read. The JSON body
// carries git_hash (Options.GitHash); the BCS body has no such field, as
// on the real node.
func (a *API) getLedgerInfo(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	if wantsBCS(r) {
		var e bcs.Encoder
		e.U8(info.ChainID)
		e.U64(info.Epoch)
		e.U64(info.Version)
		e.U64(info.OldestVersion)
		e.U64(info.TimestampUsec)
		role := uint32(1) // full_node
		if a.deps.NodeRole == "validator" {
			role = 0
		}
		e.Variant(role)
		e.U64(info.OldestBlockHeight)
		e.U64(info.BlockHeight)
		return &reply{info: &info, raw: e.Bytes()}, nil
	}
	return &reply{info: &info, body: indexResponse{
		ChainID:             info.ChainID,
		Epoch:               ledgerapi.U64(info.Epoch),
		LedgerVersion:       ledgerapi.U64(info.Version),
		OldestLedgerVersion: ledgerapi.U64(info.OldestVersion),
		LedgerTimestamp:     ledgerapi.U64(info.TimestampUsec),
		NodeRole:            a.deps.NodeRole,
		OldestBlockHeight:   ledgerapi.U64(info.OldestBlockHeight),
		BlockHeight:         ledgerapi.U64(info.BlockHeight),
		GitHash:             a.opts.GitHash,
	}}, nil
}

// healthy serves GET /-/healthy. Without duration_secs it is a liveness
// check; with it, it answers 503 health_check_failed when the latest ledger
// timestamp is older than duration_secs.
func (a *API) healthy(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	if s := r.URL.Query().Get("duration_secs"); s != "" {
		secs, perr := strconv.ParseUint(s, 10, 32)
		if perr != nil {
			return nil, frameworkError(http.StatusBadRequest, "failed to parse parameter `duration_secs`: %q is not a u32", s)
		}
		now := a.deps.Now()
		ledgerTime := time.UnixMicro(int64(info.TimestampUsec))
		if age := now.Sub(ledgerTime); age > time.Duration(secs)*time.Second {
			return nil, ledgerapi.NewError(ledgerapi.CodeHealthCheckFailed,
				"The latest ledger info timestamp is %s old, which is beyond the allowed skew (%ds).", age.Truncate(time.Millisecond), secs)
		}
	}
	const message = "aptos-node:ok"
	if wantsBCS(r) {
		var e bcs.Encoder
		e.String(message)
		return &reply{info: &info, raw: e.Bytes()}, nil
	}
	return &reply{info: &info, body: map[string]string{"message": message}}, nil
}

// getInfo serves GET /info: a free-form description of the node and the
// limits it applies.
func (a *API) getInfo(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	return &reply{info: &info, body: map[string]any{
		"node_role":                           a.deps.NodeRole,
		"chain_id":                            info.ChainID,
		"max_transactions_page_size":          a.opts.MaxTransactionsPageSize,
		"max_block_transactions_page_size":    a.opts.MaxBlockTransactionsPageSize,
		"max_events_page_size":                a.opts.MaxEventsPageSize,
		"max_submit_transaction_batch_size":   a.opts.MaxBatchSize,
		"content_length_limit":                a.opts.MaxBodyBytes,
		"wait_by_hash_timeout_ms":             a.opts.WaitByHashTimeout.Milliseconds(),
		"wait_by_hash_max_active_connections": a.opts.MaxWaiters,
		"transaction_submission_enabled":      !a.opts.DisableSubmission && (a.deps.Submitter != nil || a.opts.SubmissionsForwarded),
		"transaction_simulation_enabled":      !a.opts.DisableSimulation && a.deps.Executor != nil,
	}}, nil
}
