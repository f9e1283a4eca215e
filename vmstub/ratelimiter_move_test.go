package vmstub_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// rlModule keeps a rate limiter per account, as Move code would:
//
//	struct Holder has key { l: RateLimiter }
//	public entry fun init(s: &signer, capacity: u64, interval: u64) {
//	    move_to(s, Holder { l: rate_limiter::initialize(capacity, interval) })
//	}
//	public entry fun req(s: &signer, n: u64, want: bool) acquires Holder {
//	    assert!(rate_limiter::request(&mut Holder[signer::address_of(s)].l, n) == want, 1)
//	}
func rlModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "rl")
	b := k.b
	rlH := b.ImportStruct(b.ModuleRef(one, "rate_limiter"), "RateLimiter",
		bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore|bytecode.AbilityKey)
	rlT := bytecode.StructOf(rlH)
	holder := b.Struct("Holder", bytecode.AbilityKey, bytecode.Field("l", rlT))
	field := uint64(b.FieldHandle(holder, "l"))
	initialize := k.fn("rate_limiter", "initialize", nil, []tok{u64T, u64T}, []tok{rlT})
	request := k.fn("rate_limiter", "request", nil, []tok{bytecode.MutRef(rlT), u64T}, []tok{bytecode.Bool})
	sig := bytecode.Ref(bytecode.Signer)
	addrOf := k.fn("signer", "address_of", nil, []tok{sig}, []tok{bytecode.Address})
	b.Function("init", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, u64T, u64T},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2),
			callF(initialize), in(bytecode.OpPack, uint64(holder)), in(bytecode.OpMoveTo, uint64(holder)), in(bytecode.OpRet)}})
	b.Function("req", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, u64T, bytecode.Bool},
		Acquires: []bytecode.StructDefIndex{holder},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), callF(addrOf), in(bytecode.OpMutBorrowGlobal, uint64(holder)),
			in(bytecode.OpMutBorrowField, field), in(bytecode.OpMoveLoc, 1), callF(request),
			in(bytecode.OpMoveLoc, 2), in(bytecode.OpEq), in(bytecode.OpBrTrue, 11),
			in(bytecode.OpLdU64, 1), in(bytecode.OpAbort), in(bytecode.OpRet)}})
	return mustBytes(t, b)
}

// TestRateLimiter: the token bucket of 0x1::rate_limiter over the chain's
// time, with the values of Aptos's own rate_limiter tests (capacity 10
// per 60 seconds: 31 seconds refill a full bucket and drop the remainder,
// 23 more seconds give 3 tokens and a remainder of 50), a refused request
// that still keeps its refill, and the ARITHMETIC_ERRORs of a zero
// interval and of an overflowing refill.
func TestRateLimiter(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b2 := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("Rl", onchain.UpgradeCompatible, []string{"rl"}, stdDeps...), rlModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	at := func(sec uint64) { c.nowUs = sec*1_000_000 - 1_000_000 } // the next block is at sec
	step := func(what string, sec uint64, fn string, args [][]byte, want [5]uint64) {
		t.Helper()
		at(sec)
		out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "rl", fn, nil, args...))))
		if !out.Info.Success() {
			t.Fatalf("%s: %s", what, out.Info.Status.String())
		}
		var got []byte
		for _, w := range out.Changes {
			if w.Key.Kind == storage.StateResource && w.Key.Resource.Name == "Holder" {
				got = w.Value
			}
		}
		// Holder { l: RateLimiter::TokenBucket { capacity, current_amount,
		// refill_interval, last_refill_timestamp, fractional_accumulated } }
		wantB := []byte{0}
		for _, x := range want {
			wantB = binary.LittleEndian.AppendUint64(wantB, x)
		}
		if !bytes.Equal(got, wantB) {
			t.Errorf("%s: Holder %x, want %x", what, got, wantB)
		}
	}
	step("initialize", 2_000_000_000, "init", [][]byte{vmstub.U64Value(10), vmstub.U64Value(60)},
		[5]uint64{10, 10, 60, 2_000_000_000, 0})
	step("request 5 after 31s", 2_000_000_031, "req", [][]byte{vmstub.U64Value(5), vmstub.BoolValue(true)},
		[5]uint64{10, 5, 60, 2_000_000_031, 0})
	step("request 0 after 23s", 2_000_000_054, "req", [][]byte{vmstub.U64Value(0), vmstub.BoolValue(true)},
		[5]uint64{10, 8, 60, 2_000_000_054, 50})
	step("request 10 of 9", 2_000_000_055, "req", [][]byte{vmstub.U64Value(10), vmstub.BoolValue(false)},
		[5]uint64{10, 9, 60, 2_000_000_055, 0})
	step("request 9", 2_000_000_055, "req", [][]byte{vmstub.U64Value(9), vmstub.BoolValue(true)},
		[5]uint64{10, 0, 60, 2_000_000_055, 0})
	send := func(from vmstub.DevAccount, fn string, args ...[]byte) storage.Transaction {
		return c.mustExec(from.Sign(c.raw(from, vmstub.EntryPayload(a.Address, "rl", fn, nil, args...))))
	}
	out := send(a, "req", vmstub.U64Value(1), vmstub.BoolValue(true))
	if st := out.Info.Status; st.Kind != onchain.KindMoveAbort || st.AbortCode != 1 || st.Location.Module.Name != "rl" {
		t.Errorf("request from an empty bucket: %s, want request's false (abort 1 in rl)", st.String())
	}

	// refill_interval 0 divides by zero; capacity u64::MAX overflows
	// current_amount + new_tokens after a second.
	if out := send(b2, "init", vmstub.U64Value(1), vmstub.U64Value(0)); !out.Info.Success() {
		t.Fatalf("init: %s", out.Info.Status.String())
	}
	out = send(b2, "req", vmstub.U64Value(1), vmstub.BoolValue(true))
	if st := out.Info.Status; st.Kind != onchain.KindExecutionFailure {
		t.Errorf("zero interval: %s, want an execution failure (ARITHMETIC_ERROR)", st.String())
	}
	c3 := c.vm.DevAccounts()[2]
	if out := send(c3, "init", vmstub.U64Value(^uint64(0)), vmstub.U64Value(1)); !out.Info.Success() {
		t.Fatalf("init: %s", out.Info.Status.String())
	}
	out = send(c3, "req", vmstub.U64Value(0), vmstub.BoolValue(true))
	if st := out.Info.Status; st.Kind != onchain.KindExecutionFailure {
		t.Errorf("overflowing refill: %s, want an execution failure (ARITHMETIC_ERROR)", st.String())
	}
}
