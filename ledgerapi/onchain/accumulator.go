package onchain

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// placeholder is aptos-core's ACCUMULATOR_PLACEHOLDER_HASH.
var placeholder = literalHash("ACCUMULATOR_PLACEHOLDER_HASH")

// PlaceholderHash returns aptos-core's ACCUMULATOR_PLACEHOLDER_HASH, the
// bytes of "ACCUMULATOR_PLACEHOLDER_HASH" padded with zeros. It stands for
// an empty subtree, and is the root of an empty accumulator (the
// event_root_hash of every transaction without events).
func PlaceholderHash() ledgerapi.HashValue { return placeholder }

func literalHash(word string) ledgerapi.HashValue {
	var h ledgerapi.HashValue
	copy(h[:], word)
	return h
}

// Accumulator is an append-only Merkle accumulator. Its zero value is an
// empty transaction accumulator, whose leaves are transaction info hashes;
// EventRootHash builds event accumulators. It keeps the roots of its
// frozen (complete) subtrees, one per set bit of the leaf count, so
// appending and computing the root are O(log n). An Accumulator is a plain
// value: a copy is independent of the original.
//
// Rule: an internal node is sha3-256(salt ‖ left ‖ right), with salt
// "APTOS::TransactionAccumulator" or "APTOS::EventAccumulator"; the root of
// a tree whose size is not a power of two pairs each incomplete level with
// PlaceholderHash.
type Accumulator struct {
	events bool
	frozen [64]ledgerapi.HashValue // frozen[i]: root of a complete subtree of 2^i leaves, or zero
	leaves uint64
}

func (a *Accumulator) parent(l, r *ledgerapi.HashValue) ledgerapi.HashValue {
	salt := &saltTransactionAccumulator
	if a.events {
		salt = &saltEventAccumulator
	}
	return crypto.SHA3_256(salt[:], l[:], r[:])
}

// Len returns the number of leaves.
func (a *Accumulator) Len() uint64 { return a.leaves }

// Append adds a leaf.
func (a *Accumulator) Append(leaf ledgerapi.HashValue) {
	carry := leaf
	for i := 0; ; i++ {
		if a.leaves&(1<<uint(i)) == 0 {
			a.frozen[i] = carry
			break
		}
		carry = a.parent(&a.frozen[i], &carry)
		a.frozen[i] = ledgerapi.HashValue{}
	}
	a.leaves++
}

// Root returns the accumulator root (PlaceholderHash() when empty). It walks
// the levels bottom up; after level i, acc is the root of the rightmost
// subtree of height i+1, padded with placeholders where leaves are missing.
func (a *Accumulator) Root() ledgerapi.HashValue {
	if a.leaves == 0 {
		return placeholder
	}
	var acc ledgerapi.HashValue
	have := false
	for i := 0; a.leaves>>uint(i) != 0; i++ {
		bit := a.leaves&(1<<uint(i)) != 0
		higher := a.leaves>>uint(i+1) != 0
		switch {
		case bit && !have:
			acc, have = a.frozen[i], true
			if higher {
				acc = a.parent(&acc, &placeholder)
			}
		case bit:
			acc = a.parent(&a.frozen[i], &acc)
		case have:
			acc = a.parent(&acc, &placeholder)
		}
	}
	return acc
}
