package aptosframework

// 0x1::transaction_context: what Move code may know of the transaction it
// runs in (its hash, sender, gas parameters, script hash, the chain id;
// signers and payload in transaction_context_payload.go) and the
// transaction-unique addresses (AUIDs) it generates, numbered in
// per-session state owned by this module.

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// auids counts the unique addresses the transaction generated.
var auids = native.NewState[uint64](nil)

// NextAUID returns the transaction's next unique address, as
// transaction_context::generate_auid_address does: sha3-256 of the
// transaction hash, a counter from 1 (u64 little-endian) and 0xFB. It
// takes the session's States so that object creation outside this package
// numbers from the same counter.
func NextAUID(s *native.States, txnHash ledgerapi.HashValue) ledgerapi.Address {
	n := auids.In(s)
	*n++
	return ledgerapi.Address(crypto.SHA3_256(txnHash[:], binary.LittleEndian.AppendUint64(nil, *n), []byte{byte(crypto.SchemeDeriveAuid)}))
}

// TransactionContext declares 0x1::transaction_context.
func TransactionContext() native.Module {
	u64 := func(f func(native.TxnInfo) uint64) native.Func {
		return inTxn(func(_ *native.Context, t native.TxnInfo) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(f(t))}, nil
		})
	}
	return native.Module{Address: addr, Name: "transaction_context",
		Structs: append([]native.Struct{{Name: "AUID", Abilities: []string{native.AbilityDrop, native.AbilityStore}, Fields: []string{"unique_address: address"}}},
			txnContextPayloadStructs()...),
		Errors: txnContextErrors,
		Functions: append([]native.Function{
			{Name: "get_transaction_hash", Return: []string{"vector<u8>"}, Impl: txnHash},
			{Name: "generate_auid_address", Return: []string{"address"}, Impl: generateAUID(false)},
			{Name: "generate_auid", Return: []string{"0x1::transaction_context::AUID"}, Impl: generateAUID(true)},
			{Name: "auid_address", Params: []string{"&0x1::transaction_context::AUID"}, Return: []string{"address"}, Impl: auidAddress},
			{Name: "get_script_hash", Return: []string{"vector<u8>"}, Impl: scriptHash},
			{Name: "sender", Return: []string{"address"}, Impl: inTxn(sender)},
			{Name: "max_gas_amount", Return: []string{"u64"}, Impl: u64(func(t native.TxnInfo) uint64 { return t.MaxGasAmount })},
			{Name: "gas_unit_price", Return: []string{"u64"}, Impl: u64(func(t native.TxnInfo) uint64 { return t.GasUnitPrice })},
			{Name: "chain_id", Return: []string{"u8"}, Impl: inTxn(func(c *native.Context, _ native.TxnInfo) ([]movevm.Value, error) {
				return []movevm.Value{movevm.U8(c.Host().ChainID())}, nil
			})},
		}, txnContextPayloadFunctions()...),
	}
}

// bytesResult returns b as a vector<u8> result, charged as output.
func bytesResult(c *native.Context, b []byte) ([]movevm.Value, error) {
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return nil, err
	}
	v, err := c.Bytes(b)
	return []movevm.Value{v}, err
}

// txnHash is get_transaction_hash: the hash of the transaction (zero
// outside one).
func txnHash(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	h := c.Host().Txn().Hash
	return bytesResult(c, h[:])
}

// scriptHash is get_script_hash: the hash of a script payload's code,
// empty for other payloads.
func scriptHash(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return bytesResult(c, c.Host().Txn().ScriptHash)
}

// sender is transaction_context::sender.
func sender(_ *native.Context, t native.TxnInfo) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Address(t.Sender)}, nil
}

// generateAUID is generate_auid_address or, with wrap, generate_auid (the
// address in an AUID).
func generateAUID(wrap bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		a := movevm.Address(NextAUID(c.Host().States(), c.Host().Txn().Hash))
		if !wrap {
			return []movevm.Value{a}, nil
		}
		t, err := c.TypeOf(ledgerapi.TypeTag{Kind: ledgerapi.KindStruct, Struct: &auidTag})
		if err != nil {
			return nil, err
		}
		v, err := c.Struct(t, a)
		return []movevm.Value{v}, err
	}
}

var auidTag = tag1("transaction_context", "AUID")

// auidAddress is auid_address(&AUID).
func auidAddress(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	return []movevm.Value{v.Elem(0)}, nil
}
