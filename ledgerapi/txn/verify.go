package txn

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// Signer is one account that authorizes a transaction.
type Signer struct {
	Role    string // "sender", "secondary signer 0", "fee payer"
	Address ledgerapi.Address
	Auth    *AccountAuthenticator
}

// Signers lists the accounts that sign the transaction: the sender, then the
// secondary signers in order, then the fee payer.
func (s *SignedTransaction) Signers() []Signer {
	a := &s.Auth
	out := make([]Signer, 0, 2+len(a.SecondarySigners))
	out = append(out, Signer{Role: "sender", Address: s.Raw.Sender, Auth: &a.Sender})
	for i := range a.SecondarySigners {
		out = append(out, Signer{Role: fmt.Sprintf("secondary signer %d", i), Address: a.SecondaryAddresses[i], Auth: &a.SecondarySigners[i]})
	}
	if a.Variant == AuthFeePayer {
		out = append(out, Signer{Role: "fee payer", Address: a.FeePayerAddress, Auth: &a.FeePayer})
	}
	return out
}

// Verify checks every signature of the transaction against the message its
// signer must have signed. Single-signer transactions sign the raw
// transaction; multi-agent and fee-payer transactions sign the
// RawTransactionWithData, where the sender and secondary signers of a
// fee-payer transaction may have signed with the fee payer address left as
// 0x0 (what clients do before a sponsor is known).
//
// A failure wraps crypto.ErrInvalidSignature, or crypto.ErrUnsupported for a
// scheme this node cannot verify, and names the signer.
func (s *SignedTransaction) Verify() error {
	a := &s.Auth
	switch a.Variant {
	case AuthEd25519, AuthMultiEd25519, AuthSingleSender:
		return verifyRole("sender", &a.Sender, s.Raw.SigningMessage())
	case AuthMultiAgent:
		msg := s.Raw.MultiAgentSigningMessage(a.SecondaryAddresses, nil)
		for _, sg := range s.Signers() {
			if err := verifyRole(sg.Role, sg.Auth, msg); err != nil {
				return err
			}
		}
		return nil
	case AuthFeePayer:
		real := s.Raw.MultiAgentSigningMessage(a.SecondaryAddresses, &a.FeePayerAddress)
		zero := s.Raw.MultiAgentSigningMessage(a.SecondaryAddresses, &ledgerapi.AddressZero)
		for _, sg := range s.Signers() {
			if sg.Role == "fee payer" {
				if err := verifyRole(sg.Role, sg.Auth, real); err != nil {
					return err
				}
				continue
			}
			if err := verifyRole(sg.Role, sg.Auth, zero); err != nil {
				if err2 := verifyRole(sg.Role, sg.Auth, real); err2 != nil {
					return err2
				}
			}
		}
		return nil
	}
	return fmt.Errorf("%w: unknown authenticator variant %d", crypto.ErrInvalidSignature, a.Variant)
}

func verifyRole(role string, a *AccountAuthenticator, msg []byte) error {
	if err := a.Verify(msg); err != nil {
		return fmt.Errorf("%s: %w", role, err)
	}
	return nil
}

// Verify checks the account authenticator's signature over msg.
func (a *AccountAuthenticator) Verify(msg []byte) error {
	switch a.Variant {
	case AccountEd25519:
		return crypto.VerifyEd25519(a.PublicKey, msg, a.Signature)
	case AccountMultiEd25519:
		return crypto.VerifyMultiEd25519(a.PublicKey, msg, a.Signature)
	case AccountSingleKey:
		return verifyAny(&a.SingleKey.PublicKey, &a.SingleKey.Signature, msg)
	case AccountMultiKey:
		return a.MultiKey.verify(msg)
	case AccountNoAccount:
		return fmt.Errorf("%w: no_account_signature carries no signature; it is valid only for simulation", crypto.ErrInvalidSignature)
	case AccountAbstraction:
		// The Move function the account registered authenticates it when
		// the transaction runs; here only the digest is checked.
		x := a.Abstraction
		want := AASigningDigest(msg, x.FunctionInfo)
		if string(x.Digest) != string(want[:]) {
			return fmt.Errorf("%w: the signing message digest of the abstraction authenticator is not the expected one", crypto.ErrInvalidSignature)
		}
		return nil
	}
	return fmt.Errorf("%w: unknown account authenticator variant %d", crypto.ErrInvalidSignature, a.Variant)
}

func verifyAny(k *AnyPublicKey, s *AnySignature, msg []byte) error {
	switch {
	case k.Scheme == KeyEd25519 && s.Scheme == SigEd25519:
		return crypto.VerifyEd25519(k.Key, msg, s.Sig)
	case k.Scheme == KeySecp256k1 && s.Scheme == SigSecp256k1:
		return crypto.VerifySecp256k1(k.Key, msg, s.Sig)
	case s.Scheme == SigWebAuthn:
		return verifyWebAuthn(k, s.Sig, msg)
	case s.Scheme == SigKeyless, s.Scheme == SigSlhDsaSha2_128s,
		k.Scheme == KeyKeyless, k.Scheme == KeyFederatedKeyless, k.Scheme == KeySlhDsaSha2_128s:
		return fmt.Errorf("%w: verification of %s signatures with %s keys is not supported", crypto.ErrUnsupported, s.Scheme, k.Scheme)
	}
	return fmt.Errorf("%w: a %s signature cannot be checked with a %s key", crypto.ErrInvalidSignature, s.Scheme, k.Scheme)
}

// verifyWebAuthn checks a WebAuthn assertion (sig is the BCS of the
// PartialAuthenticatorAssertionResponse) over the signing message msg. As
// on the node, only a secp256r1 key can verify one.
func verifyWebAuthn(k *AnyPublicKey, sig, msg []byte) error {
	a, err := ParseWebAuthnAssertion(sig)
	if err != nil {
		return fmt.Errorf("%w: %v", crypto.ErrInvalidSignature, err)
	}
	if k.Scheme != KeySecp256r1 {
		return fmt.Errorf("%w: a web_authn signature needs a secp256r1_ecdsa key, not %s", crypto.ErrInvalidSignature, k.Scheme)
	}
	return crypto.VerifyWebAuthn(k.Key, msg, a.Signature, a.AuthenticatorData, a.ClientDataJSON)
}

// verify applies the node's MultiKey rules (aptos-core
// MultiKeyAuthenticator::to_single_key_authenticators), in its order: the
// bitmap marks at least one key, no position at or beyond the number of
// keys, exactly as many keys as there are signatures, and at least
// signatures_required of them; then the i-th signature is checked against
// the key of the i-th set position.
func (m *MultiKeyAuthenticator) verify(msg []byte) error {
	last := crypto.BitVecLast(m.Bitmap)
	if last < 0 {
		return fmt.Errorf("%w: multi-key bitmap marks no keys", crypto.ErrInvalidSignature)
	}
	if last >= len(m.PublicKeys) {
		return fmt.Errorf("%w: multi-key bitmap marks key %d but there are only %d keys", crypto.ErrInvalidSignature, last, len(m.PublicKeys))
	}
	// Every set position is below the key count (at most 32), so the
	// index list stays small whatever the bitmap's length.
	idx := crypto.BitVecIndices(m.Bitmap)
	if len(idx) != len(m.Signatures) {
		return fmt.Errorf("%w: multi-key bitmap marks %d keys but %d signatures are given", crypto.ErrInvalidSignature, len(idx), len(m.Signatures))
	}
	if len(idx) < int(m.SignaturesRequired) {
		return fmt.Errorf("%w: multi-key has %d signatures, %d required", crypto.ErrInvalidSignature, len(idx), m.SignaturesRequired)
	}
	for i, k := range idx {
		if err := verifyAny(&m.PublicKeys[k], &m.Signatures[i], msg); err != nil {
			return fmt.Errorf("multi-key signature %d (key %d): %w", i, k, err)
		}
	}
	return nil
}

// AuthKey returns the authentication key proven by this authenticator, and
// false when it proves none (no-account and abstraction authenticators).
func (a *AccountAuthenticator) AuthKey() (ledgerapi.Address, bool) {
	switch a.Variant {
	case AccountEd25519:
		return crypto.AuthKey(crypto.SchemeEd25519, a.PublicKey), true
	case AccountMultiEd25519:
		return crypto.AuthKey(crypto.SchemeMultiEd25519, a.PublicKey), true
	case AccountSingleKey:
		return crypto.AuthKey(crypto.SchemeSingleKey, bcs.Marshal(&a.SingleKey.PublicKey)), true
	case AccountMultiKey:
		e := bcs.NewEncoder(64)
		e.SeqLen(len(a.MultiKey.PublicKeys))
		for i := range a.MultiKey.PublicKeys {
			a.MultiKey.PublicKeys[i].MarshalBCS(e)
		}
		e.U8(a.MultiKey.SignaturesRequired)
		return crypto.AuthKey(crypto.SchemeMultiKey, e.Bytes()), true
	}
	return ledgerapi.Address{}, false
}

// saltAASigningData is Salt("AASigningData").
var saltAASigningData = crypto.Salt("AASigningData")

// AASigningDigest is the digest an account abstraction authenticator
// carries for a transaction whose signing message is msg:
// sha3-256(salt("AASigningData") ‖ BCS(AASigningData::V1 {
// original_signing_message: msg, function_info: fi })), as on Aptos.
func AASigningDigest(msg []byte, fi FunctionInfo) [32]byte {
	e := bcs.NewEncoder(len(msg) + 96)
	e.Fixed(saltAASigningData[:])
	e.Variant(0)
	e.WriteBytes(msg)
	fi.MarshalBCS(e)
	return crypto.SHA3_256(e.Bytes())
}
