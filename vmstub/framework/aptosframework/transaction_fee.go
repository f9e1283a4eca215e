package aptosframework

// 0x1::transaction_fee: the FeeStatement event the executor's epilogue
// emits last in every user transaction (the gas and storage fee it
// charged), and the module's other declarations as on Aptos: the
// capability resources (this node's executor burns and refunds fees
// itself, so none is stored), convert_to_aptos_fa_burn_ref (0x1's only:
// any other signer aborts in system_addresses; 0x1 has no
// AptosCoinCapabilities to convert), and the deprecated fee collection
// functions, which abort with NOT_IMPLEMENTED(ENO_LONGER_SUPPORTED) as on
// Aptos.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// FeeStatementTag is the type of 0x1::transaction_fee::FeeStatement.
var FeeStatementTag = tag1("transaction_fee", "FeeStatement")

// Abort reasons of 0x1::transaction_fee.
const (
	eAlreadyCollectingFees    = 1
	eInvalidBurnPercentage    = 3
	eNoLongerSupported        = 4
	eFAGasChargingNotEnabled  = 5
	aptosCoinCapabilitiesName = "AptosCoinCapabilities"
)

// TransactionFee declares 0x1::transaction_fee.
func TransactionFee() native.Module {
	const apt = "<0x1::aptos_coin::AptosCoin>"
	key := []string{native.AbilityKey}
	deprecated := func(name string, params ...string) native.Function {
		return native.Function{Name: name, Params: params, Impl: noLongerSupported}
	}
	return native.Module{Address: addr, Name: "transaction_fee",
		Friends: []string{"0x1::block", "0x1::genesis", "0x1::reconfiguration", "0x1::transaction_validation"},
		Structs: []native.Struct{
			{Name: "FeeStatement", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true,
				Fields: []string{"total_charge_gas_units: u64", "execution_gas_units: u64", "io_gas_units: u64",
					"storage_fee_octas: u64", "storage_fee_refund_octas: u64"}},
			{Name: aptosCoinCapabilitiesName, Abilities: key, Fields: []string{"burn_cap: 0x1::coin::BurnCapability" + apt}},
			{Name: "AptosFABurnCapabilities", Abilities: key, Fields: []string{"burn_ref: 0x1::fungible_asset::BurnRef"}},
			{Name: "AptosCoinMintCapability", Abilities: key, Fields: []string{"mint_cap: 0x1::coin::MintCapability" + apt}},
			{Name: "CollectedFeesPerBlock", Abilities: key, Fields: []string{"amount: 0x1::coin::AggregatableCoin" + apt,
				"proposer: 0x1::option::Option<address>", "burn_percentage: u8"}},
		},
		Functions: []native.Function{
			{Name: "convert_to_aptos_fa_burn_ref", IsEntry: true, Params: []string{"&signer"}, Impl: convertToFABurnRef},
			deprecated("initialize_fee_collection_and_distribution", "&signer", "u8"),
			deprecated("upgrade_burn_percentage", "&signer", "u8"),
			deprecated("initialize_storage_refund", "&signer"),
		},
		Errors: []native.AbortReason{
			{Reason: eAlreadyCollectingFees, Name: "EALREADY_COLLECTING_FEES", Description: "Gas fees are already being collected and the struct holding information about collected amounts is already published."},
			{Reason: eInvalidBurnPercentage, Name: "EINVALID_BURN_PERCENTAGE", Description: "The burn percentage is out of range [0, 100]."},
			{Reason: eNoLongerSupported, Name: "ENO_LONGER_SUPPORTED", Description: "No longer supported."},
			{Reason: eFAGasChargingNotEnabled, Name: "EFA_GAS_CHARGING_NOT_ENABLED", Description: ""},
		},
	}
}

// noLongerSupported is the deprecated fee collection functions: they abort
// with NOT_IMPLEMENTED(ENO_LONGER_SUPPORTED).
func noLongerSupported(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return nil, c.Abort(native.Code(native.NotImplemented, eNoLongerSupported))
}

// convertToFABurnRef is convert_to_aptos_fa_burn_ref(aptos_framework):
// 0x1 only (system_addresses' PERMISSION_DENIED(ENOT_APTOS_FRAMEWORK_ADDRESS)
// otherwise); the AptosCoinCapabilities it converts is not stored here, so
// 0x1's call fails as move_from of a missing resource does.
func convertToFABurnRef(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if signerAddress(args[0]) != addr {
		return nil, abortIn("system_addresses", native.PermissionDenied, eNotAptosFramework)
	}
	return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::transaction_fee::AptosCoinCapabilities does not exist"}
}
