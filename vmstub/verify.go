package vmstub

import (
	"fmt"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// The interpreter runs only code the bytecode verifier accepted. Modules
// are verified when published (vmstub/publish) and again when first loaded
// for execution, so a module stored before this rule existed, or written
// by any other path, never runs unverified; scripts are verified before
// they run.

// verifiedModules remembers the verifier's verdict on decoded modules. The
// decoded-module cache shares one *modules.Module per distinct bytes, so
// the verdict is keyed by that pointer; the set starts over when full, so
// it stays bounded whatever the cache evicts.
type verifiedModules struct {
	mu sync.RWMutex
	m  map[*modules.Module]error
}

const maxVerifiedModules = 1 << 12

// check returns nil when m passes the verifier, else a *movevm.Error with
// VERIFICATION_ERROR naming the rule it breaks.
func (v *verifiedModules) check(m *modules.Module) error {
	v.mu.RLock()
	err, ok := v.m[m]
	v.mu.RUnlock()
	if ok {
		return err
	}
	if verr := verifier.Module(m.Compiled, nil); verr != nil {
		err = &movevm.Error{Status: onchain.VERIFICATION_ERROR, Message: fmt.Sprintf("module %s fails verification: %v", m.ID, verr)}
	}
	v.mu.Lock()
	if v.m == nil || len(v.m) >= maxVerifiedModules {
		v.m = make(map[*modules.Module]error)
	}
	v.m[m] = err
	v.mu.Unlock()
	return err
}

// loadable returns nil when the interpreter may run m: the verifier
// accepted it (or, in tests of the interpreter's own run-time checks only,
// the VM was told to run unverified code).
func (vm *runtime) loadable(m *modules.Module) error {
	if vm.unverified {
		return nil
	}
	return vm.verified.check(m)
}

// verifyScript runs the verifier on a script before it runs; a refusal
// is the verifier's status, as Aptos reports a script that fails it.
func (vm *runtime) verifyScript(s *bytecode.Script) error {
	if vm.unverified {
		return nil
	}
	if err := verifier.Script(s, nil); err != nil {
		if verr, ok := err.(*verifier.Error); ok {
			return &movevm.Error{Status: verr.Status, Message: verr.Error()}
		}
		return err
	}
	return nil
}
