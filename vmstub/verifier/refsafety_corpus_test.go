package verifier

import (
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
)

// Scripts compiled by the Move compiler, from aptos-ts-sdk
// tests/e2e/transaction/helper.ts (Apache-2.0), as in
// ledgerapi/bytecode/vectors_test.go.
const (
	h3SingleSignerScript = "a11ceb0b060000000701000402040a030e0c041a04051e20073e30086e2000000001010204010001000308000104030401000105050601000002010203060c0305010b0001080101080102060c03010b0001090002050b00010900000a6170746f735f636f696e04636f696e04436f696e094170746f73436f696e087769746864726177076465706f7369740000000000000000000000000000000000000000000000000000000000000001000001080b000b0138000c030b020b03380102"
	h3TypedScript        = "a11ceb0b060000000701000202020603080c04140405181a07321b084d2000000001040100010002030101000003040501000002010203060c0305010b0001090001090002060c0302050b000109000004636f696e04436f696e087769746864726177076465706f736974000000000000000000000000000000000000000000000000000000000000000101000001080b000b0138000c030b020b03380102"
	h3MultiSignerScript  = "a11ceb0b060000000701000402040a030e18042608052e4307713e08af01200000000101020401000100030800010403040100010505060100010607040100010708060100000201020202030207060c060c0303050503030b000108010b000108010b0001080101080102060c03010b0001090002070b000109000b000109000002070b000109000302050b000109000a6170746f735f636f696e04636f696e04436f696e094170746f73436f696e087769746864726177056d657267650765787472616374076465706f73697400000000000000000000000000000000000000000000000000000000000000010000011a0b000a0238000c070b010a0338000c080d070b0838010d070b020b03160b061738020c090b040b0738030b050b09380302"
	h3Publisher          = "2cca48b8b0d7f77ef28bfd608883c599680c5b8db8192c5e3baaae1aee45114c"
)

// h3Corpus returns the compiled and sample units: name → serialized bytes.
func h3Corpus(t *testing.T) map[string][]byte {
	t.Helper()
	addr := ledgerapi.MustParseAddress("0xcafe")
	out := map[string][]byte{}
	add := func(name string, b []byte, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = b
	}
	b, err := samples.Message(addr)
	add("samples.Message", b, err)
	b, err = samples.Math(addr, true, true)
	add("samples.Math", b, err)
	b, err = samples.Broken(addr)
	add("samples.Broken", b, err)
	b, err = samples.TransferScript()
	add("samples.TransferScript", b, err)
	b, err = samples.PayEachOtherScript()
	add("samples.PayEachOtherScript", b, err)
	b, err = samples.Args(addr)
	add("samples.Args", b, err)
	b, err = samples.Payments(addr)
	add("samples.Payments", b, err)
	b, err = samples.Badges(addr)
	add("samples.Badges", b, err)
	b, err = samples.Scores(addr)
	add("samples.Scores", b, err)
	for _, name := range []string{"tx_args_module.hex.tmpl", "multi_signer_script.hex.tmpl"} {
		raw, err := os.ReadFile("../../ledgerapi/bytecode/testdata/tssdk/" + name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(string(raw)), "${PUBLISHER_ACCOUNT_ADDRESS}", h3Publisher))
		add("tssdk/"+name, b, err)
	}
	for name, h := range map[string]string{"single": h3SingleSignerScript, "typed": h3TypedScript, "multi": h3MultiSignerScript} {
		b, err := hex.DecodeString(h)
		add("tssdk/script-"+name, b, err)
	}
	return out
}

// TestReferenceSafetyCorpus: every function of the compiled fixtures and
// of the samples passes reference safety and acquires, alone and within
// the whole verifier. Real compiler output must be accepted.
func TestReferenceSafetyCorpus(t *testing.T) {
	functions := 0
	for name, raw := range h3Corpus(t) {
		t.Run(name, func(t *testing.T) {
			m, s, err := bytecode.Config{AllowTrailingBytes: true}.Deserialize(raw)
			if err != nil {
				t.Fatal(err)
			}
			var u *unit
			if m != nil {
				u = newModuleUnit(m, Production())
				err = Module(m, Production())
			} else {
				u = newScriptUnit(s, Production())
				err = Script(s, Production())
			}
			if err != nil {
				t.Errorf("verifier: %v", err)
			}
			if err := h3Passes(u); err != nil {
				t.Errorf("reference safety or acquires: %v", err)
			}
			for _, fn := range u.funcs {
				if fn.code != nil {
					functions++
				}
			}
		})
	}
	if functions < 20 {
		t.Errorf("only %d functions with code in the corpus", functions)
	}
}
