// Command movepkg writes a small Move package, assembled with
// ledgerapi/bytecode's builder, as the JSON the SDK interop scenarios
// publish: {"metadata": "0x…", "modules": ["0x…", …]}. No Move compiler
// runs here, so the scenarios' packages are built from Go.
//
//	go run ./examples/sdkinterop/movepkg -address 0xcafe -variant v1
//
// Variants: v1 (modules message and math), v2 (v1 with math::double added: a
// compatible upgrade), incompatible (math::add removed), missing-dep (a
// module calling a module that is not published).
package main

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// PackageName is the name the package is published under.
const PackageName = "InteropPkg"

func main() {
	addr := flag.String("address", "", "the publishing account's address")
	variant := flag.String("variant", "v1", "v1, v2, incompatible or missing-dep")
	flag.Parse()
	a, err := ledgerapi.ParseAddress(*addr)
	if err != nil {
		fail(fmt.Errorf("-address: %w", err))
	}
	meta, code, err := build(a, *variant)
	if err != nil {
		fail(err)
	}
	out := struct {
		Metadata string   `json:"metadata"`
		Modules  []string `json:"modules"`
	}{Metadata: "0x" + hex.EncodeToString(meta)}
	for _, c := range code {
		out.Modules = append(out.Modules, "0x"+hex.EncodeToString(c))
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "movepkg:", err)
	os.Exit(2)
}

var (
	one  = ledgerapi.AddressOne
	ret  = []bytecode.Instruction{bytecode.I(bytecode.OpRet)}
	u64s = []bytecode.SignatureToken{bytecode.U64}
)

// build returns the package's metadata_serialized and module binaries.
func build(addr ledgerapi.Address, variant string) ([]byte, [][]byte, error) {
	var mods []func(ledgerapi.Address) (string, []byte, error)
	switch variant {
	case "v1":
		mods = append(mods, message, mathModule(true, false))
	case "v2":
		mods = append(mods, message, mathModule(true, true))
	case "incompatible":
		mods = append(mods, message, mathModule(false, true))
	case "missing-dep":
		mods = append(mods, message, mathModule(true, true), broken)
	default:
		return nil, nil, fmt.Errorf("unknown variant %q", variant)
	}
	meta := onchain.PackageMetadata{Name: PackageName, UpgradePolicy: onchain.UpgradeCompatible,
		SourceDigest: "9F3A0C1D2E4B5A6978877665544332211000FFEEDDCCBBAA9988776655443322",
		Deps: []onchain.PackageDep{{Account: one, PackageName: "AptosFramework"}, {Account: one, PackageName: "AptosStdlib"},
			{Account: one, PackageName: "MoveStdlib"}}}
	var code [][]byte
	for _, m := range mods {
		name, b, err := m(addr)
		if err != nil {
			return nil, nil, fmt.Errorf("module %s: %w", name, err)
		}
		meta.Modules = append(meta.Modules, onchain.ModuleMetadata{Name: name})
		code = append(code, b)
	}
	return meta.Encode(), code, nil
}

// message: struct MessageHolder has key { message: String }, #[event]
// struct MessageChange has drop, store { account: address, from_message:
// String, to_message: String }, public entry fun set_message(account:
// signer, message: String), #[view] public fun get_message(addr: address):
// String.
func message(addr ledgerapi.Address) (string, []byte, error) {
	b := bytecode.NewModuleBuilder(addr, "message")
	str := b.ImportStruct(b.ModuleRef(one, "string"), "String", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore)
	b.Struct("MessageHolder", bytecode.AbilityKey, bytecode.Field("message", bytecode.StructOf(str)))
	b.Struct("MessageChange", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("account", bytecode.Address),
		bytecode.Field("from_message", bytecode.StructOf(str)), bytecode.Field("to_message", bytecode.StructOf(str)))
	b.Function("set_message", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Signer, bytecode.StructOf(str)}, Code: ret})
	b.Function("get_message", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address},
		Returns: []bytecode.SignatureToken{bytecode.StructOf(str)},
		Code:    []bytecode.Instruction{bytecode.I(bytecode.OpLdU64, 1), bytecode.I(bytecode.OpAbort)}})
	b.MetadataV1(&bytecode.MetadataV1{
		StructAttributes: map[string][]bytecode.KnownAttribute{"MessageChange": {{Kind: bytecode.AttributeEvent}}},
		FunAttributes:    map[string][]bytecode.KnownAttribute{"get_message": {{Kind: bytecode.AttributeView}}},
	})
	code, err := b.Bytes()
	return "message", code, err
}

// mathModule: struct Pair<T: copy + drop> has copy, drop, store { a: T, b:
// T }, public fun add(u64, u64): u64 (unless !withAdd), public fun
// double(u64): u64 (when withDouble).
func mathModule(withAdd, withDouble bool) func(ledgerapi.Address) (string, []byte, error) {
	return func(addr ledgerapi.Address) (string, []byte, error) {
		b := bytecode.NewModuleBuilder(addr, "math")
		b.GenericStruct("Pair", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore,
			[]bytecode.StructTypeParameter{{Constraints: bytecode.AbilityCopy | bytecode.AbilityDrop}},
			bytecode.Field("a", bytecode.TypeParameter(0)), bytecode.Field("b", bytecode.TypeParameter(0)))
		if withAdd {
			b.Function("add", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.U64, bytecode.U64}, Returns: u64s,
				Code: []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpMoveLoc, 1),
					bytecode.I(bytecode.OpAdd), bytecode.I(bytecode.OpRet)}})
		}
		if withDouble {
			b.Function("double", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s,
				Code: []bytecode.Instruction{bytecode.I(bytecode.OpCopyLoc, 0), bytecode.I(bytecode.OpMoveLoc, 0),
					bytecode.I(bytecode.OpAdd), bytecode.I(bytecode.OpRet)}})
		}
		code, err := b.Bytes()
		return "math", code, err
	}
}

// broken calls <addr>::nowhere::f, which no one published.
func broken(addr ledgerapi.Address) (string, []byte, error) {
	b := bytecode.NewModuleBuilder(addr, "broken")
	f := b.ImportFunction(b.ModuleRef(addr, "nowhere"), "f", bytecode.Fn{})
	b.Function("g", bytecode.Public, bytecode.Fn{Code: []bytecode.Instruction{bytecode.I(bytecode.OpCall, uint64(f)), bytecode.I(bytecode.OpRet)}})
	code, err := b.Bytes()
	return "broken", code, err
}
