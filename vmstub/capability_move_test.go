package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// capModule is a feature module over aptos_std::capability, with its
// witness Feature:
//
//	init(s)                capability::create<Feature>(s, &Feature{})
//	get(s, want)           aborts 77 unless root_addr(acquire(s)) == want
//	get_linear(s, want)    the same through acquire_linear and linear_root_addr
//	delegate(owner, to)    capability::delegate(acquire(owner), &Feature{}, to)
//	revoke(owner, from)    capability::revoke(acquire(owner), &Feature{}, from)
func capModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "feat")
	b := k.b
	capRef := b.ModuleRef(one, "capability")
	capH := b.ImportStruct(capRef, "Cap", copyDropT, bytecode.StructTypeParameter{IsPhantom: true})
	linH := b.ImportStruct(capRef, "LinearCap", bytecode.AbilityDrop, bytecode.StructTypeParameter{IsPhantom: true})
	feat := b.Struct("Feature", bytecode.AbilityDrop, bytecode.Field("dummy_field", bytecode.Bool))
	ft := b.StructType(feat)
	capT, linT := bytecode.StructOf(capH, ft), bytecode.StructOf(linH, ft)
	sig, fref := bytecode.Ref(bytecode.Signer), bytecode.Ref(bytecode.TypeParameter(0))
	capOf := func(h bytecode.StructHandleIndex) tok { return bytecode.StructOf(h, bytecode.TypeParameter(0)) }
	fn := func(name string, params, rets []tok) bytecode.Instruction {
		return k.callG(k.fn("capability", name, anyTP, params, rets), ft)
	}
	create := fn("create", []tok{sig, fref}, nil)
	acquire := fn("acquire", []tok{sig, fref}, []tok{capOf(capH)})
	acquireLin := fn("acquire_linear", []tok{sig, fref}, []tok{capOf(linH)})
	root := fn("root_addr", []tok{capOf(capH), fref}, []tok{bytecode.Address})
	linRoot := fn("linear_root_addr", []tok{capOf(linH), fref}, []tok{bytecode.Address})
	delegate := fn("delegate", []tok{capOf(capH), fref, sig}, nil)
	revoke := fn("revoke", []tok{capOf(capH), fref, bytecode.Address}, nil)
	// witness leaves &Feature{} (kept in local w) on the stack.
	witness := func(w uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdFalse), in(bytecode.OpPack, uint64(feat)), in(bytecode.OpStLoc, w), in(bytecode.OpImmBorrowLoc, w)}
	}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return append(out, in(bytecode.OpRet))
	}
	ops := func(i ...bytecode.Instruction) []bytecode.Instruction { return i }
	entry := func(name string, params, locals []tok, code []bytecode.Instruction) {
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: params, Locals: locals, Code: code})
	}
	entry("init", []tok{sig}, []tok{ft}, seq(ops(in(bytecode.OpMoveLoc, 0)), witness(1), ops(create)))
	// get/get_linear(s, want): locals 2, 3 witnesses, 4 the token.
	check := []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), in(bytecode.OpEq), in(bytecode.OpBrTrue, 0)}
	getFn := func(name string, tokT tok, acq, rootOf bytecode.Instruction) {
		code := seq(ops(in(bytecode.OpMoveLoc, 0)), witness(2), ops(acq, in(bytecode.OpStLoc, 4), in(bytecode.OpMoveLoc, 4)), witness(3), ops(rootOf))
		code = code[:len(code)-1]
		n := uint64(len(code))
		check[2] = in(bytecode.OpBrTrue, n+5)
		code = append(code, check...)
		code = append(code, in(bytecode.OpLdU64, 77), in(bytecode.OpAbort), in(bytecode.OpRet))
		entry(name, []tok{sig, bytecode.Address}, []tok{ft, ft, tokT}, code)
	}
	getFn("get", capT, acquire, root)
	getFn("get_linear", linT, acquireLin, linRoot)
	entry("delegate", []tok{sig, sig}, []tok{ft, ft},
		seq(ops(in(bytecode.OpMoveLoc, 0)), witness(2), ops(acquire), witness(3), ops(in(bytecode.OpMoveLoc, 1), delegate)))
	entry("revoke", []tok{sig, bytecode.Address}, []tok{ft, ft},
		seq(ops(in(bytecode.OpMoveLoc, 0)), witness(2), ops(acquire), witness(3), ops(in(bytecode.OpMoveLoc, 1), revoke)))
	return mustBytes(t, b)
}

// TestCapabilityFromMove: a class is created once (ALREADY_EXISTS
// 0x80001 the second time); its owner acquires both tokens naming it as
// root; a stranger gets NOT_FOUND(ECAPABILITY_NOT_FOUND) 0x60002; a
// delegate (by a multi-agent transaction) acquires tokens naming the
// owner until revoked; delegate and revoke repeated have no effect.
func TestCapabilityFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	devs := c.vm.DevAccounts()
	owner, del := devs[0], devs[1]
	if out := c.publish(owner, packageMeta("Feat", onchain.UpgradeCompatible, []string{"feat"}, stdDeps...), capModule(t, owner.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	pay := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(owner.Address, "feat", fn, nil, args...)
	}
	addrArg := func(a ledgerapi.Address) []byte { return vmstub.AddressValue(a) }
	status := func(from vmstub.DevAccount, fn string, args ...[]byte) string {
		return c.do(from, pay(fn, args...)).Info.Status.String()
	}
	const ok = "Executed successfully"
	notFound := "Move abort in 0x1::capability: ECAPABILITY_NOT_FOUND(0x60002): Capability resource not found"
	steps := []struct {
		name, got, want string
	}{
		{"get before init", status(owner, "get", addrArg(owner.Address)), notFound},
		{"init", status(owner, "init"), ok},
		{"init again", status(owner, "init"), "Move abort in 0x1::capability: ECAPABILITY_ALREADY_EXISTS(0x80001): Capability resource already exists on the specified account"},
		{"owner get", status(owner, "get", addrArg(owner.Address)), ok},
		{"owner get_linear", status(owner, "get_linear", addrArg(owner.Address)), ok},
		{"owner's root is not another", status(owner, "get", addrArg(del.Address)), "Move abort in " + owner.Address.String() + "::feat: 0x4d"},
		{"stranger get", status(del, "get", addrArg(owner.Address)), notFound},
	}
	for _, s := range steps {
		if s.got != s.want {
			t.Errorf("%s: %s, want %s", s.name, s.got, s.want)
		}
	}
	delegate := func() string {
		return c.mustExec(multiAgent(c.raw(owner, pay("delegate")), owner, del)).Info.Status.String()
	}
	steps = []struct{ name, got, want string }{
		{"delegate", delegate(), ok},
		{"delegate get", status(del, "get", addrArg(owner.Address)), ok},
		{"delegate get_linear", status(del, "get_linear", addrArg(owner.Address)), ok},
		{"delegate again", delegate(), ok},
		{"revoke", status(owner, "revoke", addrArg(del.Address)), ok},
		{"revoked get", status(del, "get", addrArg(owner.Address)), notFound},
		{"revoke again", status(owner, "revoke", addrArg(del.Address)), ok},
		{"delegate after revoke", delegate(), ok},
		{"delegate get again", status(del, "get", addrArg(owner.Address)), ok},
	}
	for _, s := range steps {
		if s.got != s.want {
			t.Errorf("%s: %s, want %s", s.name, s.got, s.want)
		}
	}
}
