package verifier_test

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// A function that returns a reference to its own local is refused by
// reference safety, with Aptos's status and the place it happens.
func Example() {
	b := bytecode.NewModuleBuilder(ledgerapi.MustParseAddress("0xcafe"), "leak")
	b.Function("dangling", bytecode.Public, bytecode.Fn{
		Returns: []bytecode.SignatureToken{bytecode.Ref(bytecode.U64)},
		Locals:  []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{
			bytecode.I(bytecode.OpLdU64, 7), bytecode.I(bytecode.OpStLoc, 0),
			bytecode.I(bytecode.OpImmBorrowLoc, 0), bytecode.I(bytecode.OpRet),
		},
	})
	code, err := b.Bytes()
	if err != nil {
		panic(err)
	}
	m, err := bytecode.DeserializeModule(code) // bounds are checked here
	if err != nil {
		panic(err)
	}
	err = verifier.Module(m, verifier.Production())
	var verr *verifier.Error
	if errors.As(err, &verr) {
		fmt.Println(verr.Status, verr.Function, verr.Offset)
	}
	// Output: UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED 0 3
}
