package handlers_test

import (
	"bytes"
	gocrypto "crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// fund sends amount octas from dev account 0 (sequence number seq) to addr
// and waits for the transfer to commit, which creates addr's account.
func (s *stack) fund(t *testing.T, seq uint64, addr ledgerapi.Address, amount uint64) {
	t.Helper()
	st := s.transfer(t, s.vm.DevAccounts()[0], seq, addr, amount)
	s.submitAndWait(t, st.Bytes(), st.Hash())
}

// submitAndWait posts signed BCS, expects 202 with hash, and waits for a
// successful commit.
func (s *stack) submitAndWait(t *testing.T, signed []byte, hash ledgerapi.HashValue) map[string]any {
	t.Helper()
	status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, signed)
	if status != 202 || body["hash"] != hash.String() {
		t.Fatalf("submit: %d %v (want hash %s)", status, body, hash)
	}
	return s.wait(t, hash)
}

func (s *stack) wait(t *testing.T, hash ledgerapi.HashValue) map[string]any {
	t.Helper()
	status, v := getAny(t, s.base+"/transactions/wait_by_hash/"+hash.String())
	m, _ := v.(map[string]any)
	if status != 200 || m["success"] != true {
		t.Fatalf("wait_by_hash %s: %d %v", hash, status, v)
	}
	return m
}

// expectInvalidSignature posts signed BCS and expects the node's
// INVALID_SIGNATURE rejection.
func expectInvalidSignature(t *testing.T, s *stack, signed []byte) {
	t.Helper()
	status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, signed)
	if status != 400 || body["error_code"] != "vm_error" || body["vm_error_code"] != float64(1) {
		t.Fatalf("want 400 vm_error INVALID_SIGNATURE (1), got %d %v", status, body)
	}
}

// TestMultiKeyShortBitmapSimulateAndCommit: a 2-of-3 MultiKey account
// simulates with zeroed signatures under a 1-byte bitmap, commits a
// transfer whose 1-byte bitmap is kept (the hash is the hash of the bytes
// sent), and is refused INVALID_SIGNATURE when the bitmap does not match.
func TestMultiKeyShortBitmapSimulateAndCommit(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	keys := []ed25519.PrivateKey{ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32)),
		ed25519.NewKeyFromSeed(bytes.Repeat([]byte{2}, 32)), ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, 32))}
	mk := &txn.MultiKeyAuthenticator{SignaturesRequired: 2}
	for _, k := range keys {
		mk.PublicKeys = append(mk.PublicKeys, txn.AnyPublicKey{Scheme: txn.KeyEd25519, Key: k.Public().(ed25519.PublicKey)})
	}
	acc := txn.AccountAuthenticator{Variant: txn.AccountMultiKey, MultiKey: mk}
	addr, _ := acc.AuthKey()
	s.fund(t, 0, addr, 100_000_000)
	to := s.vm.DevAccounts()[1].Address

	raw := txn.RawTransaction{Sender: addr, SequenceNumber: 0, Payload: vmstub.TransferPayload(to, 777),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4}
	build := func(bitmap []byte, sigs ...[]byte) []byte {
		m := *mk
		m.Bitmap = bitmap
		for _, sg := range sigs {
			m.Signatures = append(m.Signatures, txn.AnySignature{Scheme: txn.SigEd25519, Sig: sg})
		}
		return (&txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender,
			Sender: txn.AccountAuthenticator{Variant: txn.AccountMultiKey, MultiKey: &m}}}).Bytes()
	}

	// Simulation as the TypeScript SDK shapes it (every key, zeroed
	// signatures; here under a 1-byte bitmap) and as the Go SDK does (no
	// signatures, empty bitmap).
	zero := make([]byte, 64)
	for _, sim := range [][]byte{build([]byte{0xe0}, zero, zero, zero), build(nil)} {
		status, sims := postArray(t, s.base+"/transactions/simulate", sim)
		if status != 200 || len(sims) != 1 || sims[0]["success"] != true {
			t.Fatalf("simulate: %d %v", status, sims)
		}
	}

	msg := raw.SigningMessage()
	signed := build([]byte{0xa0}, ed25519.Sign(keys[0], msg), ed25519.Sign(keys[2], msg))
	if !bytes.HasSuffix(signed, []byte{0x01, 0xa0}) {
		t.Fatal("the transaction does not end with the 1-byte bitmap")
	}
	hash := ledgerapi.HashValue(crypto.SHA3_256(crypto.SaltTransaction[:], []byte{0}, signed))
	s.submitAndWait(t, signed, hash)
	_, v := getAny(t, s.base+"/transactions/by_hash/"+hash.String())
	sig := v.(map[string]any)["signature"].(map[string]any)
	got, _ := json.Marshal(sig["signatures"])
	if sig["type"] != "single_sender" || sig["signatures_required"] != float64(2) ||
		!bytes.Contains(got, []byte(`"index":0`)) || !bytes.Contains(got, []byte(`"index":2`)) {
		t.Fatalf("rendered signature: %v", sig)
	}

	raw.SequenceNumber = 1
	msg = raw.SigningMessage()
	expectInvalidSignature(t, s, build([]byte{0xe0}, ed25519.Sign(keys[0], msg), ed25519.Sign(keys[2], msg)))
}

// postArray posts signed BCS (to the simulate endpoint) and decodes the
// JSON array it answers.
func postArray(t *testing.T, url string, signed []byte) (int, []map[string]any) {
	t.Helper()
	resp, err := http.Post(url, ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(signed))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out []map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// TestWebAuthnTransactionCommits submits the TypeScript SDK's WebAuthn
// transaction (sdk_vectors.json) to a funded account: it commits, and GET
// by hash shows the signature as the node renders it. A second WebAuthn
// transaction submitted as JSON commits too; a tampered one is refused.
func TestWebAuthnTransactionCommits(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	signed, hash := webAuthnVector(t)
	st, err := txn.DecodeSignedTransaction(signed)
	if err != nil {
		t.Fatal(err)
	}
	sender := st.Raw.Sender
	if key, _ := st.Auth.Sender.AuthKey(); key != sender {
		t.Fatal("the vector's sender is not its single-key auth key")
	}
	s.fund(t, 0, sender, 100_000_000)

	tampered := bytes.Clone(signed)
	tampered[len(tampered)-20] ^= 0x01 // inside client_data_json
	expectInvalidSignature(t, s, tampered)

	s.submitAndWait(t, signed, hash)
	_, v := getAny(t, s.base+"/transactions/by_hash/"+hash.String())
	m := v.(map[string]any)
	sig := m["signature"].(map[string]any)
	pub := sig["public_key"].(map[string]any)
	as := sig["signature"].(map[string]any)
	sk := st.Auth.Sender.SingleKey
	if m["success"] != true || sig["type"] != "single_sender" ||
		pub["type"] != "secp256r1_ecdsa" || pub["value"] != ledgerapi.HexBytes(sk.PublicKey.Key).String() ||
		as["type"] != "web_authn" || as["value"] != ledgerapi.HexBytes(sk.Signature.Sig).String() {
		t.Fatalf("GET by hash: %v", m)
	}

	// Sequence number 1, signed here with the generator's fixed key and
	// submitted as JSON.
	raw := st.Raw
	raw.SequenceNumber = 1
	raw.ExpirationTimestampSecs = uint64(time.Now().Add(time.Minute).Unix())
	assertion := webAuthnSign(t, raw.SigningMessage())
	body := fmt.Sprintf(`{"sender":"%s","sequence_number":"1","max_gas_amount":"%d","gas_unit_price":"%d","expiration_timestamp_secs":"%d",`+
		`"payload":{"type":"entry_function_payload","function":"0x1::aptos_account::transfer","type_arguments":[],"arguments":["0xb0b","16000"]},`+
		`"signature":{"type":"single_sender","public_key":{"type":"secp256r1_ecdsa","value":"%s"},"signature":{"type":"web_authn","value":"%s"}}}`,
		sender, raw.MaxGasAmount, raw.GasUnitPrice, raw.ExpirationTimestampSecs,
		ledgerapi.HexBytes(sk.PublicKey.Key), ledgerapi.HexBytes(assertion))
	status, resp, _ := post(t, s.base+"/transactions", "application/json", []byte(body))
	if status != 202 {
		t.Fatalf("JSON submit: %d %v", status, resp)
	}
	var h ledgerapi.HashValue
	if err := h.UnmarshalText([]byte(resp["hash"].(string))); err != nil {
		t.Fatal(err)
	}
	s.wait(t, h)
}

func webAuthnVector(t *testing.T) ([]byte, ledgerapi.HashValue) {
	t.Helper()
	b, err := os.ReadFile("../ledgerapi/testdata/sdk_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Transactions []struct {
			Name   string              `json:"name"`
			Signed ledgerapi.HexBytes  `json:"signed_txn_bcs"`
			Hash   ledgerapi.HashValue `json:"hash"`
		} `json:"transactions"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	for _, c := range v.Transactions {
		if c.Name == "single_sender_webauthn_transfer" {
			return c.Signed, c.Hash
		}
	}
	t.Fatal("no single_sender_webauthn_transfer vector")
	return nil, ledgerapi.HashValue{}
}

// webAuthnSign makes the assertion a passkey holding the generator's fixed
// P-256 key (0xa7 repeated) returns for signingMessage, as the BCS of a
// PartialAuthenticatorAssertionResponse.
func webAuthnSign(t *testing.T, signingMessage []byte) []byte {
	t.Helper()
	key, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), bytes.Repeat([]byte{0xa7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	challenge := crypto.SHA3_256(signingMessage)
	a := &txn.WebAuthnAssertion{
		AuthenticatorData: append(sha256Of([]byte("localhost")), 0x05, 0, 0, 0, 0),
		ClientDataJSON: fmt.Appendf(nil, `{"type":"webauthn.get","challenge":"%s","origin":"http://localhost:5173","crossOrigin":false}`,
			base64.RawURLEncoding.EncodeToString(challenge[:])),
	}
	digest := sha256.Sum256(append(bytes.Clone(a.AuthenticatorData), sha256Of(a.ClientDataJSON)...))
	der, err := key.Sign(nil, digest[:], gocrypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	var rs struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(der, &rs); err != nil {
		t.Fatal(err)
	}
	if n := elliptic.P256().Params().N; rs.S.Cmp(new(big.Int).Rsh(n, 1)) > 0 {
		rs.S.Sub(n, rs.S)
	}
	a.Signature = make([]byte, 64)
	rs.R.FillBytes(a.Signature[:32])
	rs.S.FillBytes(a.Signature[32:])
	return a.Bytes()
}

func sha256Of(b []byte) []byte {
	h := sha256.Sum256(b)
	return h[:]
}
