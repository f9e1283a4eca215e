package framework_test

// The declared surface of each framework module, checked against Aptos's.
//
// testdata/surface/<address>/<module>.move lists, for one module, the
// `use` declarations, structs and enums, and the signatures of the public,
// entry and #[view] functions as Aptos's sources declare them (facts:
// names, type parameters, parameter and return types, abilities, fields;
// parameter names are ignored, statements end with ';' or a struct's '}'):
//
//	use std::string::String;
//	struct Coin<phantom CoinType> has store { value: u64 }
//	#[event]
//	struct CoinDeposit has drop, store { coin_type: String, account: address, amount: u64 }
//	#[view]
//	public fun balance<CoinType>(owner: address): u64;
//	public entry fun transfer<CoinType>(from: &signer, to: address, amount: u64);
//
// The module the node declares must have exactly these structs and
// exactly these public and entry functions (views included), with the
// same signatures as its ABI renders them; friend functions are not
// listed. A module without a file is not checked: add its file when the
// module is complete.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

func TestDeclaredSurfaceMatchesAptos(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "surface", "*", "*.move"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no surface files")
	}
	for _, f := range files {
		addrDir := filepath.Base(filepath.Dir(f))
		name := strings.TrimSuffix(filepath.Base(f), ".move")
		t.Run(addrDir+"::"+name, func(t *testing.T) {
			a, err := ledgerapi.ParseAddress(addrDir)
			if err != nil {
				t.Fatalf("directory %s: %v", addrDir, err)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := parseSurface(a, name, string(src))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			abi, ok := vm.Module(ledgerapi.ModuleId{Address: a, Name: name})
			if !ok {
				t.Fatalf("%s::%s is not declared", addrDir, name)
			}
			compareSurface(t, want, abi)
		})
	}
}

// compareSurface reports every difference between the listed surface and
// the declared module's ABI.
func compareSurface(t reporter, want *surface, abi *bytecode.ModuleABI) {
	t.Helper()
	got := map[string]bytecode.FunctionABI{}
	for _, f := range abi.ExposedFunctions {
		if f.Visibility == "public" || f.IsEntry || f.IsView {
			got[f.Name] = f
		}
	}
	for _, w := range want.funs {
		g, ok := got[w.Name]
		if !ok {
			t.Errorf("function %s: not declared; Aptos: %s", w.Name, funString(w))
			continue
		}
		delete(got, w.Name)
		if funString(g) != funString(w) {
			t.Errorf("function %s:\n declared %s\n Aptos    %s", w.Name, funString(g), funString(w))
		}
	}
	for name, g := range got {
		t.Errorf("function %s: declared public/entry/view but not in Aptos's list: %s", name, funString(g))
	}
	gotS := map[string]bytecode.StructABI{}
	for _, s := range abi.Structs {
		gotS[s.Name] = s
	}
	for _, w := range want.structs {
		g, ok := gotS[w.Name]
		if !ok {
			t.Errorf("struct %s: not declared; Aptos: %s", w.Name, structString(w))
			continue
		}
		delete(gotS, w.Name)
		if structString(g) != structString(w) {
			t.Errorf("struct %s:\n declared %s\n Aptos    %s", w.Name, structString(g), structString(w))
		}
	}
	for name, g := range gotS {
		t.Errorf("struct %s: declared but not in Aptos's list: %s", name, structString(g))
	}
}

// reporter is what compareSurface reports to (a *testing.T).
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// funString renders a function's signature canonically.
func funString(f bytecode.FunctionABI) string {
	var b strings.Builder
	b.WriteString(f.Visibility)
	if f.IsEntry {
		b.WriteString(" entry")
	}
	if f.IsView {
		b.WriteString(" view")
	}
	b.WriteString(" " + f.Name + typeParamsString(f.GenericTypeParams, false))
	b.WriteString("(" + typesString(f.Params) + "): (" + typesString(f.Return) + ")")
	return b.String()
}

// structString renders a struct's declaration canonically.
func structString(s bytecode.StructABI) string {
	var b strings.Builder
	if s.IsEvent {
		b.WriteString("event ")
	}
	if s.IsEnum {
		b.WriteString("enum ")
	}
	b.WriteString(s.Name + typeParamsString(s.GenericTypeParams, true))
	abilities := slices.Clone(s.Abilities)
	slices.Sort(abilities)
	b.WriteString(" has " + strings.Join(abilities, ",") + " {")
	for _, f := range s.Fields {
		b.WriteString(" " + f.Name + ": " + strings.ReplaceAll(f.Type, " ", "") + ";")
	}
	for _, v := range s.Variants {
		b.WriteString(" " + v.Name + "{")
		for _, f := range v.Fields {
			b.WriteString(f.Name + ": " + strings.ReplaceAll(f.Type, " ", "") + ";")
		}
		b.WriteString("}")
	}
	b.WriteString(" }")
	return b.String()
}

func typeParamsString(ps []bytecode.GenericTypeParam, phantom bool) string {
	if len(ps) == 0 {
		return ""
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		c := slices.Clone(p.Constraints)
		slices.Sort(c)
		s := ""
		if phantom && p.IsPhantom {
			s = "phantom "
		}
		parts[i] = s + "T" + itoa(i) + ":" + strings.Join(c, "+")
	}
	return "<" + strings.Join(parts, ", ") + ">"
}

func typesString(ts []string) string {
	out := make([]string, len(ts))
	for i, s := range ts {
		out[i] = strings.ReplaceAll(s, " ", "")
	}
	return strings.Join(out, ", ")
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
