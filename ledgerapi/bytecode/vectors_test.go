package bytecode_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Scripts compiled by the Move compiler, from aptos-ts-sdk
// tests/e2e/transaction/helper.ts (Apache-2.0); see testdata/tssdk/README.md.
const (
	// singleSignerScriptBytecode: withdraw<AptosCoin> then deposit.
	tsSingleSignerScript = "a11ceb0b060000000701000402040a030e0c041a04051e20073e30086e2000000001010204010001000308000104030401000105050601000002010203060c0305010b0001080101080102060c03010b0001090002050b00010900000a6170746f735f636f696e04636f696e04436f696e094170746f73436f696e087769746864726177076465706f7369740000000000000000000000000000000000000000000000000000000000000001000001080b000b0138000c030b020b03380102"
	// TYPED_SCRIPT_TEST: the same with a type parameter.
	tsTypedScript = "a11ceb0b060000000701000202020603080c04140405181a07321b084d2000000001040100010002030101000003040501000002010203060c0305010b0001090001090002060c0302050b000109000004636f696e04436f696e087769746864726177076465706f736974000000000000000000000000000000000000000000000000000000000000000101000001080b000b0138000c030b020b03380102"
	// multiSignerScriptBytecode: two withdrawals, a merge, an extract and two deposits.
	tsMultiSignerScript = "a11ceb0b060000000701000402040a030e18042608052e4307713e08af01200000000101020401000100030800010403040100010505060100010607040100010708060100000201020202030207060c060c0303050503030b000108010b000108010b0001080101080102060c03010b0001090002070b000109000b000109000002070b000109000302050b000109000a6170746f735f636f696e04636f696e04436f696e094170746f73436f696e087769746864726177056d657267650765787472616374076465706f73697400000000000000000000000000000000000000000000000000000000000000010000011a0b000a0238000c070b010a0338000c080d070b0838010d070b020b03160b061738020c090b040b0738030b050b09380302"

	tsPublisher = "2cca48b8b0d7f77ef28bfd608883c599680c5b8db8192c5e3baaae1aee45114c"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tsFixture reads a template from testdata/tssdk with the publisher filled in.
func tsFixture(t testing.TB, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile("testdata/tssdk/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return mustHex(t, strings.ReplaceAll(strings.TrimSpace(string(raw)), "${PUBLISHER_ACCOUNT_ADDRESS}", tsPublisher))
}

func TestSDKModuleVector(t *testing.T) {
	b := tsFixture(t, "tx_args_module.hex.tmpl")
	m, err := bytecode.DeserializeModule(b)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != 6 || m.Layout != nil {
		t.Fatalf("version %d, layout %+v", m.Version, m.Layout)
	}
	self := m.ModuleHandles[m.SelfHandle]
	if got := m.AddressIdentifiers[self.Address]; got != ledgerapi.MustParseAddress(tsPublisher) {
		t.Errorf("self address %v", got)
	}
	if got := m.Identifiers[self.Name]; got != "tx_args_module" {
		t.Errorf("self name %q", got)
	}
	if len(m.FunctionDefs) != 13 || len(m.StructDefs) != 2 || len(m.ConstantPool) != 33 {
		t.Errorf("%d functions, %d structs, %d constants", len(m.FunctionDefs), len(m.StructDefs), len(m.ConstantPool))
	}
	if len(m.Metadata) != 1 || string(m.Metadata[0].Key) != "aptos::metadata_v1" {
		t.Errorf("metadata %q", m.Metadata)
	}
	names := map[string]bool{}
	for _, fd := range m.FunctionDefs {
		names[m.Identifiers[m.FunctionHandles[fd.Function].Name]] = true
	}
	for _, n := range []string{"init_module", "public_arguments", "view_all_arguments", "type_tags_for_args"} {
		if !names[n] {
			t.Errorf("no function %s in %v", n, names)
		}
	}
	if out, err := m.Serialize(); err != nil || !bytes.Equal(out, b) {
		t.Fatalf("round trip: %v", err)
	}
	// As a script the same bytes are rejected: the main function would start
	// with the one byte of the self handle.
	if _, err := bytecode.DeserializeScript(b); err == nil {
		t.Error("module bytes read as a script")
	}
}

func TestSDKScriptVectors(t *testing.T) {
	for name, h := range map[string]string{"single": tsSingleSignerScript, "typed": tsTypedScript, "multi": tsMultiSignerScript} {
		t.Run(name, func(t *testing.T) {
			m, s, err := bytecode.Deserialize(mustHex(t, h))
			if err != nil || m != nil || s == nil {
				t.Fatalf("module %v script %v err %v", m != nil, s != nil, err)
			}
			if s.Version != 6 || s.Code.Code[len(s.Code.Code)-1].Op != bytecode.OpRet {
				t.Errorf("version %d, code %v", s.Version, s.Code.Code)
			}
			var calls int
			for _, in := range s.Code.Code {
				if in.Op == bytecode.OpCallGeneric {
					calls++
				}
			}
			if calls < 2 {
				t.Errorf("%d generic calls in %v", calls, s.Code.Code)
			}
			if out, err := s.Serialize(); err != nil || !bytes.Equal(out, mustHex(t, h)) {
				t.Fatalf("round trip: %v", err)
			}
		})
	}
}

// The SDK submits this script with 278 bytes after its end; the reference
// reader ignores them. The strict default rejects them, the permissive
// configuration keeps them.
func TestSDKScriptWithTrailingBytes(t *testing.T) {
	b := tsFixture(t, "multi_signer_script.hex.tmpl")
	_, err := bytecode.DeserializeScript(b)
	var be *bytecode.Error
	if !errors.As(err, &be) || be.Status != bytecode.StatusMalformed || be.Offset != len(b)-278 ||
		!strings.Contains(err.Error(), "278 trailing bytes") {
		t.Fatalf("strict read: %v", err)
	}
	s, err := bytecode.Config{AllowTrailingBytes: true}.DeserializeScript(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Layout.Trailing) != 278 || len(s.Code.Code) != 0x49 {
		t.Errorf("trailing %d, code %d", len(s.Layout.Trailing), len(s.Code.Code))
	}
	if out, err := s.Serialize(); err != nil || !bytes.Equal(out, b) {
		t.Fatalf("round trip: %v", err)
	}
}
