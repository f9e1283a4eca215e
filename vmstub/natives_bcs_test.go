package vmstub_test

import (
	"crypto/sha256"
	"crypto/sha3"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::bcs, std::hash, aptos_std::type_info and std::error from Move code.
// The module defines struct Pair has copy, drop { a: u64, b: vector<u8> }
// and struct Box<T> has copy, drop { v: T } (struct definitions 0 and 1).

var (
	pairT = bytecode.StructOf(2)
	boxH  = bytecode.StructHandleIndex(3)
)

// defineBcsStructs defines Pair and Box after String and Option.
func defineBcsStructs(k *kit) {
	k.b.Struct("Pair", copyDropT, bytecode.Field("a", u64T), bytecode.Field("b", bytecode.Vector(bytecode.U8)))
	k.b.GenericStruct("Box", copyDropT, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", bytecode.TypeParameter(0)))
	if k.b.StructHandle(0) != 2 || k.b.StructHandle(1) != boxH ||
		k.b.ImportStruct(k.b.ModuleRef(one, "type_info"), "TypeInfo", stringAbil) != 4 {
		k.t.Fatal("Pair, Box and TypeInfo are not struct handles 2 to 4")
	}
}

// typeInfoT is 0x1::type_info::TypeInfo.
var typeInfoT = bytecode.StructOf(4)

// toBytes calls bcs::to_bytes<t> on the value push leaves on the stack.
func toBytes(t tok, push func(k *kit) []bytecode.Instruction) viewCase {
	return viewCase{rets: []tok{bytecode.Vector(bytecode.U8)}, locals: []tok{t}, code: func(k *kit) []bytecode.Instruction {
		h := k.fn("bcs", "to_bytes", anyTP, []tok{bytecode.Ref(bytecode.TypeParameter(0))}, []tok{bytecode.Vector(bytecode.U8)})
		return append(push(k), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, t))
	}}
}

func hashCase(name string, data []byte) viewCase {
	return viewCase{rets: []tok{bytecode.Vector(bytecode.U8)}, code: func(k *kit) []bytecode.Instruction {
		h := k.fn("hash", name, nil, []tok{bytecode.Vector(bytecode.U8)}, []tok{bytecode.Vector(bytecode.U8)})
		return []bytecode.Instruction{k.bytes(data), callF(h)}
	}}
}

func typeInfoCase(fn string, t tok) viewCase {
	ret := strT
	if fn == "type_of" {
		ret = typeInfoT
	}
	return viewCase{rets: []tok{ret}, code: func(k *kit) []bytecode.Instruction {
		h := k.fn("type_info", fn, anyTP, nil, []tok{ret})
		return []bytecode.Instruction{k.callG(h, t)}
	}}
}

func errorCase(fn string, args ...uint64) viewCase {
	params := make([]tok, len(args))
	code := func(k *kit) []bytecode.Instruction {
		var out []bytecode.Instruction
		for i, a := range args {
			params[i] = u64T
			out = append(out, in(bytecode.OpLdU64, a))
		}
		return append(out, callF(k.fn("error", fn, nil, params, u64s1)))
	}
	return viewCase{rets: u64s1, code: code}
}

func named(name string, c viewCase) viewCase { c.name = name; return c }

func TestMoveBcsHashTypeInfoErrorNatives(t *testing.T) {
	runViews(t, "natives", bcsCases, defineBcsStructs)
}

// bcsCases are the cases of a module published at addr.
func bcsCases(addr ledgerapi.Address) []viewCase {
	addrConst := ledgerapi.Address{0x0a, 0xbc}
	sha2 := sha256.Sum256([]byte("abc"))
	sha3abc := sha3.Sum256([]byte("abc"))
	sha3empty := sha3.Sum256(nil)
	var cases []viewCase
	add := func(name string, c viewCase, want []byte) {
		c = named(name, c)
		c.want = want
		cases = append(cases, c)
	}
	ld := func(ins ...bytecode.Instruction) func(*kit) []bytecode.Instruction {
		return func(*kit) []bytecode.Instruction { return ins }
	}

	add("to_bytes u64", toBytes(u64T, ld(in(bytecode.OpLdU64, 0x0102030405060708))), bcsBytes([]byte{8, 7, 6, 5, 4, 3, 2, 1}))
	add("to_bytes bool", toBytes(bytecode.Bool, ld(in(bytecode.OpLdTrue))), bcsBytes([]byte{1}))
	add("to_bytes address", toBytes(bytecode.Address, func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, addrConst[:])))}
	}), bcsBytes(addrConst[:]))
	add("to_bytes vector<u64>", toBytes(bytecode.Vector(u64T), func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{k.u64s(1, 300)}
	}), bcsBytes([]byte{2, 1, 0, 0, 0, 0, 0, 0, 0, 0x2c, 1, 0, 0, 0, 0, 0, 0}))
	add("to_bytes String", toBytes(strT, func(k *kit) []bytecode.Instruction { return k.utf8("hé") }), bcsBytes([]byte{3, 'h', 0xc3, 0xa9}))
	add("to_bytes struct", toBytes(pairT, func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, 5), k.bytes([]byte{0xab, 0xcd}), in(bytecode.OpPack, 0)}
	}), bcsBytes([]byte{5, 0, 0, 0, 0, 0, 0, 0, 2, 0xab, 0xcd}))
	add("to_bytes Option<u64>", toBytes(optOf(u64T), func(k *kit) []bytecode.Instruction {
		h := k.fn("option", "some", anyTP, []tok{bytecode.TypeParameter(0)}, []tok{optOf(bytecode.TypeParameter(0))})
		return []bytecode.Instruction{in(bytecode.OpLdU64, 2), k.callG(h, u64T)}
	}), bcsBytes([]byte{1, 2, 0, 0, 0, 0, 0, 0, 0}))

	sizeOf := func(t tok, push func(k *kit) []bytecode.Instruction) viewCase {
		return viewCase{rets: []tok{u64T}, locals: []tok{t}, code: func(k *kit) []bytecode.Instruction {
			h := k.fn("bcs", "serialized_size", anyTP, []tok{bytecode.Ref(bytecode.TypeParameter(0))}, []tok{u64T})
			return append(push(k), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, t))
		}}
	}
	add("serialized_size u64", sizeOf(u64T, ld(in(bytecode.OpLdU64, 7))), le64(8))
	add("serialized_size vector<u64>", sizeOf(bytecode.Vector(u64T), func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{k.u64s(1, 300)}
	}), le64(17))
	add("serialized_size String", sizeOf(strT, func(k *kit) []bytecode.Instruction { return k.utf8("hé") }), le64(4))

	add("sha2_256", hashCase("sha2_256", []byte("abc")), bcsBytes(sha2[:]))
	add("sha3_256", hashCase("sha3_256", []byte("abc")), bcsBytes(sha3abc[:]))
	add("sha3_256 of nothing", hashCase("sha3_256", nil), bcsBytes(sha3empty[:]))

	// type_info: TypeInfo is {account_address, module_name, struct_name},
	// the struct name with its type arguments; type_name prints short
	// addresses.
	typeInfo := func(name string) []byte {
		return cat(addr[:], bcsBytes([]byte("natives")), bcsBytes([]byte(name)))
	}
	self := shortAddr(addr) + "::natives::"
	add("type_of struct", typeInfoCase("type_of", pairT), typeInfo("Pair"))
	add("type_of generic struct", typeInfoCase("type_of", bytecode.StructOf(boxH, u64T)), typeInfo("Box<u64>"))
	add("type_of generic of two modules", typeInfoCase("type_of", bytecode.StructOf(boxH, strT)), typeInfo("Box<0x1::string::String>"))
	add("type_name struct", typeInfoCase("type_name", pairT), bcsBytes([]byte(self+"Pair")))
	add("type_name generic struct", typeInfoCase("type_name", bytecode.StructOf(boxH, bytecode.StructOf(boxH, optOf(bytecode.Address)))),
		bcsBytes([]byte(self+"Box<"+self+"Box<0x1::option::Option<address>>>")))
	add("type_name u64", typeInfoCase("type_name", u64T), bcsBytes([]byte("u64")))
	add("type_name vector", typeInfoCase("type_name", bytecode.Vector(pairT)), bcsBytes([]byte("vector<"+self+"Pair>")))
	accessor := func(fn string, ret tok) viewCase {
		return viewCase{rets: []tok{ret}, locals: []tok{typeInfoT}, code: func(k *kit) []bytecode.Instruction {
			of := k.fn("type_info", "type_of", anyTP, nil, []tok{typeInfoT})
			h := k.fn("type_info", fn, nil, []tok{bytecode.Ref(typeInfoT)}, []tok{ret})
			return []bytecode.Instruction{k.callG(of, bytecode.StructOf(boxH, u64T)), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h)}
		}}
	}
	add("account_address", accessor("account_address", bytecode.Address), addr[:])
	add("module_name", accessor("module_name", bytecode.Vector(bytecode.U8)), bcsBytes([]byte("natives")))
	add("struct_name", accessor("struct_name", bytecode.Vector(bytecode.U8)), bcsBytes([]byte("Box<u64>")))
	add("size_of_val", viewCase{rets: u64s1, locals: []tok{pairT}, code: func(k *kit) []bytecode.Instruction {
		h := k.fn("type_info", "size_of_val", anyTP, []tok{bytecode.Ref(bytecode.TypeParameter(0))}, u64s1)
		return []bytecode.Instruction{in(bytecode.OpLdU64, 1), k.bytes([]byte("abc")), in(bytecode.OpPack, 0), in(bytecode.OpStLoc, 0),
			in(bytecode.OpImmBorrowLoc, 0), k.callG(h, pairT)}
	}}, le64(8+1+3))
	add("chain_id", viewCase{rets: []tok{bytecode.U8}, code: func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{callF(k.fn("type_info", "chain_id", nil, nil, []tok{bytecode.U8}))}
	}}, []byte{4})
	cases = append(cases, viewCase{name: "type_of u64", abort: aborts("0x1::type_info", 1), rets: []tok{typeInfoT},
		code: typeInfoCase("type_of", u64T).code})

	add("error::canonical", errorCase("canonical", 3, 7), []byte{7, 0, 3, 0, 0, 0, 0, 0})
	for i, fn := range []string{"invalid_argument", "out_of_range", "invalid_state", "unauthenticated", "permission_denied",
		"not_found", "aborted", "already_exists", "resource_exhausted", "", "internal", "not_implemented", "unavailable"} {
		if fn != "" { // 0xA, CANCELLED, has no function
			add("error::"+fn, errorCase(fn, 0x2a), le64(uint64(i+1)<<16+0x2a))
		}
	}
	// canonical adds the reason: a reason above 0xFFFF carries into the
	// category, and bits shifted out of the category are lost.
	add("error::invalid_argument of a wide reason", errorCase("invalid_argument", 0x10005), le64(0x20005))
	add("error::canonical drops shifted-out bits", errorCase("canonical", 1<<48|2, 1), le64(2<<16+1))
	cases = append(cases, named("error::canonical overflow", viewCase{rets: u64s1, failed: true, code: errorCase("canonical", 1, ^uint64(0)).code}))
	return cases
}

// shortAddr is an address as Aptos prints it in type names: 0x and its hex
// without leading zeros.
func shortAddr(a ledgerapi.Address) string {
	s := strings.TrimLeft(hex.EncodeToString(a[:]), "0")
	if s == "" {
		s = "0"
	}
	return "0x" + s
}
