package crypto

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
)

// MaxWebAuthnSignatureBytes caps signature + authenticator data + client data
// JSON of one WebAuthn assertion (aptos-core MAX_WEBAUTHN_SIGNATURE_BYTES).
const MaxWebAuthnSignatureBytes = 1024

// VerifyWebAuthn verifies a WebAuthn (passkey) assertion made with a P-256
// key, as AnySignature::WebAuthn is checked by the node
// (aptos-core types/src/transaction/webauthn.rs):
//   - len(sig)+len(authenticatorData)+len(clientDataJSON) ≤ 1024;
//   - clientDataJSON is a JSON object with string fields "type" (one of
//     webauthn.get, webauthn.create, payment.get), "challenge" and "origin";
//   - the challenge, base64url (or base64) decoded, equals
//     sha3_256(signingMessage), where signingMessage is salt ‖ bcs(raw txn);
//   - sig (r ‖ s, low S) verifies under pub over authenticatorData ‖
//     SHA-256(clientDataJSON), hashed with SHA-256 (VerifySecp256r1).
func VerifyWebAuthn(pub, signingMessage, sig, authenticatorData, clientDataJSON []byte) error {
	if n := len(sig) + len(authenticatorData) + len(clientDataJSON); n > MaxWebAuthnSignatureBytes {
		return invalid("webauthn: assertion is %d bytes, at most %d allowed", n, MaxWebAuthnSignatureBytes)
	}
	var cd struct {
		Type      *string `json:"type"`
		Challenge *string `json:"challenge"`
		Origin    *string `json:"origin"`
	}
	if err := json.Unmarshal(clientDataJSON, &cd); err != nil {
		return invalid("webauthn: client data is not a JSON object: %v", err)
	}
	if cd.Type == nil || cd.Challenge == nil || cd.Origin == nil {
		return invalid("webauthn: client data lacks one of type, challenge, origin")
	}
	switch *cd.Type {
	case "webauthn.get", "webauthn.create", "payment.get":
	default:
		return invalid("webauthn: client data type %q is not a WebAuthn type", *cd.Type)
	}
	challenge, ok := decodeBase64Any(*cd.Challenge)
	if !ok {
		return invalid("webauthn: challenge is not base64url")
	}
	want := SHA3_256(signingMessage)
	if subtle.ConstantTimeCompare(challenge, want[:]) != 1 {
		return invalid("webauthn: challenge is not sha3_256 of the signing message")
	}
	cdHash := sha256.Sum256(clientDataJSON)
	data := make([]byte, 0, len(authenticatorData)+len(cdHash))
	data = append(append(data, authenticatorData...), cdHash[:]...)
	return VerifySecp256r1(pub, data, sig)
}

// decodeBase64Any decodes base64url, then standard base64, each with or
// without padding, as the passkey-types Bytes parser accepts both alphabets.
func decodeBase64Any(s string) ([]byte, bool) {
	for _, enc := range []*base64.Encoding{base64.RawURLEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.StdEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, true
		}
	}
	return nil, false
}
