package crypto

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"io"
	"strings"
	"unicode/utf8"
)

// MaxWebAuthnSignatureBytes caps signature + authenticator data + client data
// JSON of one WebAuthn assertion (aptos-core MAX_WEBAUTHN_SIGNATURE_BYTES).
const MaxWebAuthnSignatureBytes = 1024

// VerifyWebAuthn verifies a WebAuthn (passkey) assertion made with a P-256
// key, as AnySignature::WebAuthn is checked by the node
// (aptos-core types/src/transaction/webauthn.rs):
//   - len(sig)+len(authenticatorData)+len(clientDataJSON) ≤ 1024;
//   - clientDataJSON parses as passkey-types' CollectedClientData (see
//     parseClientData): its "type" is one of webauthn.get, webauthn.create
//     or payment.get (all three are accepted; the node does not insist on
//     webauthn.get), and "challenge" and "origin" are strings;
//   - the challenge, base64url (or base64) decoded, equals
//     sha3_256(signingMessage), where signingMessage is salt ‖ bcs(raw txn);
//   - sig (r ‖ s, low S) verifies under pub over authenticatorData ‖
//     SHA-256(clientDataJSON), hashed with SHA-256 (VerifySecp256r1).
//
// The origin, the authenticator data's flags and counter are not checked.
func VerifyWebAuthn(pub, signingMessage, sig, authenticatorData, clientDataJSON []byte) error {
	if n := len(sig) + len(authenticatorData) + len(clientDataJSON); n > MaxWebAuthnSignatureBytes {
		return invalid("webauthn: assertion is %d bytes, at most %d allowed", n, MaxWebAuthnSignatureBytes)
	}
	challengeText, err := parseClientData(clientDataJSON)
	if err != nil {
		return err
	}
	challenge, ok := decodeChallenge(challengeText)
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

// webAuthnTypes are the client data types passkey-types 0.2 (the version
// the node uses) knows; any other value fails deserialization.
var webAuthnTypes = map[string]bool{"webauthn.get": true, "webauthn.create": true, "payment.get": true}

// parseClientData reads client data JSON the way serde_json reads it into
// passkey-types' CollectedClientData, and returns the challenge text. The
// input must be valid UTF-8 holding exactly one JSON object (surrounding
// whitespace aside) whose keys are matched case-sensitively: "type",
// "challenge" and "origin" are required strings, "crossOrigin" is an
// optional boolean or null, none of the four may appear twice, and any
// other key may hold any JSON value. A \u escape naming half a surrogate
// pair is rejected, as serde_json does (Go would substitute U+FFFD).
func parseClientData(raw []byte) (string, error) {
	if !utf8.Valid(raw) {
		return "", invalid("webauthn: client data is not valid UTF-8")
	}
	if err := checkSurrogateEscapes(raw); err != nil {
		return "", err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", invalid("webauthn: client data is not a JSON object")
	}
	fields := map[string]string{}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", invalid("webauthn: client data is not valid JSON: %v", err)
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return "", invalid("webauthn: client data is not valid JSON: %v", err)
		}
		switch key {
		case "type", "challenge", "origin", "crossOrigin":
		default:
			continue
		}
		if seen[key] {
			return "", invalid("webauthn: client data has the field %q twice", key)
		}
		seen[key] = true
		if key == "crossOrigin" {
			var b *bool
			if err := json.Unmarshal(val, &b); err != nil {
				return "", invalid("webauthn: client data field crossOrigin is not a boolean")
			}
			continue
		}
		var s string
		if val[0] != '"' || json.Unmarshal(val, &s) != nil {
			return "", invalid("webauthn: client data field %s is not a string", key)
		}
		fields[key] = s
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return "", invalid("webauthn: client data is not a JSON object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", invalid("webauthn: client data has bytes after its JSON object")
	}
	for _, k := range []string{"type", "challenge", "origin"} {
		if !seen[k] {
			return "", invalid("webauthn: client data lacks one of type, challenge, origin (no %s)", k)
		}
	}
	if !webAuthnTypes[fields["type"]] {
		return "", invalid("webauthn: client data type %q is not a WebAuthn type", fields["type"])
	}
	return fields["challenge"], nil
}

// checkSurrogateEscapes rejects a JSON string escape \uD800–\uDFFF that is
// not a high surrogate immediately followed by an escaped low surrogate.
func checkSurrogateEscapes(raw []byte) error {
	inString := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case !inString:
			inString = c == '"'
		case c == '"':
			inString = false
		case c == '\\' && i+1 < len(raw) && raw[i+1] == 'u':
			r, ok := hex4(raw, i+2)
			if !ok || r < 0xD800 || r > 0xDFFF {
				i += 1
				continue
			}
			low, ok := rune(0), false
			if r < 0xDC00 && i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
				low, ok = hex4(raw, i+8)
			}
			if !ok || low < 0xDC00 || low > 0xDFFF {
				return invalid("webauthn: client data has a lone UTF-16 surrogate escape")
			}
			i += 11
		case c == '\\':
			i++ // the escaped character
		}
	}
	return nil
}

// hex4 reads the four hex digits at raw[i:i+4].
func hex4(raw []byte, i int) (rune, bool) {
	if i+4 > len(raw) {
		return 0, false
	}
	var r rune
	for _, c := range raw[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// decodeChallenge decodes the challenge as passkey-types' Bytes parser
// does: trailing '=' are dropped, then base64url without padding is tried
// (non-zero trailing bits allowed), then standard base64 without padding
// (trailing bits must be zero). Line breaks, which Go's decoders would
// skip, make it fail.
func decodeChallenge(s string) ([]byte, bool) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, false
	}
	s = strings.TrimRight(s, "=")
	if b, err := base64.RawURLEncoding.DecodeString(s); err == nil {
		return b, true
	}
	if b, err := base64.RawStdEncoding.Strict().DecodeString(s); err == nil {
		return b, true
	}
	return nil, false
}
