package txn

import (
	"encoding/json"
	"math/big"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// ArgCodec converts entry-function arguments between JSON and BCS using the
// function's ABI. The executor's module registry implements it.
type ArgCodec interface {
	// EncodeArgs turns JSON arguments of fn into BCS, one byte string each.
	EncodeArgs(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args []json.RawMessage) ([][]byte, error)
	// DecodeArgs renders BCS arguments of fn as JSON values.
	DecodeArgs(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([]json.RawMessage, error)
}

// EntryFunctionPayloadJSON is the JSON form of an entry function payload.
type EntryFunctionPayloadJSON struct {
	Function      string              `json:"function"`
	TypeArguments []ledgerapi.TypeTag `json:"type_arguments"`
	Arguments     []json.RawMessage   `json:"arguments"`
	Type          string              `json:"type"`
}

// ScriptPayloadJSON is the JSON form of a script payload.
type ScriptPayloadJSON struct {
	Code          ScriptCodeJSON      `json:"code"`
	TypeArguments []ledgerapi.TypeTag `json:"type_arguments"`
	Arguments     []json.RawMessage   `json:"arguments"`
	Type          string              `json:"type"`
}

// ScriptCodeJSON is a script's bytecode and (unknown here, so null) ABI.
type ScriptCodeJSON struct {
	Bytecode ledgerapi.HexBytes `json:"bytecode"`
	ABI      json.RawMessage    `json:"abi"`
}

// MultisigPayloadJSON is the JSON form of a multisig payload.
type MultisigPayloadJSON struct {
	MultisigAddress    ledgerapi.Address `json:"multisig_address"`
	TransactionPayload any               `json:"transaction_payload,omitempty"`
	Type               string            `json:"type"`
}

// PayloadJSON renders a payload in the JSON form of the real API. Arguments
// are rendered through codec using the function's ABI; when codec is nil or
// does not know the function, each argument is shown as the hex of its BCS
// bytes. Payload-V1 payloads render as the legacy variant they wrap (the
// nonce is shown by the enclosing transaction's replay_protection_nonce).
func PayloadJSON(p *TransactionPayload, codec ArgCodec) any {
	if p.Multisig != nil {
		out := MultisigPayloadJSON{MultisigAddress: *p.Multisig, Type: "multisig_payload"}
		switch {
		case p.EntryFunction != nil:
			out.TransactionPayload = entryFunctionJSON(p.EntryFunction, codec)
		case p.Script != nil:
			out.TransactionPayload = scriptJSON(p.Script)
		}
		return out
	}
	if p.Script != nil {
		return scriptJSON(p.Script)
	}
	if p.EntryFunction != nil {
		return entryFunctionJSON(p.EntryFunction, codec)
	}
	return map[string]string{"type": "module_bundle_payload"}
}

func entryFunctionJSON(f *EntryFunction, codec ArgCodec) EntryFunctionPayloadJSON {
	out := EntryFunctionPayloadJSON{
		Function:      f.FunctionId().String(),
		TypeArguments: nonNilTags(f.TyArgs),
		Type:          "entry_function_payload",
	}
	if codec != nil {
		if args, err := codec.DecodeArgs(f.FunctionId(), f.TyArgs, f.Args); err == nil && len(args) == len(f.Args) {
			out.Arguments = args
		}
	}
	if out.Arguments == nil {
		out.Arguments = make([]json.RawMessage, len(f.Args))
		for i, a := range f.Args {
			out.Arguments[i], _ = ledgerapi.HexBytes(a).MarshalJSON()
		}
	}
	return out
}

func nonNilTags(t []ledgerapi.TypeTag) []ledgerapi.TypeTag {
	if t == nil {
		return []ledgerapi.TypeTag{}
	}
	return t
}

func scriptJSON(s *Script) ScriptPayloadJSON {
	out := ScriptPayloadJSON{
		Code:          ScriptCodeJSON{Bytecode: s.Code, ABI: json.RawMessage("null")},
		TypeArguments: nonNilTags(s.TyArgs),
		Arguments:     make([]json.RawMessage, len(s.Args)),
		Type:          "script_payload",
	}
	for i, a := range s.Args {
		out.Arguments[i] = a.JSON()
	}
	return out
}

// JSON renders a script argument: small integers as numbers, large ones as
// decimal strings, addresses and byte vectors as hex strings, bools as bools.
func (a ScriptArgument) JSON() json.RawMessage {
	le := func(b []byte) *big.Int {
		r := make([]byte, len(b))
		for i := range b {
			r[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(r)
	}
	switch a.Kind {
	case ArgU8, ArgU16, ArgU32:
		return json.RawMessage(le(a.Value).String())
	case ArgU64, ArgU128, ArgU256:
		return json.RawMessage(strconv.Quote(le(a.Value).String()))
	case ArgAddress:
		var addr ledgerapi.Address
		copy(addr[:], a.Value)
		return json.RawMessage(strconv.Quote(addr.String()))
	case ArgBool:
		if len(a.Value) == 1 && a.Value[0] == 1 {
			return json.RawMessage("true")
		}
		return json.RawMessage("false")
	}
	b, _ := ledgerapi.HexBytes(a.Value).MarshalJSON()
	return b
}

// PublicKeyJSON is a scheme-tagged public key: {"value": hex, "type": scheme}.
type PublicKeyJSON struct {
	Value ledgerapi.HexBytes `json:"value"`
	Type  string             `json:"type"`
}

// SignatureValueJSON is a scheme-tagged signature: {"value": hex, "type": scheme}.
type SignatureValueJSON struct {
	Value ledgerapi.HexBytes `json:"value"`
	Type  string             `json:"type"`
}

// IndexedSignatureJSON is one signature of a multi-key signer.
type IndexedSignatureJSON struct {
	Index     uint8              `json:"index"`
	Signature SignatureValueJSON `json:"signature"`
}

// signatureJSON is the union of every signature shape; only the fields of the
// variant named by Type are set (the others are omitted).
type signatureJSON struct {
	PublicKey                any                 `json:"public_key,omitempty"`
	Signature                any                 `json:"signature,omitempty"`
	PublicKeys               any                 `json:"public_keys,omitempty"`
	Signatures               any                 `json:"signatures,omitempty"`
	Threshold                *uint8              `json:"threshold,omitempty"`
	Bitmap                   ledgerapi.HexBytes  `json:"bitmap,omitempty"`
	SignaturesRequired       *uint8              `json:"signatures_required,omitempty"`
	Sender                   *signatureJSON      `json:"sender,omitempty"`
	SecondarySignerAddresses []ledgerapi.Address `json:"secondary_signer_addresses,omitempty"`
	SecondarySigners         []*signatureJSON    `json:"secondary_signers,omitempty"`
	FeePayerAddress          *ledgerapi.Address  `json:"fee_payer_address,omitempty"`
	FeePayerSigner           *signatureJSON      `json:"fee_payer_signer,omitempty"`
	FunctionInfo             string              `json:"function_info,omitempty"`
	AuthData                 ledgerapi.HexBytes  `json:"auth_data,omitempty"`
	Type                     string              `json:"type"`
}

// SignatureJSON renders a transaction authenticator in the JSON form of the
// real API.
func SignatureJSON(a *TransactionAuthenticator) any {
	switch a.Variant {
	case AuthEd25519, AuthMultiEd25519:
		return accountSignatureJSON(&a.Sender)
	case AuthSingleSender:
		s := accountSignatureJSON(&a.Sender)
		s.Type = "single_sender"
		return s
	}
	out := &signatureJSON{
		Sender:                   accountSignatureJSON(&a.Sender),
		SecondarySignerAddresses: a.SecondaryAddresses,
		SecondarySigners:         make([]*signatureJSON, len(a.SecondarySigners)),
		Type:                     "multi_agent_signature",
	}
	if out.SecondarySignerAddresses == nil {
		out.SecondarySignerAddresses = []ledgerapi.Address{}
	}
	for i := range a.SecondarySigners {
		out.SecondarySigners[i] = accountSignatureJSON(&a.SecondarySigners[i])
	}
	if a.Variant == AuthFeePayer {
		fp := a.FeePayerAddress
		out.FeePayerAddress = &fp
		out.FeePayerSigner = accountSignatureJSON(&a.FeePayer)
		out.Type = "fee_payer_signature"
		return feePayerJSON{out}
	}
	return multiAgentJSON{out}
}

// multiAgentJSON and feePayerJSON keep empty secondary lists visible as [].
type multiAgentJSON struct{ s *signatureJSON }

func (m multiAgentJSON) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Sender                   *signatureJSON      `json:"sender"`
		SecondarySignerAddresses []ledgerapi.Address `json:"secondary_signer_addresses"`
		SecondarySigners         []*signatureJSON    `json:"secondary_signers"`
		Type                     string              `json:"type"`
	}{m.s.Sender, m.s.SecondarySignerAddresses, m.s.SecondarySigners, m.s.Type})
}

type feePayerJSON struct{ s *signatureJSON }

func (f feePayerJSON) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Sender                   *signatureJSON      `json:"sender"`
		SecondarySignerAddresses []ledgerapi.Address `json:"secondary_signer_addresses"`
		SecondarySigners         []*signatureJSON    `json:"secondary_signers"`
		FeePayerAddress          *ledgerapi.Address  `json:"fee_payer_address"`
		FeePayerSigner           *signatureJSON      `json:"fee_payer_signer"`
		Type                     string              `json:"type"`
	}{f.s.Sender, f.s.SecondarySignerAddresses, f.s.SecondarySigners, f.s.FeePayerAddress, f.s.FeePayerSigner, f.s.Type})
}

func accountSignatureJSON(a *AccountAuthenticator) *signatureJSON {
	switch a.Variant {
	case AccountEd25519:
		return &signatureJSON{PublicKey: ledgerapi.HexBytes(a.PublicKey), Signature: ledgerapi.HexBytes(a.Signature), Type: "ed25519_signature"}
	case AccountMultiEd25519:
		return multiEd25519JSON(a.PublicKey, a.Signature)
	case AccountSingleKey:
		return &signatureJSON{
			PublicKey: PublicKeyJSON{Value: a.SingleKey.PublicKey.Key, Type: a.SingleKey.PublicKey.Scheme.String()},
			Signature: SignatureValueJSON{Value: a.SingleKey.Signature.Sig, Type: a.SingleKey.Signature.Scheme.String()},
			Type:      "single_key_signature",
		}
	case AccountMultiKey:
		m := a.MultiKey
		keys := make([]PublicKeyJSON, len(m.PublicKeys))
		for i, k := range m.PublicKeys {
			keys[i] = PublicKeyJSON{Value: k.Key, Type: k.Scheme.String()}
		}
		// As the node renders it: the set positions of the bitmap paired
		// with the signatures in order, as many as both lists have (they
		// differ only in a transaction that does not verify, e.g. one
		// shown by simulation).
		idx := multiKeyIndices(m.Bitmap, len(m.Signatures))
		sigs := make([]IndexedSignatureJSON, min(len(idx), len(m.Signatures)))
		for i := range sigs {
			s := m.Signatures[i]
			sigs[i] = IndexedSignatureJSON{Index: uint8(idx[i]), Signature: SignatureValueJSON{Value: s.Sig, Type: s.Scheme.String()}}
		}
		req := m.SignaturesRequired
		return &signatureJSON{PublicKeys: keys, Signatures: sigs, SignaturesRequired: &req, Type: "multi_key_signature"}
	case AccountAbstraction:
		x := a.Abstraction
		return &signatureJSON{FunctionInfo: x.FunctionInfo.String(), AuthData: abstractionAuthData(x), Type: "abstract_signature"}
	}
	return &signatureJSON{Type: "no_account_signature"}
}

// multiKeyIndices returns the first (at most limit) set positions of bitmap.
func multiKeyIndices(bitmap []byte, limit int) []int {
	var out []int
	for i := 0; i < len(bitmap) && len(out) < limit; i++ {
		for j := 0; j < 8 && len(out) < limit; j++ {
			if bitmap[i]&(0x80>>j) != 0 {
				out = append(out, 8*i+j)
			}
		}
	}
	return out
}

func multiEd25519JSON(pub, sig []byte) *signatureJSON {
	var keys, sigs []ledgerapi.HexBytes
	var threshold uint8
	if len(pub) > 0 {
		threshold = pub[len(pub)-1]
		for i := 0; i+32 <= len(pub)-1; i += 32 {
			keys = append(keys, pub[i:i+32])
		}
	}
	var bitmap []byte
	if len(sig) >= 4 {
		bitmap = sig[len(sig)-4:]
		for i := 0; i+64 <= len(sig)-4; i += 64 {
			sigs = append(sigs, sig[i:i+64])
		}
	}
	return &signatureJSON{PublicKeys: keys, Signatures: sigs, Threshold: &threshold, Bitmap: bitmap, Type: "multi_ed25519_signature"}
}

// AuthDataBCS is the BCS of the authenticator's AbstractionAuthData (the
// value 0x1::auth_data::AbstractionAuthData reads).
func (x *AbstractionAuthenticator) AuthDataBCS() []byte { return abstractionAuthData(x) }

// abstractionAuthData is the BCS of the abstraction auth data enum.
func abstractionAuthData(x *AbstractionAuthenticator) ledgerapi.HexBytes {
	e := bcs.NewEncoder(64)
	if x.Derivable {
		e.Variant(1)
		e.WriteBytes(x.Digest)
		e.WriteBytes(x.AbstractSignature)
		e.WriteBytes(x.AbstractPublicKey)
	} else {
		e.Variant(0)
		e.WriteBytes(x.Digest)
		e.WriteBytes(x.Authenticator)
	}
	return e.Bytes()
}
