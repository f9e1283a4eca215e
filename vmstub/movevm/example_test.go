package movevm_test

import (
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// store is an empty in-memory Storage.
type store struct{}

func (store) Resource(ledgerapi.Address, ledgerapi.StructTag) ([]byte, bool, error) {
	return nil, false, nil
}

// A module with a Counter resource, published by hand with the module
// builder, is called through its entry function; the session yields the
// resource's new bytes.
func Example() {
	addr := ledgerapi.MustParseAddress("0xcafe")
	b := bc.NewModuleBuilder(addr, "counter")
	counter := b.Struct("Counter", bc.AbilityKey, bc.Field("value", bc.U64))
	b.Function("create", bc.Public|bc.Entry, bc.Fn{
		Params: []bc.SignatureToken{bc.Ref(bc.Signer), bc.U64},
		Code: []bc.Instruction{
			bc.I(bc.OpMoveLoc, 0), bc.I(bc.OpMoveLoc, 1), bc.I(bc.OpPack, uint64(counter)),
			bc.I(bc.OpMoveTo, uint64(counter)), bc.I(bc.OpRet),
		},
	})
	m, err := b.Module()
	if err != nil {
		panic(err)
	}
	modules := movevm.ModuleMap{}
	modules.Add(m)

	vm := movevm.New(nil, movevm.Limits{})
	gas := &movevm.Budget{Limit: 10_000}
	s := vm.NewSession(movevm.Env{Modules: modules, Storage: store{}, Gas: gas})
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: addr, Name: "counter"}, Name: "create"}
	if err := s.ExecuteEntry(fn, nil, []ledgerapi.Address{addr}, [][]byte{binary.LittleEndian.AppendUint64(nil, 41)}); err != nil {
		fmt.Println(movevm.ExecutionStatus(err))
		return
	}
	res, _ := s.Finish()
	for _, w := range res.Writes {
		fmt.Printf("%s %s %x\n", w.Address.ShortString(), w.Tag, w.Data)
	}
	fmt.Println("gas used:", gas.Used)

	// Creating it again aborts the call; nothing is written.
	s = vm.NewSession(movevm.Env{Modules: modules, Storage: store{}})
	s.ExecuteEntry(fn, nil, []ledgerapi.Address{addr}, [][]byte{binary.LittleEndian.AppendUint64(nil, 1)})
	err = s.ExecuteEntry(fn, nil, []ledgerapi.Address{addr}, [][]byte{binary.LittleEndian.AppendUint64(nil, 2)})
	fmt.Println(movevm.ExecutionStatus(err))
	// Output:
	// 0xcafe 0xcafe::counter::Counter 2900000000000000
	// gas used: 268
	// Execution failed in 0xcafe::counter::<#0 function> at code offset 3
}
