package storage

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// State keys are the on-chain records of package onchain; these names
// keep storage's vocabulary. A key that does not validate is
// ErrInvalidArgument wherever storage reads or writes one.

// StateKey addresses one state value (see onchain.StateKey).
type StateKey = onchain.StateKey

// StateKeyKind says which part of the state a StateKey addresses.
type StateKeyKind = onchain.StateKeyKind

// State key kinds.
const (
	StateResource  = onchain.StateResource
	StateModule    = onchain.StateModule
	StateTableItem = onchain.StateTableItem
)

// KeyBufferSize is a stack buffer size for StateKey.AppendEncode that holds
// the encoding of every resource and module key of the bundled framework.
const KeyBufferSize = onchain.KeyBufferSize

// ResourceKey returns the key of resource tag under addr.
func ResourceKey(addr ledgerapi.Address, tag ledgerapi.StructTag) StateKey {
	return onchain.ResourceKey(addr, tag)
}

// ModuleKey returns the key of module name under addr.
func ModuleKey(addr ledgerapi.Address, name string) StateKey { return onchain.ModuleKey(addr, name) }

// TableItemKey returns the key of the item of table handle whose key has
// BCS bytes key.
func TableItemKey(handle ledgerapi.Address, key []byte) StateKey {
	return onchain.TableItemKey(handle, key)
}

// EncodeKey appends the canonical encoding of k (StateKey.Encode) to dst,
// as backends key their state; a key that does not validate is
// ErrInvalidArgument, with dst unchanged.
func EncodeKey(dst []byte, k StateKey) ([]byte, error) {
	out, err := k.AppendEncode(dst)
	if err != nil {
		return dst, invalidArg("%v", err)
	}
	return out, nil
}

// ParseStateKey decodes a canonical encoding (StateKey.Encode). Trailing
// bytes, resource-group paths and raw keys are rejected with
// ErrInvalidArgument.
func ParseStateKey(b []byte) (StateKey, error) {
	k, err := onchain.ParseStateKey(b)
	if err != nil {
		return k, invalidArg("%v", err)
	}
	return k, nil
}
