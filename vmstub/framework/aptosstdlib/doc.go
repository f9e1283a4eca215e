// Package aptosstdlib implements, in Go, the modules of Aptos's AptosStdlib
// package at 0x1 (the aptos_std:: modules), one file per module named after
// it:
//
//	type_info.go     0x1::type_info     TypeInfo; type_of, type_name,
//	                                    account_address, module_name,
//	                                    struct_name, size_of_val, chain_id
//	math64.go        0x1::math64        max, min, average, clamp, pow,
//	                                    floor_log2, log2, sqrt (the rest is
//	                                    inline on Aptos)
//	math128.go       0x1::math128       the same on u128, and log2_64
//	from_bcs.go      0x1::from_bcs      to_bool, to_u8 … to_u256, to_address,
//	                                    to_bytes, to_string
//	string_utils.go  0x1::string_utils  to_string, to_string_with_canonical_addresses,
//	                                    to_string_with_integer_types,
//	                                    debug_string, format1 … format4
//	simple_map.go    0x1::simple_map    SimpleMap, Element; the whole module
//	simple_set.go    0x1::simple_set    SimpleSet; the whole module
//	table.go         0x1::table         Table; new, add, upsert, borrow,
//	                                    borrow_mut, borrow_with_default,
//	                                    contains, remove (items touched in a
//	                                    call are per-call state, written back
//	                                    when it succeeds)
//	table_with_length.go  0x1::table_with_length  TableWithLength; the whole module
//	big_vector.go    0x1::big_vector    BigVector; the whole module (buckets
//	                                    in a TableWithLength, as on Aptos)
//	smart_vector.go  0x1::smart_vector  SmartVector; the whole module
//	ordered_map.go   0x1::ordered_map   OrderedMap (enum), Entry, Iterator,
//	                                    IteratorPtr; the public functions of
//	                                    Aptos's version with friend-only
//	                                    iterators
//	pool_u64.go      0x1::pool_u64      Pool; the whole module
//	pool_u64_unbound.go 0x1::pool_u64_unbound Pool; the whole module
//	big_ordered_map.go 0x1::big_ordered_map BigOrderedMap, Node, Child,
//	                                    IteratorPtr; the whole module of the
//	                                    version with friend-only iterators
//	                                    (Aptos's B+ tree: splits, merges,
//	                                    slots; _tree, _remove, _views files)
//	storage_slots_allocator.go 0x1::storage_slots_allocator
//	                                    StorageSlotsAllocator, Link,
//	                                    ReservedSlot, StoredSlot; the whole
//	                                    module (TableWithLength slots)
//	iterable_table.go 0x1::iterable_table IterableTable; the whole module
//	debug.go         0x1::debug         print, print_stack_trace (to the node's
//	                                    log, vmstub.Options.DebugPrint)
//	smart_table.go   0x1::smart_table   SmartTable, Entry; the whole module,
//	                                    linear hashing as on Aptos
//	any.go           0x1::any           Any; pack, unpack, type_name
//	copyable_any.go  0x1::copyable_any  Any; pack, unpack, type_name
//	aptos_hash.go    0x1::aptos_hash    sip_hash, sip_hash_from_value, keccak256,
//	                                    sha2_512, sha3_512, ripemd160, blake2b_256
//	ed25519.go       0x1::ed25519       keys, signatures, strict verification
//	multi_ed25519.go 0x1::multi_ed25519 the same on k-of-n keys
//	secp256k1.go     0x1::secp256k1     ECDSA keys, signatures, ecdsa_recover
//	bls12381.go      0x1::bls12381      BLS keys, proofs of possession, signatures,
//	                                    aggregation and verification (min-pk,
//	                                    cloudflare/circl)
//	comparator.go    0x1::comparator    Result; compare, compare_u8_vector
//	fixed_point64.go 0x1::fixed_point64 FixedPoint64 and its arithmetic
//	math_fixed.go    0x1::math_fixed    sqrt, exp, pow, mul_div of FixedPoint32
//	math_fixed64.go  0x1::math_fixed64  sqrt, exp, log2_plus_64, ln_plus_32ln2,
//	                                    pow, mul_div of FixedPoint64
//	crypto_algebra.go 0x1::crypto_algebra Element; every public function,
//	                                    aborting by design (NOT_IMPLEMENTED:
//	                                    no algebraic structure here)
//	bls12381_algebra.go 0x1::bls12381_algebra marker structs
//	bn254_algebra.go 0x1::bn254_algebra marker structs
//	capability.go    0x1::capability    Cap, LinearCap, CapState,
//	                                    CapDelegateState; create, acquire,
//	                                    acquire_linear, root_addr,
//	                                    linear_root_addr, delegate, revoke
//	bcs_stream.go    0x1::bcs_stream    BCSStream; new, has_remaining, the
//	                                    deserialize_* of ULEB128, bool,
//	                                    address, u8…u256 and String,
//	                                    deserialize_u256_entry
//
// Each module is declared through the native contract (vmstub/native) by
// a function named after it (TypeInfo for 0x1::type_info); Modules lists
// them for the executor.
package aptosstdlib

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// addr is the package's address.
var addr = ledgerapi.AddressOne

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module {
	return []native.Module{TypeInfo(), Math64(), Math128(), FromBCS(), StringUtils(), SimpleMap(), Table(), TableWithLength(), SmartTable(), CopyableAny(),
		AptosHash(), Ed25519(), MultiEd25519(), Secp256k1(), Bls12381(),
		Comparator(), FixedPoint64(), MathFixed(), MathFixed64(), BigVector(), SmartVector(), Debug(), OrderedMap(), PoolU64(), PoolU64Unbound(), IterableTable(), SimpleSet(),
		Any(),
		StorageSlotsAllocator(),
		BigOrderedMap(),
		CryptoAlgebra(),
		Bls12381Algebra(),
		Bn254Algebra(),
		Capability(),
		BCSStream(),
	}
}

// firstErr returns the first non-nil error.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// unpackN takes apart a struct of n fields a Func removed from a container
// (movevm.Unpack): references into it are dead afterwards.
func unpackN(v movevm.Value, n int) ([]movevm.Value, error) {
	f := movevm.Unpack(v)
	if len(f) != n {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: fmt.Sprintf("a removed element has %d fields, want %d", len(f), n)}
	}
	return f, nil
}

// structOf is the type 0x1::<module>::<name><targs>, the type arguments'
// tags charged.
func structOf(c *native.Context, module, name string, targs ...*movevm.Type) (*movevm.Type, error) {
	tags := make([]ledgerapi.TypeTag, len(targs))
	for i, t := range targs {
		tag, err := native.TypeTagCharged(c.NativeContext, t)
		if err != nil {
			return nil, err
		}
		tags[i] = tag
	}
	return c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: module, Name: name, TypeArgs: tags}))
}
