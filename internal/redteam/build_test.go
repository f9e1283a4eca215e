package redteam

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Code is assembled with the project's bytecode builder, as an attacker
// without a compiler would: handles to framework functions are declared
// with Aptos's signatures and called from hand-written instructions.

type tok = bytecode.SignatureToken

var (
	in    = bytecode.I
	one   = ledgerapi.AddressOne
	u64T  = bytecode.U64
	sigT  = bytecode.Ref(bytecode.Signer)
	tp0   = bytecode.TypeParameter(0)
	anyTP = []bytecode.AbilitySet{0}
	// The abilities Option, String and Pair-like structs declare.
	copyDropStore = bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
)

// builder is what module and script builders share.
type builder interface {
	ModuleRef(addr ledgerapi.Address, name string) bytecode.ModuleHandleIndex
	ImportStruct(mod bytecode.ModuleHandleIndex, name string, abilities bytecode.AbilitySet, tps ...bytecode.StructTypeParameter) bytecode.StructHandleIndex
	ImportFunction(mod bytecode.ModuleHandleIndex, name string, f bytecode.Fn) bytecode.FunctionHandleIndex
	FunctionInst(h bytecode.FunctionHandleIndex, typeArgs ...tok) bytecode.FunctionInstIndex
	Signature(types ...tok) bytecode.SignatureIndex
	Constant(t tok, data []byte) bytecode.ConstantIndex
}

// fw declares framework types and functions in a builder.
type fw struct {
	b    builder
	apt  tok // 0x1::aptos_coin::AptosCoin
	coin tok // 0x1::coin::Coin<AptosCoin>
}

func newFW(b builder) *fw {
	f := &fw{b: b}
	f.apt = bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "aptos_coin"), "AptosCoin", bytecode.AbilityKey))
	f.coin = f.coinOf(f.apt)
	return f
}

func (f *fw) coinOf(t tok) tok {
	return bytecode.StructOf(f.b.ImportStruct(f.b.ModuleRef(one, "coin"), "Coin", bytecode.AbilityStore,
		bytecode.StructTypeParameter{IsPhantom: true}), t)
}

// optionOf is 0x1::option::Option<t>.
func (f *fw) optionOf(t tok) tok {
	return bytecode.StructOf(f.b.ImportStruct(f.b.ModuleRef(one, "option"), "Option", copyDropStore, bytecode.StructTypeParameter{}), t)
}

// call calls 0x1::mod::name, declared with type parameters tps (abilities),
// params and rets, instantiated with targs when it is generic.
func (f *fw) call(mod, name string, tps []bytecode.AbilitySet, params, rets []tok, targs ...tok) bytecode.Instruction {
	h := f.b.ImportFunction(f.b.ModuleRef(one, mod), name, bytecode.Fn{TypeParams: tps, Params: params, Returns: rets})
	if len(tps) == 0 {
		return in(bytecode.OpCall, uint64(h))
	}
	return in(bytecode.OpCallGeneric, uint64(f.b.FunctionInst(h, targs...)))
}

// coinFn calls 0x1::coin::name<AptosCoin>; T0 in params and rets stands
// for Coin<T0>'s coin type.
func (f *fw) coinFn(name string, params, rets []tok) bytecode.Instruction {
	return f.call("coin", name, anyTP, params, rets, f.apt)
}

// coinG is Coin<T0> in the handle of a generic coin function.
func (f *fw) coinG() tok { return f.coinOf(tp0) }

func (f *fw) withdraw() bytecode.Instruction {
	return f.coinFn("withdraw", []tok{sigT, u64T}, []tok{f.coinG()})
}
func (f *fw) deposit() bytecode.Instruction {
	return f.coinFn("deposit", []tok{bytecode.Address, f.coinG()}, nil)
}
func (f *fw) merge() bytecode.Instruction {
	return f.coinFn("merge", []tok{bytecode.MutRef(f.coinG()), f.coinG()}, nil)
}
func (f *fw) extractAll() bytecode.Instruction {
	return f.coinFn("extract_all", []tok{bytecode.MutRef(f.coinG())}, []tok{f.coinG()})
}
func (f *fw) zero() bytecode.Instruction { return f.coinFn("zero", nil, []tok{f.coinG()}) }
func (f *fw) addressOf() bytecode.Instruction {
	return f.call("signer", "address_of", nil, []tok{sigT}, []tok{bytecode.Address})
}

// vec calls 0x1::vector::name<t>; T0 in params and rets is the element.
func (f *fw) vec(name string, t tok, params, rets []tok) bytecode.Instruction {
	return f.call("vector", name, anyTP, params, rets, t)
}

// opt calls 0x1::option::name<t>.
func (f *fw) opt(name string, t tok, params, rets []tok) bytecode.Instruction {
	return f.call("option", name, anyTP, params, rets, t)
}

var vecT0 = bytecode.Vector(tp0)

// scriptPayload is a script payload of code with the given arguments.
func scriptPayload(t testing.TB, b *bytecode.ScriptBuilder, args ...txn.ScriptArgument) txn.TransactionPayload {
	t.Helper()
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if args == nil {
		args = []txn.ScriptArgument{}
	}
	return txn.TransactionPayload{Variant: txn.PayloadScript, Script: &txn.Script{Code: code, TyArgs: []ledgerapi.TypeTag{}, Args: args}}
}

func u64Arg(v uint64) txn.ScriptArgument {
	return txn.ScriptArgument{Kind: txn.ArgU64, Value: vmstub.U64Value(v)}
}

// moduleBytes serializes a module, or fails the test.
func moduleBytes(t testing.TB, b *bytecode.ModuleBuilder) []byte {
	t.Helper()
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// withViews marks functions of b as #[view].
func withViews(b *bytecode.ModuleBuilder, names ...string) {
	md := &bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{}}
	for _, v := range names {
		md.FunAttributes[v] = []bytecode.KnownAttribute{{Kind: bytecode.AttributeView}}
	}
	b.MetadataV1(md)
}

var stdDeps = []onchain.PackageDep{{Account: one, PackageName: "AptosFramework"}, {Account: one, PackageName: "AptosStdlib"}, {Account: one, PackageName: "MoveStdlib"}}

// publishPayload is 0x1::code::publish_package_txn of package name with
// the given modules (named in order).
func publishPayload(name string, names []string, code ...[]byte) txn.TransactionPayload {
	p := onchain.PackageMetadata{Name: name, UpgradePolicy: onchain.UpgradeCompatible, SourceDigest: "AB12", Deps: stdDeps}
	for _, m := range names {
		p.Modules = append(p.Modules, onchain.ModuleMetadata{Name: m})
	}
	e := bcs.NewEncoder(256)
	e.SeqLen(len(code))
	for _, c := range code {
		e.WriteBytes(c)
	}
	return vmstub.EntryPayload(one, "code", "publish_package_txn", nil, vmstub.BytesValue(p.Encode()), e.Bytes())
}

// publish publishes modules as one package of from and reports whether it
// was committed successfully (a refusal is logged, not failed: refusing
// hostile code at publishing is a safe outcome).
func (n *node) publish(from vmstub.DevAccount, pkg string, names []string, code ...[]byte) bool {
	n.t.Helper()
	o := n.run(from, publishPayload(pkg, names, code...), 2_000_000)
	n.t.Logf("publish %s: %s", pkg, o)
	return !o.refused && o.txn.Success
}

// entry is a payload calling from's module::fn with BCS arguments.
func entry(addr ledgerapi.Address, module, fn string, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(addr, module, fn, nil, args...)
}
