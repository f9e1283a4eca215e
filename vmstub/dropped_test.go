package vmstub_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// A transaction that passed its prologue is never discarded: whatever
// internal error its payload meets, it is kept as a failure, charged, and
// its sequence number is used, so that the same bytes cannot run again.

// brokenModule is 0xcafe::broken, host natives that fail internally: one
// panics, one returns an error that is neither an abort nor a VM status,
// and garbage returns two values for its one vector<u8> (Move code calling
// it cannot take its result).
func brokenModule() native.Module {
	return native.Module{Address: cafe, Name: "broken", Functions: []native.Function{
		{Name: "panics", IsEntry: true, Params: []string{"&signer"}, Impl: func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) { panic("boom") }},
		{Name: "errs", IsEntry: true, Params: []string{"&signer"}, Impl: func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
			return nil, errors.New("a native's bug")
		}},
		{Name: "garbage", IsView: true, Return: []string{"vector<u8>"}, Impl: func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
			v, err := c.Bytes([]byte{0xff})
			return []movevm.Value{v, v}, err
		}},
	}}
}

// callerModule is 0xcafe::caller, Move code calling garbage: entry
// call(&signer) drops its result, view peek returns it.
func callerModule(t testing.TB) []byte {
	b := bytecode.NewModuleBuilder(cafe, "caller")
	h := b.ImportFunction(b.ModuleRef(cafe, "broken"), "garbage", bytecode.Fn{Returns: []tok{bytecode.Vector(bytecode.U8)}})
	b.Function("call", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{in(bytecode.OpCall, uint64(h)), in(bytecode.OpPop), in(bytecode.OpRet)}})
	b.Function("peek", bytecode.Public, bytecode.Fn{Returns: []tok{bytecode.Vector(bytecode.U8)},
		Code: []bytecode.Instruction{in(bytecode.OpCall, uint64(h)), in(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"peek": {{Kind: bytecode.AttributeView}}}})
	return mustBytes(t, b)
}

// internalErrors records what Options.InternalError is told.
type internalErrors struct {
	mu     sync.Mutex
	hashes []ledgerapi.HashValue
}

func (r *internalErrors) record(h ledgerapi.HashValue, _ error) {
	r.mu.Lock()
	r.hashes = append(r.hashes, h)
	r.mu.Unlock()
}

// take returns the hashes recorded since the last call.
func (r *internalErrors) take() []ledgerapi.HashValue {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.hashes
	r.hashes = nil
	return h
}

// brokenChain is a chain with brokenModule and callerModule stored; the
// internal errors its VM meets are recorded in c.internal.
func brokenChain(t *testing.T) (*chain, *internalErrors) {
	t.Helper()
	rec := &internalErrors{}
	c := newChain(t, vmstub.Options{Natives: []native.Module{brokenModule(), publisherModule()}, InternalError: rec.record})
	a := c.vm.DevAccounts()[1]
	out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(ledgerapi.MustParseAddress("0xd0"), "pub", "publish", nil, vmstub.BytesValue(callerModule(t))))))
	if !out.Info.Success() {
		t.Fatalf("storing caller: %s", out.Info.Status.String())
	}
	return c, rec
}

// mustKeep executes st and checks that it is kept as a failure: charged
// its gas, its sequence number used, nothing else changed. It returns the
// output.
func (c *chain) mustKeep(st *txn.SignedTransaction) storage.Transaction {
	c.t.Helper()
	sender := st.Raw.Sender
	bal, seq := c.balance(sender), c.seq(sender)
	out, err := c.exec(st)
	if err != nil {
		c.t.Fatalf("discarded: %v", err)
	}
	if out.Info.Success() || out.Info.GasUsed == 0 {
		c.t.Fatalf("kept as %q with gas %d, want a charged failure", out.Info.Status.String(), out.Info.GasUsed)
	}
	if got := bal - c.balance(sender); got != out.Info.GasUsed*st.Raw.GasUnitPrice {
		c.t.Fatalf("sender paid %d, want the fee %d", got, out.Info.GasUsed*st.Raw.GasUnitPrice)
	}
	if c.seq(sender) != seq+1 {
		c.t.Fatalf("sequence number %d after the failure, want %d", c.seq(sender), seq+1)
	}
	for _, w := range out.Changes {
		if w.Key.Kind != storage.StateResource || w.Key.Resource.Module != "account" && w.Key.Resource.Module != "fungible_asset" {
			c.t.Fatalf("a failed transaction wrote %s", w.Key)
		}
	}
	return out
}

// TestInternalErrorsAreKept: each kind of internal error keeps the
// transaction as a miscellaneous error, charged and sequenced; its bytes
// run again are SEQUENCE_NUMBER_TOO_OLD, at validation and at execution;
// its simulation is the same failure, not an error.
func TestInternalErrorsAreKept(t *testing.T) {
	for _, tc := range []struct {
		name, module, fn string
		want             string // the vm_status; "" for any named status
	}{
		{"native panic", "broken", "panics", "UNKNOWN_INVARIANT_VIOLATION_ERROR"},
		{"native error", "broken", "errs", "UNKNOWN_INVARIANT_VIOLATION_ERROR"},
		{"result not read back", "caller", "call", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, rec := brokenChain(t)
			a := c.vm.DevAccounts()[0]
			st := a.Sign(c.raw(a, vmstub.EntryPayload(cafe, tc.module, tc.fn, nil)))

			sim, raw, err := c.vm.Simulate(c, storage.Block{Height: c.height + 1, TimestampUsec: c.nowUs + 1_000_000}, st, vmstub.SimulateOptions{})
			if err != nil || raw == nil || sim.Info.Success() || sim.Info.GasUsed == 0 {
				t.Fatalf("simulation: %v, %q gas %d", err, sim.Info.Status.String(), sim.Info.GasUsed)
			}

			rec.take()
			out := c.mustKeep(st)
			if h := rec.take(); len(h) != 1 || h[0] != st.Hash() {
				t.Fatalf("internal errors reported: %v, want the transaction's", h)
			}
			status := out.Info.Status
			if status.Kind != onchain.KindMiscellaneousError || !status.HasStatusCode {
				t.Fatalf("status %+v, want a miscellaneous error with its code", status)
			}
			if _, named := status.StatusCode.Name(); !named || tc.want != "" && status.String() != tc.want {
				t.Fatalf("vm_status %q, want %q", status.String(), tc.want)
			}
			if sim.Info.Status.String() != status.String() || sim.Info.GasUsed != out.Info.GasUsed {
				t.Fatalf("simulated %q gas %d, executed %q gas %d", sim.Info.Status.String(), sim.Info.GasUsed, status.String(), out.Info.GasUsed)
			}

			// The same signed bytes again.
			if err := c.vm.Validate(c, st, c.nowUs); !isStatus(err, "SEQUENCE_NUMBER_TOO_OLD") {
				t.Fatalf("validating the same bytes again: %v", err)
			}
			if _, err := c.exec(st); !isStatus(err, "SEQUENCE_NUMBER_TOO_OLD") {
				t.Fatalf("executing the same bytes again: %v", err)
			}
		})
	}
}

// TestInternalErrorInView: a view whose Move code cannot read a native's
// result back fails with a VM status (the handlers' 400 vm_error), not an
// error without one.
func TestInternalErrorInView(t *testing.T) {
	c, rec := brokenChain(t)
	_, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "caller"}, Name: "peek"}, nil, nil)
	var ve *vmstub.ViewError
	var vs *ledgerapi.VMStatus
	if !errors.As(err, &ve) || !errors.Is(err, vmstub.ErrAborted) || !errors.As(err, &vs) {
		t.Fatalf("view: %v", err)
	}
	if _, named := onchain.StatusCode(vs.Code).Name(); !named || vs.Code < 2000 {
		t.Fatalf("view status %d %s, want a named internal status", vs.Code, vs.Name)
	}
	if h := rec.take(); len(h) != 1 || h[0] != (ledgerapi.HashValue{}) {
		t.Fatalf("internal errors reported: %v, want one of a view", h)
	}
}

// isStatus reports whether err is the VM status name.
func isStatus(err error, name string) bool {
	var vs *ledgerapi.VMStatus
	return errors.As(err, &vs) && vs.Name == name
}

// failingView is a state whose reads of one key fail as an unavailable
// store's would.
type failingView struct {
	*chain
	key storage.StateKey
}

var errStoreDown = errors.New("store unavailable")

func (f failingView) StateValue(k storage.StateKey) ([]byte, error) {
	if k.Equal(&f.key) {
		return nil, errStoreDown
	}
	return f.chain.StateValue(k)
}

// TestFailedReadIsNotAnOutcome: a read the store cannot answer during the
// payload is neither kept nor a rejection: Execute returns the store's
// error, so that the node fails the block (the transaction stays
// pending), and a view returns it too.
func TestFailedReadIsNotAnOutcome(t *testing.T) {
	c, _ := brokenChain(t)
	a := c.vm.DevAccounts()[0]
	st := a.Sign(c.raw(a, vmstub.EntryPayload(cafe, "caller", "call", nil)))
	down := failingView{c, storage.ModuleKey(cafe, "caller")}
	blk := c.block()
	_, err := c.vm.Execute(down, blk, st)
	var vs *ledgerapi.VMStatus
	if !errors.Is(err, errStoreDown) || errors.As(err, &vs) {
		t.Fatalf("execution over a failing store: %v", err)
	}
	if _, _, _, err := c.vm.View(down, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "caller"}, Name: "peek"}, nil, nil); !errors.Is(err, errStoreDown) {
		t.Fatalf("view over a failing store: %v", err)
	}
	if out := c.mustExec(st); out.Info.Success() {
		t.Fatal("the transaction succeeded once the store answered")
	}
}

// TestKeptWhenTheFeeCannotBeTaken: with the APT supply record unreadable
// (state no transaction can write), a validated transfer can be neither
// completed nor charged; it is still kept, failed, and its sequence
// number used, so that its bytes cannot run again.
func TestKeptWhenTheFeeCannotBeTaken(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	c.putKey(storage.ResourceKey(ledgerapi.AddressA, ledgerapi.StructTag{Address: one, Module: "fungible_asset", Name: "ConcurrentSupply"}), []byte{1})
	st := a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 5)))
	balA, balB := c.balance(a.Address), c.balance(b.Address)
	out, err := c.exec(st)
	if err != nil || out.Info.Success() || out.Info.Status.String() != "UNKNOWN_INVARIANT_VIOLATION_ERROR" {
		t.Fatalf("transfer: %v %q", err, out.Info.Status.String())
	}
	if c.seq(a.Address) != 1 || c.balance(a.Address) != balA || c.balance(b.Address) != balB {
		t.Fatalf("sequence number %d, balances %d→%d and %d→%d", c.seq(a.Address), balA, c.balance(a.Address), balB, c.balance(b.Address))
	}
	if _, err := c.exec(st); !isStatus(err, "SEQUENCE_NUMBER_TOO_OLD") {
		t.Fatalf("the same bytes again: %v", err)
	}
}

// TestUnreadableAccountIsRejected: a prologue that cannot read the
// sender's Account resource rejects the transaction with
// UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION (a discard, not an internal
// error that would fail the block).
func TestUnreadableAccountIsRejected(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	st := a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 5)))
	c.putKey(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: one, Module: "account", Name: "Account"}), []byte{1})
	if err := c.vm.Validate(c, st, c.nowUs); !isStatus(err, "UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION") {
		t.Fatalf("validation: %v", err)
	}
	if _, err := c.exec(st); !isStatus(err, "UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION") {
		t.Fatalf("execution: %v", err)
	}
}
