package vmstub_test

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// The native suites build one module per suite with the bytecode builder:
// one #[view] function without parameters per case, calling a framework
// function through a handle declared with Aptos's signature, and compare
// what the view returns (or how it fails) with values computed here.

type tok = bytecode.SignatureToken

var (
	in        = bytecode.I
	u64T      = bytecode.U64
	copyDropT = bytecode.AbilityCopy | bytecode.AbilityDrop
	anyTP     = []bytecode.AbilitySet{0}
)

// kit is a module under construction with the framework handles the cases
// use.
type kit struct {
	t     testing.TB
	addr  ledgerapi.Address
	name  string
	b     *bytecode.ModuleBuilder
	views []string
	rand  []string // entry functions marked #[randomness]
}

func newKit(t testing.TB, addr ledgerapi.Address, name string) *kit {
	b := bytecode.NewModuleBuilder(addr, name)
	k := &kit{t: t, addr: addr, name: name, b: b}
	// The first two struct handles: strT and optOf name them.
	if b.ImportStruct(b.ModuleRef(one, "string"), "String", stringAbil) != 0 ||
		b.ImportStruct(b.ModuleRef(one, "option"), "Option", stringAbil, bytecode.StructTypeParameter{}) != 1 {
		t.Fatal("String and Option are not struct handles 0 and 1")
	}
	return k
}

// strT is 0x1::string::String and optOf(t) 0x1::option::Option<t> in a
// kit's module.
var strT = bytecode.StructOf(0)

func optOf(t tok) tok { return bytecode.StructOf(1, t) }

// fn declares 0x1::mod::name.
func (k *kit) fn(mod, name string, tps []bytecode.AbilitySet, params, rets []tok) bytecode.FunctionHandleIndex {
	return k.b.ImportFunction(k.b.ModuleRef(one, mod), name, bytecode.Fn{TypeParams: tps, Params: params, Returns: rets})
}

// callF calls a non-generic function.
func callF(h bytecode.FunctionHandleIndex) bytecode.Instruction {
	return in(bytecode.OpCall, uint64(h))
}

// callG calls generic function h instantiated with targs.
func (k *kit) callG(h bytecode.FunctionHandleIndex, targs ...tok) bytecode.Instruction {
	return in(bytecode.OpCallGeneric, uint64(k.b.FunctionInst(h, targs...)))
}

// bytes loads a vector<u8> constant.
func (k *kit) bytes(v []byte) bytecode.Instruction {
	return in(bytecode.OpLdConst, uint64(k.b.ConstantBytes(v)))
}

// u64s loads a vector<u64> constant.
func (k *kit) u64s(vs ...uint64) bytecode.Instruction {
	return in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Vector(u64T), u64Vec(vs...))))
}

// utf8 leaves string::utf8(s) on the stack.
func (k *kit) utf8(s string) []bytecode.Instruction {
	h := k.fn("string", "utf8", nil, []tok{bytecode.Vector(bytecode.U8)}, []tok{strT})
	return []bytecode.Instruction{k.bytes([]byte(s)), callF(h)}
}

// view defines a #[view] function without parameters.
func (k *kit) view(name string, rets, locals []tok, code []bytecode.Instruction) {
	k.b.Function(name, bytecode.Public, bytecode.Fn{Returns: rets, Locals: locals, Code: code})
	k.views = append(k.views, name)
}

// code returns the module's bytes, its views marked #[view] and its
// k.rand functions #[randomness].
func (k *kit) code() []byte {
	md := &bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{}}
	for _, v := range k.views {
		md.FunAttributes[v] = []bytecode.KnownAttribute{{Kind: bytecode.AttributeView}}
	}
	for _, f := range k.rand {
		md.FunAttributes[f] = []bytecode.KnownAttribute{{Kind: bytecode.AttributeRandomness}}
	}
	k.b.MetadataV1(md)
	return mustBytes(k.t, k.b)
}

// publish publishes the module as a package of a.
func (k *kit) publish(c *chain, a vmstub.DevAccount) {
	k.t.Helper()
	out := c.publish(a, packageMeta("Natives"+k.name, onchain.UpgradeCompatible, []string{k.name}, stdDeps...), k.code())
	if !out.Info.Status.Success() {
		k.t.Fatalf("publish %s: %s", k.name, out.Info.Status.String())
	}
}

// viewCase is one native called from a view: its code and locals, its
// return types, and either the concatenated BCS of its results, an abort
// (module and code) or an execution failure.
type viewCase struct {
	name   string
	rets   []tok
	locals []tok
	code   func(k *kit) []bytecode.Instruction
	want   []byte
	abort  *abortAt
	failed bool
	// check, when set, checks the results instead of want.
	check func(t *testing.T, vals [][]byte)
}

// abortAt is an expected Move abort.
type abortAt struct {
	module string
	code   uint64
}

func aborts(module string, code uint64) *abortAt { return &abortAt{module, code} }

// runViews publishes the cases (made for the module's address) as views
// of module name, after extra has added to it, and checks each.
func runViews(t *testing.T, name string, mk func(ledgerapi.Address) []viewCase, extra func(k *kit)) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, name)
	cases := mk(a.Address)
	if extra != nil {
		extra(k)
	}
	for i, tc := range cases {
		k.view(fmt.Sprintf("case_%d", i), tc.rets, tc.locals, append(tc.code(k), in(bytecode.OpRet)))
	}
	k.publish(c, a)
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: name}, Name: fmt.Sprintf("case_%d", i)}
			vals, _, _, err := c.vm.View(c, fn, nil, nil)
			checkOutcome(t, tc, vals, err)
		})
	}
}

func checkOutcome(t *testing.T, tc viewCase, vals [][]byte, err error) {
	t.Helper()
	switch {
	case tc.abort != nil:
		if err == nil {
			t.Fatalf("returned %x, want abort 0x%x in %s", vals, tc.abort.code, tc.abort.module)
		}
		mod, code, ok := parseAbort(err.Error())
		if !ok || mod != tc.abort.module || code != tc.abort.code {
			t.Fatalf("failure %q, want abort 0x%x in %s", err, tc.abort.code, tc.abort.module)
		}
	case tc.failed:
		if err == nil || !strings.HasPrefix(err.Error(), "Execution failed in ") {
			t.Fatalf("outcome %x %v, want an execution failure", vals, err)
		}
	case tc.check != nil:
		if err != nil {
			t.Fatal(err)
		}
		tc.check(t, vals)
	default:
		if err != nil {
			t.Fatal(err)
		}
		var got []byte
		for _, v := range vals {
			got = append(got, v...)
		}
		if string(got) != string(tc.want) {
			t.Fatalf("returned %x, want %x", got, tc.want)
		}
	}
}

// parseAbort reads "Move abort in <module>: [NAME(]0x<code>[): text]".
func parseAbort(msg string) (string, uint64, bool) {
	rest, ok := strings.CutPrefix(msg, "Move abort in ")
	if !ok {
		return "", 0, false
	}
	mod, rest, ok := strings.Cut(rest, ": ")
	if !ok {
		return "", 0, false
	}
	if i := strings.Index(rest, "(0x"); i >= 0 {
		rest = rest[i+1:]
		rest, _, _ = strings.Cut(rest, ")")
	}
	code, err := strconv.ParseUint(strings.TrimPrefix(rest, "0x"), 16, 64)
	return mod, code, err == nil
}

// Hand-written BCS.

func le64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

// uleb is a ULEB128 length.
func uleb(n int) []byte {
	var out []byte
	for n >= 0x80 {
		out = append(out, byte(n)|0x80)
		n >>= 7
	}
	return append(out, byte(n))
}

// bcsBytes is the BCS of a vector<u8> (or of a String).
func bcsBytes(b []byte) []byte { return append(uleb(len(b)), b...) }

func u64Vec(vs ...uint64) []byte {
	out := uleb(len(vs))
	for _, v := range vs {
		out = append(out, le64(v)...)
	}
	return out
}

func bcsBool(b bool) []byte {
	if b {
		return []byte{1}
	}
	return []byte{0}
}

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
