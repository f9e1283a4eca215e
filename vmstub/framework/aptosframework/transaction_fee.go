package aptosframework

// 0x1::transaction_fee: the FeeStatement event the executor's epilogue
// emits last in every user transaction (the gas and storage fee it
// charged).

import "github.com/ledgernode/ledgernode/vmstub/native"

// FeeStatementTag is the type of 0x1::transaction_fee::FeeStatement.
var FeeStatementTag = tag1("transaction_fee", "FeeStatement")

// TransactionFee declares 0x1::transaction_fee.
func TransactionFee() native.Module {
	return native.Module{Address: addr, Name: "transaction_fee",
		Structs: []native.Struct{{Name: "FeeStatement", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true,
			Fields: []string{"total_charge_gas_units: u64", "execution_gas_units: u64", "io_gas_units: u64",
				"storage_fee_octas: u64", "storage_fee_refund_octas: u64"}}},
	}
}
