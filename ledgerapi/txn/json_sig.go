package txn

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// authenticator converts a JSON transaction signature.
func (s *SignatureRequest) authenticator() (*TransactionAuthenticator, error) {
	const path = "signature"
	switch s.Type {
	case "ed25519_signature", "multi_ed25519_signature":
		acc, err := s.account(path)
		if err != nil {
			return nil, err
		}
		v := AuthEd25519
		if acc.Variant == AccountMultiEd25519 {
			v = AuthMultiEd25519
		}
		return &TransactionAuthenticator{Variant: v, Sender: *acc}, nil
	case "single_sender":
		acc, err := s.singleSenderAccount(path)
		if err != nil {
			return nil, err
		}
		return &TransactionAuthenticator{Variant: AuthSingleSender, Sender: *acc}, nil
	case "multi_agent_signature", "fee_payer_signature":
		return s.multiAgent(path)
	case "no_account_signature":
		return &TransactionAuthenticator{Variant: AuthSingleSender, Sender: AccountAuthenticator{Variant: AccountNoAccount}}, nil
	case "":
		return nil, fmt.Errorf("%s: missing required field type", path)
	}
	return nil, fmt.Errorf("%s: unknown signature type %q", path, truncate(s.Type))
}

func (s *SignatureRequest) multiAgent(path string) (*TransactionAuthenticator, error) {
	out := &TransactionAuthenticator{Variant: AuthMultiAgent}
	if s.Sender == nil {
		return nil, fmt.Errorf("%s: missing required field sender", path)
	}
	if s.SecondarySignerAddresses == nil || s.SecondarySigners == nil {
		return nil, fmt.Errorf("%s: missing required fields secondary_signer_addresses and secondary_signers", path)
	}
	if len(s.SecondarySignerAddresses) != len(s.SecondarySigners) {
		return nil, fmt.Errorf("%s: %d secondary_signer_addresses but %d secondary_signers", path, len(s.SecondarySignerAddresses), len(s.SecondarySigners))
	}
	if len(s.SecondarySigners) > MaxSignatures {
		return nil, fmt.Errorf("%s: %d secondary signers, at most %d", path, len(s.SecondarySigners), MaxSignatures)
	}
	sender, err := s.Sender.account(path + ".sender")
	if err != nil {
		return nil, err
	}
	out.Sender = *sender
	out.SecondaryAddresses = s.SecondarySignerAddresses
	out.SecondarySigners = make([]AccountAuthenticator, len(s.SecondarySigners))
	for i, sg := range s.SecondarySigners {
		if sg == nil {
			return nil, fmt.Errorf("%s.secondary_signers[%d]: null signature", path, i)
		}
		acc, err := sg.account(fmt.Sprintf("%s.secondary_signers[%d]", path, i))
		if err != nil {
			return nil, err
		}
		out.SecondarySigners[i] = *acc
	}
	if s.Type == "fee_payer_signature" {
		if s.FeePayerAddress == nil || s.FeePayerSigner == nil {
			return nil, fmt.Errorf("%s: missing required fields fee_payer_address and fee_payer_signer", path)
		}
		fp, err := s.FeePayerSigner.account(path + ".fee_payer_signer")
		if err != nil {
			return nil, err
		}
		out.Variant = AuthFeePayer
		out.FeePayerAddress = *s.FeePayerAddress
		out.FeePayer = *fp
	}
	if n := out.NumSignatures(); n > MaxSignatures {
		return nil, fmt.Errorf("%s: %d signatures, at most %d", path, n, MaxSignatures)
	}
	return out, nil
}

// singleSenderAccount infers the inner account signature of a single_sender
// signature from its fields, since its own type tag is not shown.
func (s *SignatureRequest) singleSenderAccount(path string) (*AccountAuthenticator, error) {
	inner := *s
	switch {
	case s.PublicKeys != nil && s.SignaturesRequired != nil:
		inner.Type = "multi_key_signature"
	case s.PublicKeys != nil:
		inner.Type = "multi_ed25519_signature"
	case len(s.PublicKey) > 0 && strings.HasPrefix(strings.TrimSpace(string(s.PublicKey)), "{"):
		inner.Type = "single_key_signature"
	case len(s.PublicKey) > 0:
		inner.Type = "ed25519_signature"
	case s.FunctionInfo != nil:
		inner.Type = "abstract_signature"
	default:
		inner.Type = "no_account_signature"
	}
	return inner.account(path)
}

// account converts a JSON account signature.
func (s *SignatureRequest) account(path string) (*AccountAuthenticator, error) {
	switch s.Type {
	case "ed25519_signature":
		pk, err := hexField(s.PublicKey, path+".public_key", crypto.Ed25519PublicKeyLength)
		if err != nil {
			return nil, err
		}
		sig, err := hexField(s.Signature, path+".signature", crypto.Ed25519SignatureLength)
		if err != nil {
			return nil, err
		}
		return &AccountAuthenticator{Variant: AccountEd25519, PublicKey: pk, Signature: sig}, nil
	case "multi_ed25519_signature":
		return s.multiEd25519(path)
	case "single_key_signature":
		pk, err := anyPublicKey(s.PublicKey, path+".public_key")
		if err != nil {
			return nil, err
		}
		sig, err := anySignature(s.Signature, path+".signature")
		if err != nil {
			return nil, err
		}
		// The node's input check of a secp256r1 key with a WebAuthn
		// signature (WebAuthnSignature::verify in the API) bounds the
		// assertion's bytes.
		if sig.Scheme == SigWebAuthn && len(sig.Sig) > crypto.MaxWebAuthnSignatureBytes {
			return nil, fmt.Errorf("%s.signature.value: the WebAuthn signature is %d bytes, at most %d", path, len(sig.Sig), crypto.MaxWebAuthnSignatureBytes)
		}
		return &AccountAuthenticator{Variant: AccountSingleKey, SingleKey: &SingleKeyAuthenticator{PublicKey: pk, Signature: sig}}, nil
	case "multi_key_signature":
		return s.multiKey(path)
	case "no_account_signature":
		return &AccountAuthenticator{Variant: AccountNoAccount}, nil
	case "abstract_signature", "abstraction_signature":
		return s.abstraction(path)
	case "":
		return nil, fmt.Errorf("%s: missing required field type", path)
	}
	return nil, fmt.Errorf("%s: unknown account signature type %q", path, truncate(s.Type))
}

func (s *SignatureRequest) multiEd25519(path string) (*AccountAuthenticator, error) {
	if s.Threshold == nil || s.Bitmap == nil {
		return nil, fmt.Errorf("%s: missing required fields threshold and bitmap", path)
	}
	n, m := len(s.PublicKeys), len(s.Signatures)
	if n == 0 || n > MaxSignatures {
		return nil, fmt.Errorf("%s.public_keys: %d keys, want 1..%d", path, n, MaxSignatures)
	}
	if m == 0 || m > n {
		return nil, fmt.Errorf("%s.signatures: %d signatures for %d keys", path, m, n)
	}
	if *s.Threshold == 0 || int(*s.Threshold) > n {
		return nil, fmt.Errorf("%s.threshold: %d is not within 1..%d", path, *s.Threshold, n)
	}
	if len(*s.Bitmap) != 4 {
		return nil, fmt.Errorf("%s.bitmap: want 4 bytes, got %d", path, len(*s.Bitmap))
	}
	pub := make([]byte, 0, 32*n+1)
	for i, k := range s.PublicKeys {
		b, err := hexField(k, fmt.Sprintf("%s.public_keys[%d]", path, i), 32)
		if err != nil {
			return nil, err
		}
		pub = append(pub, b...)
	}
	pub = append(pub, *s.Threshold)
	sig := make([]byte, 0, 64*m+4)
	for i, x := range s.Signatures {
		b, err := hexField(x, fmt.Sprintf("%s.signatures[%d]", path, i), 64)
		if err != nil {
			return nil, err
		}
		sig = append(sig, b...)
	}
	sig = append(sig, *s.Bitmap...)
	return &AccountAuthenticator{Variant: AccountMultiEd25519, PublicKey: pub, Signature: sig}, nil
}

func (s *SignatureRequest) multiKey(path string) (*AccountAuthenticator, error) {
	n := len(s.PublicKeys)
	if n == 0 || n > MaxSignatures {
		return nil, fmt.Errorf("%s.public_keys: %d keys, want 1..%d", path, n, MaxSignatures)
	}
	if s.SignaturesRequired == nil || *s.SignaturesRequired == 0 || int(*s.SignaturesRequired) > n {
		return nil, fmt.Errorf("%s.signatures_required: must be within 1..%d", path, n)
	}
	// The node's own input checks (MultiKeySignature::verify in the API):
	// at least one signature, and exactly signatures_required of them.
	if len(s.Signatures) == 0 || len(s.Signatures) != int(*s.SignaturesRequired) {
		return nil, fmt.Errorf("%s.signatures: %d signatures, want exactly signatures_required (%d)", path, len(s.Signatures), *s.SignaturesRequired)
	}
	m := &MultiKeyAuthenticator{SignaturesRequired: *s.SignaturesRequired, PublicKeys: make([]AnyPublicKey, n)}
	for i, k := range s.PublicKeys {
		var err error
		if m.PublicKeys[i], err = anyPublicKey(k, fmt.Sprintf("%s.public_keys[%d]", path, i)); err != nil {
			return nil, err
		}
	}
	last := -1
	var indices []int
	for i, raw := range s.Signatures {
		p := fmt.Sprintf("%s.signatures[%d]", path, i)
		var is struct {
			Index     *int            `json:"index"`
			Signature json.RawMessage `json:"signature"`
		}
		if err := DecodeJSON(raw, &is); err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		if is.Index == nil || *is.Index <= last || *is.Index >= n {
			return nil, fmt.Errorf("%s.index: indices must increase and stay below %d", p, n)
		}
		last = *is.Index
		indices = append(indices, *is.Index)
		sig, err := anySignature(is.Signature, p+".signature")
		if err != nil {
			return nil, err
		}
		m.Signatures = append(m.Signatures, sig)
	}
	// The node builds the bitmap for ⌈keys/8⌉ bytes (MultiKeyAuthenticator::new),
	// so the transaction and its hash are the ones it would make.
	m.Bitmap = crypto.BitVecFrom(n, indices)
	return &AccountAuthenticator{Variant: AccountMultiKey, MultiKey: m}, nil
}

func (s *SignatureRequest) abstraction(path string) (*AccountAuthenticator, error) {
	if s.FunctionInfo == nil || s.AuthData == nil {
		return nil, fmt.Errorf("%s: missing required fields function_info and auth_data", path)
	}
	fn, err := ledgerapi.ParseEntryFunctionId(*s.FunctionInfo)
	if err != nil {
		return nil, fmt.Errorf("%s.function_info: %v", path, err)
	}
	x := &AbstractionAuthenticator{FunctionInfo: FunctionInfo{ModuleAddress: fn.Module.Address, ModuleName: fn.Module.Name, FunctionName: fn.Name}}
	d := bcs.NewDecoder(*s.AuthData)
	x.Derivable = d.Variant("AbstractionAuthData", 2) == 1
	x.Digest = d.ReadBytes("signing_message_digest")
	if x.Derivable {
		x.AbstractSignature = d.ReadBytes("abstract_signature")
		x.AbstractPublicKey = d.ReadBytes("abstract_public_key")
	} else {
		x.Authenticator = d.ReadBytes("authenticator")
	}
	if err := d.Finish(); err != nil {
		return nil, fmt.Errorf("%s.auth_data: %v", path, err)
	}
	return &AccountAuthenticator{Variant: AccountAbstraction, Abstraction: x}, nil
}

// hexField decodes a JSON hex string of exactly size bytes (any size if size < 0).
func hexField(raw json.RawMessage, path string, size int) ([]byte, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, fmt.Errorf("missing required field %s", path)
	}
	var h ledgerapi.HexBytes
	if err := json.Unmarshal(raw, &h); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if size >= 0 && len(h) != size {
		return nil, fmt.Errorf("%s: want %d bytes, got %d", path, size, len(h))
	}
	return h, nil
}

type taggedJSON struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

func anyPublicKey(raw json.RawMessage, path string) (AnyPublicKey, error) {
	var t taggedJSON
	if err := DecodeJSON(raw, &t); err != nil {
		return AnyPublicKey{}, fmt.Errorf("%s: %v", path, err)
	}
	for i, name := range keySchemeNames {
		if t.Type == name {
			k := AnyPublicKey{Scheme: PublicKeyScheme(i)}
			size, sized := keySizes[k.Scheme]
			if !sized {
				size = -1
			}
			var err error
			k.Key, err = hexField(t.Value, path+".value", size)
			if err == nil && !sized {
				// Structured keys must decode exactly.
				var check AnyPublicKey
				err = bcs.Unmarshal(append([]byte{byte(k.Scheme)}, k.Key...), &check)
			}
			return k, err
		}
	}
	return AnyPublicKey{}, fmt.Errorf("%s.type: unknown public key type %q", path, truncate(t.Type))
}

func anySignature(raw json.RawMessage, path string) (AnySignature, error) {
	var t taggedJSON
	if err := DecodeJSON(raw, &t); err != nil {
		return AnySignature{}, fmt.Errorf("%s: %v", path, err)
	}
	for i, name := range sigSchemeNames {
		if t.Type == name {
			s := AnySignature{Scheme: SignatureScheme(i)}
			size, sized := sigSizes[s.Scheme]
			if !sized {
				size = -1
			}
			var err error
			s.Sig, err = hexField(t.Value, path+".value", size)
			if err == nil && !sized {
				var check AnySignature
				err = bcs.Unmarshal(append([]byte{byte(s.Scheme)}, s.Sig...), &check)
			}
			return s, err
		}
	}
	return AnySignature{}, fmt.Errorf("%s.type: unknown signature type %q", path, truncate(t.Type))
}
