package node

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// Hash salts used by the node for the hashes it derives.
var (
	saltAccumulator = crypto.Salt("TransactionAccumulator")
	saltTxnInfo     = crypto.Salt("TransactionInfo")
	saltEvent       = crypto.Salt("ContractEvent")
	saltWriteSet    = crypto.Salt("WriteSet")
	placeholder     = literalHash("ACCUMULATOR_PLACEHOLDER_HASH")
)

// literalHash is word's bytes padded with zeros to a hash value, the form
// of aptos-core's placeholder hashes (0x414343554d554c41544f525f… for the
// accumulator's, the event_root_hash of every transaction without events).
func literalHash(word string) ledgerapi.HashValue {
	var h ledgerapi.HashValue
	if copy(h[:], word) < len(word) {
		panic("node: literal hash longer than a hash")
	}
	return h
}

// accumulator is an append-only Merkle accumulator over transaction-info
// hashes. It keeps the roots of its frozen (complete) subtrees, one per set
// bit of the leaf count, so appending and computing the root are O(log n).
//
// Rule: an internal node is sha3-256(salt("APTOS::TransactionAccumulator") ‖
// left ‖ right); the root of a tree whose size is not a power of two pairs
// each incomplete level with the placeholder hash, the zero-padded bytes of
// "ACCUMULATOR_PLACEHOLDER_HASH".
type accumulator struct {
	frozen []ledgerapi.HashValue // frozen[i]: root of a complete subtree of 2^i leaves, or zero
	leaves uint64
}

func parent(l, r ledgerapi.HashValue) ledgerapi.HashValue {
	return crypto.SHA3_256(saltAccumulator[:], l[:], r[:])
}

// append adds a leaf.
func (a *accumulator) append(leaf ledgerapi.HashValue) {
	carry := leaf
	for i := 0; ; i++ {
		if i == len(a.frozen) {
			a.frozen = append(a.frozen, ledgerapi.HashValue{})
		}
		if a.leaves&(1<<uint(i)) == 0 {
			a.frozen[i] = carry
			break
		}
		carry = parent(a.frozen[i], carry)
		a.frozen[i] = ledgerapi.HashValue{}
	}
	a.leaves++
}

// root returns the accumulator root (the placeholder when empty). It walks
// the levels bottom up; after level i, acc is the root of the rightmost
// subtree of height i+1, padded with placeholders where leaves are missing.
func (a *accumulator) root() ledgerapi.HashValue {
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
				acc = parent(acc, placeholder)
			}
		case bit:
			acc = parent(a.frozen[i], acc)
		case have:
			acc = parent(acc, placeholder)
		}
	}
	return acc
}
