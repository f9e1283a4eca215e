package vmstub

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Move code. A function of a stored module that is not a registered
// native (a module someone published) runs on the Move interpreter,
// vmstub/movevm, against the transaction's session: modules and resources
// are read from it, and what the call wrote is written back to it when the
// call succeeds. Calls from Move code into the framework run the
// registered Funcs on the interpreter's values (references, generic
// values). A Func may write framework state to the session at once; a
// failed call fails the whole transaction, whose session is then
// discarded, so nothing of it stays.

// moveHost is the interpreter's Host for the natives: the session, and the
// first internal error a native met (which discards the transaction rather
// than failing it).
type moveHost struct {
	s        *Session
	internal error
	// checked are the natives declared through the contract found to run
	// for the function as stored (checkedNative).
	checked map[*regFunc]struct{}
	// loaded are the modules the interpreter loaded (moduleLoader), by
	// id in loadedIx once they are many.
	loaded   []*modules.Module
	loadedIx map[ledgerapi.ModuleId]*modules.Module
}

// moveVM returns the interpreter with the registry's natives, built once
// the registry is sealed.
func (vm *VM) moveVM() *movevm.VM {
	vm.moveOnce.Do(func() {
		natives := movevm.NewNatives()
		for _, rm := range vm.reg.order {
			for _, rf := range rm.funcs {
				if rf.def.Impl != nil {
					id := fmt.Sprintf("%s::%s::%s", rm.id.Address.ShortString(), rm.id.Name, rf.def.Name)
					f := valueNative(id, rf.def.Impl, len(rf.def.Return))
					natives.Register(rm.id.Address, rm.id.Name, rf.def.Name, checkedNative(rf, f))
				}
			}
		}
		vm.move = movevm.New(natives, movevm.Limits{})
	})
	return vm.move
}

// moveSession starts an interpreter session over s with a budget of
// maxGas execution gas units.
func (vm *VM) moveSession(s *Session, maxGas uint64) (*movevm.Session, *movevm.Budget, *moveHost) {
	budget := &movevm.Budget{Limit: maxGas * vm.gas.MoveUnitsPerGas}
	host := &moveHost{s: s}
	env := movevm.Env{Modules: moduleLoader{host}, Storage: sessionState{s}, Gas: meterFor(s, budget), Host: host}
	return vm.moveVM().NewSession(env), budget, host
}

// finishMove ends a Move call: an internal error of a native wins; a
// failed call becomes the transaction's failure; a successful one's
// resource writes go to the session.
func (vm *VM) finishMove(ms *movevm.Session, host *moveHost, runErr error) error {
	if host.internal != nil {
		host.s.states.Abandon()
		return host.internal
	}
	if runErr != nil {
		host.s.states.Abandon()
		return vm.moveFailure(host.s, runErr)
	}
	res, err := ms.Finish()
	if err != nil {
		return err
	}
	for _, w := range res.Writes {
		if w.Deleted {
			err = host.s.DeleteResource(w.Address, w.Tag)
		} else {
			err = host.s.SetResource(w.Address, w.Tag, w.Data)
		}
		if err != nil {
			return err
		}
	}
	for _, e := range res.Events {
		host.s.Emit(e.Type, e.Data)
	}
	// The modules' per-call state (table items Move code changed) is
	// written after the call's resources and events.
	return host.s.states.Commit(host)
}

// runMoveEntry runs entry function fn on the interpreter (of a published
// module or of one declared through the native contract) and returns its
// execution gas besides ExecutionPerCall.
func (vm *VM) runMoveEntry(s *Session, fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte, signers []ledgerapi.Address, maxGas uint64) (uint64, error) {
	ms, budget, host := vm.moveSession(s, maxGas)
	err := ms.ExecuteEntry(fn, tyArgs, signers, args)
	return vm.usedGas(budget), vm.finishMove(ms, host, err)
}

// usedGas is the execution gas of a Move call beyond ExecutionPerCall:
// what the interpreter metered, for Move code and for a transaction or
// view calling a framework function directly alike (its argument
// decoding and its Func's charges), so that a large argument pays for the
// work it causes.
func (vm *VM) usedGas(budget *movevm.Budget) uint64 {
	return ceilDiv(budget.Used, vm.gas.MoveUnitsPerGas)
}

// runScript runs a script payload: its code (which must deserialize as a
// script), type arguments, signers and arguments.
func (vm *VM) runScript(s *Session, sc *txn.Script, signers []ledgerapi.Address, maxGas uint64) (uint64, error) {
	script, err := bytecode.Config{AllowTrailingBytes: true}.DeserializeScript(sc.Code)
	if err != nil {
		return vm.gas.ExecutionPerCall, fail(onchain.CODE_DESERIALIZATION_ERROR)
	}
	if err := vm.verifyScript(script); err != nil {
		return vm.gas.ExecutionPerCall, vm.moveFailure(s, err)
	}
	args := make([][]byte, len(sc.Args))
	for i, a := range sc.Args {
		args[i] = scriptArgBCS(a)
	}
	ms, budget, host := vm.moveSession(s, maxGas)
	err = ms.ExecuteScript(script, sc.TyArgs, signers, args)
	err = vm.finishMove(ms, host, err)
	return vm.gas.ExecutionPerCall + ceilDiv(budget.Used, vm.gas.MoveUnitsPerGas) + s.charged, err
}

// scriptArgBCS is the BCS of a script argument as the parameter it is
// passed to reads it: fixed-size values as they are, a byte vector with
// its length, a serialized argument as it was serialized.
func scriptArgBCS(a txn.ScriptArgument) []byte {
	if a.Kind == txn.ArgU8Vector {
		return BytesValue(a.Value)
	}
	return a.Value
}

// runInitModule runs the init_module of a module published in s.
func (vm *VM) runInitModule(s *Session, id ledgerapi.ModuleId, publisher ledgerapi.Address, maxGas uint64) (uint64, error) {
	ms, budget, host := vm.moveSession(s, maxGas)
	err := ms.ExecuteInitModule(id, publisher)
	return ceilDiv(budget.Used, vm.gas.MoveUnitsPerGas), vm.finishMove(ms, host, err)
}

// runMoveView runs view function fn of a published module and returns its
// results' BCS and the gas it used.
func (vm *VM) runMoveView(s *Session, fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([][]byte, uint64, error) {
	ms, budget, host := vm.moveSession(s, vm.gas.MaxViewGas)
	res, err := ms.View(fn, tyArgs, args)
	host.s.states.Abandon() // a view writes nothing: its per-call state goes
	gas := vm.usedGas(budget)
	if host.internal != nil {
		return nil, gas, host.internal
	}
	if err != nil {
		return nil, gas, vm.moveFailure(s, err)
	}
	out := make([][]byte, len(res))
	for i, r := range res {
		out[i] = r.BCS
	}
	return out, gas, nil
}

// moveFailure is a Move call that failed: its execution status (an abort
// explained by the module's error map when it names the code).
type moveFailure struct {
	status onchain.ExecutionStatus
	err    error
}

func (f *moveFailure) Error() string { return f.err.Error() }
func (f *moveFailure) Unwrap() error { return f.err }

// vmStatus is the VM status of the failure.
func (f *moveFailure) vmStatus() ledgerapi.VMStatus {
	switch f.status.Kind {
	case onchain.KindMoveAbort:
		return onchain.ABORTED.VMStatus()
	case onchain.KindOutOfGas:
		return onchain.OUT_OF_GAS.VMStatus()
	}
	return movevm.StatusOf(f.err).VMStatus()
}

func (vm *VM) moveFailure(s *Session, err error) error {
	st := movevm.ExecutionStatus(err)
	if st.Kind == onchain.KindMoveAbort && !st.Location.Script {
		if r, ok := vm.reg.abortReason(st.Location.Module, st.AbortCode&0xFFFF); ok {
			st.Info = &onchain.AbortInfo{ReasonName: r.Name, Description: r.Description}
		} else if info := moduleAbortInfo(s, st.Location.Module, st.AbortCode); info != nil {
			st.Info = info
		}
	}
	return &moveFailure{status: st, err: err}
}

// moduleAbortInfo explains an abort code from the error map in the
// aborting module's metadata, as the node renders vm_status.
func moduleAbortInfo(s *Session, id ledgerapi.ModuleId, code uint64) *onchain.AbortInfo {
	m, err := s.modules().Module(id)
	if err != nil {
		return nil
	}
	for _, md := range m.Compiled.Metadata {
		if string(md.Key) != bytecode.MetadataKeyV1 {
			continue
		}
		v1, err := bytecode.DecodeMetadataV1(md.Value)
		if err != nil {
			return nil
		}
		if d, ok := v1.ErrorMap[code&0xFFFF]; ok {
			return &onchain.AbortInfo{ReasonName: d.CodeName, Description: d.CodeDescription}
		}
	}
	return nil
}

// sessionState reads what Move code and publishing see of a session: the
// modules stored in it and its resources.
type sessionState struct{ s *Session }

// Module returns the module stored under id, or nil.
func (r sessionState) Module(id ledgerapi.ModuleId) (*bytecode.Module, error) {
	m, err := r.stored(id)
	if m == nil || err != nil {
		return nil, err
	}
	return m.Compiled, nil
}

// stored returns the module stored under id, decoded and checked
// loadable, or nil.
func (r sessionState) stored(id ledgerapi.ModuleId) (*modules.Module, error) {
	code, ok, err := r.s.value(storage.ModuleKey(id.Address, id.Name))
	if err != nil || !ok {
		return nil, err
	}
	m, err := r.s.rt.mods.Decode(code)
	if err != nil {
		return nil, fmt.Errorf("vmstub: stored module %s does not decode: %w", id, err)
	}
	if err := r.s.rt.loadable(m); err != nil {
		return nil, err
	}
	return m, nil
}

// Resource implements movevm.Storage.
func (r sessionState) Resource(addr ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error) {
	return r.s.Resource(addr, tag)
}

// PackageRegistry returns the 0x1::code::PackageRegistry at addr, or nil.
func (r sessionState) PackageRegistry(addr ledgerapi.Address) (*onchain.PackageRegistry, error) {
	b, ok, err := r.s.Resource(addr, packageRegistryTag)
	if err != nil || !ok {
		return nil, err
	}
	return onchain.DecodePackageRegistry(b)
}

// fromNative turns a native's error into the interpreter's: an abort of
// the framework keeps its module and code, a VM status its code; anything
// else is an internal error, remembered so that the transaction is
// discarded.
func (h *moveHost) fromNative(err error) error {
	var ab *Abort
	var ef *executionFailure
	switch {
	case errors.As(err, &ab):
		return &movevm.Abort{Module: ab.Module, Code: ab.Code}
	case errors.As(err, &ef):
		return &movevm.Error{Status: ef.status, Message: err.Error()}
	}
	if h.internal == nil {
		h.internal = err
	}
	return err
}
