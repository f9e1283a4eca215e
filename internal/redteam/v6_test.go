package redteam

import (
	"strconv"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// V6: transactions that run for free. A native's result nested too deep to
// be read back was an internal error, and block production silently
// dropped the transaction: the same signed bytes could be submitted again
// and again, each run burning the node's time without a charge or a
// sequence number bump. Simulating it answered 500.

const (
	deepVector = 127    // nesting of the vector passed to option::some
	freeSpins  = 50_000 // empty loops run before the internal error
)

// freeRideScript spins, then wraps a value nested deepVector levels deep in
// option::some, whose result nests one level more.
//
//	script { fun main(_s: &signer, spins: u64) { while (spins > 0) spins = spins - 1;
//	    let _ = option::some(vector<vector<…<u8>…>>[]) } }
func freeRideScript() *bytecode.ScriptBuilder {
	b := bytecode.NewScriptBuilder()
	f := newFW(b)
	elem := bytecode.U8
	for range deepVector - 1 {
		elem = bytecode.Vector(elem)
	}
	deep := bytecode.Vector(elem)
	code := loop(1, 0)
	code = append(code, in(bytecode.OpVecPack, uint64(b.Signature(elem)), 0),
		f.opt("some", deep, []tok{tp0}, []tok{f.optionOf(tp0)}), in(bytecode.OpPop), in(bytecode.OpRet))
	b.Main(bytecode.Fn{Params: []tok{sigT, u64T}, Code: code})
	return b
}

// nestModule is <attacker>::nest, the same through deepVector structs each
// holding the next, so that no signature nests deeper than one level:
//
//	struct N_i has drop { f: N_{i+1} }  struct N_last has drop { f: u8 }
//	public entry fun ride(_s: &signer, spins: u64) // spins, then option::some(N_0{…})
func nestModule(t *testing.T, n *node) []byte {
	b := bytecode.NewModuleBuilder(n.attacker.Address, "nest")
	f := newFW(b)
	defs := make([]bytecode.StructDefIndex, deepVector)
	for i := range defs {
		defs[i] = b.Struct("N_"+strconv.Itoa(i), bytecode.AbilityDrop)
	}
	for i := range defs {
		field := bytecode.U8
		if i+1 < len(defs) {
			field = b.StructType(defs[i+1])
		}
		b.SetFields(defs[i], bytecode.Field("f", field))
	}
	code := loop(1, 0)
	code = append(code, in(bytecode.OpLdU8, 7))
	for i := len(defs) - 1; i >= 0; i-- {
		code = append(code, in(bytecode.OpPack, uint64(defs[i])))
	}
	code = append(code, f.opt("some", b.StructType(defs[0]), []tok{tp0}, []tok{f.optionOf(tp0)}), in(bytecode.OpPop), in(bytecode.OpRet))
	b.Function("ride", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sigT, u64T}, Code: code})
	return moduleBytes(t, b)
}

// TestV6InternalErrorCharged runs the free ride as a script and as an entry
// function. Each is simulated (a 2xx or a 4xx), then submitted: refused, or
// committed once as a failure with a named status, charged, its sequence
// number used; the same signed bytes are then refused.
func TestV6InternalErrorCharged(t *testing.T) {
	t.Run("script", func(t *testing.T) {
		n := startNode(t)
		n.freeRide(scriptPayload(t, freeRideScript(), u64Arg(freeSpins)))
	})
	t.Run("entry", func(t *testing.T) {
		n := startNode(t)
		published := n.publish(n.attacker, "Nest", []string{"nest"}, nestModule(t, n))
		t.Logf("published: %v", published)
		n.freeRide(entry(n.attacker.Address, "nest", "ride", vmstub.U64Value(freeSpins)))
	})
}

func (n *node) freeRide(p txn.TransactionPayload) {
	t := n.t
	st := n.sign(n.attacker, p, 100_000)
	status, body := n.simulate(st)
	t.Logf("simulation: %d %s", status, clip(body))
	status, body = n.submit(st)
	o := outcome{st: st, status: status, body: body, refused: status >= 400 && status < 500}
	if o.refused {
		n.failedSafely("free ride", o)
		return
	}
	tx, ok := n.wait(st.Hash())
	if !ok {
		t.Errorf("the transaction was accepted (%d) but never committed: it ran for free", status)
	} else {
		o.txn = tx
		n.failedSafely("free ride", o)
		if parseU64(t, tx.GasUsed) == 0 {
			t.Errorf("committed without a charge")
		}
		if got := n.seq(n.attacker.Address); got != st.Raw.SequenceNumber+1 {
			t.Errorf("sequence number %d after committing %d", got, st.Raw.SequenceNumber)
		}
	}
	// The same signed bytes once more: a replay, refused.
	status, body = n.submit(st)
	if status == 202 {
		_, again := n.wait(st.Hash())
		t.Errorf("the same signed transaction was accepted again (committed this time: %v)", again)
	} else {
		t.Logf("resubmitted: %d %s", status, clip(body))
	}
}
