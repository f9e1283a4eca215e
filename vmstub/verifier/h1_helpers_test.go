package verifier_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// Shorthands for the test corpus of the structural passes.
var (
	cafe = ledgerapi.MustParseAddress("0xcafe")
	I    = bytecode.I
)

type (
	tok  = bytecode.SignatureToken
	inst = bytecode.Instruction
)

func toks(ts ...tok) []tok { return ts }

func code(ins ...inst) []inst { return ins }

// retOnly is the body of a function doing nothing.
var retOnly = []inst{I(bytecode.OpRet)}

// modCase is a module the verifier must accept (want 0) or refuse with
// want. build assembles it with the builder and may then edit it by hand
// (for shapes the builder refuses to produce); the module goes through
// the serializer and the strict reader before the verifier, so that the
// verifier sees what it would see of published bytes.
type modCase struct {
	name  string
	build func(t *testing.T) *bytecode.Module
	cfg   *verifier.Config // nil: Production
	want  onchain.StatusCode
}

// newMod starts 0xcafe::m.
func newMod() *bytecode.ModuleBuilder { return bytecode.NewModuleBuilder(cafe, "m") }

// built returns the module of b, failing the test on a builder error.
func built(t *testing.T, b *bytecode.ModuleBuilder) *bytecode.Module {
	t.Helper()
	m, err := b.Module()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// withFn is a module with one public function of the given shape.
func withFn(f bytecode.Fn) func(t *testing.T) *bytecode.Module {
	return func(t *testing.T) *bytecode.Module {
		b := newMod()
		b.Function("f", bytecode.Public, f)
		return built(t, b)
	}
}

// reread serializes m and reads it back with the strict reader.
func reread(t *testing.T, m *bytecode.Module) *bytecode.Module {
	t.Helper()
	b, err := m.Serialize()
	if err != nil {
		t.Fatalf("serialize: %v", err)
	}
	out, err := bytecode.DeserializeModule(b)
	if err != nil {
		t.Fatalf("the reader refuses the module: %v", err)
	}
	return out
}

// wantStatus checks a verifier result against want (0: accepted).
func wantStatus(t *testing.T, err error, want onchain.StatusCode) {
	t.Helper()
	if want == 0 {
		if err != nil {
			t.Fatalf("refused: %v", err)
		}
		return
	}
	var verr *verifier.Error
	if !errors.As(err, &verr) {
		t.Fatalf("want %v, got %v", want, err)
	}
	if verr.Status != want {
		t.Fatalf("want %v, got %v", want, err)
	}
}

func runModCases(t *testing.T, cases []modCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := reread(t, c.build(t))
			cfg := c.cfg
			if cfg == nil {
				cfg = verifier.Production()
			}
			wantStatus(t, verifier.Module(m, cfg), c.want)
		})
	}
}

// scriptCase is modCase for scripts.
type scriptCase struct {
	name  string
	build func(t *testing.T) *bytecode.Script
	cfg   *verifier.Config
	want  onchain.StatusCode
}

// script builds a script with f and returns it (edit may change it).
func script(f func(b *bytecode.ScriptBuilder), edit ...func(*bytecode.Script)) func(t *testing.T) *bytecode.Script {
	return func(t *testing.T) *bytecode.Script {
		b := bytecode.NewScriptBuilder()
		f(b)
		s, err := b.Script()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range edit {
			e(s)
		}
		return s
	}
}

func runScriptCases(t *testing.T, cases []scriptCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			raw, err := c.build(t).Serialize()
			if err != nil {
				t.Fatal(err)
			}
			s, err := bytecode.DeserializeScript(raw)
			if err != nil {
				t.Fatalf("the reader refuses the script: %v", err)
			}
			cfg := c.cfg
			if cfg == nil {
				cfg = verifier.Production()
			}
			wantStatus(t, verifier.Script(s, cfg), c.want)
		})
	}
}

// with returns Production with f applied.
func with(f func(*verifier.Config)) *verifier.Config {
	c := verifier.Production()
	f(c)
	return c
}

// repeat returns n copies of t.
func repeat(n int, t tok) []tok {
	out := make([]tok, n)
	for i := range out {
		out[i] = t
	}
	return out
}

// nestVector returns vector^n<t>.
func nestVector(n int, t tok) tok {
	for range n {
		t = bytecode.Vector(t)
	}
	return t
}
