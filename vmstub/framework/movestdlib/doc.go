// Package movestdlib implements, in Go, the modules of Aptos's MoveStdlib
// package at 0x1 (the std:: modules), one file per module named after it:
//
//	vector.go   0x1::vector   is_empty, contains, index_of, reverse, append,
//	                          singleton, remove, swap_remove, insert,
//	                          (vector_instructions.go) empty, length,
//	                          borrow, push_back, borrow_mut, pop_back,
//	                          destroy_empty, swap, and
//	                          (vector_ranges.go) reverse_slice,
//	                          reverse_append, trim, trim_reverse,
//	                          remove_value, replace, rotate, rotate_slice,
//	                          range, range_with_step, slice, move_range
//	cmp.go      0x1::cmp      Ordering; compare, is_eq, is_ne, is_lt,
//	                          is_le, is_gt, is_ge
//	signer.go   0x1::signer   address_of, borrow_address
//	error.go    0x1::error    canonical and the category constructors
//	bcs.go      0x1::bcs      to_bytes, serialized_size,
//	                          constant_serialized_size
//	hash.go     0x1::hash     sha2_256, sha3_256
//	string.go   0x1::string   String; utf8, try_utf8, length, is_empty,
//	                          index_of, sub_string, append, append_utf8,
//	                          insert, internal_check_utf8, bytes
//	option.go   0x1::option   Option; none, some, is_none, is_some,
//	                          contains, get_with_default, destroy_some,
//	                          destroy_none, from_vec, to_vec,
//	                          destroy_with_default, swap, extract, fill,
//	                          swap_or_fill, borrow, borrow_mut,
//	                          borrow_with_default
//	bit_vector.go     0x1::bit_vector     BitVector; new, set, unset, shift_left,
//	                                      is_index_set, length,
//	                                      longest_set_sequence_starting_at
//	fixed_point32.go  0x1::fixed_point32  FixedPoint32 and its arithmetic
//	features.go       0x1::features       Features, PendingFeatures; is_enabled,
//	                                      the get_*_feature / *_enabled flags
//	                                      (features_flags.go),
//	                                      change_feature_flags_for_next_epoch,
//	                                      on_new_epoch, change_feature_flags
//	acl.go            0x1::acl            ACL; empty, add, remove, contains,
//	                                      assert_contains
//	mem.go            0x1::mem            swap, replace (in place)
//
// Each module is declared through the native contract
// (vmstub/native) by a function named after it (Vector for 0x1::vector);
// Modules lists them for the executor.
package movestdlib

import (
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
	return []native.Module{
		Vector(),
		Signer(),
		Error(),
		String(),
		Option(),
		BCS(),
		Hash(),
		BitVector(),
		FixedPoint32(),
		Cmp(),
		Features(),
		ACL(),
		Mem(),
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

// errInvariant is a failure of the interpreter's invariants (a value not
// of the shape its type gives).
func errInvariant(msg string) error {
	return &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: msg}
}
