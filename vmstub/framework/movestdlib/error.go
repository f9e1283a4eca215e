package movestdlib

// 0x1::error: canonical, and one constructor per error category
// (invalid_argument, out_of_range, …) making the abort codes Aptos's
// modules abort with.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// errorCategories are the constructors of std::error after canonical, in
// declaration order, with the category each applies.
var errorCategories = []struct {
	name     string
	category uint64
}{
	{"invalid_argument", native.InvalidArgument}, {"out_of_range", native.OutOfRange}, {"invalid_state", native.InvalidState},
	{"unauthenticated", native.Unauthenticated}, {"permission_denied", native.PermissionDenied}, {"not_found", native.NotFound},
	{"aborted", native.Aborted}, {"already_exists", native.AlreadyExists}, {"resource_exhausted", native.ResourceExhausted},
	{"internal", native.Internal}, {"not_implemented", native.NotImplemented}, {"unavailable", native.Unavailable},
}

// Error declares 0x1::error.
func Error() native.Module {
	u64 := []string{"u64"}
	fs := []native.Function{{Name: "canonical", Params: []string{"u64", "u64"}, Return: u64,
		Impl: func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return canonical(args[0].AsU64(), args[1].AsU64())
		}}}
	for _, e := range errorCategories {
		category := e.category
		fs = append(fs, native.Function{Name: e.name, Params: u64, Return: u64,
			Impl: func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				return canonical(category, args[0].AsU64())
			}})
	}
	return native.Module{Address: addr, Name: "error", Functions: fs}
}

// canonical is error::canonical(category, reason): (category << 16) +
// reason in u64 arithmetic, the shift dropping high bits and an
// overflowing sum failing as Move arithmetic does.
func canonical(category, reason uint64) ([]movevm.Value, error) {
	code := category<<16 + reason
	if code < reason {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "error::canonical: the abort code overflows u64"}
	}
	return []movevm.Value{movevm.U64(code)}, nil
}
