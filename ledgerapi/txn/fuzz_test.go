package txn

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzDecodeSignedTransaction feeds arbitrary bytes to the strict decoder.
// Whatever decodes must re-encode to the very same bytes (so two distinct
// byte strings never decode to the same transaction), must verify or fail
// without panicking, and must render as JSON.
func FuzzDecodeSignedTransaction(f *testing.F) {
	for _, st := range sampleTransactions(f) {
		f.Add(st.Bytes())
	}
	f.Add([]byte{})
	f.Add([]byte{0x80, 0x00})
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := DecodeSignedTransaction(b)
		if err != nil {
			return
		}
		if again := st.Bytes(); !bytes.Equal(again, b) {
			t.Fatalf("non-canonical input accepted:\n in %x\nout %x", b, again)
		}
		_ = st.Verify()
		_ = st.Hash()
		for _, s := range st.Signers() {
			s.Auth.AuthKey()
		}
		if _, err := json.Marshal(PayloadJSON(&st.Raw.Payload, nil)); err != nil {
			t.Fatalf("payload JSON: %v", err)
		}
		if _, err := json.Marshal(SignatureJSON(&st.Auth)); err != nil {
			t.Fatalf("signature JSON: %v", err)
		}
	})
}

// FuzzSubmitRequestJSON feeds arbitrary JSON to the request decoder: it must
// never panic, and whatever converts must survive a BCS round trip.
func FuzzSubmitRequestJSON(f *testing.F) {
	for _, st := range sampleTransactions(f) {
		if st.Raw.Payload.Script == nil {
			f.Add(requestJSON(f, st))
		}
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"signature":{"type":"multi_key_signature","public_keys":[],"signatures":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var req SubmitTransactionRequest
		if DecodeJSON(b, &req) != nil {
			return
		}
		st, err := req.SignedTransaction(4, transferCodec{})
		if err != nil {
			return
		}
		dec, err := DecodeSignedTransaction(st.Bytes())
		if err != nil {
			t.Fatalf("JSON-built transaction does not decode from its own BCS: %v", err)
		}
		if dec.Hash() != st.Hash() {
			t.Fatal("BCS round trip changed the transaction")
		}
	})
}
