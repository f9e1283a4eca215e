package vmstub

import (
	"cmp"
	"github.com/ledgernode/ledgernode/vmstub/native"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// Packages: genesis lists the registered modules in the
// 0x1::code::PackageRegistry of each address holding them, so that
// published packages can name them as dependencies; publication
// (publishreq.go) writes a publisher's registry and emits PublishPackage.

var (
	packageRegistryTag = aptosframework.PackageRegistryTag
	publishPackageType = ledgerapi.StructType(aptosframework.PublishPackageTag)
)

// The packages of the framework at 0x1, as Aptos splits it; modules not
// listed here are AptosFramework's.
var (
	moveStdlibModules  = []string{"acl", "bcs", "bit_vector", "cmp", "error", "features", "fixed_point32", "hash", "mem", "option", "signer", "string", "vector"}
	aptosStdlibModules = []string{"any", "aptos_hash", "big_vector", "bls12381", "copyable_any", "ed25519", "from_bcs", "math128", "math64",
		"multi_ed25519", "secp256k1", "simple_map", "smart_table", "smart_vector", "string_utils", "table", "table_with_length", "type_info",
		"comparator", "fixed_point64", "math_fixed", "math_fixed64", "debug", "ordered_map", "pool_u64", "pool_u64_unbound", "iterable_table", "simple_set",
		"storage_slots_allocator", "big_ordered_map", "crypto_algebra", "bls12381_algebra", "bn254_algebra"}
	frameworkPackageDeps = map[string][]string{
		"MoveStdlib":        nil,
		"AptosStdlib":       {"MoveStdlib"},
		"AptosFramework":    {"AptosStdlib", "MoveStdlib"},
		"HostModules":       {"AptosFramework", "AptosStdlib", "MoveStdlib"},
		"AptosTokenObjects": {"AptosFramework"},
		"AptosToken":        {"AptosFramework"},
		"AptosExperimental": {"AptosFramework"},
	}
)

// packageOf returns the package genesis lists m in.
func packageOf(m *native.Module) string {
	switch {
	case m.Package != "":
		return m.Package
	case m.Address != ledgerapi.AddressOne:
		return "HostModules"
	}
	for _, n := range moveStdlibModules {
		if n == m.Name {
			return "MoveStdlib"
		}
	}
	for _, n := range aptosStdlibModules {
		if n == m.Name {
			return "AptosStdlib"
		}
	}
	return "AptosFramework"
}

// writePackageRegistries writes, at each address holding registered
// modules, the PackageRegistry listing them: published packages can then
// declare their dependencies on the framework's packages as Aptos's tools
// do. The packages are compatible-policy, upgrade number 0, without
// sources; a package depends on the framework packages below it.
func (vm *VM) writePackageRegistries(s *Session) error {
	regs := map[ledgerapi.Address]*onchain.PackageRegistry{}
	var addrs []ledgerapi.Address
	for _, m := range vm.reg.order {
		reg := regs[m.id.Address]
		if reg == nil {
			reg = &onchain.PackageRegistry{}
			regs[m.id.Address] = reg
			addrs = append(addrs, m.id.Address)
		}
		name := packageOf(&m.def)
		var pkg *onchain.PackageMetadata
		for i := range reg.Packages {
			if reg.Packages[i].Name == name {
				pkg = &reg.Packages[i]
			}
		}
		if pkg == nil {
			reg.Packages = append(reg.Packages, onchain.PackageMetadata{Name: name, UpgradePolicy: onchain.UpgradeCompatible})
			pkg = &reg.Packages[len(reg.Packages)-1]
			for _, dep := range frameworkPackageDeps[name] {
				pkg.Deps = append(pkg.Deps, onchain.PackageDep{Account: ledgerapi.AddressOne, PackageName: dep})
			}
		}
		pkg.Modules = append(pkg.Modules, onchain.ModuleMetadata{Name: m.id.Name})
	}
	rank := func(name string) int { // the framework's packages first, lowest first
		return cmp.Or(map[string]int{"MoveStdlib": 1, "AptosStdlib": 2, "AptosFramework": 3}[name], 4)
	}
	// Packages of Aptos's token standards are declared by tools' package
	// templates; their registries let such packages publish (a module that
	// uses one of their modules fails to link: none is stored).
	for _, p := range []struct {
		addr ledgerapi.Address
		name string
	}{{ledgerapi.MustParseAddress("0x3"), "AptosToken"}, {ledgerapi.MustParseAddress("0x4"), "AptosTokenObjects"}} {
		if regs[p.addr] == nil {
			regs[p.addr] = &onchain.PackageRegistry{Packages: []onchain.PackageMetadata{{Name: p.name, UpgradePolicy: onchain.UpgradeCompatible,
				Deps: []onchain.PackageDep{{Account: ledgerapi.AddressOne, PackageName: "AptosFramework"}}}}}
			addrs = append(addrs, p.addr)
		}
	}
	for _, a := range addrs {
		slices.SortStableFunc(regs[a].Packages, func(x, y onchain.PackageMetadata) int {
			return cmp.Compare(rank(x.Name), rank(y.Name))
		})
		// Modules by name: the registry does not change when the code
		// that declares them is reorganised.
		for i := range regs[a].Packages {
			slices.SortFunc(regs[a].Packages[i].Modules, func(x, y onchain.ModuleMetadata) int { return cmp.Compare(x.Name, y.Name) })
		}
		if err := s.SetResource(a, packageRegistryTag, regs[a].Encode()); err != nil {
			return err
		}
	}
	return nil
}

// CodeObjectAddress returns the address object_code_deployment::publish
// gives the package publisher sends in the transaction with sequence
// number seq: the named object with seed bcs(b"aptos_framework::
// object_code_deployment") ‖ bcs(seq + 1).
func CodeObjectAddress(publisher ledgerapi.Address, seq uint64) ledgerapi.Address {
	return aptosframework.CodeObjectAddress(publisher, seq)
}
