package redteam

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// The weaker points: no limit on a transaction's write ops or on
// the size of what it writes and emits (Aptos: 8,192 write ops, 1 MiB per
// write op and per event, 10 MiB in all), and status 1134 unnamed.

const (
	maxWriteOps   = 8192    // Aptos's max_write_ops_per_transaction
	maxWriteBytes = 1 << 20 // Aptos's max_bytes_per_write_op and max_bytes_per_event
	tableWrites   = 9_000   // over maxWriteOps (the issue wrote 45,000)
)

// bulkModule is <attacker>::bulk:
//
//	struct Holder has key { t: Table<u64, u64> }
//	struct Blob has key { a: vector<u8>, b: vector<u8> }
//	#[event] struct Big has drop, store { a: vector<u8>, b: vector<u8> }
//	public entry fun fill(s: &signer, n: u64)  // n table items, kept in a Holder
//	public entry fun blob(s: &signer, n: u64)  // a Blob, a and b each n copies of a 60 KB constant
//	public entry fun shout(s: &signer, n: u64) // a Big event of the same bytes
func bulkModule(t *testing.T, n *node) []byte {
	b := bytecode.NewModuleBuilder(n.attacker.Address, "bulk")
	f := newFW(b)
	tableH := b.ImportStruct(b.ModuleRef(one, "table"), "Table", bytecode.AbilityStore,
		bytecode.StructTypeParameter{Constraints: bytecode.AbilityCopy | bytecode.AbilityDrop, IsPhantom: true},
		bytecode.StructTypeParameter{IsPhantom: true})
	tblT := bytecode.StructOf(tableH, u64T, u64T)
	tblG := bytecode.StructOf(tableH, tp0, bytecode.TypeParameter(1))
	holder := b.Struct("Holder", bytecode.AbilityKey, bytecode.Field("t", tblT))
	bytesT := bytecode.Vector(bytecode.U8)
	blob := b.Struct("Blob", bytecode.AbilityKey, bytecode.Field("a", bytesT), bytecode.Field("b", bytesT))
	big := b.Struct("Big", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("a", bytesT), bytecode.Field("b", bytesT))
	kv := []bytecode.AbilitySet{bytecode.AbilityCopy | bytecode.AbilityDrop, 0}
	newT := f.call("table", "new", []bytecode.AbilitySet{bytecode.AbilityCopy | bytecode.AbilityDrop, bytecode.AbilityStore}, nil, []tok{tblG}, u64T, u64T)
	add := f.call("table", "add", kv, []tok{bytecode.MutRef(tblG), tp0, bytecode.TypeParameter(1)}, nil, u64T, u64T)
	fill := []bytecode.Instruction{newT, in(bytecode.OpStLoc, 2)}
	fill = append(fill, loop(1, 2, in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpCopyLoc, 1), in(bytecode.OpCopyLoc, 1), add)...)
	fill = append(fill, in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 2), in(bytecode.OpPack, uint64(holder)),
		in(bytecode.OpMoveTo, uint64(holder)), in(bytecode.OpRet))
	b.Function("fill", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, u64T}, Locals: []tok{tblT}, Code: fill})

	chunk := uint64(b.ConstantBytes(bytes.Repeat([]byte{0xCD}, constBytes)))
	appendFn := f.vec("append", bytecode.U8, []tok{bytecode.MutRef(vecT0), vecT0}, nil)
	grow := []bytecode.Instruction{in(bytecode.OpVecPack, uint64(b.Signature(bytecode.U8)), 0), in(bytecode.OpStLoc, 2)}
	grow = append(grow, loop(1, 2, in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpLdConst, chunk), appendFn)...)
	b.Function("blob", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, u64T}, Locals: []tok{bytesT},
		Code: append(grow, in(bytecode.OpMoveLoc, 0), in(bytecode.OpCopyLoc, 2), in(bytecode.OpMoveLoc, 2), in(bytecode.OpPack, uint64(blob)),
			in(bytecode.OpMoveTo, uint64(blob)), in(bytecode.OpRet))})
	emit := f.call("event", "emit", []bytecode.AbilitySet{bytecode.AbilityStore | bytecode.AbilityDrop}, []tok{tp0}, nil, b.StructType(big))
	b.Function("shout", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, u64T}, Locals: []tok{bytesT},
		Code: append(grow, in(bytecode.OpCopyLoc, 2), in(bytecode.OpMoveLoc, 2), in(bytecode.OpPack, uint64(big)), emit, in(bytecode.OpMoveLoc, 0), in(bytecode.OpPop),
			in(bytecode.OpRet))})
	b.MetadataV1(&bytecode.MetadataV1{StructAttributes: map[string][]bytecode.KnownAttribute{"Big": {{Kind: bytecode.AttributeEvent}}}})
	return moduleBytes(t, b)
}

// TestWriteOpLimit writes 9,000 table items in one transaction: refused,
// or failed and charged, or committed with at most 8,192 write ops.
func TestWriteOpLimit(t *testing.T) {
	n := startNode(t)
	published := n.publish(n.attacker, "Bulk", []string{"bulk"}, bulkModule(t, n))
	o := n.run(n.attacker, entry(n.attacker.Address, "bulk", "fill", vmstub.U64Value(tableWrites)), 2_000_000)
	t.Logf("bulk::fill(%d) (published %v): %s, %d changes", tableWrites, published, o, len(o.txn.Changes))
	if !o.refused && o.txn.Success && len(o.txn.Changes) > maxWriteOps {
		t.Errorf("one transaction committed %d write ops (Aptos's limit: %d)", len(o.txn.Changes), maxWriteOps)
	}
}

// TestWriteSizeLimits writes a resource and emits an event of 1.2 MB each:
// refused, or failed and charged, or committed with nothing over 1 MiB.
func TestWriteSizeLimits(t *testing.T) {
	n := startNode(t)
	published := n.publish(n.attacker, "Bulk", []string{"bulk"}, bulkModule(t, n))
	const copies = 10 // two fields of 10 × 60 KB: 1.2 MB, each vector under the length limit
	for _, fn := range []string{"blob", "shout"} {
		o := n.run(n.attacker, entry(n.attacker.Address, "bulk", fn, vmstub.U64Value(copies)), 2_000_000)
		t.Logf("bulk::%s(%d) (published %v): %s", fn, copies, published, o)
		if o.refused || !o.txn.Success {
			continue
		}
		var full struct {
			Changes []struct {
				Data json.RawMessage `json:"data"`
			} `json:"changes"`
			Events []struct {
				Data json.RawMessage `json:"data"`
			} `json:"events"`
		}
		n.getJSON("/transactions/by_hash/"+o.st.Hash().String(), &full)
		for _, c := range full.Changes {
			if len(c.Data)/2 > maxWriteBytes {
				t.Errorf("bulk::%s committed a write op of about %d bytes (Aptos's limit: %d)", fn, len(c.Data)/2, maxWriteBytes)
			}
		}
		for _, e := range full.Events {
			if len(e.Data)/2 > maxWriteBytes {
				t.Errorf("bulk::%s committed an event of about %d bytes (Aptos's limit: %d)", fn, len(e.Data)/2, maxWriteBytes)
			}
		}
	}
}

// TestInitModuleStatusNamed publishes a module whose init_module takes a
// u64 besides the signer: the refusal's vm_status names its status.
func TestInitModuleStatusNamed(t *testing.T) {
	n := startNode(t)
	b := bytecode.NewModuleBuilder(n.attacker.Address, "badinit")
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []tok{sigT, u64T}, Code: []bytecode.Instruction{
		in(bytecode.OpMoveLoc, 0), in(bytecode.OpPop), in(bytecode.OpRet)}})
	o := n.run(n.attacker, publishPayload("BadInit", []string{"badinit"}, moduleBytes(t, b)), 100_000)
	n.failedSafely("publishing a bad init_module", o)
	if !o.refused && strings.Contains(o.txn.VMStatus, "1134") && !strings.Contains(o.txn.VMStatus, "INVALID_INIT_MODULE") {
		t.Errorf("status 1134 without its name: %q", o.txn.VMStatus)
	}
}
