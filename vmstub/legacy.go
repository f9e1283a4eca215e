package vmstub

import (
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Helpers of the legacy native ABI for the framework modules still
// implemented in this package (stdlib.go, accountfns.go).
// They reach framework state the ported modules own; each goes when the
// last module using it moves to the framework tree.

// account reads addr's Account resource.
func (s *Session) account(addr ledgerapi.Address) (*accountRes, bool, error) {
	return aptosframework.AccountResource(s.framework(), addr)
}

// legacyErr is an error of the framework tree as the legacy ABI and the
// executor's direct calls give it: an abort (*movevm.Abort) as an *Abort,
// an execution failure (*movevm.Error) with its status.
func legacyErr(err error) error {
	if err == nil {
		return nil
	}
	return legacyFailure(err)
}

// legacyFailure is legacyErr of a non-nil error (apart, so that a call
// that succeeds allocates nothing).
func legacyFailure(err error) error {
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

// TransferFungible moves amount of the fungible asset whose metadata object
// is metadata (0xa for APT) from from's primary store to to's, as
// primary_fungible_store::transfer and aptos_account::transfer do: both
// stores are created if needed (silently), then fungible_asset::Withdraw and
// Deposit are emitted. A frozen sender store, a short balance and a frozen
// recipient store abort, in that order, with 0x1::fungible_asset's
// ESTORE_IS_FROZEN, EINSUFFICIENT_BALANCE and ESTORE_IS_FROZEN.
func (s *Session) TransferFungible(from, to, metadata ledgerapi.Address, amount uint64) error {
	return legacyErr(aptosframework.TransferFungible(s.framework(), from, to, metadata, amount))
}

// FungibleBalance returns owner's primary store balance of the fungible
// asset whose metadata object is metadata (0 when the store does not exist).
func (s *Session) FungibleBalance(owner, metadata ledgerapi.Address) (uint64, error) {
	return aptosframework.PrimaryStoreBalance(s.framework(), owner, metadata)
}

// NewEventHandle creates a v1 event handle owned by account addr, taking
// the account's next GUID (and creating its Account resource if needed).
func (s *Session) NewEventHandle(addr ledgerapi.Address) (EventHandle, error) {
	h, err := aptosframework.NewEventHandle(s.framework(), addr)
	return h, legacyErr(err)
}
