package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// std::bcs's serialized_size and constant_serialized_size from Move code:
// the size of a value's BCS, and some(n) only for types whose values all
// serialize to n bytes (none for vectors and what holds one).
func bcsSizeCases(ledgerapi.Address) []viewCase {
	optU64 := optOf(u64T)
	constSize := func(ty func(k *kit) tok) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("bcs", "constant_serialized_size", anyTP, nil, []tok{optU64})
			return []bytecode.Instruction{k.callG(h, ty(k))}
		}
	}
	id := func(k *kit) tok {
		return bytecode.StructOf(k.b.ImportStruct(k.b.ModuleRef(one, "guid"), "ID", copyDropT|bytecode.AbilityStore))
	}
	return []viewCase{
		{name: "serialized_size of vector<u64>[1,2,3]", rets: u64s1, locals: []tok{bytecode.Vector(u64T)},
			code: func(k *kit) []bytecode.Instruction {
				h := k.fn("bcs", "serialized_size", anyTP, []tok{bytecode.Ref(bytecode.TypeParameter(0))}, u64s1)
				return []bytecode.Instruction{k.u64s(1, 2, 3), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0),
					k.callG(h, bytecode.Vector(u64T))}
			}, want: le64(25)},
		{name: "constant size of u64", rets: []tok{optU64}, code: constSize(func(*kit) tok { return u64T }), want: append([]byte{1}, le64(8)...)},
		{name: "constant size of address", rets: []tok{optU64}, code: constSize(func(*kit) tok { return bytecode.Address }), want: append([]byte{1}, le64(32)...)},
		{name: "constant size of guid::ID", rets: []tok{optU64}, code: constSize(id), want: append([]byte{1}, le64(40)...)},
		{name: "no constant size of vector<u8>", rets: []tok{optU64}, code: constSize(func(*kit) tok { return bytecode.Vector(bytecode.U8) }), want: []byte{0}},
		{name: "no constant size of String", rets: []tok{optU64}, code: constSize(func(*kit) tok { return strT }), want: []byte{0}},
	}
}

func TestBCSSizes(t *testing.T) { runViews(t, "bcssize", bcsSizeCases, nil) }

// TestSignerBorrowAddress: signer::borrow_address gives a reference to the
// signer's address: entry check(s) aborts with 1 unless
// *borrow_address(s) == address_of(s) and it differs from @0x1.
func TestSignerBorrowAddress(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "sig")
	sig := bytecode.Ref(bytecode.Signer)
	borrow := callF(k.fn("signer", "borrow_address", nil, []tok{sig}, []tok{bytecode.Ref(bytecode.Address)}))
	addrOf := callF(k.fn("signer", "address_of", nil, []tok{sig}, []tok{bytecode.Address}))
	oneC := uint64(k.b.Constant(bytecode.Address, vmstub.AddressValue(one)))
	k.b.Function("check", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), borrow, in(bytecode.OpReadRef), in(bytecode.OpCopyLoc, 0), addrOf, in(bytecode.OpEq),
			in(bytecode.OpBrFalse, 14), in(bytecode.OpMoveLoc, 0), borrow, in(bytecode.OpReadRef),
			in(bytecode.OpLdConst, oneC), in(bytecode.OpNeq), in(bytecode.OpBrFalse, 14), in(bytecode.OpRet),
			in(bytecode.OpLdU64, 1), in(bytecode.OpAbort)}})
	if out := c.publish(a, packageMeta("Sig", onchain.UpgradeCompatible, []string{"sig"}, stdDeps...), k.code()); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "sig", "check", nil)))); !out.Info.Success() {
		t.Fatalf("check: %s", out.Info.Status.String())
	}
}
