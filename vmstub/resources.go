package vmstub

import (
	"errors"
	"fmt"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// Framework struct tags and the BCS codecs of the resources and events the
// natives touch. Field orders follow the framework sources (facts §6).

func tag1(module, name string, tyArgs ...ledgerapi.TypeTag) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: module, Name: name, TypeArgs: tyArgs}
}

var (
	objectCoreTag    = tag1("object", "ObjectCore")
	chainIDTag       = tag1("chain_id", "ChainId")
	timestampTag     = tag1("timestamp", "CurrentTimeMicroseconds")
	blockResourceTag = tag1("block", "BlockResource")
	nonceHistoryTag  = tag1("nonce_validation", "NonceHistory")

	feeStatementType  = ledgerapi.StructType(tag1("transaction_fee", "FeeStatement"))
	newBlockEventType = ledgerapi.StructType(tag1("block", "NewBlockEvent"))
)

// aptMetadata is the address of APT's fungible-asset metadata object.
var aptMetadata = aptosframework.APTMetadata

// EventHandle is the framework's 0x1::event::EventHandle<T>: a v1 event
// stream (its GUID) and the number of events emitted so far.
type EventHandle = onchain.EventHandle

// The framework resources the natives read and write; their layouts live
// in package onchain, which every reader decodes through.
type (
	accountRes    = onchain.Account
	blockResource = onchain.BlockResource
	u64Res        = onchain.CurrentTimeMicroseconds
)

// encode returns the BCS of v in a slice of its own, exactly sized. The
// encoding is built in a pooled scratch encoder, so a value costs one
// allocation rather than an encoder and its growing buffer.
func encode(v bcs.Marshaler) []byte {
	e := scratch.Get().(*bcs.Encoder)
	e.Reset()
	v.MarshalBCS(e)
	out := make([]byte, e.Len())
	copy(out, e.Bytes())
	if e.Len() <= maxScratch {
		scratch.Put(e)
	}
	return out
}

// maxScratch is the largest scratch buffer returned to the pool: a rare
// large value (a published module) is not kept alive by it.
const maxScratch = 4096

var scratch = sync.Pool{New: func() any { return bcs.NewEncoder(512) }}

// readResource decodes the resource tag at addr into dst. It reports false
// when the resource does not exist.
func readResource(v storage.View, addr ledgerapi.Address, tag ledgerapi.StructTag, dst bcs.Unmarshaler) (bool, error) {
	b, err := v.StateValue(storage.ResourceKey(addr, tag))
	if errors.Is(err, storage.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return false, fmt.Errorf("vmstub: corrupt %s at %s: %w", tag, addr, err)
	}
	return true, nil
}

// TableHandle returns the deterministic handle of a table created at
// genesis by owner under name: the first 32 bytes of
// sha3-256("ledgernode::table" ‖ owner ‖ name). Host modules use it for
// their tables.
func TableHandle(owner ledgerapi.Address, name string) ledgerapi.Address {
	return ledgerapi.Address(crypto.SHA3_256([]byte("ledgernode::table"), owner[:], []byte(name)))
}

// RotationProofChallengeMessage returns the bytes both key-rotation proofs
// sign: BCS(TypeInfo{0x1, "account", "RotationProofChallenge"}) followed by
// BCS(RotationProofChallenge{sequence_number, originator, current_auth_key,
// new_public_key}), Move's SignedMessage<T> scheme (no APTOS:: salt).
func RotationProofChallengeMessage(seq uint64, originator, currentAuthKey ledgerapi.Address, newPublicKey []byte) []byte {
	return aptosframework.RotationProofChallengeMessage(seq, originator, currentAuthKey, newPublicKey)
}
