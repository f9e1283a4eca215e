package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage"
)

// Submitter accepts transactions into the ledger (the node implements it).
type Submitter interface {
	// Submit verifies, validates and pools a decoded transaction; hash is
	// its hash and bcsBytes its signed BCS bytes. The errors the API
	// answers as such: a *ledgerapi.VMStatus when verification or
	// validation rejects it (400 vm_error with its code), mempool.ErrFull
	// (507 mempool_is_full), mempool.ErrSequenceTooOld (400
	// sequence_number_too_old), mempool.ErrInvalidUpdate (400
	// invalid_transaction_update) and any *ledgerapi.Error (by its code);
	// any other error, ctx's included, is a 500.
	Submit(ctx context.Context, st *txn.SignedTransaction, bcsBytes []byte, hash ledgerapi.HashValue) (*mempool.Entry, error)
}

type batchFailure struct {
	Error            *ledgerapi.Error `json:"error"`
	TransactionIndex int              `json:"transaction_index"`
}

type batchResult struct {
	TransactionFailures []batchFailure `json:"transaction_failures"`
}

// submitTransaction serves POST /transactions: a JSON transaction request
// or a BCS SignedTransaction (application/x.node.signed_transaction+bcs or
// the x.aptos name). 202 with the pending transaction; 400 vm_error with
// vm_error_code when validation rejects it; 400 sequence_number_too_old /
// invalid_transaction_update and 507 mempool_is_full from the mempool; 415
// for other content types; 413 above the body limit.
func (a *API) submitTransaction(r *http.Request) (*reply, error) {
	if err := a.submitEnabled(); err != nil {
		return nil, err
	}
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	st, b, err := a.decodeSubmission(r, &info)
	if err != nil {
		return nil, err
	}
	h := txn.UserTransactionHash(b)
	if _, err := a.deps.Submitter.Submit(r.Context(), st, b, h); err != nil {
		return nil, submitError(err)
	}
	if wantsBCS(r) {
		return &reply{status: http.StatusAccepted, info: &info, raw: []byte{}}, nil
	}
	rd := a.renderAt(info.Version)
	return &reply{status: http.StatusAccepted, info: &info, body: rd.pending(st, h, false)}, nil
}

// submitBatch serves POST /transactions/batch: at most MaxBatchSize
// transactions (400 invalid_input above). 202 when all are accepted,
// otherwise 206 with the failures and their indices.
func (a *API) submitBatch(r *http.Request) (*reply, error) {
	if err := a.submitEnabled(); err != nil {
		return nil, err
	}
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	var txns []*txn.SignedTransaction
	var raws [][]byte
	switch mt := mediaType(r); {
	case ledgerapi.IsSignedTxnBCS(mt):
		body, err := a.readBody(r)
		if err != nil {
			return nil, err
		}
		d := bcs.NewDecoder(body)
		d.MaxDepth = txn.MaxSignedTransactionDepth + 1
		n := d.SeqLen("batch", 1)
		if n > a.opts.MaxBatchSize {
			return nil, ledgerapi.InvalidInput("Submitted too many transactions: %d, while limit is %d", n, a.opts.MaxBatchSize)
		}
		for i := 0; i < n && !d.Failed(); i++ {
			start := d.Offset()
			var st txn.SignedTransaction
			st.UnmarshalBCS(d)
			txns = append(txns, &st)
			raws = append(raws, d.Since(start))
		}
		if err := d.Finish(); err != nil {
			return nil, txnDecodeError(err)
		}
	case mt == ledgerapi.ContentTypeJSON:
		var reqs []txn.SubmitTransactionRequest
		if err := a.readJSON(r, &reqs); err != nil {
			return nil, err
		}
		if len(reqs) > a.opts.MaxBatchSize {
			return nil, ledgerapi.InvalidInput("Submitted too many transactions: %d, while limit is %d", len(reqs), a.opts.MaxBatchSize)
		}
		for i := range reqs {
			st, err := reqs[i].SignedTransaction(info.ChainID, a.codec(info.Version))
			if err != nil {
				return nil, ledgerapi.InvalidInput("transaction %d: %v", i, err)
			}
			txns = append(txns, st)
			raws = append(raws, st.Bytes())
		}
	default:
		return nil, unsupportedSubmission(r)
	}
	res := batchResult{TransactionFailures: []batchFailure{}}
	for i, st := range txns {
		if _, err := a.deps.Submitter.Submit(r.Context(), st, raws[i], txn.UserTransactionHash(raws[i])); err != nil {
			_, body := toResponse(submitError(err))
			res.TransactionFailures = append(res.TransactionFailures, batchFailure{Error: body, TransactionIndex: i})
		}
	}
	status := http.StatusAccepted
	if len(res.TransactionFailures) > 0 {
		status = http.StatusPartialContent
	}
	return &reply{status: status, info: &info, body: res}, nil
}

// encodeSubmission serves POST /transactions/encode_submission: the hex of
// the bytes to sign for a JSON transaction request (the multi-agent message
// when secondary_signers is given).
func (a *API) encodeSubmission(r *http.Request) (*reply, error) {
	if wantsBCS(r) {
		return nil, ledgerapi.NewError(ledgerapi.CodeBCSNotSupported, "BCS is not supported for encode submission")
	}
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	var req txn.SubmitTransactionRequest
	if err := a.readJSON(r, &req); err != nil {
		return nil, err
	}
	if req.Signature != nil {
		return nil, ledgerapi.InvalidInput("encode_submission takes no signature")
	}
	raw, err := req.RawTransaction(info.ChainID, a.codec(info.Version))
	if err != nil {
		return nil, ledgerapi.InvalidInput("%v", err)
	}
	msg := raw.SigningMessage()
	if req.SecondarySigners != nil {
		msg = raw.MultiAgentSigningMessage(req.SecondarySigners, nil)
	}
	return &reply{info: &info, body: ledgerapi.HexBytes(msg)}, nil
}

// decodeSubmission reads one transaction in JSON or BCS and returns it with
// its BCS bytes.
func (a *API) decodeSubmission(r *http.Request, info *storage.LedgerInfo) (*txn.SignedTransaction, []byte, error) {
	switch mt := mediaType(r); {
	case ledgerapi.IsSignedTxnBCS(mt):
		b, err := a.readBody(r)
		if err != nil {
			return nil, nil, err
		}
		st, err := txn.DecodeSignedTransaction(b)
		if err != nil {
			return nil, nil, txnDecodeError(err)
		}
		return st, b, nil
	case mt == ledgerapi.ContentTypeJSON:
		var req txn.SubmitTransactionRequest
		if err := a.readJSON(r, &req); err != nil {
			return nil, nil, err
		}
		st, err := req.SignedTransaction(info.ChainID, a.codec(info.Version))
		if err != nil {
			return nil, nil, ledgerapi.InvalidInput("Submitted transaction invalid: %v", err)
		}
		return st, st.Bytes(), nil
	}
	return nil, nil, unsupportedSubmission(r)
}

// txnDecodeError answers BCS bytes that are no SignedTransaction. Input
// that ends early gets the real node's exact words (the official SDKs'
// tests match them), with where it ended in the request log; other faults
// are named in the answer.
func txnDecodeError(err error) error {
	if errors.Is(err, bcs.ErrTruncated) {
		return withDetail(ledgerapi.InvalidInput("Failed to deserialize input into SignedTransaction: unexpected end of input"), err)
	}
	return ledgerapi.InvalidInput("Failed to deserialize input into SignedTransaction: %v", err)
}

func unsupportedSubmission(r *http.Request) error {
	return frameworkError(http.StatusUnsupportedMediaType,
		"unsupported Content-Type %q: send %s, or a BCS SignedTransaction as %s (or %s)",
		r.Header.Get("Content-Type"), ledgerapi.ContentTypeJSON, ledgerapi.ContentTypeSignedTxnBCS, ledgerapi.ContentTypeAptosSignedTxnBCS)
}

// codec converts JSON arguments by the functions stored at version.
func (a *API) codec(version uint64) txn.ArgCodec {
	if res := a.modulesAt(version); res != nil {
		return res
	}
	return nil
}

func (a *API) submitEnabled() error {
	if a.deps.Submitter == nil || a.opts.DisableSubmission {
		return ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "Submit transaction is disabled on this endpoint")
	}
	return nil
}

// submitError maps a rejection to its API error.
func submitError(err error) error {
	var vm *ledgerapi.VMStatus
	var ae *ledgerapi.Error
	switch {
	case errors.As(err, &vm):
		return ledgerapi.NewVMError(vm.Code, "%s", vm.Error())
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, mempool.ErrFull):
		return ledgerapi.NewError(ledgerapi.CodeMempoolIsFull, "%v", err)
	case errors.Is(err, mempool.ErrSequenceTooOld):
		return ledgerapi.NewError(ledgerapi.CodeSequenceNumberTooOld, "%v", err)
	case errors.Is(err, mempool.ErrInvalidUpdate):
		return ledgerapi.NewError(ledgerapi.CodeInvalidTransactionUpdate, "%v", err)
	}
	return err
}
