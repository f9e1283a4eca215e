package aptosframework

// 0x1::transaction_context, the transaction's signers and payload:
// secondary_signers, gas_payer, entry_function_payload and
// multisig_payload with their accessors (EntryFunctionPayload,
// MultisigPayload), generate_unique_signer, and
// monotonically_increasing_counter, which aborts here. Like sender and the
// gas parameters, they abort with INVALID_STATE(ETRANSACTION_CONTEXT_NOT_AVAILABLE)
// outside a user transaction (in views), as on Aptos.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::transaction_context.
const (
	eTxnContextNotAvailable    = 1
	eTxnContextExtensionOff    = 2
	eCounterOverflow           = 4
	eTransactionIndexNotAvail  = 5
	entryFunctionPayloadStruct = "EntryFunctionPayload"
)

// txnContextErrors are the module's abort reasons.
var txnContextErrors = []native.AbortReason{
	{Reason: eTxnContextNotAvailable, Name: "ETRANSACTION_CONTEXT_NOT_AVAILABLE",
		Description: "Transaction context is only available in the user transaction prologue, execution, or epilogue phases."},
	{Reason: eTxnContextExtensionOff, Name: "ETRANSACTION_CONTEXT_EXTENSION_NOT_ENABLED",
		Description: "The transaction context extension feature is not enabled."},
	{Reason: eCounterOverflow, Name: "EMONOTONICALLY_INCREASING_COUNTER_OVERFLOW",
		Description: "The monotonically increasing counter has overflowed (too many calls in a single session)."},
	{Reason: eTransactionIndexNotAvail, Name: "ETRANSACTION_INDEX_NOT_AVAILABLE",
		Description: "Transaction index is not available in this execution context: this node does not number transactions within a block, so monotonically_increasing_counter always aborts."},
}

// userTxn is the transaction's context, or the abort Aptos raises outside
// a user transaction.
func userTxn(c *native.Context) (native.TxnInfo, error) {
	t := c.Host().Txn()
	if !t.Present {
		return t, c.Abort(native.Code(native.InvalidState, eTxnContextNotAvailable))
	}
	return t, nil
}

// inTxn wraps f, which reads the transaction's context, with the check
// that there is one.
func inTxn(f func(c *native.Context, t native.TxnInfo) ([]movevm.Value, error)) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		t, err := userTxn(c)
		if err != nil {
			return nil, err
		}
		return f(c, t)
	}
}

// secondarySigners is secondary_signers(): the multi-agent transaction's
// secondary signers' addresses.
func secondarySigners(c *native.Context, t native.TxnInfo) ([]movevm.Value, error) {
	e := bcs.NewEncoder(8 + 32*len(t.SecondarySigners))
	e.SeqLen(len(t.SecondarySigners))
	for _, a := range t.SecondarySigners {
		e.Fixed(a[:])
	}
	vt, err := c.VectorOf(movevm.TypeAddress)
	if err != nil {
		return nil, err
	}
	return deserializeResult(c, vt, e.Bytes())
}

// deserializeResult is the value of type t with BCS b, charged as output.
func deserializeResult(c *native.Context, t *movevm.Type, b []byte) ([]movevm.Value, error) {
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return nil, err
	}
	v, err := c.Deserialize(t, b)
	return []movevm.Value{v}, err
}

// encodeEntry appends the BCS of an EntryFunctionPayload for f: the
// module's address, module and function names, the type arguments'
// names as type_info::type_name gives them, the arguments' BCS.
func encodeEntry(e *bcs.Encoder, f *native.EntryCall) {
	e.Fixed(f.Module.Address[:])
	e.String(f.Module.Name)
	e.String(f.Function)
	e.SeqLen(len(f.TyArgs))
	for _, t := range f.TyArgs {
		e.String(t.String())
	}
	e.SeqLen(len(f.Args))
	for _, a := range f.Args {
		e.WriteBytes(a)
	}
}

// payloadType is Option<S> for struct S of transaction_context.
func payloadType(c *native.Context, s string) (*movevm.Type, error) {
	t, err := typeOf(c, tag1("transaction_context", s))
	if err != nil {
		return nil, err
	}
	return movestdlib.OptionType(c, t)
}

// entryFunctionPayload is entry_function_payload(): the entry function the
// payload calls, none for a script or a multisig payload.
func entryFunctionPayload(c *native.Context, t native.TxnInfo) ([]movevm.Value, error) {
	ot, err := payloadType(c, entryFunctionPayloadStruct)
	if err != nil {
		return nil, err
	}
	e := bcs.NewEncoder(256)
	if e.Option(t.Entry != nil && t.Multisig == nil); t.Entry != nil && t.Multisig == nil {
		encodeEntry(e, t.Entry)
	}
	return deserializeResult(c, ot, e.Bytes())
}

// multisigPayload is multisig_payload(): the multisig account and the
// entry function it executes (none for a payload only its hash names).
func multisigPayload(c *native.Context, t native.TxnInfo) ([]movevm.Value, error) {
	ot, err := payloadType(c, "MultisigPayload")
	if err != nil {
		return nil, err
	}
	e := bcs.NewEncoder(256)
	if e.Option(t.Multisig != nil); t.Multisig != nil {
		e.Fixed(t.Multisig[:])
		if e.Option(t.Entry != nil); t.Entry != nil {
			encodeEntry(e, t.Entry)
		}
	}
	return deserializeResult(c, ot, e.Bytes())
}

// payloadField is an accessor of EntryFunctionPayload or MultisigPayload:
// a copy of field i of the struct the reference points at.
func payloadField(i int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		p, _ := args[0].Deref()
		f := p.Elem(i)
		if f.Type() == movevm.TypeAddress {
			return []movevm.Value{movevm.Address(f.AsAddress())}, nil
		}
		v, err := movestdlib.CopyValue(c, f)
		return []movevm.Value{v}, err
	}
}

// generateUniqueSigner is generate_unique_signer(): a signer for the
// transaction's next unique address (AUID).
func generateUniqueSigner(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Signer(NextAUID(c.Host().States(), c.Host().Txn().Hash))}, nil
}

// monotonicCounter is monotonically_increasing_counter(): Aptos builds it
// from the block time, the transaction's index in its block and session
// and call counters; this node has no transaction index to give, so it
// aborts with INVALID_STATE(ETRANSACTION_INDEX_NOT_AVAILABLE), as Aptos
// does where the index is not available.
func monotonicCounter(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	if _, err := userTxn(c); err != nil {
		return nil, err
	}
	return nil, c.Abort(native.Code(native.InvalidState, eTransactionIndexNotAvail))
}

// txnContextPayloadFunctions are the functions of this file.
func txnContextPayloadFunctions() []native.Function {
	const (
		efp  = "0x1::transaction_context::EntryFunctionPayload"
		msp  = "0x1::transaction_context::MultisigPayload"
		str  = "0x1::string::String"
		optE = "0x1::option::Option<" + efp + ">"
	)
	fn := func(name string, params []string, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: []string{ret}, Impl: impl}
	}
	return []native.Function{
		fn("generate_unique_signer", nil, "signer", generateUniqueSigner),
		fn("secondary_signers", nil, "vector<address>", inTxn(secondarySigners)),
		fn("gas_payer", nil, "address", inTxn(func(_ *native.Context, t native.TxnInfo) ([]movevm.Value, error) {
			return []movevm.Value{movevm.Address(t.GasPayer)}, nil
		})),
		fn("entry_function_payload", nil, optE, inTxn(entryFunctionPayload)),
		fn("account_address", []string{"&" + efp}, "address", payloadField(0)),
		fn("module_name", []string{"&" + efp}, str, payloadField(1)),
		fn("function_name", []string{"&" + efp}, str, payloadField(2)),
		fn("type_arg_names", []string{"&" + efp}, "vector<"+str+">", payloadField(3)),
		fn("args", []string{"&" + efp}, "vector<vector<u8>>", payloadField(4)),
		fn("multisig_payload", nil, "0x1::option::Option<"+msp+">", inTxn(multisigPayload)),
		fn("multisig_address", []string{"&" + msp}, "address", payloadField(0)),
		fn("inner_entry_function_payload", []string{"&" + msp}, optE, payloadField(1)),
		fn("monotonically_increasing_counter", nil, "u128", monotonicCounter),
	}
}

// txnContextPayloadStructs are the payload structs.
func txnContextPayloadStructs() []native.Struct {
	cd := []string{native.AbilityCopy, native.AbilityDrop}
	return []native.Struct{
		{Name: entryFunctionPayloadStruct, Abilities: cd, Fields: []string{"account_address: address", "module_name: 0x1::string::String",
			"function_name: 0x1::string::String", "ty_args_names: vector<0x1::string::String>", "args: vector<vector<u8>>"}},
		{Name: "MultisigPayload", Abilities: cd, Fields: []string{"multisig_address: address",
			"entry_function_payload: 0x1::option::Option<0x1::transaction_context::EntryFunctionPayload>"}},
	}
}
