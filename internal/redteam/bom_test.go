package redteam

import (
	"bytes"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// bomHogModule is <attacker>::bomhog:
//
//	public entry fun grind(s: &signer, n: u64) // n adds to a
//	    // BigOrderedMap<vector<u8>, vector<u8>> of max degrees 4,096, keys
//	    // of 90 bytes sharing an 82-byte prefix (every comparison reads
//	    // it), then abort 7 (the map cannot be dropped)
//	public entry fun spare(s: &signer, n: u64) // allocate_spare_slots(n)
//	    // on a reusable map, then abort 7
func bomHogModule(t *testing.T, n *node) []byte {
	b := bytecode.NewModuleBuilder(n.attacker.Address, "bomhog")
	f := newFW(b)
	st := bytecode.AbilityStore
	bytesT := bytecode.Vector(bytecode.U8)
	mapH := b.ImportStruct(b.ModuleRef(one, "big_ordered_map"), "BigOrderedMap", st,
		bytecode.StructTypeParameter{Constraints: st}, bytecode.StructTypeParameter{Constraints: st})
	mapG := bytecode.StructOf(mapH, tp0, bytecode.TypeParameter(1))
	mapT := bytecode.StructOf(mapH, bytesT, bytesT)
	kv := []bytecode.AbilitySet{st, st}
	kdcs := []bytecode.AbilitySet{bytecode.AbilityCopy | bytecode.AbilityDrop | st, st}
	newCfg := f.call("big_ordered_map", "new_with_config", kv, []tok{bytecode.U16, bytecode.U16, bytecode.Bool}, []tok{mapG}, bytesT, bytesT)
	add := f.call("big_ordered_map", "add", kdcs, []tok{bytecode.MutRef(mapG), tp0, bytecode.TypeParameter(1)}, nil, bytesT, bytesT)
	spare := f.call("big_ordered_map", "allocate_spare_slots", kv, []tok{bytecode.MutRef(mapG), u64T}, nil, bytesT, bytesT)
	toBytes := f.call("bcs", "to_bytes", anyTP, []tok{bytecode.Ref(tp0)}, []tok{bytesT}, u64T)
	appendFn := f.vec("append", bytecode.U8, []tok{bytecode.MutRef(vecT0), vecT0}, nil)
	prefix := uint64(b.ConstantBytes(bytes.Repeat([]byte{0x5A}, 82)))
	u8Sig := uint64(b.Signature(bytecode.U8))

	code := []bytecode.Instruction{in(bytecode.OpLdU16, 4096), in(bytecode.OpLdU16, 4096), in(bytecode.OpLdFalse), newCfg, in(bytecode.OpStLoc, 2)}
	code = append(code, loop(1, uint64(len(code)),
		in(bytecode.OpLdConst, prefix), in(bytecode.OpStLoc, 3),
		in(bytecode.OpMutBorrowLoc, 3), in(bytecode.OpImmBorrowLoc, 1), toBytes, appendFn,
		in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpMoveLoc, 3), in(bytecode.OpVecPack, u8Sig, 0), add)...)
	code = append(code, in(bytecode.OpLdU64, 7), in(bytecode.OpAbort))
	b.Function("grind", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, u64T}, Locals: []tok{mapT, bytesT}, Code: code})

	code = []bytecode.Instruction{in(bytecode.OpLdU16, 0), in(bytecode.OpLdU16, 0), in(bytecode.OpLdTrue), newCfg, in(bytecode.OpStLoc, 2),
		in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpMoveLoc, 1), spare, in(bytecode.OpLdU64, 7), in(bytecode.OpAbort)}
	b.Function("spare", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, u64T}, Locals: []tok{mapT}, Code: code})
	return moduleBytes(t, b)
}

// TestBigOrderedMapGasBoundsWork runs the most a transaction of the
// largest gas may make big_ordered_map do: it fails (out of gas or its own
// abort), charged, the heap within the harness's bound and the node
// answering after it.
func TestBigOrderedMapGasBoundsWork(t *testing.T) {
	n := startNode(t)
	if !n.publish(n.attacker, "BomHog", []string{"bomhog"}, bomHogModule(t, n)) {
		t.Fatal("bomhog did not publish")
	}
	for _, c := range []struct {
		fn string
		n  uint64
	}{{"grind", 1_000_000}, {"spare", 1 << 40}} {
		start := time.Now()
		o := n.run(n.attacker, entry(n.attacker.Address, "bomhog", c.fn, vmstub.U64Value(c.n)), 2_000_000)
		t.Logf("bomhog::%s(%d): %s in %v", c.fn, c.n, o, time.Since(start))
		n.failedSafely("bomhog::"+c.fn, o)
		n.alive()
		// Spare slots are paid for before any is made: a huge count runs
		// out of gas at once (it made slots until the memory quota,
		// 900 MiB of heap and 19 s later).
		if c.fn == "spare" && (o.refused || o.txn.VMStatus != "Out of gas") {
			t.Errorf("allocate_spare_slots(%d): %s, want out of gas", c.n, o)
		}
	}
}
