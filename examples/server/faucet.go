package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/vmstub"
)

// maxFundAmount bounds one faucet request (1,000,000 APT).
const maxFundAmount = 1_000_000 * 100_000_000

// faucet funds accounts through real signed transfers from the root account.
type faucet struct {
	node    *node.Node
	vm      *vmstub.VM
	root    vmstub.DevAccount
	chainID uint8

	mu      sync.Mutex
	nextSeq uint64
	synced  bool
	reverts uint64 // the node's revert count when nextSeq was read
}

// fund submits a transfer of amount octas to addr and returns its hash.
func (f *faucet) fund(ctx context.Context, addr ledgerapi.Address, amount uint64) (ledgerapi.HashValue, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for attempt := 0; attempt < 2; attempt++ {
		if r := f.node.Reverts(); r != f.reverts { // a dev API revert moved the sequence number back
			f.synced, f.reverts = false, r
		}
		if !f.synced {
			state, _, err := f.node.LatestState(ctx)
			if err != nil {
				return ledgerapi.HashValue{}, err
			}
			if f.nextSeq, err = f.vm.SequenceNumber(state, f.root.Address); err != nil {
				return ledgerapi.HashValue{}, err
			}
			f.synced = true
		}
		raw := txn.RawTransaction{
			Sender: f.root.Address, SequenceNumber: f.nextSeq, Payload: vmstub.TransferPayload(addr, amount),
			MaxGasAmount: 200_000, GasUnitPrice: 100, ChainID: f.chainID,
			ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()),
		}
		st := f.root.Sign(raw)
		b := st.Bytes()
		h := txn.UserTransactionHash(b)
		if _, err := f.node.Submit(ctx, st, b, h); err != nil {
			f.synced = false // re-read the sequence number and retry once
			if attempt == 1 {
				return ledgerapi.HashValue{}, err
			}
			continue
		}
		f.nextSeq++
		return h, nil
	}
	return ledgerapi.HashValue{}, errors.New("unreachable")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func faucetError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, &ledgerapi.Error{Message: msg, ErrorCode: ledgerapi.CodeInvalidInput})
}

// handler serves POST /fund {"address", "amount"} → {"txn_hashes": [...]}
// and POST /mint?address=&amount= → ["hash"], the two faucet protocols
// clients use.
func (f *faucet) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /fund", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Address string      `json:"address"`
			Amount  json.Number `json:"amount"`
		}
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
		dec.UseNumber()
		if err := dec.Decode(&req); err != nil {
			faucetError(w, http.StatusBadRequest, "invalid JSON body: "+err.Error())
			return
		}
		h, status, msg := f.serve(r.Context(), req.Address, req.Amount.String())
		if msg != "" {
			faucetError(w, status, msg)
			return
		}
		writeJSON(w, http.StatusOK, map[string][]string{"txn_hashes": {h.String()}})
	})
	mux.HandleFunc("POST /mint", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		h, status, msg := f.serve(r.Context(), q.Get("address"), q.Get("amount"))
		if msg != "" {
			faucetError(w, status, msg)
			return
		}
		writeJSON(w, http.StatusOK, []string{h.String()})
	})
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"message": "ledgernode faucet: POST /fund or POST /mint"})
	})
	return mux
}

func (f *faucet) serve(ctx context.Context, address, amount string) (ledgerapi.HashValue, int, string) {
	addr, err := ledgerapi.ParseAddress(address)
	if err != nil {
		return ledgerapi.HashValue{}, http.StatusBadRequest, "address: " + err.Error()
	}
	n, err := strconv.ParseUint(amount, 10, 64)
	if err != nil || n == 0 || n > maxFundAmount {
		return ledgerapi.HashValue{}, http.StatusBadRequest, "amount must be a whole number of octas between 1 and " + strconv.Itoa(maxFundAmount)
	}
	h, err := f.fund(ctx, addr, n)
	if err != nil {
		return ledgerapi.HashValue{}, http.StatusInternalServerError, "funding failed: " + err.Error()
	}
	return h, 0, ""
}
