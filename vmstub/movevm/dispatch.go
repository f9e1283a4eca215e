package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Call runs the Move function fn (its module loaded from state as needed)
// with type arguments targs and arguments args from within a native, and
// returns its results: how a native dispatches to code a user registered
// (a dispatchable fungible asset's hooks, as Aptos's dispatch natives do).
// The callee runs in the same session, under the same gas meter and
// limits, on top of the running frames; its failures are the native's.
//
// As on Aptos, dispatching may not re-enter code already running: a
// function of a module that has a frame on the call stack is refused with
// RUNTIME_DISPATCH_ERROR, for the dispatch and, while the callee runs,
// for any call from one module into another. The arguments must have the
// callee's parameter types (references included); the native gets the
// callee's results.
func (c *NativeContext) Call(fn ledgerapi.EntryFunctionId, targs []*Type, args []Value) ([]Value, error) {
	s := c.s
	if err := s.checkRunning(fn.Module); err != nil {
		return nil, err
	}
	s.dispatches++
	defer func() { s.dispatches-- }()
	f, err := s.resolve(fn)
	if err != nil {
		return nil, err
	}
	if err := checkTypeArgs(f, targs); err != nil {
		return nil, err
	}
	base, depth := len(s.stack), len(s.frames)
	for _, a := range args {
		if err := s.push(a); err != nil {
			s.stack = s.stack[:base]
			return nil, err
		}
	}
	if err := s.enter(f, targs); err != nil {
		s.stack = s.stack[:base]
		return nil, err
	}
	if len(s.frames) > depth {
		if err := s.loop(depth); err != nil {
			return nil, err
		}
	}
	rets := append([]Value(nil), s.stack[base:]...)
	s.stack = s.stack[:base]
	return rets, nil
}

// checkReentry refuses (RUNTIME_DISPATCH_ERROR) a call into module m from
// another module while m has a frame on the call stack.
func (s *Session) checkReentry(m ledgerapi.ModuleId) error {
	if n := len(s.frames); n > 0 && s.frames[n-1].fn.Module == m {
		return nil // a call within the running module
	}
	return s.checkRunning(m)
}

// checkRunning refuses (RUNTIME_DISPATCH_ERROR) module m when it has a
// frame on the call stack: a dispatch may not enter it, even from itself.
func (s *Session) checkRunning(m ledgerapi.ModuleId) error {
	for _, fr := range s.frames {
		if fr.fn.Module == m {
			return errorf(onchain.RUNTIME_DISPATCH_ERROR, "reentrancy disallowed: %s is already running on the call stack", m)
		}
	}
	return nil
}
