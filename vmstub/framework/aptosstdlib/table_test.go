package aptosstdlib

import (
	"encoding/binary"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// TestNewTableHandle checks that a session's tables are numbered from 0,
// each handle sha3-256 of the transaction hash and the number (u32
// big-endian), and that another session numbers afresh.
func TestNewTableHandle(t *testing.T) {
	var h ledgerapi.HashValue
	h[0], h[31] = 0xab, 0xcd
	want := func(n uint32) ledgerapi.Address {
		return ledgerapi.Address(crypto.SHA3_256(h[:], binary.BigEndian.AppendUint32(nil, n)))
	}
	var s, other native.States
	for n := range uint32(3) {
		if got := NewTableHandle(&s, h); got != want(n) {
			t.Fatalf("table %d: handle %s, want %s", n, got, want(n))
		}
	}
	if got := NewTableHandle(&other, h); got != want(0) {
		t.Fatalf("another session's first table: handle %s, want %s", got, want(0))
	}
}
