package aptosframework

// 0x1::aptos_account: APT transfers between accounts' primary fungible
// stores (one or a batch), coin transfers that register the recipient
// (deposit_coins, transfer_coins and their batch), fungible-asset
// transfers (one or a batch), create_account for stateless accounts (every
// address is an account: assert_account_exists and
// assert_account_is_registered_for_apt always pass), and whether an
// account takes coins it did not register for (DirectTransferConfig,
// set_allow_direct_coin_transfers and its DirectCoinTransferConfigUpdated
// event, can_receive_direct_coin_transfers).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::aptos_account.
const (
	eAccountNoDirectTransfers = 3
	eMismatchingRecipientsLen = 5
)

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
			{Name: "batch_transfer", IsEntry: true, Params: []string{"&signer", "vector<address>", "vector<u64>"}, Impl: batchTransfer},
			{Name: "transfer_coins", IsEntry: true, TypeParams: generic, Params: []string{"&signer", "address", "u64"}, Impl: transferCoins},
			{Name: "batch_transfer_coins", IsEntry: true, TypeParams: generic, Params: []string{"&signer", "vector<address>", "vector<u64>"}, Impl: batchTransferCoins},
			{Name: "deposit_coins", TypeParams: generic, Params: []string{"address", tCoinT0}, Impl: depositCoins},
			{Name: "create_account", IsEntry: true, Params: []string{"address"}, Impl: createAccount},
			{Name: "transfer_fungible_assets", IsEntry: true, Params: []string{"&signer", tObjectMetadata, "address", "u64"}, Impl: primaryTransfer},
			{Name: "batch_transfer_fungible_assets", IsEntry: true, Params: []string{"&signer", tObjectMetadata, "vector<address>", "vector<u64>"}, Impl: batchTransferFA},
			{Name: "deposit_fungible_assets", Params: []string{"address", tFungibleAsset}, Impl: primaryDeposit},
			{Name: "assert_account_exists", Params: []string{"address"}, Impl: noop},
			{Name: "assert_account_is_registered_for_apt", Params: []string{"address"}, Impl: noop},
			{Name: "set_allow_direct_coin_transfers", IsEntry: true, Params: []string{"&signer", "bool"}, Impl: setAllowDirect},
			{Name: "can_receive_direct_coin_transfers", IsView: true, Params: []string{"address"}, Return: []string{"bool"}, Impl: canReceiveDirect},
			{Name: "register_apt", Visibility: native.Friend, Params: []string{"&signer"}, Impl: noop},
			{Name: "fungible_transfer_only", Visibility: native.Friend, IsEntry: true, Params: []string{"&signer", "address", "u64"}, Impl: aptTransfer},
		},
		Errors: []native.AbortReason{
			{Reason: 1, Name: "EACCOUNT_NOT_FOUND", Description: "Account does not exist."},
			{Reason: 2, Name: "EACCOUNT_NOT_REGISTERED_FOR_APT", Description: "Account is not registered to receive APT."},
			{Reason: eAccountNoDirectTransfers, Name: "EACCOUNT_DOES_NOT_ACCEPT_DIRECT_COIN_TRANSFERS", Description: "Account opted out of receiving coins that they did not register to receive."},
			{Reason: 4, Name: "EACCOUNT_DOES_NOT_ACCEPT_DIRECT_TOKEN_TRANSFERS", Description: "Account opted out of directly receiving NFT tokens."},
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
