package vmstub

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Helpers the BCS natives still in this package share (the standard
// library modules they once served are in vmstub/framework).

var storeDrop = []TypeParam{{Constraints: []string{AbilityStore, AbilityDrop}}}

// pub declares a public function implemented by a BCS native.
func pub(name string, params, ret []string, native func(*Call) ([][]byte, error)) Function {
	return Function{Name: name, Params: params, Return: ret, Native: native}
}

// one returns a single BCS result.
func one(b []byte) ([][]byte, error) { return [][]byte{b}, nil }

// unpackN takes apart a struct of n fields a native removed from a
// container (movevm.Unpack): references into it are dead afterwards.
func unpackN(v movevm.Value, n int) ([]movevm.Value, error) {
	f := movevm.Unpack(v)
	if len(f) != n {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: fmt.Sprintf("a removed element has %d fields, want %d", len(f), n)}
	}
	return f, nil
}
