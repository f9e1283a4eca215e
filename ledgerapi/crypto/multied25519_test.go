package crypto

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"
)

// tsMultiEd25519Body is ts-sdk helper.ts multiEd25519PkTestObject.
const tsMultiEd25519Body = "b9c6ee1630ef3e711144a648db06bbb2284f7274cfbee53ffcee503cc1a49200aef3f4a4b8eca1dfc343361bf8e436bd42de9259c04b8314eb8e2054dd6e82ab8a5762e21ac1cdb3870442c77b4c3af58c7cedb8779d0270e6d4f1e2f7367d7402"

func TestParseMultiEd25519PublicKey(t *testing.T) {
	body := unhex(t, tsMultiEd25519Body)
	k, err := ParseMultiEd25519PublicKey(body)
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Keys) != 3 || k.Threshold != 2 || hex.EncodeToString(k.Keys[1]) != "aef3f4a4b8eca1dfc343361bf8e436bd42de9259c04b8314eb8e2054dd6e82ab" {
		t.Fatalf("parsed %d keys, threshold %d", len(k.Keys), k.Threshold)
	}
	if !bytes.Equal(k.Bytes(), body) {
		t.Errorf("Bytes() = %x, want the input", k.Bytes())
	}
	if one, err := ParseMultiEd25519PublicKey(unhex(t, v1Pub+"01")); err != nil || len(one.Keys) != 1 {
		t.Errorf("a single key with threshold 1 must parse (the chain accepts it): %v", err)
	}

	key := unhex(t, v1Pub)
	tests := []struct {
		name     string
		body     []byte
		wantText string
	}{
		{"empty", nil, "public key is 0 bytes"},
		{"threshold only", []byte{1}, "has 0 keys"},
		{"missing threshold", key, "public key is 32 bytes"},
		{"ragged", append(slices.Clone(key), 1, 2), "public key is 34 bytes"},
		{"33 keys", append(bytes.Repeat(key, 33), 1), "has 33 keys"},
		{"threshold 0", append(slices.Clone(key), 0), "threshold 0"},
		{"threshold above n", append(bytes.Repeat(key, 2), 3), "threshold 3"},
		{"undecodable key", append(append(slices.Clone(key), unhex(t, notOnCurveEnc)...), 1), "key 1 is not a valid curve point"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseMultiEd25519PublicKey(tt.body)
			if !errors.Is(err, ErrInvalidSignature) || !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("err = %v, want ErrInvalidSignature mentioning %q", err, tt.wantText)
			}
		})
	}
}

func TestVerifyMultiEd25519(t *testing.T) {
	keys := []ed25519.PrivateKey{testEdKey(10), testEdKey(11), testEdKey(12)}
	var pubs [][]byte
	for _, k := range keys {
		pubs = append(pubs, k.Public().(ed25519.PublicKey))
	}
	pubBody := MultiEd25519PublicKey{Keys: pubs, Threshold: 2}.Bytes()
	msg := SigningMessage(SaltRawTransaction, []byte("raw txn"))
	sigs := make([][]byte, len(keys))
	for i, k := range keys {
		sigs[i] = ed25519.Sign(k, msg)
	}
	body := func(bitmap string, s ...[]byte) []byte { return append(cat(s...), unhex(t, bitmap)...) }

	valid := []struct {
		name string
		sig  []byte
	}{
		{"keys 0 and 2", body("a0000000", sigs[0], sigs[2])},
		{"keys 0 and 1", body("c0000000", sigs[0], sigs[1])},
		{"all three", body("e0000000", sigs[0], sigs[1], sigs[2])},
	}
	for _, tt := range valid {
		t.Run(tt.name, func(t *testing.T) {
			if err := VerifyMultiEd25519(pubBody, msg, tt.sig); err != nil {
				t.Fatal(err)
			}
		})
	}

	highS := cat(sigs[2][:32], addLE(sigs[2][32:], unhex(t, groupOrderL)))
	invalid := []struct {
		name     string
		pub, sig []byte
		msg      []byte
		wantText string
	}{
		{"bitmap marks more keys than signatures", pubBody, body("e0000000", sigs[0], sigs[1]), msg, "bitmap marks 3 keys but 2 signatures"},
		{"bitmap marks fewer keys than signatures", pubBody, body("80000000", sigs[0], sigs[1]), msg, "bitmap marks 1 keys but 2 signatures"},
		{"below threshold", pubBody, body("80000000", sigs[0]), msg, "1 signatures, threshold is 2"},
		{"no signatures", pubBody, body("00000000"), msg, "0 signatures, threshold is 2"},
		{"bit beyond the keys", pubBody, body("90000000", sigs[0], sigs[1]), msg, "bitmap marks key 3 but there are only 3 keys"},
		{"last bitmap bit", pubBody, body("80000001", sigs[0], sigs[1]), msg, "bitmap marks key 31"},
		{"signatures out of order", pubBody, body("a0000000", sigs[2], sigs[0]), msg, "signature 0 (key 0)"},
		{"wrong message", pubBody, body("a0000000", sigs[0], sigs[2]), []byte("other"), "does not verify"},
		{"non-canonical S inside", pubBody, body("a0000000", sigs[0], highS), msg, "signature 1 (key 2): invalid signature: ed25519: signature S is not canonical"},
		{"ragged signature body", pubBody, append(body("a0000000", sigs[0], sigs[2]), 0), msg, "signature is 133 bytes"},
		{"too short for a bitmap", pubBody, []byte{0xa0, 0}, msg, "signature is 2 bytes"},
		{"33 signatures", pubBody, body("ffffffff", bytes.Repeat(sigs[0], 33)), msg, "33 signatures, at most 32"},
		{"bad public key", pubBody[:len(pubBody)-1], body("a0000000", sigs[0], sigs[2]), msg, "public key is 96 bytes"},
	}
	for _, tt := range invalid {
		t.Run(tt.name, func(t *testing.T) {
			err := VerifyMultiEd25519(tt.pub, tt.msg, tt.sig)
			if !errors.Is(err, ErrInvalidSignature) || !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("err = %v, want ErrInvalidSignature mentioning %q", err, tt.wantText)
			}
		})
	}
}

func TestBitmap(t *testing.T) {
	tests := []struct {
		bitmap  string
		indices []int
	}{
		{"00000000", []int{}},
		{"a0000001", []int{0, 2, 31}},
		{"c0000000", []int{0, 1}},
		{"a0000000", []int{0, 2}},
		{"01800000", []int{7, 8}},
		{"ffffffff", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}},
	}
	for _, tt := range tests {
		t.Run(tt.bitmap, func(t *testing.T) {
			var b [4]byte
			copy(b[:], unhex(t, tt.bitmap))
			if got := BitmapIndices(b); !slices.Equal(got, tt.indices) {
				t.Errorf("BitmapIndices = %v, want %v", got, tt.indices)
			}
			if got := BitmapFrom(tt.indices); got != b {
				t.Errorf("BitmapFrom = %x, want %x", got, b)
			}
		})
	}
	if got := BitmapFrom([]int{-1, 0, 32, 40}); got != [4]byte{0x80, 0, 0, 0} {
		t.Errorf("out-of-range indices must be ignored, got %x", got)
	}
	if got := BitmapFrom([]int{2, 0, 2}); got != [4]byte{0xa0, 0, 0, 0} {
		t.Errorf("order and repeats must not matter, got %x", got)
	}
}
