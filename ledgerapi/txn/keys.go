package txn

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// PublicKeyScheme is the BCS variant of AnyPublicKey.
type PublicKeyScheme uint32

// Public key schemes.
const (
	KeyEd25519          PublicKeyScheme = 0
	KeySecp256k1        PublicKeyScheme = 1
	KeySecp256r1        PublicKeyScheme = 2
	KeyKeyless          PublicKeyScheme = 3
	KeyFederatedKeyless PublicKeyScheme = 4
	KeySlhDsaSha2_128s  PublicKeyScheme = 5
	numKeySchemes                       = 6
)

// keySchemeNames are the JSON names of the public key schemes.
var keySchemeNames = [numKeySchemes]string{"ed25519", "secp256k1_ecdsa", "secp256r1_ecdsa", "keyless", "federated_keyless", "slh_dsa__sha2_128s"}

// String returns the JSON name of the scheme.
func (s PublicKeyScheme) String() string {
	if s < numKeySchemes {
		return keySchemeNames[s]
	}
	return "unknown"
}

// SignatureScheme is the BCS variant of AnySignature.
type SignatureScheme uint32

// Signature schemes.
const (
	SigEd25519         SignatureScheme = 0
	SigSecp256k1       SignatureScheme = 1
	SigWebAuthn        SignatureScheme = 2
	SigKeyless         SignatureScheme = 3
	SigSlhDsaSha2_128s SignatureScheme = 4
	numSigSchemes                      = 5
)

var sigSchemeNames = [numSigSchemes]string{"ed25519", "secp256k1_ecdsa", "web_authn", "keyless", "slh_dsa__sha2_128s"}

// String returns the JSON name of the scheme.
func (s SignatureScheme) String() string {
	if s < numSigSchemes {
		return sigSchemeNames[s]
	}
	return "unknown"
}

// Key and signature sizes of the byte-string schemes.
var (
	keySizes = map[PublicKeyScheme]int{KeyEd25519: 32, KeySecp256k1: 65, KeySecp256r1: 65, KeySlhDsaSha2_128s: 32}
	sigSizes = map[SignatureScheme]int{SigEd25519: 64, SigSecp256k1: 64, SigSlhDsaSha2_128s: 7856}
)

// AnyPublicKey is a public key tagged with its scheme.
//
// Key holds the raw key bytes for ed25519, secp256k1, secp256r1 and
// SLH-DSA keys. For keyless and federated keyless keys it holds the BCS of
// the key structure (that is also what the JSON "value" shows).
type AnyPublicKey struct {
	Scheme PublicKeyScheme
	Key    []byte
}

// AnySignature is a signature tagged with its scheme.
//
// Sig holds the raw signature for ed25519, secp256k1 and SLH-DSA; for
// WebAuthn and keyless it holds the BCS of the signature structure
// (keyless.go); this node does not verify keyless signatures.
type AnySignature struct {
	Scheme SignatureScheme
	Sig    []byte
}

// MarshalBCS writes the scheme and the key.
func (k *AnyPublicKey) MarshalBCS(e *bcs.Encoder) {
	e.Variant(uint32(k.Scheme))
	if _, sized := keySizes[k.Scheme]; sized {
		e.WriteBytes(k.Key)
	} else {
		e.Fixed(k.Key)
	}
}

// UnmarshalBCS reads a scheme-tagged key, checking sizes.
func (k *AnyPublicKey) UnmarshalBCS(d *bcs.Decoder) {
	s := d.Variant("AnyPublicKey", numKeySchemes)
	if d.Failed() {
		return
	}
	k.Scheme = PublicKeyScheme(s)
	if size, sized := keySizes[k.Scheme]; sized {
		k.Key = readSized(d, "AnyPublicKey."+k.Scheme.String(), size)
		return
	}
	start := d.Offset()
	if k.Scheme == KeyFederatedKeyless {
		var jwk [32]byte
		d.Fixed(jwk[:], "FederatedKeylessPublicKey.jwk_addr")
	}
	skipKeylessKey(d)
	k.Key = captured(d, start)
}

// skipKeylessKey reads a keyless public key {iss_val: String, idc: bytes}.
func skipKeylessKey(d *bcs.Decoder) {
	d.String("KeylessPublicKey.iss_val")
	idc := d.ReadBytes("KeylessPublicKey.idc")
	if !d.Failed() && len(idc) != 32 {
		d.Failf(bcs.ErrLength, "KeylessPublicKey.idc", "want 32 bytes, got %d", len(idc))
	}
}

// captured returns a copy of the bytes consumed since start.
func captured(d *bcs.Decoder, start int) []byte {
	if d.Failed() {
		return nil
	}
	return d.Since(start)
}

// MarshalBCS writes the scheme and the signature.
func (s *AnySignature) MarshalBCS(e *bcs.Encoder) {
	e.Variant(uint32(s.Scheme))
	if _, sized := sigSizes[s.Scheme]; sized {
		e.WriteBytes(s.Sig)
	} else {
		e.Fixed(s.Sig)
	}
}

// UnmarshalBCS reads a scheme-tagged signature, checking sizes.
func (s *AnySignature) UnmarshalBCS(d *bcs.Decoder) {
	v := d.Variant("AnySignature", numSigSchemes)
	if d.Failed() {
		return
	}
	s.Scheme = SignatureScheme(v)
	if size, sized := sigSizes[s.Scheme]; sized {
		s.Sig = readSized(d, "AnySignature."+s.Scheme.String(), size)
		return
	}
	switch s.Scheme {
	case SigWebAuthn:
		start := d.Offset()
		readWebAuthnAssertion(d)
		s.Sig = captured(d, start)
	case SigKeyless:
		start := d.Offset()
		readKeylessSignature(d)
		s.Sig = captured(d, start)
	}
}

// WebAuthnAssertion is the PartialAuthenticatorAssertionResponse an
// AnySignature of scheme web_authn carries (its Sig is the BCS of this):
// the AssertionSignature enum, whose only variant 0 is a secp256r1 ECDSA
// signature r ‖ s (64 bytes), then the authenticator data and the client
// data JSON, each a length-prefixed byte string, exactly as the
// authenticator returned them.
type WebAuthnAssertion struct {
	Signature         []byte
	AuthenticatorData []byte
	ClientDataJSON    []byte
}

// ParseWebAuthnAssertion decodes the BCS of a
// PartialAuthenticatorAssertionResponse, which must be consumed exactly.
func ParseWebAuthnAssertion(b []byte) (*WebAuthnAssertion, error) {
	d := bcs.NewDecoder(b)
	a := readWebAuthnAssertion(d)
	if err := d.Finish(); err != nil {
		return nil, err
	}
	return a, nil
}

func readWebAuthnAssertion(d *bcs.Decoder) *WebAuthnAssertion {
	a := new(WebAuthnAssertion)
	d.Variant("AssertionSignature", 1) // Secp256r1Ecdsa
	a.Signature = readSized(d, "AssertionSignature.secp256r1_ecdsa", 64)
	a.AuthenticatorData = d.ReadBytes("PartialAuthenticatorAssertionResponse.authenticator_data")
	a.ClientDataJSON = d.ReadBytes("PartialAuthenticatorAssertionResponse.client_data_json")
	return a
}

// Bytes returns the BCS of the assertion (an AnySignature's Sig).
func (a *WebAuthnAssertion) Bytes() []byte {
	e := bcs.NewEncoder(8 + len(a.Signature) + len(a.AuthenticatorData) + len(a.ClientDataJSON))
	e.Variant(0)
	e.WriteBytes(a.Signature)
	e.WriteBytes(a.AuthenticatorData)
	e.WriteBytes(a.ClientDataJSON)
	return e.Bytes()
}
