package bytecode_test

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Build a module, write it, read it back and render its ABI; then read a
// damaged copy.
func Example() {
	b := bytecode.NewModuleBuilder(ledgerapi.MustParseAddress("0xcafe"), "counter")
	c := b.Struct("Counter", bytecode.AbilityKey, bytecode.Field("value", bytecode.U64))
	value := b.FieldHandle(c, "value")
	b.Function("init", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{
			bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpLdU64, 0),
			bytecode.I(bytecode.OpPack, uint64(c)), bytecode.I(bytecode.OpMoveTo, uint64(c)), bytecode.I(bytecode.OpRet),
		},
	})
	b.Function("get", bytecode.Public, bytecode.Fn{
		Params:   []bytecode.SignatureToken{bytecode.Address},
		Returns:  []bytecode.SignatureToken{bytecode.U64},
		Acquires: []bytecode.StructDefIndex{c},
		Code: []bytecode.Instruction{
			bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpImmBorrowGlobal, uint64(c)),
			bytecode.I(bytecode.OpImmBorrowField, uint64(value)), bytecode.I(bytecode.OpReadRef), bytecode.I(bytecode.OpRet),
		},
	})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"get": {{Kind: bytecode.AttributeView}}}})
	code, err := b.Bytes()
	if err != nil {
		panic(err)
	}
	m, err := bytecode.DeserializeModule(code)
	if err != nil {
		panic(err)
	}
	abi, err := m.ABI()
	if err != nil {
		panic(err)
	}
	for _, f := range abi.ExposedFunctions {
		fmt.Println(f.Name, f.Params, f.Return, "entry:", f.IsEntry, "view:", f.IsView)
	}

	code[len(code)-1] = 7 // the self module handle: there is one module handle
	_, err = bytecode.DeserializeModule(code)
	fmt.Println(err)
	fmt.Println(errors.Is(err, bytecode.StatusIndexOutOfBounds))
	// Output:
	// init [&signer] [] entry: true view: false
	// get [address] [u64] entry: false view: true
	// bytecode: SELF_MODULE_HANDLE: module handle index 7 out of range (1 module handles) at offset 0xcd (INDEX_OUT_OF_BOUNDS)
	// true
}
