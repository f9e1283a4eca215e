package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// anyCasesOf tests aptos_std::copyable_any or aptos_std::any (module,
// whose Any has abilities anyAb and whose pack requires packAb) from Move
// code: a value packed comes back out of unpack with its own type,
// another type aborts with INVALID_ARGUMENT(ETYPE_MISMATCH) (code: 0x10000
// in copyable_any, 0x10001 in any), type_name names the type; a String
// packed comes back as itself.
func anyCasesOf(module string, anyAb, packAb bytecode.AbilitySet, code uint64) func(ledgerapi.Address) []viewCase {
	return func(ledgerapi.Address) []viewCase {
		anyT := func(k *kit) tok {
			return bytecode.StructOf(k.b.ImportStruct(k.b.ModuleRef(one, module), "Any", anyAb))
		}
		cds := []bytecode.AbilitySet{packAb}
		pack := func(k *kit, ty tok, load ...bytecode.Instruction) []bytecode.Instruction {
			h := k.fn(module, "pack", cds, []tok{bytecode.TypeParameter(0)}, []tok{anyT(k)})
			return append(load, k.callG(h, ty))
		}
		pack22 := func(k *kit) []bytecode.Instruction { return pack(k, u64T, in(bytecode.OpLdU64, 22)) }
		unpack := func(k *kit, as tok) bytecode.Instruction {
			h := k.fn(module, "unpack", anyTP, []tok{anyT(k)}, []tok{bytecode.TypeParameter(0)})
			return k.callG(h, as)
		}
		return []viewCase{
			{name: "unpack<u64>(pack(22))", rets: u64s1, code: func(k *kit) []bytecode.Instruction {
				return append(pack22(k), unpack(k, u64T))
			}, want: le64(22)},
			{name: "unpack<u8>(pack(22u64))", rets: []tok{bytecode.U8}, code: func(k *kit) []bytecode.Instruction {
				return append(pack22(k), unpack(k, bytecode.U8))
			}, abort: aborts("0x1::"+module, code)},
			{name: "unpack<String>(pack(string))", rets: []tok{strT}, code: func(k *kit) []bytecode.Instruction {
				return append(pack(k, strT, k.utf8("ab")...), unpack(k, strT))
			}, want: append([]byte{2}, "ab"...)},
			{name: "type_name", rets: []tok{strT}, locals: []tok{anyHandle}, code: func(k *kit) []bytecode.Instruction {
				h := k.fn(module, "type_name", nil, []tok{bytecode.Ref(anyT(k))}, []tok{bytecode.Ref(strT)})
				return append(pack22(k), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h), in(bytecode.OpReadRef))
			}, want: append([]byte{3}, "u64"...)},
		}
	}
}

// anyHandle is Any in the test module: the struct handle the kit's extra
// imports first, after String and Option.
var anyHandle = bytecode.StructOf(2)

func testAny(t *testing.T, module string, anyAb, packAb bytecode.AbilitySet, code uint64) {
	runViews(t, module+"fns", anyCasesOf(module, anyAb, packAb, code), func(k *kit) {
		if h := k.b.ImportStruct(k.b.ModuleRef(one, module), "Any", anyAb); bytecode.StructOf(h).String() != anyHandle.String() {
			t.Fatalf("Any is struct handle %d", h)
		}
	})
}

func TestCopyableAny(t *testing.T) {
	testAny(t, "copyable_any", copyDropT|bytecode.AbilityStore, copyDropT|bytecode.AbilityStore, 0x10000)
}

// TestAny: aptos_std::any, whose Any has drop and store only and whose
// ETYPE_MISMATCH is 1.
func TestAny(t *testing.T) {
	ds := bytecode.AbilityDrop | bytecode.AbilityStore
	testAny(t, "any", ds, ds, 0x10001)
}

// anyHolderModule is <addr>::anyholder:
//
//	struct Holder has key { a: any::Any }
//	public entry fun put(s: &signer) { move_to(s, Holder { a: any::pack<u64>(22) }) }
func anyHolderModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "anyholder")
	ds := bytecode.AbilityDrop | bytecode.AbilityStore
	anyT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "any"), "Any", ds))
	holder := b.Struct("Holder", bytecode.AbilityKey, bytecode.Field("a", anyT))
	pack := b.ImportFunction(b.ModuleRef(one, "any"), "pack", bytecode.Fn{TypeParams: []bytecode.AbilitySet{ds},
		Params: []bytecode.SignatureToken{bytecode.TypeParameter(0)}, Returns: []bytecode.SignatureToken{anyT}})
	I := bytecode.I
	b.Function("put", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpLdU64, 22),
			I(bytecode.OpCallGeneric, uint64(b.FunctionInst(pack, bytecode.U64))),
			I(bytecode.OpPack, uint64(holder)), I(bytecode.OpMoveTo, uint64(holder)), I(bytecode.OpRet)}})
	return mustBytes(t, b)
}

// TestAnyInResource: an any::Any (drop, store) is stored in a user's
// resource and rendered by the API as {type_name, data}.
func TestAnyInResource(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("AnyHolder", onchain.UpgradeCompatible, []string{"anyholder"}, stdDeps...), anyHolderModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "anyholder", "put", nil)))); !out.Info.Status.Success() {
		t.Fatalf("put: %s", out.Info.Status.String())
	}
	if got, want := c.json(a.Address, a.Address.String()+"::anyholder::Holder"), `{"a":{"data":"0x1600000000000000","type_name":"u64"}}`; got != want {
		t.Errorf("Holder = %s, want %s", got, want)
	}
}
