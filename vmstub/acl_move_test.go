package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::acl from Move code: the list keeps the order of insertion, remove
// shifts the later addresses down, and the aborts are Aptos's:
// INVALID_ARGUMENT(ECONTAIN) 0x10000 on a second add,
// INVALID_ARGUMENT(ENOT_CONTAIN) 0x10001 on remove or assert_contains of
// an address not listed. ACL's BCS is its vector<address>.

const aclHandle = 2 // 0x1::acl::ACL after String and Option

func aclCases(ledgerapi.Address) []viewCase {
	acl := bytecode.StructOf(aclHandle)
	addrOf := func(b byte) ledgerapi.Address { var a ledgerapi.Address; a[31] = b; return a }
	// build runs ops on an ACL in local 0, each op an ("add"|"remove"|
	// "assert_contains", address) pair, then tail.
	type op struct {
		fn string
		a  byte
	}
	build := func(ops []op, tail func(k *kit) []bytecode.Instruction) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			empty := k.fn("acl", "empty", nil, nil, []tok{acl})
			code := []bytecode.Instruction{callF(empty), in(bytecode.OpStLoc, 0)}
			for _, o := range ops {
				ref, borrow := bytecode.MutRef(acl), bytecode.OpMutBorrowLoc
				if o.fn == "assert_contains" {
					ref, borrow = bytecode.Ref(acl), bytecode.OpImmBorrowLoc
				}
				a := addrOf(o.a)
				h := k.fn("acl", o.fn, nil, []tok{ref, bytecode.Address}, nil)
				code = append(code, in(borrow, 0), in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, a[:]))), callF(h))
			}
			return append(code, tail(k)...)
		}
	}
	ret := func(*kit) []bytecode.Instruction { return []bytecode.Instruction{in(bytecode.OpMoveLoc, 0)} }
	contains := func(b byte) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			a := addrOf(b)
			h := k.fn("acl", "contains", nil, []tok{bytecode.Ref(acl), bytecode.Address}, []tok{bytecode.Bool})
			return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, a[:]))), callF(h)}
		}
	}
	list := func(bs ...byte) []byte {
		out := uleb(len(bs))
		for _, b := range bs {
			a := addrOf(b)
			out = append(out, a[:]...)
		}
		return out
	}
	locals := []tok{acl}
	return []viewCase{
		{name: "empty", rets: []tok{acl}, locals: locals, code: build(nil, ret), want: list()},
		{name: "add keeps order", rets: []tok{acl}, locals: locals, code: build([]op{{"add", 3}, {"add", 1}, {"add", 2}}, ret), want: list(3, 1, 2)},
		{name: "remove shifts down", rets: []tok{acl}, locals: locals,
			code: build([]op{{"add", 3}, {"add", 1}, {"add", 2}, {"remove", 3}, {"assert_contains", 2}}, ret), want: list(1, 2)},
		{name: "contains", rets: []tok{bytecode.Bool}, locals: locals, code: build([]op{{"add", 7}}, contains(7)), want: bcsBool(true)},
		{name: "contains after remove", rets: []tok{bytecode.Bool}, locals: locals,
			code: build([]op{{"add", 7}, {"add", 8}, {"remove", 7}}, contains(7)), want: bcsBool(false)},
		{name: "add twice", rets: []tok{acl}, locals: locals, code: build([]op{{"add", 1}, {"add", 2}, {"add", 1}}, ret), abort: aborts("0x1::acl", 0x10000)},
		{name: "remove absent", rets: []tok{acl}, locals: locals, code: build([]op{{"add", 1}, {"remove", 2}}, ret), abort: aborts("0x1::acl", 0x10001)},
		{name: "assert_contains absent", rets: []tok{acl}, locals: locals, code: build([]op{{"assert_contains", 1}}, ret), abort: aborts("0x1::acl", 0x10001)},
	}
}

func TestMoveACL(t *testing.T) {
	runViews(t, "aclv", aclCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "acl"), "ACL", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore) != aclHandle {
			t.Fatal("unexpected struct handle")
		}
	})
}
