package samples_test

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
)

func ExampleMessage() {
	code, err := samples.Message(ledgerapi.MustParseAddress("0xcafe"))
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
	// Output:
	// set_message [signer 0x1::string::String] [] entry: true view: false
	// get_message [address] [0x1::string::String] entry: false view: true
}
