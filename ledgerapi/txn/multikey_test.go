package txn

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// multiKeyTxn returns a 2-of-3 MultiKey transfer over ed25519 keys, signed
// by keys 0 and 2, and its BCS with the TypeScript SDK's 4-byte bitmap
// a0 00 00 00, which is the last field of the encoding.
func multiKeyTxn(t *testing.T) (*SignedTransaction, []byte) {
	t.Helper()
	keys := []ed25519.PrivateKey{testKey(11), testKey(12), testKey(13)}
	mk := &MultiKeyAuthenticator{SignaturesRequired: 2, Bitmap: []byte{0xa0, 0, 0, 0}}
	for _, k := range keys {
		mk.PublicKeys = append(mk.PublicKeys, AnyPublicKey{Scheme: KeyEd25519, Key: k.Public().(ed25519.PublicKey)})
	}
	acc := AccountAuthenticator{Variant: AccountMultiKey, MultiKey: mk}
	sender, _ := acc.AuthKey()
	raw := transferRaw(sender, 3, addrOf(testKey(14)), 9)
	msg := raw.SigningMessage()
	mk.Signatures = []AnySignature{{Scheme: SigEd25519, Sig: ed25519.Sign(keys[0], msg)}, {Scheme: SigEd25519, Sig: ed25519.Sign(keys[2], msg)}}
	st := &SignedTransaction{Raw: raw, Auth: TransactionAuthenticator{Variant: AuthSingleSender, Sender: acc}}
	b := st.Bytes()
	if !bytes.HasSuffix(b, []byte{4, 0xa0, 0, 0, 0}) {
		t.Fatalf("the encoding does not end with the 4-byte bitmap: %x", b[len(b)-8:])
	}
	return st, b
}

// withBitmap replaces the trailing 4-byte bitmap of a multiKeyTxn encoding
// by bitmap (its ULEB128 length written here, not by the encoder).
func withBitmap(base, bitmap []byte) []byte {
	out := bytes.Clone(base[:len(base)-5])
	for n := len(bitmap); ; n >>= 7 {
		if n < 0x80 {
			out = append(out, byte(n))
			break
		}
		out = append(out, byte(n)|0x80)
	}
	return append(out, bitmap...)
}

// TestMultiKeyBitmapLengths decodes MultiKey signatures whose bitmap has
// any length: the decoded transaction keeps the bitmap's exact bytes, so it
// re-encodes to the submitted bytes and its hash is the hash of those
// bytes; verification accepts every length that marks the right keys.
func TestMultiKeyBitmapLengths(t *testing.T) {
	_, base := multiKeyTxn(t)
	long := make([]byte, crypto.MaxBitVecBytes)
	long[0] = 0xa0
	cases := []struct {
		name, bitmap string
		raw          []byte
	}{
		{"1 byte (Go SDK, node JSON)", "a0", nil},
		{"2 bytes", "a000", nil},
		{"3 bytes", "a00000", nil},
		{"4 bytes (TS SDK)", "a0000000", nil},
		{"5 bytes, the fifth zero", "a000000000", nil},
		{"8192 bytes, the node's maximum", "", long},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bm := c.raw
			if bm == nil {
				bm = unhex(t, c.bitmap)
			}
			in := withBitmap(base, bm)
			st, err := DecodeSignedTransaction(in)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !bytes.Equal(st.Auth.Sender.MultiKey.Bitmap, bm) {
				t.Fatalf("decoded bitmap %x, submitted %x", st.Auth.Sender.MultiKey.Bitmap, bm)
			}
			if !bytes.Equal(st.Bytes(), in) {
				t.Fatal("re-encoding differs from the submitted bytes")
			}
			want := crypto.SHA3_256(crypto.SaltTransaction[:], []byte{0}, in)
			if st.Hash() != ledgerapi.HashValue(want) {
				t.Fatalf("hash %s is not sha3(salt ‖ 00 ‖ submitted bytes) %x", st.Hash(), want)
			}
			if err := st.Verify(); err != nil {
				t.Fatalf("Verify: %v", err)
			}
		})
	}
}

// TestMultiKeyBitmapRejections checks the node's MultiKey rules: the bitmap
// bytes decode whatever bits they hold (a simulation must get through), and
// verification rejects a bitmap that marks nothing, a key that does not
// exist, a count unequal to the signatures, or fewer than required.
func TestMultiKeyBitmapRejections(t *testing.T) {
	st, base := multiKeyTxn(t)
	oneSig := *st.Auth.Sender.MultiKey
	oneSig.Signatures = oneSig.Signatures[:1]
	oneSig.Bitmap = []byte{0x80}
	below := &SignedTransaction{Raw: st.Raw, Auth: TransactionAuthenticator{Variant: AuthSingleSender,
		Sender: AccountAuthenticator{Variant: AccountMultiKey, MultiKey: &oneSig}}}
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"empty bitmap", withBitmap(base, nil), "bitmap marks no keys"},
		{"all-zero bitmap", withBitmap(base, []byte{0, 0, 0, 0}), "bitmap marks no keys"},
		{"bit for a fourth key", withBitmap(base, []byte{0xb0}), "marks key 3 but there are only 3 keys"},
		{"bit 31", withBitmap(base, []byte{0xa0, 0, 0, 0x01}), "marks key 31 but there are only 3 keys"},
		{"5 bytes, bit 32", withBitmap(base, []byte{0xa0, 0, 0, 0, 0x80}), "marks key 32 but there are only 3 keys"},
		{"three bits for two signatures", withBitmap(base, []byte{0xe0}), "bitmap marks 3 keys but 2 signatures are given"},
		{"one bit for two signatures", withBitmap(base, []byte{0x80}), "bitmap marks 1 keys but 2 signatures are given"},
		{"below the threshold", below.Bytes(), "multi-key has 1 signatures, 2 required"},
		{"wrong key marked", withBitmap(base, []byte{0xc0}), "multi-key signature 1 (key 1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := DecodeSignedTransaction(c.in)
			if err != nil {
				t.Fatalf("decode must accept the bitmap (verification rejects it): %v", err)
			}
			err = got.Verify()
			if !errors.Is(err, crypto.ErrInvalidSignature) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Verify = %v, want ErrInvalidSignature mentioning %q", err, c.want)
			}
		})
	}
	tooLong := make([]byte, crypto.MaxBitVecBytes+1)
	tooLong[0] = 0xa0
	_, err := DecodeSignedTransaction(withBitmap(base, tooLong))
	if err == nil || !strings.Contains(err.Error(), "MultiKeySignature.bitmap") || !strings.Contains(err.Error(), "8193 bytes, at most 8192") {
		t.Fatalf("a bitmap longer than the node's bit vectors must not decode: %v", err)
	}
}

// TestMultiKeySimulationDecodes: what clients send to simulate a MultiKey
// transaction decodes and fails verification, so the simulate handler runs
// it: every key "signed" with zero bytes (the TypeScript SDK's shape, here
// under a 1-byte bitmap), and no signatures under an empty bitmap (the Go
// SDK's MultiKey simulation authenticator).
func TestMultiKeySimulationDecodes(t *testing.T) {
	st, _ := multiKeyTxn(t)
	zeroed := make([]AnySignature, 3)
	for i := range zeroed {
		zeroed[i] = AnySignature{Scheme: SigEd25519, Sig: make([]byte, 64)}
	}
	for name, c := range map[string]struct {
		bitmap []byte
		sigs   []AnySignature
		want   string
	}{
		"zeroed signatures, 1-byte bitmap": {[]byte{0xe0}, zeroed, "multi-key signature 0 (key 0)"},
		"no signatures, empty bitmap":      {[]byte{}, nil, "bitmap marks no keys"},
	} {
		t.Run(name, func(t *testing.T) {
			sim := *st.Auth.Sender.MultiKey
			sim.Bitmap, sim.Signatures = c.bitmap, c.sigs
			in := (&SignedTransaction{Raw: st.Raw, Auth: TransactionAuthenticator{Variant: AuthSingleSender,
				Sender: AccountAuthenticator{Variant: AccountMultiKey, MultiKey: &sim}}}).Bytes()
			got, err := DecodeSignedTransaction(in)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !bytes.Equal(got.Bytes(), in) {
				t.Fatal("re-encoding differs")
			}
			if err := got.Verify(); !errors.Is(err, crypto.ErrInvalidSignature) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Verify = %v, want ErrInvalidSignature mentioning %q", err, c.want)
			}
			if key, _ := got.Auth.Sender.AuthKey(); key != st.Raw.Sender {
				t.Fatalf("the simulated authenticator must still prove the sender's auth key")
			}
		})
	}
}

// TestMultiKeyJSON: a JSON multi_key_signature becomes the bitmap the node
// builds (⌈keys/8⌉ bytes), the node's input checks apply, and the JSON
// rendering pairs the bitmap's set positions with the signatures.
func TestMultiKeyJSON(t *testing.T) {
	st, _ := multiKeyTxn(t)
	st.Auth.Sender.MultiKey.Bitmap = []byte{0xa0}
	body := requestJSON(t, st)
	if !strings.Contains(string(body), `"index":0,`) || !strings.Contains(string(body), `"index":2,`) {
		t.Fatalf("rendered indices: %s", body)
	}
	var req SubmitTransactionRequest
	if err := DecodeJSON(body, &req); err != nil {
		t.Fatal(err)
	}
	got, err := req.SignedTransaction(4, transferCodec{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Auth.Sender.MultiKey.Bitmap, []byte{0xa0}) || got.Hash() != st.Hash() {
		t.Fatalf("JSON gave bitmap %x (hash %s), want a0 (hash %s)", got.Auth.Sender.MultiKey.Bitmap, got.Hash(), st.Hash())
	}
	if err := got.Verify(); err != nil {
		t.Fatal(err)
	}

	// Nine keys need two bitmap bytes even when only low keys sign.
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	sig := m["signature"].(map[string]any)
	keys := sig["public_keys"].([]any)
	for len(keys) < 9 {
		keys = append(keys, keys[0])
	}
	sig["public_keys"] = keys
	nine, err := convertJSON(m)
	if err != nil {
		t.Fatal(err)
	}
	if b := nine.Auth.Sender.MultiKey.Bitmap; !bytes.Equal(b, []byte{0xa0, 0}) {
		t.Fatalf("9 keys: bitmap %x, want a000", b)
	}

	for name, required := range map[string]float64{"fewer than required": 3, "more than required": 1} {
		sig["signatures_required"] = required
		if _, err := convertJSON(m); err == nil || !strings.Contains(err.Error(), "want exactly signatures_required") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// convertJSON converts a submit request given as a generic JSON value.
func convertJSON(m map[string]any) (*SignedTransaction, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var req SubmitTransactionRequest
	if err := DecodeJSON(b, &req); err != nil {
		return nil, err
	}
	return req.SignedTransaction(4, transferCodec{})
}
