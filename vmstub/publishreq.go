package vmstub

import (
	"errors"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// Publishing, the executor's side. As on Aptos, 0x1::code does not store
// modules itself: it records a request (native.Host.RequestPublish), and
// once the transaction's script or entry function has returned
// successfully the executor carries it out: the checks of vmstub/publish
// (the framework's checks of the package, then the VM's of the bundle),
// the sender's PackageRegistry and the modules written, the PublishPackage
// event at the place of the request among the call's events, and the
// init_module of each new module run with the publisher's signer. A
// failure there fails the transaction with its status (an abort of
// 0x1::code, a VM status such as LINKER_ERROR, or init_module's failure).

// eAlreadyRequested is the abort code of 0x1::code's request_publish when
// the transaction has already requested a publication (invalid_state, 0).
const eAlreadyRequested = 0x03_0000

// pendingPublish is a publication a call requested: the request, and the
// number of events the session held when it was made.
type pendingPublish struct {
	req    native.PublishRequest
	events int
}

// requestPublish records r in s. One publication per transaction: a
// second request aborts in 0x1::code.
func (s *Session) requestPublish(r native.PublishRequest) error {
	if s.publish != nil {
		return &movevm.Abort{Module: publish.CodeModule, Code: eAlreadyRequested}
	}
	code := make([][]byte, len(r.Code))
	for i, b := range r.Code {
		code[i] = slices.Clone(b)
	}
	r.Metadata, r.Code = slices.Clone(r.Metadata), code
	s.publish = &pendingPublish{req: r, events: len(s.events)}
	return nil
}

// finishPublish carries out the publication the payload requested, if
// any: it checks and stores the package, emitting PublishPackage at the
// place of the request among the session's events, then runs the new
// modules' init_module. It returns the execution gas it used: the
// per-byte charge of the package and the gas of the init_module calls.
func (vm *VM) finishPublish(s *Session) (uint64, error) {
	p := s.publish
	if p == nil {
		return 0, nil
	}
	r := p.req
	size := uint64(len(r.Metadata))
	for _, b := range r.Code {
		size += uint64(len(b))
	}
	gas := size * vm.gas.ExecutionPerPublishedByte
	res, err := publish.Check(publish.Request{Sender: r.Publisher, Metadata: r.Metadata, Code: r.Code, Resolver: sessionState{s}})
	if err != nil {
		return gas, publishFailure(err)
	}
	if err := s.SetResource(r.Publisher, packageRegistryTag, res.Registry.Encode()); err != nil {
		return gas, err
	}
	e := bcs.NewEncoder(33)
	e.Fixed(r.Publisher[:])
	e.Bool(res.IsUpgrade)
	at := min(max(p.events, 0), len(s.events))
	s.events = slices.Insert(s.events, at, storage.Event{Type: publishPackageType, Data: e.Bytes()})
	for _, m := range res.Modules {
		if err := s.set(storage.ModuleKey(m.ID.Address, m.ID.Name), m.Bytes, true); err != nil {
			return gas, err
		}
	}
	// New modules' init_module runs once, with the publisher's signer,
	// after the whole package is stored.
	for _, id := range res.InitModules {
		g, err := vm.runInitModule(s, id, r.Publisher, vm.gas.MaxGasAmount)
		gas += g
		if err != nil {
			return gas, err
		}
	}
	return gas, nil
}

// publishFailure turns a refused publication into the transaction's
// committed failure: an abort of the framework code, or the VM status of
// the failed check. Errors reading state stay internal errors.
func publishFailure(err error) error {
	var pe *publish.Error
	if !errors.As(err, &pe) {
		return err
	}
	if pe.Abort != nil {
		return &Abort{Module: pe.Abort.Module, Code: pe.Abort.Code}
	}
	return &publishRefusal{status: pe.Status, err: pe}
}

// publishRefusal is a publication refused by a check of the VM
// (CODE_DESERIALIZATION_ERROR, LINKER_ERROR, ...): a committed failure with
// that status, whose error says why.
type publishRefusal struct {
	status onchain.StatusCode
	err    *publish.Error
}

func (r *publishRefusal) Error() string { return r.err.Error() }
func (r *publishRefusal) Unwrap() error { return fail(r.status) }
