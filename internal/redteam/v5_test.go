package redteam

import (
	"encoding/binary"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// V5: stalling block production. Vector natives copied the whole vector
// for a flat fee, so a transaction of a few thousand gas ran for tens of
// seconds while every transfer sent meanwhile waited behind it.

const (
	stallBase     = 4096 // elements of the constant the vector is made of
	stallCopies   = 64   // 4096 * 64: a vector of 262,144 u64
	stallReverses = 30
	stallMaxGas   = 5_000
	// elemsPerGas is a generous floor for honest metering: a gas unit may
	// pay for at most this many elements a native touches (tens of
	// microseconds of work, where the target is half a microsecond
	// per gas unit). Anything charging at least that runs out of
	// stallMaxGas before it has appended and reversed these elements.
	elemsPerGas = 2_000
)

// stallScript builds a vector of stallBase * copies u64s by appending the
// constant to it copies times, then reverses it reverses times.
//
//	script { fun main(_s: &signer, copies: u64, reverses: u64) }
func stallScript() *bytecode.ScriptBuilder {
	b := bytecode.NewScriptBuilder()
	f := newFW(b)
	e := bcs.NewEncoder(8 * stallBase)
	e.SeqLen(stallBase)
	for i := range stallBase {
		e.Fixed(binary.LittleEndian.AppendUint64(nil, uint64(i)))
	}
	vecU64 := bytecode.Vector(u64T)
	base := uint64(b.Constant(vecU64, e.Bytes()))
	appendFn := f.vec("append", u64T, []tok{bytecode.MutRef(vecT0), vecT0}, nil)
	reverse := f.vec("reverse", u64T, []tok{bytecode.MutRef(vecT0)}, nil)
	code := []bytecode.Instruction{in(bytecode.OpVecPack, uint64(b.Signature(u64T)), 0), in(bytecode.OpStLoc, 3)}
	code = append(code, loop(1, uint64(len(code)), in(bytecode.OpMutBorrowLoc, 3), in(bytecode.OpLdConst, base), appendFn)...)
	code = append(code, loop(2, uint64(len(code)), in(bytecode.OpMutBorrowLoc, 3), reverse)...)
	b.Main(bytecode.Fn{Params: []tok{sigT, u64T, u64T}, Locals: []tok{vecU64}, Code: append(code, in(bytecode.OpRet))})
	return b
}

// TestV5VectorNativeStall submits the stalling script and, right after,
// an ordinary transfer. Both commit (the transfer is not stuck behind the
// script for good), and the script is refused or fails charged: it cannot
// have moved 16 million elements for under stallMaxGas gas.
func TestV5VectorNativeStall(t *testing.T) {
	n := startNode(t)
	st := n.sign(n.attacker, scriptPayload(t, stallScript(), u64Arg(stallCopies), u64Arg(stallReverses)), stallMaxGas)
	began := time.Now()
	status, body := n.submit(st)
	transfer := n.run(n.bystander, vmstub.TransferPayload(n.bystander.Address, 1), 10_000)
	if transfer.refused || !transfer.txn.Success {
		t.Errorf("a transfer sent after the stalling script: %s", transfer)
	}
	t.Logf("a transfer sent after the script committed in %s", time.Since(began))
	o := outcome{st: st, status: status, body: body, refused: status >= 400 && status < 500}
	if !o.refused {
		tx, ok := n.wait(st.Hash())
		if !ok {
			t.Fatalf("the stalling script was accepted but never committed")
		}
		o.txn = tx
	}
	n.failedSafely("stalling script", o)
	if !o.refused {
		// Each append copies the vector so far; each reverse visits it.
		touched := uint64(stallBase*stallCopies)*stallReverses + stallBase*stallCopies*(stallCopies+1)/2
		if gas := parseU64(t, o.txn.GasUsed); o.txn.Success && gas < touched/elemsPerGas {
			t.Errorf("%d elements appended and reversed for %d gas: %d elements per gas unit", touched, gas, touched/max(gas, 1))
		}
	}
}
