package verifier_test

import (
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// The accepting side of the verifier: real compiler output and every
// module the node serves must pass.

const h1TSPublisher = "2cca48b8b0d7f77ef28bfd608883c599680c5b8db8192c5e3baaae1aee45114c"

// Scripts compiled by the Move compiler, from aptos-ts-sdk
// tests/e2e/transaction/helper.ts (Apache-2.0), as in ledgerapi/bytecode's
// vectors_test.go.
var h1TSScripts = map[string]string{
	"single signer": "a11ceb0b060000000701000402040a030e0c041a04051e20073e30086e2000000001010204010001000308000104030401000105050601000002010203060c0305010b0001080101080102060c03010b0001090002050b00010900000a6170746f735f636f696e04636f696e04436f696e094170746f73436f696e087769746864726177076465706f7369740000000000000000000000000000000000000000000000000000000000000001000001080b000b0138000c030b020b03380102",
	"typed":         "a11ceb0b060000000701000202020603080c04140405181a07321b084d2000000001040100010002030101000003040501000002010203060c0305010b0001090001090002060c0302050b000109000004636f696e04436f696e087769746864726177076465706f736974000000000000000000000000000000000000000000000000000000000000000101000001080b000b0138000c030b020b03380102",
	"multi signer":  "a11ceb0b060000000701000402040a030e18042608052e4307713e08af01200000000101020401000100030800010403040100010505060100010607040100010708060100000201020202030207060c060c0303050503030b000108010b000108010b0001080101080102060c03010b0001090002070b000109000b000109000002070b000109000302050b000109000a6170746f735f636f696e04636f696e04436f696e094170746f73436f696e087769746864726177056d657267650765787472616374076465706f73697400000000000000000000000000000000000000000000000000000000000000010000011a0b000a0238000c070b010a0338000c080d070b0838010d070b020b03160b061738020c090b040b0738030b050b09380302",
}

// h1TSFixture reads a compiled unit from ledgerapi/bytecode/testdata/tssdk.
func h1TSFixture(t testing.TB, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile("../../ledgerapi/bytecode/testdata/tssdk/" + name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(string(raw)), "${PUBLISHER_ACCOUNT_ADDRESS}", h1TSPublisher))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// h1MustHex decodes hex.
func h1MustHex(t testing.TB, h string) []byte {
	b, err := hex.DecodeString(h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCompiledSDKModulePasses(t *testing.T) {
	m, err := bytecode.DeserializeModule(h1TSFixture(t, "tx_args_module.hex.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := verifier.Module(m, verifier.Production()); err != nil {
		t.Fatalf("compiled tx_args_module refused: %v", err)
	}
}

func TestCompiledSDKScriptsPass(t *testing.T) {
	for name, h := range h1TSScripts {
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		s, err := bytecode.DeserializeScript(b)
		if err != nil {
			t.Fatal(err)
		}
		if err := verifier.Script(s, verifier.Production()); err != nil {
			t.Errorf("%s script refused: %v", name, err)
		}
	}
	s, err := bytecode.Config{AllowTrailingBytes: true}.DeserializeScript(h1TSFixture(t, "multi_signer_script.hex.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := verifier.Script(s, verifier.Production()); err != nil {
		t.Errorf("multi_signer_script refused: %v", err)
	}
}

func TestSamplePackagesPass(t *testing.T) {
	addr := ledgerapi.MustParseAddress("0xcafe")
	modules := map[string]func() ([]byte, error){
		"message":  func() ([]byte, error) { return samples.Message(addr) },
		"math":     func() ([]byte, error) { return samples.Math(addr, true, true) },
		"broken":   func() ([]byte, error) { return samples.Broken(addr) },
		"args":     func() ([]byte, error) { return samples.Args(addr) },
		"payments": func() ([]byte, error) { return samples.Payments(addr) },
		"badges":   func() ([]byte, error) { return samples.Badges(addr) },
		"scores":   func() ([]byte, error) { return samples.Scores(addr) },
	}
	for name, build := range modules {
		b, err := build()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m, err := bytecode.DeserializeModule(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := verifier.Module(m, verifier.Production()); err != nil {
			t.Errorf("sample %s refused: %v", name, err)
		}
	}
	for name, build := range map[string]func() ([]byte, error){
		"transfer": samples.TransferScript, "pay each other": samples.PayEachOtherScript,
	} {
		b, err := build()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s, err := bytecode.DeserializeScript(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := verifier.Script(s, verifier.Production()); err != nil {
			t.Errorf("sample script %s refused: %v", name, err)
		}
	}
}

// TestFrameworkModulesPass verifies every module the node serves, as
// genesis stores them.
func TestFrameworkModulesPass(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{})
	if err != nil {
		t.Fatal(err)
	}
	abis := vm.Modules()
	if len(abis) < 20 {
		t.Fatalf("only %d modules", len(abis))
	}
	for _, abi := range abis {
		id := ledgerapi.ModuleId{Address: abi.Address, Name: abi.Name}
		h1Code, ok := vm.ModuleBytecode(id)
		if !ok {
			t.Fatalf("%s has no bytecode", id)
		}
		m, err := bytecode.DeserializeModule(h1Code)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if err := verifier.Module(m, verifier.Production()); err != nil {
			t.Errorf("framework module %s refused: %v", id, err)
		}
	}
}

// BenchmarkVerifyCompiledModule reads and verifies the SDK's compiled
// module.
func BenchmarkVerifyCompiledModule(b *testing.B) {
	raw := h1TSFixture(b, "tx_args_module.hex.tmpl")
	for b.Loop() {
		m, err := bytecode.DeserializeModule(raw)
		if err != nil {
			b.Fatal(err)
		}
		if err := verifier.Module(m, verifier.Production()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeserializeCompiledModule is the reading part alone.
func BenchmarkDeserializeCompiledModule(b *testing.B) {
	raw := h1TSFixture(b, "tx_args_module.hex.tmpl")
	for b.Loop() {
		if _, err := bytecode.DeserializeModule(raw); err != nil {
			b.Fatal(err)
		}
	}
}
