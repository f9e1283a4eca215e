package handlers

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// Executor runs view functions and simulations (the executor implements it).
// It must not modify the bytes it reads from the state it is given: module
// bytes are shared with other requests.
//
// The state the API passes has a method Context() context.Context: the
// call's context, cancelled when its time bound (Options.ViewTimeout)
// passes or the client goes away. The API answers 503 at that moment
// whatever the executor does, but the call keeps its concurrency slot
// until View or Simulate returns: an executor that can stop early (for
// example by checking the context every so many gas charges) should, and
// return any error.
type Executor interface {
	// View runs a view function against state and returns its BCS results
	// with their types and the gas used. It must depend on nothing but
	// state and its arguments (as Move view functions do): the API keeps
	// successful results by ledger version and request and answers
	// repeats from that cache (Options.RenderCacheEntries).
	View(state storage.View, fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([][]byte, []ledgerapi.TypeTag, uint64, error)
	// Simulate executes st on top of state as block blk without committing,
	// returning the outcome and the raw transaction actually run (with
	// estimated gas values when opts ask for them).
	Simulate(state storage.View, blk storage.Block, st *txn.SignedTransaction, opts ledgerapi.SimulateOptions) (storage.Transaction, *txn.RawTransaction, error)
	// EstimateGasPrice returns the gas unit price estimates.
	EstimateGasPrice() (deprioritized, estimate, prioritized uint64)
}

type viewRequest struct {
	Function      *string           `json:"function" validate:"required"`
	TypeArguments []string          `json:"type_arguments" validate:"required"`
	Arguments     []json.RawMessage `json:"arguments" validate:"required"`
}

// view serves POST /view: a JSON view request or a BCS EntryFunction
// (application/x.node.view_function+bcs or the x.aptos name). 200 with the
// JSON results and X-NODE-GAS-USED; 400 invalid_input (with vm_error_code
// when the VM gave one) for bad input and failed executions.
func (a *API) view(r *http.Request) (*reply, error) {
	if a.deps.Executor == nil {
		return nil, ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "View functions are disabled on this endpoint")
	}
	gen := a.reverts() // before any read: see storage.Reverter
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	v, err := readVersion(r, info)
	if err != nil {
		return nil, err
	}
	var bcsIn bool
	switch mt := mediaType(r); {
	case ledgerapi.IsViewFunctionBCS(mt):
		bcsIn = true
	case mt == ledgerapi.ContentTypeJSON:
	default:
		return nil, frameworkError(http.StatusUnsupportedMediaType, "unsupported Content-Type %q: send %s or %s",
			r.Header.Get("Content-Type"), ledgerapi.ContentTypeJSON, ledgerapi.ContentTypeAptosViewFunctionBCS)
	}
	b, err := a.readBody(r)
	if err != nil {
		return nil, err
	}
	bcsOut := wantsBCS(r)
	// A view's result at a committed version never changes: answer a
	// request seen before at this version from the cache.
	var key string
	if a.cache.results != nil && len(b) <= maxCachedViewBody {
		key = viewResultKey(gen, v, bcsIn, bcsOut, b)
		if res, ok := a.cache.results.Get(key); ok {
			return res.reply(&info), nil
		}
	}
	var f txn.EntryFunction
	if bcsIn {
		if err := bcs.UnmarshalDepth(b, 16, &f); err != nil {
			return nil, ledgerapi.InvalidInput("Failed to deserialize input into ViewRequest: %v", err)
		}
	} else if err := a.viewFromBody(gen, v, b, &f); err != nil {
		return nil, err
	}
	call := &viewCall{a: a, version: v, fn: f.FunctionId(), tyArgs: f.TyArgs, args: f.Args}
	if err := a.execute(r.Context(), "view", call); err != nil {
		return nil, viewError(err)
	}
	vals, types, gas := call.vals, call.types, call.gas
	res := viewResult{gas: gas}
	if bcsOut {
		var e bcs.Encoder
		e.SeqLen(len(vals))
		for _, v := range vals {
			e.Fixed(v)
		}
		res.bcs = e.Bytes()
	} else {
		out := make([][]byte, len(vals))
		rd := a.renderAt(v)
		for i := range vals {
			out[i] = a.value(&rd, types[i], vals[i])
		}
		res.json = jsonArray(out)
	}
	if key != "" {
		a.cache.results.Add(key, res)
	}
	return res.reply(&info), nil
}

// viewCall is one view run by the executor under admission control.
type viewCall struct {
	a       *API
	version uint64
	fn      ledgerapi.EntryFunctionId
	tyArgs  []ledgerapi.TypeTag
	args    [][]byte
	// results
	vals  [][]byte
	types []ledgerapi.TypeTag
	gas   uint64
}

func (c *viewCall) run(ctx context.Context) (err error) {
	c.vals, c.types, c.gas, err = c.a.deps.Executor.View(c.a.executorAt(ctx, c.version), c.fn, c.tyArgs, c.args)
	return err
}

func (c *viewCall) String() string { return "view " + c.fn.String() }

// simulateCall is one simulation run by the executor under admission
// control.
type simulateCall struct {
	a       *API
	version uint64
	blk     storage.Block
	st      *txn.SignedTransaction
	opts    ledgerapi.SimulateOptions
	// results
	out storage.Transaction
	raw *txn.RawTransaction
}

func (c *simulateCall) run(ctx context.Context) (err error) {
	c.out, c.raw, err = c.a.deps.Executor.Simulate(c.a.executorAt(ctx, c.version), c.blk, c.st, c.opts)
	return err
}

func (c *simulateCall) String() string {
	return "simulation of a transaction from " + c.st.Raw.Sender.String()
}

// viewResult is a view's answer as written: its body in one format and the
// gas used. Cached results are shared and never modified.
type viewResult struct {
	json []byte
	bcs  []byte
	gas  uint64
}

func (res viewResult) reply(info *storage.LedgerInfo) *reply {
	gas := res.gas
	return &reply{info: info, json: res.json, raw: res.bcs, gas: &gas}
}

// viewResultKey identifies a view request at a version: the version, the
// request and response formats, and the request body.
func viewResultKey(gen, version uint64, bcsIn, bcsOut bool, body []byte) string {
	k := make([]byte, 17, 17+len(body))
	binary.BigEndian.PutUint64(k, gen)
	binary.BigEndian.PutUint64(k[8:], version)
	if bcsIn {
		k[16] |= 1
	}
	if bcsOut {
		k[16] |= 2
	}
	return string(append(k, body...))
}

// viewFromBody converts a JSON view request body, through the cache of
// converted requests: polling clients send the same body again and again.
// The cache is keyed by the store's revert count read before the request's
// reads (gen) too: after a revert a function can be stored again with
// another signature.
func (a *API) viewFromBody(gen, version uint64, b []byte, f *txn.EntryFunction) error {
	key := strconv.FormatUint(gen, 10) + "\x00" + string(b)
	if a.cache.views != nil && len(b) <= maxCachedViewBody {
		if cached, ok := a.cache.views.Get(key); ok {
			*f = cached
			// Natives get their own argument bytes, never the cached ones.
			f.Args = make([][]byte, len(cached.Args))
			for i, arg := range cached.Args {
				f.Args[i] = slices.Clone(arg)
			}
			return nil
		}
	}
	var req viewRequest
	if err := txn.DecodeJSON(b, &req); err != nil {
		return frameworkError(http.StatusBadRequest, "parse request payload error: %v", err)
	}
	if err := a.viewFromJSON(version, &req, f); err != nil {
		return err
	}
	if a.cache.views != nil && len(b) <= maxCachedViewBody {
		a.cache.views.Add(key, *f)
	}
	return nil
}

func (a *API) viewFromJSON(version uint64, req *viewRequest, f *txn.EntryFunction) error {
	if err := checkRequest(req); err != nil {
		return err
	}
	fn, err := ledgerapi.ParseEntryFunctionId(*req.Function)
	if err != nil {
		return ledgerapi.InvalidInput("function: %v", err)
	}
	f.Module, f.Function = fn.Module, fn.Name
	for i, s := range req.TypeArguments {
		t, err := ledgerapi.ParseTypeTag(s)
		if err != nil {
			return ledgerapi.InvalidInput("type_arguments[%d]: %v", i, err)
		}
		f.TyArgs = append(f.TyArgs, t)
	}
	res := a.modulesAt(version)
	if res == nil {
		return ledgerapi.InvalidInput("JSON view arguments need the function's ABI, which this node does not have")
	}
	if f.Args, err = res.EncodeArgs(fn, f.TyArgs, req.Arguments); err != nil {
		var vm *ledgerapi.VMStatus
		if errors.As(err, &vm) {
			return viewError(err) // a missing function: as the BCS path answers it
		}
		return ledgerapi.InvalidInput("%v", err)
	}
	return nil
}

func viewError(err error) error {
	if passThrough(err) {
		return err
	}
	var vm *ledgerapi.VMStatus
	if errors.As(err, &vm) {
		e := ledgerapi.NewVMError(vm.Code, "%v", err)
		e.ErrorCode = ledgerapi.CodeInvalidInput
		return e
	}
	var ae *ledgerapi.Error
	if errors.As(err, &ae) {
		return ae
	}
	return ledgerapi.InvalidInput("%v", err)
}

type gasEstimationJSON struct {
	DeprioritizedGasEstimate uint64 `json:"deprioritized_gas_estimate"`
	GasEstimate              uint64 `json:"gas_estimate"`
	PrioritizedGasEstimate   uint64 `json:"prioritized_gas_estimate"`
}

// estimateGasPrice serves GET /estimate_gas_price (numbers, not strings).
func (a *API) estimateGasPrice(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	est := gasEstimationJSON{100, 100, 150}
	if a.deps.Executor != nil {
		est.DeprioritizedGasEstimate, est.GasEstimate, est.PrioritizedGasEstimate = a.deps.Executor.EstimateGasPrice()
	}
	if wantsBCS(r) {
		return &reply{info: &info, raw: u64BCS(est.GasEstimate)}, nil
	}
	return &reply{info: &info, body: est}, nil
}

// simulate serves POST /transactions/simulate: the transaction (JSON or
// BCS) must not carry a valid signature (400 invalid_input otherwise). 200
// with a one-element array of the simulated user transaction, whose
// nested events carry no version; X-NODE-GAS-USED is set.
func (a *API) simulate(r *http.Request) (*reply, error) {
	if a.deps.Executor == nil || a.opts.DisableSimulation {
		return nil, ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "Simulate transaction is disabled on this endpoint")
	}
	var opts ledgerapi.SimulateOptions
	var err error
	for name, dst := range map[string]*bool{
		"estimate_max_gas_amount":             &opts.EstimateMaxGasAmount,
		"estimate_gas_unit_price":             &opts.EstimateGasUnitPrice,
		"estimate_prioritized_gas_unit_price": &opts.EstimatePrioritizedGasUnitPrice,
	} {
		if *dst, err = queryBool(r, name); err != nil {
			return nil, err
		}
	}
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	st, _, err := a.decodeSubmission(r, &info)
	if err != nil {
		return nil, err
	}
	if st.Verify() == nil {
		return nil, ledgerapi.InvalidInput("Simulated transactions must not have a valid signature")
	}
	blk := storage.Block{Height: info.BlockHeight + 1, Epoch: info.Epoch, Round: info.BlockHeight + 1,
		TimestampUsec: max(uint64(a.deps.Now().UnixMicro()), info.TimestampUsec+1)}
	call := &simulateCall{a: a, version: info.Version, blk: blk, st: st, opts: opts}
	err = a.execute(r.Context(), "simulation", call)
	if passThrough(err) {
		return nil, err
	}
	out, raw := call.out, call.raw
	var vm *ledgerapi.VMStatus
	if err != nil && !(errors.As(err, &vm) && !out.Info.Success()) {
		return nil, submitError(err)
	}
	// A transaction the prologue rejects is still a 200: the output says
	// success=false with the status name, as the real node answers (clients
	// read it to retry, e.g. without the max gas estimate).
	if raw != nil {
		st = &txn.SignedTransaction{Raw: *raw, Auth: st.Auth}
	}
	out.Version = info.Version
	out.Hash = st.Hash()
	out.Kind = storage.KindUser
	out.TimestampUsec = info.TimestampUsec
	gas := out.Info.GasUsed
	if wantsBCS(r) {
		out.Payload = st.Bytes()
		raw, err := appendOnChain(nil, &out)
		if err != nil {
			return nil, err
		}
		return &reply{info: &info, raw: raw, gas: &gas}, nil
	}
	rd := a.renderAt(info.Version)
	u := userTransactionJSON{transactionInfoJSON: rd.info(&out), requestJSON: rd.request(st),
		Events: rd.events(out.Events), Timestamp: ledgerapi.U64(out.TimestampUsec), Type: "user_transaction"}
	return &reply{info: &info, body: []any{u}, gas: &gas}, nil
}
