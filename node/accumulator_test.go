package node

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// naiveRoot builds the padded tree explicitly from all leaves.
func naiveRoot(leaves []ledgerapi.HashValue) ledgerapi.HashValue {
	if len(leaves) == 0 {
		return placeholder
	}
	level := append([]ledgerapi.HashValue{}, leaves...)
	for len(level) > 1 {
		if len(level)%2 == 1 {
			level = append(level, placeholder)
		}
		next := make([]ledgerapi.HashValue, len(level)/2)
		for i := range next {
			next[i] = parent(level[2*i], level[2*i+1])
		}
		level = next
	}
	return level[0]
}

func TestAccumulatorMatchesNaiveTree(t *testing.T) {
	var a accumulator
	var leaves []ledgerapi.HashValue
	if a.root() != naiveRoot(nil) {
		t.Fatal("empty root")
	}
	for n := 1; n <= 70; n++ {
		var leaf ledgerapi.HashValue
		leaf[0], leaf[1] = byte(n), 0xab
		a.append(leaf)
		leaves = append(leaves, leaf)
		if got, want := a.root(), naiveRoot(leaves); got != want {
			t.Fatalf("n=%d: root %s, want %s", n, got, want)
		}
	}
}
