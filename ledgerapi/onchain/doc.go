// Package onchain holds the ledger's on-chain records with their one BCS
// encoding each, exactly Aptos's, and the hashes computed over exactly those
// bytes: the state key, the write op and write set, the contract event and
// the event accumulator, the execution status, the transaction info and the
// transaction accumulator, the transaction enum and the API's
// TransactionOnChainData, and the layouts of the framework resources the
// node reads and writes (Account, CoinStore, FungibleStore, ObjectCore, ...).
//
// The node hashes these encodings and the API serves them, so a client can
// recompute every hash of a transaction from the BCS the API returns:
//
//	state_change_hash     = sha3-256(salt("APTOS::WriteSet") ‖ BCS(WriteSet))
//	event hash            = sha3-256(salt("APTOS::ContractEvent") ‖ BCS(ContractEvent))
//	event_root_hash       = the event accumulator root over the event hashes
//	transaction info hash = sha3-256(salt("APTOS::TransactionInfo") ‖ BCS(TransactionInfo))
//	accumulator_root_hash = the transaction accumulator root over the info hashes
//	transaction hash      = sha3-256(salt("APTOS::Transaction") ‖ BCS(Transaction))
//
// where salt(n) is sha3-256(n). The encodings are written with append-style
// functions (AppendBCS) so that hashing onto a stack buffer allocates little;
// MarshalBCS and UnmarshalBCS adapt them to package bcs.
//
// What is not modelled: resource groups (each member resource is its own
// state key), raw state keys, and the storage deposits of state values (the
// node writes no StateValueMetadata; write ops that carry it encode and
// decode all the same).
package onchain
