package vmstub

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Modules are declared through the native contract (vmstub/native): the
// registry generates their bytecode from the declaration, and their Funcs
// run on the interpreter's values. Move
// code calls them directly; a transaction or view calling one goes
// through the interpreter's entry path (movevm/entry.go), which decodes
// and checks the arguments once. The interpreter's Host during a call is
// the call's *moveHost, which implements native.Host over the session.

// valueNative runs f, which returns nret values, as the interpreter's
// native: a panic, an error that is neither the interpreter's nor an
// abort, and results of another count are internal failures (the
// transaction is discarded, see moveHost.fromNative).
func valueNative(id string, f native.Func, nret int) movevm.NativeFunc {
	if f == nil {
		return nil
	}
	return func(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) (rets []movevm.Value, err error) {
		host := ctx.Host().(*moveHost)
		defer func() {
			if r := recover(); r != nil {
				rets, err = nil, host.fromNative(fmt.Errorf("vmstub: native %s panicked: %v", id, r))
			}
		}()
		rets, err = f(native.NewContext(ctx, host), targs, args)
		switch {
		case err != nil && !interpreterError(err):
			err = host.fromNative(err)
		case err == nil && len(rets) != nret:
			rets, err = nil, host.fromNative(fmt.Errorf("vmstub: native %s returned %d values for %d return types", id, len(rets), nret))
		}
		return rets, err
	}
}

// checkedNative runs native f of rf only for the function its registration
// generated: a stored module declaring it with another signature has no
// implementation of it (MISSING_DEPENDENCY). The verdict is kept for the
// session's Move call.
func checkedNative(rf *regFunc, f movevm.NativeFunc) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		host := ctx.Host().(*moveHost)
		if _, ok := host.checked[rf]; !ok {
			if sf, err := host.storedFunction(rf.id); err != nil || host.s.rt.registered(sf) != rf {
				return nil, &movevm.Error{Status: onchain.MISSING_DEPENDENCY,
					Message: fmt.Sprintf("native function %s as stored has no implementation with that signature", rf.id)}
			}
			if host.checked == nil {
				host.checked = map[*regFunc]struct{}{}
			}
			host.checked[rf] = struct{}{}
		}
		return f(ctx, targs, args)
	}
}

// moduleLoader is the interpreter's loader of a Move call: the modules
// stored in the session, remembered for the call's checks of natives.
type moduleLoader struct{ h *moveHost }

// scanLoaded is the count of loaded modules up to which storedFunction
// scans moveHost.loaded; past it they are indexed by a map.
const scanLoaded = 16

// LoadModule implements movevm.ModuleLoader. The interpreter loads each
// module once per call.
func (l moduleLoader) LoadModule(id ledgerapi.ModuleId) (*bytecode.Module, error) {
	m, err := sessionState{l.h.s}.stored(id)
	if m == nil || err != nil {
		return nil, err
	}
	h := l.h
	h.loaded = append(h.loaded, m)
	switch {
	case h.loadedIx != nil:
		h.loadedIx[id] = m
	case len(h.loaded) > scanLoaded:
		h.loadedIx = make(map[ledgerapi.ModuleId]*modules.Module, 2*len(h.loaded))
		for _, o := range h.loaded {
			h.loadedIx[o.ID] = o
		}
	}
	return m.Compiled, nil
}

// storedFunction returns function id as stored: as declared in the module
// the interpreter loaded (the one whose native is being called), or as
// the session's modules have it when the interpreter did not load it.
func (h *moveHost) storedFunction(id ledgerapi.EntryFunctionId) (*modules.Function, error) {
	var m *modules.Module
	if h.loadedIx != nil {
		m = h.loadedIx[id.Module]
	} else {
		for _, o := range h.loaded {
			if o.ID == id.Module {
				m = o
				break
			}
		}
	}
	if m == nil {
		return h.s.modules().Function(id)
	}
	if f := m.Function(id.Name); f != nil {
		return f, nil
	}
	return nil, fmt.Errorf("%w: %s", modules.ErrFunctionNotFound, id)
}

// registered returns the registry's function that f, a function as
// stored, is: the one of that name whose generated signature is f's.
func (vm *runtime) registered(f *modules.Function) *regFunc {
	rm := vm.reg.mods[f.ID.Module]
	if rm == nil {
		return nil
	}
	rf := rm.funcs[f.ID.Name]
	if rf == nil {
		return nil
	}
	if g := rm.decoded.Function(f.ID.Name); g == f || g != nil && g.SameSignature(f) {
		return rf
	}
	return nil
}

// interpreterError reports whether err is one a native passes on as it
// is: an abort, the interpreter's (out of gas, memory), a cancelled call.
func interpreterError(err error) bool {
	var na *movevm.NativeAbort
	var me *movevm.Error
	var ma *movevm.Abort
	return errors.As(err, &na) || errors.As(err, &me) || errors.As(err, &ma) || cancelled(err)
}

var _ native.Host = (*moveHost)(nil)

// The native.Host of a Move call: the session, seen through the narrow
// interface the framework uses.

func (h *moveHost) Resource(addr ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error) {
	return h.s.Resource(addr, tag)
}

func (h *moveHost) SetResource(addr ledgerapi.Address, tag ledgerapi.StructTag, value []byte) error {
	return h.s.SetResource(addr, tag, value)
}

func (h *moveHost) DeleteResource(addr ledgerapi.Address, tag ledgerapi.StructTag) error {
	return h.s.DeleteResource(addr, tag)
}

func (h *moveHost) TableItem(handle ledgerapi.Address, key []byte) ([]byte, bool, error) {
	return h.s.TableItem(handle, key)
}

func (h *moveHost) SetTableItem(handle ledgerapi.Address, key, value []byte) error {
	return h.s.SetTableItem(handle, key, value)
}

func (h *moveHost) DeleteTableItem(handle ledgerapi.Address, key []byte) error {
	return h.s.DeleteTableItem(handle, key)
}

func (h *moveHost) EmitBCS(typ ledgerapi.TypeTag, data []byte) { h.s.Emit(typ, data) }

func (h *moveHost) EmitOnHandle(key storage.EventKey, seq uint64, typ ledgerapi.TypeTag, data []byte) {
	h.s.emit(storage.Event{Key: key, SequenceNumber: seq, Type: typ, Data: data})
}

func (h *moveHost) NowMicros() (uint64, error) { return h.s.NowMicros() }

func (h *moveHost) ChainID() uint8 { return h.s.rt.chainID }

func (h *moveHost) Txn() native.TxnInfo {
	if h.s.txn == nil {
		return native.TxnInfo{}
	}
	raw := &h.s.txn.Raw
	info := native.TxnInfo{Present: true, Sender: raw.Sender, Hash: h.s.txnHash(), MaxGasAmount: raw.MaxGasAmount, GasUnitPrice: raw.GasUnitPrice}
	if f := h.s.rt.debugPrint; f != nil && !h.s.simulation {
		hash := info.Hash
		info.Print = func(msg string) { f(hash, msg) }
	}
	if raw.Payload.Script != nil {
		sh := crypto.SHA3_256(raw.Payload.Script.Code)
		info.ScriptHash = sh[:]
	}
	auth := &h.s.txn.Auth
	info.SecondarySigners, info.GasPayer = auth.SecondaryAddresses, raw.Sender
	if auth.Variant == txn.AuthFeePayer {
		info.GasPayer = auth.FeePayerAddress
	}
	if f := raw.Payload.EntryFunction; f != nil {
		info.Entry = &native.EntryCall{Module: f.Module, Function: f.Function, TyArgs: f.TyArgs, Args: f.Args}
	}
	info.Running = info.Entry
	if f := h.s.running; f != nil {
		info.Running = &native.EntryCall{Module: f.Module, Function: f.Function, TyArgs: f.TyArgs, Args: f.Args}
	}
	info.Multisig = raw.Payload.Multisig
	return info
}

// Module returns the module stored under id: from the state the session
// started from, or else (a module the transaction has just published, as
// an init_module registering its own functions sees it) from the
// session's writes.
func (h *moveHost) Module(id ledgerapi.ModuleId) (*modules.Module, error) {
	m, err := h.s.modules().Module(id)
	if !errors.Is(err, modules.ErrModuleNotFound) {
		return m, err
	}
	code, ok, verr := h.s.value(storage.ModuleKey(id.Address, id.Name))
	if verr != nil || !ok {
		return nil, err
	}
	return h.s.rt.mods.Decode(code)
}

// RequestPublish records r in the session; the executor carries it out
// once the payload returned successfully (publishreq.go). The Func calling
// it makes no check of the package: the executor runs them all. A second
// request in one transaction aborts in 0x1::code (EALREADY_REQUESTED).
func (h *moveHost) RequestPublish(r native.PublishRequest) error { return h.s.requestPublish(r) }

func (h *moveHost) States() *native.States { return &h.s.states }

// StoreModule stores module code under its module state key as it is, as
// Session.SetModule does, for a host module's Func given h, the Host of
// the call (test fixtures writing modules as publishing would, without its
// checks). Code that does not deserialize fails the call with
// CODE_DESERIALIZATION_ERROR. A Host the VM did not give is an error.
func StoreModule(h native.Host, code []byte) (ledgerapi.ModuleId, error) {
	mh, ok := h.(*moveHost)
	if !ok {
		return ledgerapi.ModuleId{}, errors.New("vmstub: StoreModule needs the Host of a call the VM runs")
	}
	return mh.s.SetModule(code)
}
