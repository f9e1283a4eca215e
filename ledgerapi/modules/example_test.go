package modules_test

import (
	"encoding/json"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
)

// Resolve a module stored at one state: its ABI, a value of one of its
// structs rendered as JSON, and JSON arguments converted by a function's
// signature; then the same at a state where the module is not stored.
func Example() {
	b := bytecode.NewModuleBuilder(ledgerapi.MustParseAddress("0xcafe"), "counter")
	b.Struct("Counter", bytecode.AbilityKey, bytecode.Field("value", bytecode.U64), bytecode.Field("owner", bytecode.Address))
	b.Function("bump", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64}, Code: []bytecode.Instruction{bytecode.I(bytecode.OpRet)}})
	code, err := b.Bytes()
	if err != nil {
		panic(err)
	}
	id := ledgerapi.ModuleId{Address: ledgerapi.MustParseAddress("0xcafe"), Name: "counter"}
	stored := map[ledgerapi.ModuleId][]byte{id: code}
	cache := modules.NewCache(0)
	at := func(withModule bool) *modules.Set {
		return cache.At(modules.SourceFunc(func(m ledgerapi.ModuleId) ([]byte, bool, error) {
			c, ok := stored[m]
			return c, ok && withModule, nil
		}))
	}

	set := at(true)
	m, _ := set.Module(id)
	fmt.Println(m.ABI.ExposedFunctions[0].Name, m.ABI.ExposedFunctions[0].Params)
	tag, _ := ledgerapi.ParseTypeTag("0xcafe::counter::Counter")
	js, _ := movevalue.Codec{Resolver: set}.BCSToJSON(tag, append([]byte{7, 0, 0, 0, 0, 0, 0, 0}, make([]byte, 32)...))
	fmt.Println(string(js))
	args, _ := set.EncodeArgs(ledgerapi.EntryFunctionId{Module: id, Name: "bump"}, nil, []json.RawMessage{[]byte(`"5"`)})
	fmt.Printf("%x\n", args[0])

	_, err = at(false).Module(id)
	fmt.Println(err)
	// Output:
	// bump [&signer u64]
	// {"owner":"0x0","value":"7"}
	// 0500000000000000
	// module not found: 0xcafe::counter
}
