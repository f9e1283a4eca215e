package ledgerapi

// SimulateOptions are the query flags of POST /transactions/simulate.
type SimulateOptions struct {
	// EstimateMaxGasAmount ignores the transaction's max_gas_amount and uses
	// the most the sender can afford (bounded by the maximum).
	EstimateMaxGasAmount bool
	// EstimateGasUnitPrice ignores the transaction's gas_unit_price and uses
	// the current estimate.
	EstimateGasUnitPrice bool
	// EstimatePrioritizedGasUnitPrice uses the prioritized estimate (above
	// the regular one); it wins over EstimateGasUnitPrice.
	EstimatePrioritizedGasUnitPrice bool
}
