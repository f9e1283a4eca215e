package redteam

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// V4: memory for a few gas. LdConst copies a constant without a per-byte
// charge, vector::append charges a flat fee, type names expand a shared
// type graph exponentially, and nothing bounds the memory of one call or
// the number of calls at once.

const constBytes = 60_000 // one constant: just under the format's 64 KiB

// hogModule is <attacker>::hog:
//
//	const BIG: vector<u8> = <constBytes bytes>;
//	#[view] public fun consts(n: u64): u64   // n copies of BIG kept in a vector<vector<u8>>; its length
//	#[view] public fun hold(n: u64, spin: u64): u64 // consts(n), then spin empty loops holding it
//	#[view] public fun doubled(n: u64): u64  // v = BIG; n times { let w = v; append(&mut v, w) }; its length
//	#[view] public fun serialized(n: u64): u64 // n results of bcs::to_bytes(&BIG) kept in a vector; its length
//	public entry fun hoard(s: &signer, n: u64) // consts(n) in a transaction
//
// loop runs body while local counter is not 0, decrementing it; the loop
// starts at code offset start.
func loop(counter uint8, start uint64, body ...bytecode.Instruction) []bytecode.Instruction {
	c := uint64(counter)
	end := start + 4 + uint64(len(body)) + 5
	code := []bytecode.Instruction{in(bytecode.OpCopyLoc, c), in(bytecode.OpLdU64, 0), in(bytecode.OpEq), in(bytecode.OpBrTrue, end)}
	code = append(code, body...)
	return append(code, in(bytecode.OpMoveLoc, c), in(bytecode.OpLdU64, 1), in(bytecode.OpSub), in(bytecode.OpStLoc, c),
		in(bytecode.OpBranch, start))
}

func hogModule(t *testing.T, n *node) []byte {
	b := bytecode.NewModuleBuilder(n.attacker.Address, "hog")
	f := newFW(b)
	bytesT := bytecode.Vector(bytecode.U8)
	big := uint64(b.ConstantBytes(bytes.Repeat([]byte{0xAB}, constBytes)))
	bytesSig, u8Sig := uint64(b.Signature(bytesT)), uint64(b.Signature(bytecode.U8))
	consts := append([]bytecode.Instruction{in(bytecode.OpVecPack, bytesSig, 0), in(bytecode.OpStLoc, 1)},
		loop(0, 2, in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpLdConst, big), in(bytecode.OpVecPushBack, bytesSig))...)
	length := []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 1), in(bytecode.OpVecLen, bytesSig), in(bytecode.OpRet)}
	b.Function("consts", bytecode.Public, bytecode.Fn{Params: []tok{u64T}, Returns: []tok{u64T},
		Locals: []tok{bytecode.Vector(bytesT)}, Code: append(consts, length...)})
	hold := append([]bytecode.Instruction{in(bytecode.OpVecPack, bytesSig, 0), in(bytecode.OpStLoc, 2)},
		loop(0, 2, in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpLdConst, big), in(bytecode.OpVecPushBack, bytesSig))...)
	hold = append(hold, loop(1, uint64(len(hold)))...)
	b.Function("hold", bytecode.Public, bytecode.Fn{Params: []tok{u64T, u64T}, Returns: []tok{u64T},
		Locals: []tok{bytecode.Vector(bytesT)}, Code: append(hold, in(bytecode.OpImmBorrowLoc, 2), in(bytecode.OpVecLen, bytesSig), in(bytecode.OpRet))})
	appendFn := f.vec("append", bytecode.U8, []tok{bytecode.MutRef(vecT0), vecT0}, nil)
	doubled := append([]bytecode.Instruction{in(bytecode.OpLdConst, big), in(bytecode.OpStLoc, 1)},
		loop(0, 2, in(bytecode.OpCopyLoc, 1), in(bytecode.OpStLoc, 2), in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpMoveLoc, 2), appendFn)...)
	b.Function("doubled", bytecode.Public, bytecode.Fn{Params: []tok{u64T}, Returns: []tok{u64T}, Locals: []tok{bytesT, bytesT},
		Code: append(doubled, in(bytecode.OpImmBorrowLoc, 1), in(bytecode.OpVecLen, u8Sig), in(bytecode.OpRet))})
	hoard := append([]bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpPop), in(bytecode.OpVecPack, bytesSig, 0), in(bytecode.OpStLoc, 2)},
		loop(1, 4, in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpLdConst, big), in(bytecode.OpVecPushBack, bytesSig))...)
	b.Function("hoard", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, u64T}, Locals: []tok{bytecode.Vector(bytesT)},
		Code: append(hoard, in(bytecode.OpRet))})
	toBytes := f.call("bcs", "to_bytes", anyTP, []tok{bytecode.Ref(tp0)}, []tok{bytesT}, bytesT)
	serialized := append([]bytecode.Instruction{in(bytecode.OpLdConst, big), in(bytecode.OpStLoc, 1), in(bytecode.OpVecPack, bytesSig, 0),
		in(bytecode.OpStLoc, 2)}, loop(0, 4, in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpImmBorrowLoc, 1), toBytes,
		in(bytecode.OpVecPushBack, bytesSig))...)
	b.Function("serialized", bytecode.Public, bytecode.Fn{Params: []tok{u64T}, Returns: []tok{u64T}, Locals: []tok{bytesT, bytecode.Vector(bytesT)},
		Code: append(serialized, in(bytecode.OpImmBorrowLoc, 2), in(bytecode.OpVecLen, bytesSig), in(bytecode.OpRet))})
	withViews(b, "consts", "hold", "doubled", "serialized")
	return moduleBytes(t, b)
}

// hogViews runs views of the hog module, logging each one's heap peak.
func (n *node) hogViews(published bool, calls map[string]uint64) {
	for _, fn := range []string{"consts", "doubled", "serialized"} {
		arg, ok := calls[fn]
		if !ok {
			continue
		}
		status, body := n.view(n.attacker.Address.String()+"::hog::"+fn, nil, strconv.FormatUint(arg, 10))
		n.t.Logf("view hog::%s(%d) (published %v): %d %s; heap +%d MiB", fn, arg, published, status, clip(body), n.mem.stepPeak())
	}
}

// TestV4LdConstMemory keeps hundreds of copies of a 60 KB constant, in a
// view and in a transaction: the view answers 200 or a 4xx, the
// transaction is refused or fails charged, and the heap stays bounded.
func TestV4LdConstMemory(t *testing.T) {
	n := startNode(t)
	published := n.publish(n.attacker, "Hog", []string{"hog"}, hogModule(t, n))
	n.hogViews(published, map[string]uint64{"consts": 300})
	o := n.run(n.attacker, vmstub.EntryPayload(n.attacker.Address, "hog", "hoard", nil, vmstub.U64Value(300)), 2_000)
	n.failedSafely("hog::hoard(300)", o)
	t.Logf("hog::hoard: heap +%d MiB", n.mem.stepPeak())
}

// TestV4NativeMemory grows memory through natives that charged a flat fee:
// vector::append doubling a vector, and hundreds of bcs::to_bytes results
// kept. Each view answers 200 or a 4xx and the heap stays bounded.
func TestV4NativeMemory(t *testing.T) {
	n := startNode(t)
	published := n.publish(n.attacker, "Hog", []string{"hog"}, hogModule(t, n))
	n.hogViews(published, map[string]uint64{"doubled": 6, "serialized": 200})
}

// typeChainModule is <attacker>::types with struct Pair<A, B> has copy,
// drop, store { a: A, b: B } and a chain of generic functions, each
// instantiating the next with Pair<T, T>: the runtime type at the end of
// the chain shares its halves, but its name doubles at every step.
//
//	fun f_i<T>(): u64 { f_{i+1}<Pair<T, T>>() }      // i < depth
//	fun f_depth<T>(): u64 { string::length(&type_info::type_name<T>()) }
//	#[view] public fun name(): u64 { f_1<u64>() }
func typeChainModule(t *testing.T, n *node, depth int) []byte {
	b := bytecode.NewModuleBuilder(n.attacker.Address, "types")
	f := newFW(b)
	pair := b.GenericStruct("Pair", copyDropStore, []bytecode.StructTypeParameter{{}, {}},
		bytecode.Field("a", tp0), bytecode.Field("b", bytecode.TypeParameter(1)))
	u64s := []tok{u64T}
	sig := bytecode.Fn{TypeParams: anyTP, Returns: u64s}
	handles := make([]bytecode.FunctionHandleIndex, depth+1)
	for i := 1; i <= depth; i++ {
		handles[i] = b.DeclareFunction("f_"+strconv.Itoa(i), sig)
	}
	str := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "string"), "String", copyDropStore))
	for i := 1; i < depth; i++ {
		next := b.FunctionInst(handles[i+1], b.StructType(pair, tp0, tp0))
		b.Function("f_"+strconv.Itoa(i), bytecode.Private, bytecode.Fn{TypeParams: anyTP, Returns: u64s,
			Code: []bytecode.Instruction{in(bytecode.OpCallGeneric, uint64(next)), in(bytecode.OpRet)}})
	}
	typeName := f.call("type_info", "type_name", anyTP, nil, []tok{str}, tp0)
	length := f.call("string", "length", nil, []tok{bytecode.Ref(str)}, u64s)
	b.Function("f_"+strconv.Itoa(depth), bytecode.Private, bytecode.Fn{TypeParams: anyTP, Returns: u64s, Locals: []tok{str},
		Code: []bytecode.Instruction{typeName, in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), length, in(bytecode.OpRet)}})
	b.Function("name", bytecode.Public, bytecode.Fn{Returns: u64s, Code: []bytecode.Instruction{
		in(bytecode.OpCallGeneric, uint64(b.FunctionInst(handles[1], u64T))), in(bytecode.OpRet)}})
	withViews(b, "name")
	return moduleBytes(t, b)
}

// TestV4DeepTypeView names a type of 2^17 nodes made from 17 small
// instantiations, in a view: it answers 200 or a 4xx with the heap bounded.
func TestV4DeepTypeView(t *testing.T) {
	n := startNode(t)
	published := n.publish(n.attacker, "Types", []string{"types"}, typeChainModule(t, n, 17))
	status, body := n.view(n.attacker.Address.String()+"::types::name", nil)
	t.Logf("view types::name (published %v): %d %s; heap +%d MiB", published, status, clip(body), n.mem.stepPeak())
}
