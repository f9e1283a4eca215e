package bcs_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// ledgerInfo is a u64-heavy struct, shaped like the headers and counters the
// node encodes on every response.
type ledgerInfo struct {
	ChainID                          uint8
	Epoch, Version, Oldest, Time     uint64
	Height, OldestHeight, GasUsed    uint64
	Round, Proposer, Seq, Gas, Price uint64
	Expiry, Nonce, Counter           uint64
	History                          []uint64
}

func (l ledgerInfo) MarshalBCS(e *bcs.Encoder) {
	e.U8(l.ChainID)
	for _, v := range [...]uint64{l.Epoch, l.Version, l.Oldest, l.Time, l.Height, l.OldestHeight,
		l.GasUsed, l.Round, l.Proposer, l.Seq, l.Gas, l.Price, l.Expiry, l.Nonce, l.Counter} {
		e.U64(v)
	}
	e.SeqLen(len(l.History))
	for _, v := range l.History {
		e.U64(v)
	}
}

func (l *ledgerInfo) UnmarshalBCS(d *bcs.Decoder) {
	l.ChainID = d.U8("chain_id")
	for _, p := range [...]*uint64{&l.Epoch, &l.Version, &l.Oldest, &l.Time, &l.Height, &l.OldestHeight,
		&l.GasUsed, &l.Round, &l.Proposer, &l.Seq, &l.Gas, &l.Price, &l.Expiry, &l.Nonce, &l.Counter} {
		*p = d.U64("ledger_info.field")
	}
	n := d.SeqLen("history", 8)
	if n > 0 {
		l.History = make([]uint64, n)
		for i := range l.History {
			l.History[i] = d.U64("history[]")
		}
	}
}

func sampleLedgerInfo() ledgerInfo {
	l := ledgerInfo{ChainID: 4, Epoch: 1, Version: 1 << 40, Oldest: 12, Time: 1700000000000000,
		Height: 99999, Gas: 200000, Price: 100, Expiry: 1700000000, Nonce: 13894781796064092640}
	l.History = make([]uint64, 64)
	for i := range l.History {
		l.History[i] = uint64(i) * 0x0101010101010101
	}
	return l
}

func TestLedgerInfoRoundTrip(t *testing.T) {
	l := sampleLedgerInfo()
	enc := bcs.Marshal(l)
	if want := 1 + 15*8 + 1 + 64*8; len(enc) != want {
		t.Fatalf("encoded %d bytes, want %d", len(enc), want)
	}
	var got ledgerInfo
	if err := bcs.Unmarshal(enc, &got); err != nil {
		t.Fatal(err)
	}
	if got.Nonce != l.Nonce || got.Version != l.Version || len(got.History) != 64 || got.History[63] != l.History[63] {
		t.Fatalf("got %+v", got)
	}
}

func BenchmarkEncodeU64Struct(b *testing.B) {
	l := sampleLedgerInfo()
	e := bcs.NewEncoder(1024)
	b.SetBytes(int64(len(bcs.Marshal(l))))
	b.ReportAllocs()
	for b.Loop() {
		e.Reset()
		l.MarshalBCS(e)
	}
}

func BenchmarkMarshalU64Struct(b *testing.B) {
	l := sampleLedgerInfo()
	b.SetBytes(int64(len(bcs.Marshal(l))))
	b.ReportAllocs()
	for b.Loop() {
		_ = bcs.Marshal(l)
	}
}

func BenchmarkDecodeU64Struct(b *testing.B) {
	enc := bcs.Marshal(sampleLedgerInfo())
	b.SetBytes(int64(len(enc)))
	b.ReportAllocs()
	for b.Loop() {
		var l ledgerInfo
		if err := bcs.Unmarshal(enc, &l); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeRejectHugeLength(b *testing.B) {
	in := []byte{0xff, 0xff, 0xff, 0xff, 0x07, 1, 2, 3}
	b.ReportAllocs()
	for b.Loop() {
		d := bcs.NewDecoder(in)
		d.ReadBytes("blob")
		if d.Err() == nil {
			b.Fatal("accepted")
		}
	}
}
