package vmstub

import (
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// The executor's calls into the framework tree's exported Go functions
// (the prologue, the epilogue, the direct calls of directcalls.go): the
// Host they go through and their errors as the executor gives them.

// account reads addr's Account resource.
func (s *Session) account(addr ledgerapi.Address) (*accountRes, bool, error) {
	return aptosframework.AccountResource(s.framework(), addr)
}

// frameworkErr is an error of the framework tree as the executor's direct
// calls give it: an abort (*movevm.Abort) as an *Abort, an execution
// failure (*movevm.Error) with its status.
func frameworkErr(err error) error {
	if err == nil {
		return nil
	}
	return frameworkFailure(err)
}

// frameworkFailure is frameworkErr of a non-nil error (apart, so that a
// call that succeeds allocates nothing).
func frameworkFailure(err error) error {
	var ab *movevm.Abort
	var me *movevm.Error
	switch {
	case errors.As(err, &ab):
		return &Abort{Module: ab.Module, Code: ab.Code}
	case errors.As(err, &me):
		return fail(me.Status)
	}
	return err
}

// framework is the native.Host the executor's calls into the framework
// tree go through: the session's own, so that a call allocates nothing.
func (s *Session) framework() native.Host {
	s.fw.s = s
	return &s.fw
}

// FungibleBalance returns owner's primary store balance of the fungible
// asset whose metadata object is metadata (0 when the store does not exist).
func (s *Session) FungibleBalance(owner, metadata ledgerapi.Address) (uint64, error) {
	return aptosframework.PrimaryStoreBalance(s.framework(), owner, metadata)
}
