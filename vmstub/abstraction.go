package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// Account abstraction (AIP-104): a signer whose authenticator is an
// abstraction one proves nothing about its authentication key; instead,
// as Aptos's VM does before the prologue, the executor runs
// account_abstraction::authenticate for it:
//
//   - the account must have registered the function the authenticator
//     names (account_abstraction::add_authentication_function); for a
//     derivable abstraction (DerivableV1 data), the account must be the
//     address derived from the function and the abstract public key, and
//     the function one the framework registered
//     (register_derivable_authentication_function; genesis registers
//     0x7::test_derivable_account_abstraction_ed25519_hex::authenticate);
//     see aptosframework.AuthenticateAbstraction;
//   - the function, fun(signer, 0x1::auth_data::AbstractionAuthData):
//     signer, runs on the interpreter with the account's signer and the
//     authenticator's data (the digest the node checked against the
//     transaction's AASigningData when it verified the signatures, and the
//     authenticator bytes), under a gas budget of min(MaxAAGas,
//     max_gas_amount);
//   - it must return the account's own signer.
//
// A refusal rejects (discards) the transaction: ABORTED for an abort of
// account_abstraction's checks or of the function, or a returned signer of
// another account; ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED when the
// function runs out of its budget; the interpreter's status for a
// function that cannot be called so. The function's writes and events are
// not kept; its gas counts in the transaction's execution gas. Simulations
// skip the call, as their signatures are not valid.

// authenticateAbstraction authenticates account a by its abstraction
// authenticator x.
func (vm *VM) authenticateAbstraction(s *Session, a ledgerapi.Address, x *txn.AbstractionAuthenticator, maxGas uint64) error {
	if err := aptosframework.AuthenticateAbstraction(s.framework(), a, x); err != nil {
		return abstractionRefusal(frameworkErr(err))
	}
	ms, budget, host := vm.moveSession(s, min(vm.gas.MaxAAGas, maxGas))
	f := x.FunctionInfo
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: f.ModuleAddress, Name: f.ModuleName}, Name: f.FunctionName}
	got, err := ms.ExecuteAuthenticate(fn, a, ledgerapi.StructType(aptosframework.AbstractionAuthDataTag), x.AuthDataBCS())
	host.s.states.Abandon()
	switch {
	case host.internal != nil:
		return host.internal
	case err != nil:
		mf := vm.moveFailure(s, err).(*moveFailure)
		if mf.status.Kind == onchain.KindOutOfGas {
			return reject(onchain.ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED)
		}
		vs := mf.vmStatus()
		return &vs
	case got != a:
		return abstractionRefusal(aptosframework.InconsistentSigner())
	}
	s.authGas += vm.usedGas(budget)
	return nil
}

// abstractionRefusal is the rejection of an abort of the authentication:
// ABORTED, as Aptos's validation reports a Move abort; an error that is
// not an abort (a failed read of state) as it is.
func abstractionRefusal(err error) error {
	if _, ok := err.(*Abort); ok {
		return reject(onchain.ABORTED)
	}
	return err
}
