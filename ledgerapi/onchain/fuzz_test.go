package onchain_test

import (
	"bytes"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// FuzzTransactionOnChainData decodes arbitrary bytes as a record (user
// bodies are three bytes here): never a panic, and what decodes encodes to
// bytes that decode to an equal encoding (a V1 deposit record without a
// bytes deposit re-encodes as V0, so the first encoding is the fixed
// point, not the input).
func FuzzTransactionOnChainData(f *testing.F) {
	ws := vectorWriteSet()
	meta := onchain.BlockMetadata{Epoch: 1}
	for _, rec := range []onchain.TransactionOnChainData{
		{Variant: onchain.VariantBlockMetadata, Body: meta.AppendBCS(nil), Info: onchain.TransactionInfo{Status: vectorStatuses()["abortInfo"]},
			Events: vectorEvents(), Changes: ws},
		{Variant: onchain.VariantStateCheckpoint, Body: onchain.StateCheckpointBody([32]byte{1})},
		{Variant: onchain.VariantUser, Body: []byte{1, 2, 3}, Info: onchain.TransactionInfo{Status: vectorStatuses()["failure"]}},
	} {
		b, err := rec.AppendBCS(nil)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		decode := func(b []byte) (onchain.TransactionOnChainData, error) {
			var rec onchain.TransactionOnChainData
			d := bcs.NewDecoder(b)
			rec.UnmarshalBCSWith(d, func(d *bcs.Decoder) { d.Fixed(make([]byte, 3), "user body") })
			return rec, d.Finish()
		}
		rec, err := decode(b)
		if err != nil {
			return
		}
		first, err := rec.AppendBCS(nil)
		if err != nil {
			t.Fatalf("a decoded record does not encode: %v", err)
		}
		again, err := decode(first)
		if err != nil {
			t.Fatalf("the encoding of a decoded record does not decode: %v", err)
		}
		second, _ := again.AppendBCS(nil)
		if !bytes.Equal(first, second) {
			t.Fatalf("encodings differ:\n%x\n%x", first, second)
		}
	})
}
