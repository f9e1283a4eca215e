package txn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// SubmitTransactionRequest is the JSON body of submit, batch submit,
// simulate and (without signature, with secondary_signers) encode_submission.
// Pointer fields distinguish "missing" from zero so that required fields are
// reported by name.
type SubmitTransactionRequest struct {
	Sender                  *ledgerapi.Address  `json:"sender"`
	SequenceNumber          *ledgerapi.U64      `json:"sequence_number"`
	MaxGasAmount            *ledgerapi.U64      `json:"max_gas_amount"`
	GasUnitPrice            *ledgerapi.U64      `json:"gas_unit_price"`
	ExpirationTimestampSecs *ledgerapi.U64      `json:"expiration_timestamp_secs"`
	Payload                 *PayloadRequest     `json:"payload"`
	Signature               *SignatureRequest   `json:"signature"`
	ReplayProtectionNonce   *ledgerapi.U64      `json:"replay_protection_nonce"`
	SecondarySigners        []ledgerapi.Address `json:"secondary_signers"`
}

// PayloadRequest is the JSON payload union, discriminated by Type.
type PayloadRequest struct {
	Type               string             `json:"type"`
	Function           *string            `json:"function"`
	TypeArguments      []string           `json:"type_arguments"`
	Arguments          []json.RawMessage  `json:"arguments"`
	Code               json.RawMessage    `json:"code"`
	MultisigAddress    *ledgerapi.Address `json:"multisig_address"`
	TransactionPayload *PayloadRequest    `json:"transaction_payload"`
}

// SignatureRequest is the JSON signature union, discriminated by Type.
type SignatureRequest struct {
	Type                     string              `json:"type"`
	PublicKey                json.RawMessage     `json:"public_key"`
	Signature                json.RawMessage     `json:"signature"`
	PublicKeys               []json.RawMessage   `json:"public_keys"`
	Signatures               []json.RawMessage   `json:"signatures"`
	Threshold                *uint8              `json:"threshold"`
	Bitmap                   *ledgerapi.HexBytes `json:"bitmap"`
	SignaturesRequired       *uint8              `json:"signatures_required"`
	Sender                   *SignatureRequest   `json:"sender"`
	SecondarySignerAddresses []ledgerapi.Address `json:"secondary_signer_addresses"`
	SecondarySigners         []*SignatureRequest `json:"secondary_signers"`
	FeePayerAddress          *ledgerapi.Address  `json:"fee_payer_address"`
	FeePayerSigner           *SignatureRequest   `json:"fee_payer_signer"`
	FunctionInfo             *string             `json:"function_info"`
	AuthData                 *ledgerapi.HexBytes `json:"auth_data"`
}

// DecodeJSON decodes one JSON value strictly into v: unknown fields and
// trailing data are errors, and messages name the offending field.
func DecodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return describeJSONError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

var ledgerapiPkg = reflect.TypeFor[ledgerapi.U64]().PkgPath()

func describeJSONError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if te.Type != nil && te.Type.PkgPath() == ledgerapiPkg {
			// A wire type's own explanation (see ledgerapi's valueError).
			if te.Field != "" {
				return fmt.Errorf("field %s: %s", te.Field, te.Value)
			}
			return errors.New(te.Value)
		}
		if te.Field != "" {
			return fmt.Errorf("field %s: expected %s, got JSON %s", te.Field, te.Type, te.Value)
		}
		return fmt.Errorf("expected %s, got JSON %s", te.Type, te.Value)
	case errors.As(err, &se):
		return fmt.Errorf("malformed JSON at byte %d: %v", se.Offset, se)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("request body is empty or truncated JSON")
	}
	return err
}

// RawTransaction converts the request (without its signature) into a raw
// transaction for chainID, encoding arguments through codec.
func (r *SubmitTransactionRequest) RawTransaction(chainID uint8, codec ArgCodec) (*RawTransaction, error) {
	missing := func(name string) error { return fmt.Errorf("missing required field %s", name) }
	switch {
	case r.Sender == nil:
		return nil, missing("sender")
	case r.SequenceNumber == nil:
		return nil, missing("sequence_number")
	case r.MaxGasAmount == nil:
		return nil, missing("max_gas_amount")
	case r.GasUnitPrice == nil:
		return nil, missing("gas_unit_price")
	case r.ExpirationTimestampSecs == nil:
		return nil, missing("expiration_timestamp_secs")
	case r.Payload == nil:
		return nil, missing("payload")
	}
	raw := &RawTransaction{
		Sender:                  *r.Sender,
		SequenceNumber:          uint64(*r.SequenceNumber),
		MaxGasAmount:            uint64(*r.MaxGasAmount),
		GasUnitPrice:            uint64(*r.GasUnitPrice),
		ExpirationTimestampSecs: uint64(*r.ExpirationTimestampSecs),
		ChainID:                 chainID,
	}
	p, err := r.Payload.payload(codec, "payload")
	if err != nil {
		return nil, err
	}
	if r.ReplayProtectionNonce != nil {
		n := uint64(*r.ReplayProtectionNonce)
		p = TransactionPayload{Variant: PayloadV1, EntryFunction: p.EntryFunction, Script: p.Script, Multisig: p.Multisig, ReplayProtectionNonce: &n}
	}
	raw.Payload = p
	return raw, nil
}

// SignedTransaction converts the whole request, signature included.
func (r *SubmitTransactionRequest) SignedTransaction(chainID uint8, codec ArgCodec) (*SignedTransaction, error) {
	raw, err := r.RawTransaction(chainID, codec)
	if err != nil {
		return nil, err
	}
	if r.Signature == nil {
		return nil, errors.New("missing required field signature")
	}
	auth, err := r.Signature.authenticator()
	if err != nil {
		return nil, err
	}
	return &SignedTransaction{Raw: *raw, Auth: *auth}, nil
}

func (p *PayloadRequest) payload(codec ArgCodec, path string) (TransactionPayload, error) {
	switch p.Type {
	case "entry_function_payload":
		f, err := p.entryFunction(codec, path)
		if err != nil {
			return TransactionPayload{}, err
		}
		return TransactionPayload{Variant: PayloadEntryFunction, EntryFunction: f}, nil
	case "multisig_payload":
		if p.MultisigAddress == nil {
			return TransactionPayload{}, fmt.Errorf("%s: missing required field multisig_address", path)
		}
		out := TransactionPayload{Variant: PayloadMultisig, Multisig: p.MultisigAddress}
		if inner := p.TransactionPayload; inner != nil {
			if inner.Type != "entry_function_payload" {
				return TransactionPayload{}, fmt.Errorf("%s.transaction_payload: type %q is not supported; use entry_function_payload", path, inner.Type)
			}
			f, err := inner.entryFunction(codec, path+".transaction_payload")
			if err != nil {
				return TransactionPayload{}, err
			}
			out.EntryFunction = f
		}
		return out, nil
	case "script_payload":
		return TransactionPayload{}, fmt.Errorf("%s: script payloads are not accepted as JSON by this node; submit them as BCS", path)
	case "module_bundle_payload":
		return TransactionPayload{}, fmt.Errorf("%s: module bundle payloads have been removed", path)
	case "":
		return TransactionPayload{}, fmt.Errorf("%s: missing required field type", path)
	}
	return TransactionPayload{}, fmt.Errorf("%s: unknown payload type %q", path, truncate(p.Type))
}

func (p *PayloadRequest) entryFunction(codec ArgCodec, path string) (*EntryFunction, error) {
	if p.Function == nil {
		return nil, fmt.Errorf("%s: missing required field function", path)
	}
	if p.TypeArguments == nil {
		return nil, fmt.Errorf("%s: missing required field type_arguments", path)
	}
	if p.Arguments == nil {
		return nil, fmt.Errorf("%s: missing required field arguments", path)
	}
	fn, err := ledgerapi.ParseEntryFunctionId(*p.Function)
	if err != nil {
		return nil, fmt.Errorf("%s.function: %v", path, err)
	}
	if len(p.TypeArguments) > MaxTypeArgs {
		return nil, fmt.Errorf("%s.type_arguments: %d type arguments, at most %d", path, len(p.TypeArguments), MaxTypeArgs)
	}
	if len(p.Arguments) > MaxArgs {
		return nil, fmt.Errorf("%s.arguments: %d arguments, at most %d", path, len(p.Arguments), MaxArgs)
	}
	f := &EntryFunction{Module: fn.Module, Function: fn.Name, TyArgs: make([]ledgerapi.TypeTag, len(p.TypeArguments))}
	for i, s := range p.TypeArguments {
		if f.TyArgs[i], err = ledgerapi.ParseTypeTag(s); err != nil {
			return nil, fmt.Errorf("%s.type_arguments[%d]: %v", path, i, err)
		}
	}
	if codec == nil {
		return nil, fmt.Errorf("%s: cannot encode JSON arguments of %s without its ABI", path, fn)
	}
	if f.Args, err = codec.EncodeArgs(fn, f.TyArgs, p.Arguments); err != nil {
		return nil, fmt.Errorf("%s.arguments: %v", path, err)
	}
	return f, nil
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
