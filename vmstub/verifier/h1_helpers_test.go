package verifier_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// Shorthands for the test corpus of the structural passes. Generic names
// carry an h1 prefix so as not to clash with other test files of the
// package.
var (
	h1Cafe = ledgerapi.MustParseAddress("0xcafe")
	h1I    = bytecode.I
)

type (
	h1Tok  = bytecode.SignatureToken
	h1Inst = bytecode.Instruction
)

func h1Toks(ts ...h1Tok) []h1Tok { return ts }

func h1Code(ins ...h1Inst) []h1Inst { return ins }

// h1RetOnly is the body of a function doing nothing.
var h1RetOnly = []h1Inst{h1I(bytecode.OpRet)}

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

// h1NewMod starts 0xcafe::m.
func h1NewMod() *bytecode.ModuleBuilder { return bytecode.NewModuleBuilder(h1Cafe, "m") }

// h1Built returns the module of b, failing the test on a builder error.
func h1Built(t *testing.T, b *bytecode.ModuleBuilder) *bytecode.Module {
	t.Helper()
	m, err := b.Module()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// h1WithFn is a module with one public function of the given shape.
func h1WithFn(f bytecode.Fn) func(t *testing.T) *bytecode.Module {
	return func(t *testing.T) *bytecode.Module {
		b := h1NewMod()
		b.Function("f", bytecode.Public, f)
		return h1Built(t, b)
	}
}

// h1Reread serializes m and reads it back with the strict reader.
func h1Reread(t *testing.T, m *bytecode.Module) *bytecode.Module {
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

// h1WantStatus checks a verifier result against want (0: accepted).
func h1WantStatus(t *testing.T, err error, want onchain.StatusCode) {
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
			m := h1Reread(t, c.build(t))
			cfg := c.cfg
			if cfg == nil {
				cfg = verifier.Production()
			}
			h1WantStatus(t, verifier.Module(m, cfg), c.want)
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

// h1Script builds a script with f and returns it, changed by edits.
func h1Script(f func(b *bytecode.ScriptBuilder), edits ...func(*bytecode.Script)) func(t *testing.T) *bytecode.Script {
	return func(t *testing.T) *bytecode.Script {
		b := bytecode.NewScriptBuilder()
		f(b)
		s, err := b.Script()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range edits {
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
			h1WantStatus(t, verifier.Script(s, cfg), c.want)
		})
	}
}

// h1With returns Production with f applied.
func h1With(f func(*verifier.Config)) *verifier.Config {
	c := verifier.Production()
	f(c)
	return c
}

// h1Repeat returns n copies of t.
func h1Repeat(n int, t h1Tok) []h1Tok {
	out := make([]h1Tok, n)
	for i := range out {
		out[i] = t
	}
	return out
}

// nestVector returns vector^n<t>.
func nestVector(n int, t h1Tok) h1Tok {
	for range n {
		t = bytecode.Vector(t)
	}
	return t
}
