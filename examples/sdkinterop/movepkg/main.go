// Command movepkg writes a small Move package, assembled with
// ledgerapi/bytecode's builder, as the JSON the SDK interop scenarios
// publish: {"metadata": "0x…", "modules": ["0x…", …]}. No Move compiler
// runs here, so the scenarios' packages are built from Go.
//
//	go run ./examples/sdkinterop/movepkg -address 0xcafe -variant v1
//
// Variants: v1 (modules message and math), v2 (v1 with math::double added: a
// compatible upgrade), incompatible (math::add removed), missing-dep (a
// module calling a module that is not published), apps (samples.Scores, a
// table, samples.Badges, objects, and samples.Args, every argument type),
// aa (samples.Authenticator, account abstraction authentication functions);
// transfer-script and
// pay-each-other-script print {"script": "0x…"} instead.
package main

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// PackageName is the name the package is published under.
const PackageName = "InteropPkg"

func main() {
	addr := flag.String("address", "", "the publishing account's address")
	variant := flag.String("variant", "v1", "v1, v2, incompatible, missing-dep, apps, coin, aa or fa")
	flag.Parse()
	a, err := ledgerapi.ParseAddress(*addr)
	if err != nil {
		fail(fmt.Errorf("-address: %w", err))
	}
	if *variant == "transfer-script" || *variant == "pay-each-other-script" {
		writeScript(*variant)
		return
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

// writeScript prints {"script": "0x…"}: samples.TransferScript or
// samples.PayEachOtherScript.
func writeScript(variant string) {
	code, err := samples.TransferScript()
	if variant == "pay-each-other-script" {
		code, err = samples.PayEachOtherScript()
	}
	if err != nil {
		fail(err)
	}
	if err := json.NewEncoder(os.Stdout).Encode(map[string]string{"script": "0x" + hex.EncodeToString(code)}); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "movepkg:", err)
	os.Exit(2)
}

var one = ledgerapi.AddressOne

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
	case "coin":
		mods = append(mods, sample("moon_coin", samples.MoonCoin))
	case "fa":
		mods = append(mods, sample("fa_coin", samples.FACoin))
	case "apps":
		mods = append(mods, sample("scores", samples.Scores), sample("badges", samples.Badges), sample("args", samples.Args))
	case "aa":
		mods = append(mods, sample("aa", samples.Authenticator))
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

func message(addr ledgerapi.Address) (string, []byte, error) {
	code, err := samples.Message(addr)
	return "message", code, err
}

// mathModule is samples.Math with or without add and double.
func mathModule(withAdd, withDouble bool) func(ledgerapi.Address) (string, []byte, error) {
	return func(addr ledgerapi.Address) (string, []byte, error) {
		code, err := samples.Math(addr, withAdd, withDouble)
		return "math", code, err
	}
}

// sample names a samples module constructor.
func sample(name string, f func(ledgerapi.Address) ([]byte, error)) func(ledgerapi.Address) (string, []byte, error) {
	return func(addr ledgerapi.Address) (string, []byte, error) {
		code, err := f(addr)
		return name, code, err
	}
}

func broken(addr ledgerapi.Address) (string, []byte, error) {
	code, err := samples.Broken(addr)
	return "broken", code, err
}
