package aptosframework

// 0x1::aptos_account: APT transfers between accounts' primary fungible
// stores (one or a batch), coin and fungible-asset transfers,
// create_account for stateless accounts, and whether an account takes
// direct coin transfers.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::aptos_account.
const eMismatchingRecipientsLen = 5

// batchTransferUnits is what batch_transfer charges per recipient: one
// gas unit at the default 50 interpreter units per gas unit, as many
// calls of transfer would cost.
const batchTransferUnits = 50

var directTransferTag = tag1("aptos_account", "DirectTransferConfig")

// AptosAccount declares 0x1::aptos_account.
func AptosAccount() native.Module {
	dropStore := []string{native.AbilityDrop, native.AbilityStore}
	return native.Module{Address: addr, Name: "aptos_account",
		Structs: []native.Struct{
			{Name: "DirectTransferConfig", Abilities: []string{native.AbilityKey}, Fields: []string{"allow_arbitrary_coin_transfers: bool",
				"update_coin_transfer_events: 0x1::event::EventHandle<0x1::aptos_account::DirectCoinTransferConfigUpdatedEvent>"}},
			{Name: "DirectCoinTransferConfigUpdatedEvent", Abilities: dropStore, Fields: []string{"new_allow_direct_transfers: bool"}},
			{Name: "DirectCoinTransferConfigUpdated", Abilities: dropStore, IsEvent: true, Fields: []string{"account: address", "new_allow_direct_transfers: bool"}},
		},
		Functions: []native.Function{
			{Name: "transfer", IsEntry: true, Params: []string{"&signer", "address", "u64"}, Impl: aptTransfer},
			{Name: "transfer_coins", IsEntry: true, TypeParams: []native.TypeParam{{}}, Params: []string{"&signer", "address", "u64"}, Impl: coinTransfer},
			{Name: "batch_transfer", IsEntry: true, Params: []string{"&signer", "vector<address>", "vector<u64>"}, Impl: batchTransfer},
			{Name: "create_account", IsEntry: true, Params: []string{"address"}, Impl: createAccount},
			{Name: "transfer_fungible_assets", IsEntry: true, Params: []string{"&signer", tObjectMetadata, "address", "u64"}, Impl: primaryTransfer},
			{Name: "can_receive_direct_coin_transfers", IsView: true, Params: []string{"address"}, Return: []string{"bool"}, Impl: canReceiveDirect},
		},
		Errors: []native.AbortReason{
			{Reason: 1, Name: "EACCOUNT_NOT_FOUND", Description: "Account does not exist."},
			{Reason: 3, Name: "EACCOUNT_DOES_NOT_ACCEPT_DIRECT_COIN_TRANSFERS", Description: "Account opted out of receiving coins that they did not register to receive."},
			{Reason: eMismatchingRecipientsLen, Name: "EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH", Description: "The lengths of the recipients and amounts lists don't match."},
		},
	}
}

// aptTransfer is aptos_account::transfer(source, to, amount): an FA
// transfer of APT between primary stores.
func aptTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, TransferFungible(hostOf(c), signerAddress(args[0]), args[1].AsAddress(), APTMetadata, args[2].AsU64())
}

// BatchTransfer is aptos_account::batch_transfer: one APT transfer per
// recipient, each after charge (the caller's price of a transfer);
// EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH unless the lists match.
func BatchTransfer(h native.Host, from ledgerapi.Address, to []ledgerapi.Address, amounts []uint64, charge func() error) error {
	if len(to) != len(amounts) {
		return abortIn("aptos_account", native.InvalidArgument, eMismatchingRecipientsLen)
	}
	for i := range to {
		if err := charge(); err != nil {
			return err
		}
		if err := TransferFungible(h, from, to[i], APTMetadata, amounts[i]); err != nil {
			return err
		}
	}
	return nil
}

// batchTransfer is aptos_account::batch_transfer(source, recipients,
// amounts).
func batchTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, m := args[1].Len(), args[2].Len()
	if err := c.ChargeElems(n + m); err != nil {
		return nil, err
	}
	to, amounts := make([]ledgerapi.Address, n), make([]uint64, m)
	for i := range to {
		to[i] = args[1].Elem(i).AsAddress()
	}
	for i := range amounts {
		amounts[i] = args[2].Elem(i).AsU64()
	}
	return nil, BatchTransfer(hostOf(c), signerAddress(args[0]), to, amounts, func() error { return c.Charge(batchTransferUnits) })
}

// createAccount is aptos_account::create_account(auth_key): with stateless
// accounts it only checks that no Account resource exists
// (EACCOUNT_ALREADY_EXISTS) and that the address is not reserved
// (ECANNOT_RESERVED_ADDRESS), both aborts of 0x1::account, and writes
// nothing.
func createAccount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := args[0].AsAddress()
	if _, ok, err := hostOf(c).Resource(a, AccountTag); err != nil {
		return nil, err
	} else if ok {
		return nil, abortIn("account", native.AlreadyExists, eAccountAlreadyExists)
	}
	if a == ledgerapi.AddressZero || a == ledgerapi.AddressOne || a == ledgerapi.AddressThree {
		return nil, abortIn("account", native.InvalidArgument, eCannotReservedAddress)
	}
	return nil, nil
}

// canReceiveDirect is can_receive_direct_coin_transfers(account): true
// unless a DirectTransferConfig says otherwise.
func canReceiveDirect(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, ok, err := hostOf(c).Resource(args[0].AsAddress(), directTransferTag)
	if err != nil || !ok {
		return []movevm.Value{movevm.Bool(true)}, err
	}
	return []movevm.Value{movevm.Bool(len(b) > 0 && b[0] == 1)}, nil
}
