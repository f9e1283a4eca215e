package publish_test

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// memory is a Resolver over what the example wrote.
type memory struct {
	modules    map[ledgerapi.ModuleId]*bytecode.Module
	registries map[ledgerapi.Address]*onchain.PackageRegistry
}

func (m *memory) Module(id ledgerapi.ModuleId) (*bytecode.Module, error) { return m.modules[id], nil }

func (m *memory) PackageRegistry(a ledgerapi.Address) (*onchain.PackageRegistry, error) {
	return m.registries[a], nil
}

// write stores an accepted publication, as the executor would.
func (m *memory) write(sender ledgerapi.Address, res *publish.Result) {
	for _, mod := range res.Modules {
		m.modules[mod.ID] = mod.Module
	}
	m.registries[sender] = res.Registry
}

// Publish a one-module package, then try an upgrade that drops its public
// function.
func Example() {
	sender := ledgerapi.MustParseAddress("0xcafe")
	counter := func(withGet bool) []byte {
		b := bytecode.NewModuleBuilder(sender, "counter")
		b.Struct("Counter", bytecode.AbilityKey, bytecode.Field("value", bytecode.U64))
		if withGet {
			b.Function("get", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address},
				Returns: []bytecode.SignatureToken{bytecode.U64}, Code: []bytecode.Instruction{bytecode.I(bytecode.OpLdU64, 0), bytecode.I(bytecode.OpRet)}})
		}
		code, err := b.Bytes()
		if err != nil {
			panic(err)
		}
		return code
	}
	meta := (&onchain.PackageMetadata{Name: "Counter", UpgradePolicy: onchain.UpgradeCompatible,
		Modules: []onchain.ModuleMetadata{{Name: "counter"}}}).Encode()
	state := &memory{modules: map[ledgerapi.ModuleId]*bytecode.Module{}, registries: map[ledgerapi.Address]*onchain.PackageRegistry{}}

	res, err := publish.Check(publish.Request{Sender: sender, Metadata: meta, Code: [][]byte{counter(true)}, Resolver: state})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Modules[0].ID, "upgrade:", res.Modules[0].Upgrade)
	fmt.Println(res.Package.Name, res.Package.UpgradePolicy, "upgrade number", res.Package.UpgradeNumber)
	state.write(sender, res)

	_, err = publish.Check(publish.Request{Sender: sender, Metadata: meta, Code: [][]byte{counter(false)}, Resolver: state})
	var e *publish.Error
	if errors.As(err, &e) {
		fmt.Println(uint64(e.Status), e.Status)
	}
	fmt.Println(err)
	// Output:
	// 0xcafe::counter upgrade: false
	// Counter compatible upgrade number 0
	// 1096 BACKWARD_INCOMPATIBLE_MODULE_UPDATE
	// publish: BACKWARD_INCOMPATIBLE_MODULE_UPDATE: Module update failure: new module not compatible with existing module in `0xcafe::counter`: removed function `get`
}
