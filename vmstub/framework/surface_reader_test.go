package framework_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// The reader resolves names as Move does and renders what the ABI renders;
// compareSurface reports each kind of difference.
func TestSurfaceReader(t *testing.T) {
	src := `
use std::string::{Self, String as Str};
use aptos_framework::object::Object;
use aptos_std::simple_map;
#[event]
struct Made<phantom T: key> has drop, store { who: address, name: Str, m: simple_map::SimpleMap<u8, vector<Object<T>>> }
enum Kind has copy, drop { Plain, Named { n: string::String }, Pair(u8, Str), }
struct Wrap<T>(T, vector<u8>) has copy, drop;
#[view]
public fun get<T: key>(o: Object<T>, k: &Kind): (u64, Made<T>) acquires Made { abort 0 }
public(friend) fun hidden(): u8;
entry fun run(s: &signer, f: &mut vector<u8>);
#[test]
public fun a_test() { }
`
	s, err := parseSurface(ledgerapi.AddressOne, "m", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.funs) != 2 || len(s.structs) != 3 {
		t.Fatalf("funs %d structs %d, want 2 and 3 (friend and test functions are not listed)", len(s.funs), len(s.structs))
	}
	for got, want := range map[string]string{
		funString(s.funs[0]):       "public view get<T0:key>(0x1::object::Object<T0>, &0x1::m::Kind): (u64, 0x1::m::Made<T0>)",
		funString(s.funs[1]):       "private entry run(&signer, &mutvector<u8>): ()",
		structString(s.structs[0]): "event Made<phantom T0:key> has drop,store { who: address; name: 0x1::string::String; m: 0x1::simple_map::SimpleMap<u8,vector<0x1::object::Object<T0>>>; }",
		// Positional fields are named _0, _1, … as in bytecode.
		structString(s.structs[1]): "enum Kind has copy,drop { Plain{} Named{n: 0x1::string::String;} Pair{_0: u8;_1: 0x1::string::String;} }",
		structString(s.structs[2]): "Wrap<T0:> has copy,drop { _0: T0; _1: vector<u8>; }",
	} {
		if got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
	for _, bad := range []string{"public fun f(x: Unknown);", "use nowhere::m;", "struct S has drop { x: u8 ", "struct P(u8 has drop;", "struct P(u8) has drop"} {
		if _, err := parseSurface(ledgerapi.AddressOne, "m", bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}

	// Every kind of difference is reported.
	declared := &bytecode.ModuleABI{
		ExposedFunctions: []bytecode.FunctionABI{
			{Name: "get", Visibility: "public", IsView: true, Params: []string{"u64"}},
			{Name: "extra", Visibility: "public"},
		},
		Structs: []bytecode.StructABI{{Name: "Kind", Abilities: []string{"drop"}}},
	}
	rec := &recorder{}
	compareSurface(rec, s, declared)
	joined := strings.Join(rec.errs, "\n")
	for _, want := range []string{"function get:", "function run: not declared", "function extra: declared",
		"struct Made: not declared", "struct Kind:"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no error %q in:\n%s", want, joined)
		}
	}
}

type recorder struct{ errs []string }

func (*recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, strings.TrimSpace(fmt.Sprintf(format, args...)))
}
