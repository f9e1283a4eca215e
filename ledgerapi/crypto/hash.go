package crypto

import (
	"crypto/sha3"
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// HashPrefix is the text that starts every Aptos domain-separation salt.
const HashPrefix = "APTOS::"

// SHA3_256 returns the SHA3-256 digest of the concatenation of parts.
func SHA3_256(parts ...[]byte) [32]byte {
	h := sha3.New256()
	for _, p := range parts {
		h.Write(p)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// Salt returns sha3_256("APTOS::" + typeName), the domain-separation prefix of
// the type whose serde name is typeName.
func Salt(typeName string) [32]byte {
	return SHA3_256([]byte(HashPrefix + typeName))
}

// Precomputed salts for the types a node signs or hashes.
var (
	// SaltRawTransaction is Salt("RawTransaction"), the prefix of the message a
	// single sender signs.
	SaltRawTransaction = Salt("RawTransaction")
	// SaltRawTransactionWithData is Salt("RawTransactionWithData"), the prefix
	// of the message multi-agent and fee-payer signers sign.
	SaltRawTransactionWithData = Salt("RawTransactionWithData")
	// SaltTransaction is Salt("Transaction"), the prefix hashed into a
	// transaction's hash.
	SaltTransaction = Salt("Transaction")
)

// SigningMessage returns salt ‖ body in a new slice: the bytes Ed25519 signs
// directly and the ECDSA schemes hash before signing.
func SigningMessage(salt [32]byte, body []byte) []byte {
	out := make([]byte, 0, len(salt)+len(body))
	out = append(out, salt[:]...)
	return append(out, body...)
}

// Scheme is the byte appended to the input of an authentication key or a
// derived address.
type Scheme byte

// Authentication-key schemes (0..3) and address-derivation schemes (0xFB..0xFF).
const (
	// SchemeEd25519 derives a legacy Ed25519 auth key from the 32-byte key.
	SchemeEd25519 Scheme = 0
	// SchemeMultiEd25519 derives an auth key from k1‖…‖kn‖threshold.
	SchemeMultiEd25519 Scheme = 1
	// SchemeSingleKey derives an auth key from BCS(AnyPublicKey).
	SchemeSingleKey Scheme = 2
	// SchemeMultiKey derives an auth key from BCS(MultiKey).
	SchemeMultiKey Scheme = 3
	// SchemeDeriveAuid derives an address from a transaction-unique id.
	SchemeDeriveAuid Scheme = 0xFB
	// SchemeDeriveObjectFromObject derives an object address from a source
	// address and another address (primary fungible stores use it).
	SchemeDeriveObjectFromObject Scheme = 0xFC
	// SchemeDeriveObjectFromGUID derives an object address from a GUID.
	SchemeDeriveObjectFromGUID Scheme = 0xFD
	// SchemeDeriveObjectFromSeed derives a named object's address from its
	// creator and a seed.
	SchemeDeriveObjectFromSeed Scheme = 0xFE
	// SchemeDeriveResourceAccount derives a resource account's address from
	// its creator and a seed.
	SchemeDeriveResourceAccount Scheme = 0xFF
)

// String names the scheme.
func (s Scheme) String() string {
	switch s {
	case SchemeEd25519:
		return "ed25519"
	case SchemeMultiEd25519:
		return "multi_ed25519"
	case SchemeSingleKey:
		return "single_key"
	case SchemeMultiKey:
		return "multi_key"
	case SchemeDeriveAuid:
		return "derive_auid"
	case SchemeDeriveObjectFromObject:
		return "derive_object_address_from_object"
	case SchemeDeriveObjectFromGUID:
		return "derive_object_address_from_guid"
	case SchemeDeriveObjectFromSeed:
		return "derive_object_address_from_seed"
	case SchemeDeriveResourceAccount:
		return "derive_resource_account_address"
	}
	return fmt.Sprintf("scheme(%d)", byte(s))
}

// AuthKey returns sha3_256(input ‖ scheme) as an address. For schemes 0..3
// this is the authentication key, which is also the default address of a new
// account.
func AuthKey(scheme Scheme, input []byte) ledgerapi.Address {
	return ledgerapi.Address(SHA3_256(input, []byte{byte(scheme)}))
}

// Ed25519AuthKey returns the legacy Ed25519 authentication key of a 32-byte
// public key: sha3_256(pub ‖ 0x00).
func Ed25519AuthKey(pub []byte) ledgerapi.Address {
	return AuthKey(SchemeEd25519, pub)
}

// derive returns sha3_256(a ‖ b ‖ scheme).
func derive(scheme Scheme, a, b []byte) ledgerapi.Address {
	return ledgerapi.Address(SHA3_256(a, b, []byte{byte(scheme)}))
}

// ObjectAddressFromObject returns sha3_256(source ‖ deriveFrom ‖ 0xFC), the
// framework's create_user_derived_object_address.
func ObjectAddressFromObject(source, deriveFrom ledgerapi.Address) ledgerapi.Address {
	return derive(SchemeDeriveObjectFromObject, source[:], deriveFrom[:])
}

// PrimaryStoreAddress returns the address of owner's primary fungible store
// for the asset whose metadata object is at metadata:
// sha3_256(owner ‖ metadata ‖ 0xFC).
func PrimaryStoreAddress(owner, metadata ledgerapi.Address) ledgerapi.Address {
	return ObjectAddressFromObject(owner, metadata)
}

// ObjectAddressFromSeed returns the address of the named object creator makes
// with seed: sha3_256(creator ‖ seed ‖ 0xFE). Token objects use the seed
// "<collection>::<token>".
func ObjectAddressFromSeed(creator ledgerapi.Address, seed []byte) ledgerapi.Address {
	return derive(SchemeDeriveObjectFromSeed, creator[:], seed)
}

// ResourceAccountAddress returns the address of the resource account creator
// makes with seed: sha3_256(creator ‖ seed ‖ 0xFF).
func ResourceAccountAddress(creator ledgerapi.Address, seed []byte) ledgerapi.Address {
	return derive(SchemeDeriveResourceAccount, creator[:], seed)
}

// ObjectAddressFromGUID returns the address of the object made from creator's
// GUID number creationNum: sha3_256(bcs(guid::ID{creation_num, addr}) ‖ 0xFD),
// where the BCS is the u64 little-endian followed by the 32 address bytes
// (framework object.move, create_guid_object_address).
func ObjectAddressFromGUID(creator ledgerapi.Address, creationNum uint64) ledgerapi.Address {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], creationNum)
	return derive(SchemeDeriveObjectFromGUID, n[:], creator[:])
}
