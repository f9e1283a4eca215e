package onchain_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// naiveRoot builds the padded tree explicitly from all leaves.
func naiveRoot(salt [32]byte, leaves []ledgerapi.HashValue) ledgerapi.HashValue {
	if len(leaves) == 0 {
		return onchain.PlaceholderHash()
	}
	level := append([]ledgerapi.HashValue{}, leaves...)
	for len(level) > 1 {
		if len(level)%2 == 1 {
			level = append(level, onchain.PlaceholderHash())
		}
		next := make([]ledgerapi.HashValue, len(level)/2)
		for i := range next {
			next[i] = crypto.SHA3_256(salt[:], level[2*i][:], level[2*i+1][:])
		}
		level = next
	}
	return level[0]
}

func TestAccumulatorMatchesNaiveTree(t *testing.T) {
	var a onchain.Accumulator
	var leaves []ledgerapi.HashValue
	salt := crypto.Salt("TransactionAccumulator")
	if a.Root() != naiveRoot(salt, nil) || a.Len() != 0 {
		t.Fatal("empty root")
	}
	for n := 1; n <= 70; n++ {
		var leaf ledgerapi.HashValue
		leaf[0], leaf[1] = byte(n), 0xab
		a.Append(leaf)
		leaves = append(leaves, leaf)
		if got, want := a.Root(), naiveRoot(salt, leaves); got != want || a.Len() != uint64(n) {
			t.Fatalf("n=%d: root %s, want %s", n, got, want)
		}
		if n == 5 {
			// A copy goes on independently.
			c := a
			c.Append(leaf)
			if a.Root() != naiveRoot(salt, leaves) || c.Root() != naiveRoot(salt, append(leaves, leaf)) {
				t.Fatal("a copy of the accumulator shares state with the original")
			}
		}
	}
	// Event roots use the event accumulator's salt.
	evs := vectorEvents()
	hashes := make([]ledgerapi.HashValue, len(evs))
	for i := range evs {
		hashes[i] = evs[i].Hash()
	}
	if got, want := onchain.EventRootHash(evs), naiveRoot(crypto.Salt("EventAccumulator"), hashes); got != want {
		t.Errorf("event root %s, want %s", got, want)
	}
}
