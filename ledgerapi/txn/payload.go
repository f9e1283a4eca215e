package txn

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// Limits applied while decoding payloads.
const (
	// MaxArgs bounds the number of arguments of one call.
	MaxArgs = 1024
	// MaxTypeArgs bounds the number of type arguments of one call.
	MaxTypeArgs = 32
)

// PayloadVariant is the BCS variant index of TransactionPayload.
type PayloadVariant uint32

// Payload variants as they appear on the wire.
const (
	PayloadScript        PayloadVariant = 0
	PayloadModuleBundle  PayloadVariant = 1 // deprecated; always rejected
	PayloadEntryFunction PayloadVariant = 2
	PayloadMultisig      PayloadVariant = 3
	PayloadV1            PayloadVariant = 4 // executable + extra config (replay nonce, multisig)
	numPayloadVariants                  = 6 // 5 is EncryptedPayload, rejected
)

// TransactionPayload is what a transaction executes. The wire form is kept
// exactly (Variant) so that re-encoding reproduces the signed bytes.
//
//   - PayloadEntryFunction: EntryFunction is set.
//   - PayloadScript: Script is set.
//   - PayloadMultisig: Multisig is set; EntryFunction or Script may be set
//     (the inner payload is optional).
//   - PayloadV1: at most one of EntryFunction and Script is set (neither means
//     the "empty" executable, valid only with Multisig); Multisig and
//     ReplayProtectionNonce come from the extra config.
type TransactionPayload struct {
	Variant               PayloadVariant
	EntryFunction         *EntryFunction
	Script                *Script
	Multisig              *ledgerapi.Address
	ReplayProtectionNonce *uint64
}

// Orderless reports whether the transaction is protected by a replay nonce
// instead of a sequence number.
func (p *TransactionPayload) Orderless() bool { return p.ReplayProtectionNonce != nil }

// EntryFunction calls a public entry function.
type EntryFunction struct {
	Module   ledgerapi.ModuleId
	Function string
	TyArgs   []ledgerapi.TypeTag
	// Args are the BCS bytes of each argument.
	Args [][]byte
}

// FunctionId returns module::function.
func (f *EntryFunction) FunctionId() ledgerapi.EntryFunctionId {
	return ledgerapi.EntryFunctionId{Module: f.Module, Name: f.Function}
}

// Script runs a Move script.
type Script struct {
	Code   []byte
	TyArgs []ledgerapi.TypeTag
	Args   []ScriptArgument
}

// ScriptArgKind is the BCS variant of TransactionArgument.
type ScriptArgKind uint32

// Script argument kinds (signed kinds 10..15 are not supported).
const (
	ArgU8             ScriptArgKind = 0
	ArgU64            ScriptArgKind = 1
	ArgU128           ScriptArgKind = 2
	ArgAddress        ScriptArgKind = 3
	ArgU8Vector       ScriptArgKind = 4
	ArgBool           ScriptArgKind = 5
	ArgU16            ScriptArgKind = 6
	ArgU32            ScriptArgKind = 7
	ArgU256           ScriptArgKind = 8
	ArgSerialized     ScriptArgKind = 9
	numScriptArgKinds               = 10
)

// scriptArgSizes is the fixed size of each kind; -1 means length-prefixed bytes.
var scriptArgSizes = [numScriptArgKinds]int{1, 8, 16, 32, -1, 1, 2, 4, 32, -1}

// ScriptArgument is one script argument: its kind and its value bytes
// (little-endian integers, 32 address bytes, one bool byte, or the content
// of a byte vector).
type ScriptArgument struct {
	Kind  ScriptArgKind
	Value []byte
}

// MarshalBCS writes the payload in its wire variant.
func (p *TransactionPayload) MarshalBCS(e *bcs.Encoder) {
	e.Variant(uint32(p.Variant))
	switch p.Variant {
	case PayloadScript:
		p.Script.MarshalBCS(e)
	case PayloadEntryFunction:
		p.EntryFunction.MarshalBCS(e)
	case PayloadMultisig:
		p.Multisig.MarshalBCS(e)
		switch {
		case p.EntryFunction != nil:
			e.Option(true)
			e.Variant(0)
			p.EntryFunction.MarshalBCS(e)
		case p.Script != nil:
			e.Option(true)
			e.Variant(1)
			p.Script.MarshalBCS(e)
		default:
			e.Option(false)
		}
	case PayloadV1:
		e.Variant(0) // TransactionPayloadInner::V1
		switch {
		case p.Script != nil:
			e.Variant(0)
			p.Script.MarshalBCS(e)
		case p.EntryFunction != nil:
			e.Variant(1)
			p.EntryFunction.MarshalBCS(e)
		default:
			e.Variant(2) // Empty
		}
		e.Variant(0) // TransactionExtraConfig::V1
		e.Option(p.Multisig != nil)
		if p.Multisig != nil {
			p.Multisig.MarshalBCS(e)
		}
		e.Option(p.ReplayProtectionNonce != nil)
		if p.ReplayProtectionNonce != nil {
			e.U64(*p.ReplayProtectionNonce)
		}
	}
}

// UnmarshalBCS reads a payload. Module bundles and encrypted payloads are
// rejected with a descriptive error.
func (p *TransactionPayload) UnmarshalBCS(d *bcs.Decoder) {
	if !d.Enter("TransactionPayload") {
		return
	}
	defer d.Leave()
	v := d.Variant("TransactionPayload", numPayloadVariants)
	if d.Failed() {
		return
	}
	*p = TransactionPayload{Variant: PayloadVariant(v)}
	switch p.Variant {
	case PayloadScript:
		p.Script = new(Script)
		p.Script.UnmarshalBCS(d)
	case PayloadModuleBundle:
		d.Fail(bcs.ErrInvalidValue, "TransactionPayload", "module bundle payloads have been removed; publish modules with an entry function")
	case PayloadEntryFunction:
		p.EntryFunction = new(EntryFunction)
		p.EntryFunction.UnmarshalBCS(d)
	case PayloadMultisig:
		var a ledgerapi.Address
		a.UnmarshalBCS(d)
		p.Multisig = &a
		if d.Option("Multisig.transaction_payload") {
			switch d.Variant("MultisigTransactionPayload", 2) {
			case 0:
				p.EntryFunction = new(EntryFunction)
				p.EntryFunction.UnmarshalBCS(d)
			case 1:
				p.Script = new(Script)
				p.Script.UnmarshalBCS(d)
			}
		}
	case PayloadV1:
		p.unmarshalV1(d)
	default:
		d.Fail(bcs.ErrInvalidValue, "TransactionPayload", "encrypted payloads are not supported")
	}
}

func (p *TransactionPayload) unmarshalV1(d *bcs.Decoder) {
	d.Variant("TransactionPayloadInner", 1)
	switch d.Variant("TransactionExecutable", 3) {
	case 0:
		p.Script = new(Script)
		p.Script.UnmarshalBCS(d)
	case 1:
		p.EntryFunction = new(EntryFunction)
		p.EntryFunction.UnmarshalBCS(d)
	}
	d.Variant("TransactionExtraConfig", 1)
	if d.Option("TransactionExtraConfig.multisig_address") {
		var a ledgerapi.Address
		a.UnmarshalBCS(d)
		p.Multisig = &a
	}
	if d.Option("TransactionExtraConfig.replay_protection_nonce") {
		n := d.U64("TransactionExtraConfig.replay_protection_nonce")
		p.ReplayProtectionNonce = &n
	}
	if d.Failed() {
		return
	}
	if p.Script != nil && p.Multisig != nil {
		d.Fail(bcs.ErrInvalidValue, "TransactionPayload", "a script cannot be executed through a multisig account")
	}
	if p.Script == nil && p.EntryFunction == nil && p.Multisig == nil {
		d.Fail(bcs.ErrInvalidValue, "TransactionPayload", "an empty executable is only valid for a multisig transaction")
	}
}

// MarshalBCS writes module, function, type arguments and arguments.
func (f *EntryFunction) MarshalBCS(e *bcs.Encoder) {
	f.Module.MarshalBCS(e)
	e.String(f.Function)
	e.SeqLen(len(f.TyArgs))
	for _, t := range f.TyArgs {
		t.MarshalBCS(e)
	}
	e.SeqLen(len(f.Args))
	for _, a := range f.Args {
		e.WriteBytes(a)
	}
}

// UnmarshalBCS reads an entry function and validates its identifiers.
func (f *EntryFunction) UnmarshalBCS(d *bcs.Decoder) {
	f.Module.UnmarshalBCS(d)
	f.Function = ledgerapi.DecodeIdentifier(d, "EntryFunction.function")
	f.TyArgs = decodeTypeArgs(d, "EntryFunction.ty_args")
	n := d.SeqLen("EntryFunction.args", 1)
	if d.Failed() {
		return
	}
	if n > MaxArgs {
		d.Failf(bcs.ErrLength, "EntryFunction.args", "%d arguments, at most %d", n, MaxArgs)
		return
	}
	f.Args = make([][]byte, n)
	for i := range f.Args {
		f.Args[i] = d.ReadBytes("EntryFunction.args")
	}
}

func decodeTypeArgs(d *bcs.Decoder, what string) []ledgerapi.TypeTag {
	n := d.SeqLen(what, 1)
	if d.Failed() {
		return nil
	}
	if n > MaxTypeArgs {
		d.Failf(bcs.ErrLength, what, "%d type arguments, at most %d", n, MaxTypeArgs)
		return nil
	}
	out := make([]ledgerapi.TypeTag, n)
	for i := range out {
		out[i].UnmarshalBCS(d)
	}
	return out
}

// MarshalBCS writes code, type arguments and arguments.
func (s *Script) MarshalBCS(e *bcs.Encoder) {
	e.WriteBytes(s.Code)
	e.SeqLen(len(s.TyArgs))
	for _, t := range s.TyArgs {
		t.MarshalBCS(e)
	}
	e.SeqLen(len(s.Args))
	for _, a := range s.Args {
		e.Variant(uint32(a.Kind))
		if scriptArgSizes[a.Kind] < 0 {
			e.WriteBytes(a.Value)
		} else {
			e.Fixed(a.Value)
		}
	}
}

// UnmarshalBCS reads a script. Empty bytecode is rejected.
func (s *Script) UnmarshalBCS(d *bcs.Decoder) {
	s.Code = d.ReadBytes("Script.code")
	if !d.Failed() && len(s.Code) == 0 {
		d.Fail(bcs.ErrInvalidValue, "Script.code", "script bytecode is empty")
		return
	}
	s.TyArgs = decodeTypeArgs(d, "Script.ty_args")
	n := d.SeqLen("Script.args", 1)
	if d.Failed() {
		return
	}
	if n > MaxArgs {
		d.Failf(bcs.ErrLength, "Script.args", "%d arguments, at most %d", n, MaxArgs)
		return
	}
	s.Args = make([]ScriptArgument, n)
	for i := range s.Args {
		k := d.ULEB128("TransactionArgument")
		if d.Failed() {
			return
		}
		if k >= numScriptArgKinds {
			d.Failf(bcs.ErrBadVariant, "TransactionArgument", "variant %d is not supported (known 0..9)", k)
			return
		}
		s.Args[i].Kind = ScriptArgKind(k)
		if size := scriptArgSizes[k]; size < 0 {
			s.Args[i].Value = d.ReadBytes("TransactionArgument")
		} else {
			s.Args[i].Value = make([]byte, size)
			d.Fixed(s.Args[i].Value, "TransactionArgument")
			if k == uint32(ArgBool) && !d.Failed() && s.Args[i].Value[0] > 1 {
				d.Failf(bcs.ErrBadBool, "TransactionArgument", "0x%02x", s.Args[i].Value[0])
			}
		}
	}
}
