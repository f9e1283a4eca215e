package vmstub_test

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// rndModule draws from 0x1::randomness:
//
//	struct Rec has copy, drop, key { a: u64, r: u64, b: vector<u8>, p: vector<u64>, w: u256 }
//	#[randomness] entry fun draw(s: &signer, lo: u64, hi: u64, wlo: u256, whi: u256) {
//	    move_to(s, Rec { a: u64_integer(), r: u64_range(lo, hi), b: bytes(40),
//	        p: permutation(10), w: u256_range(wlo, whi) })
//	}
//	struct Ints has key { a8: u8, a16: u16, a32: u32, a128: u128, a256: u256, r8: u8, r32: u32, r128: u128 }
//	#[randomness] entry fun ints(s: &signer) {
//	    move_to(s, Ints { u8_integer(), u16_integer(), u32_integer(), u128_integer(), u256_integer(),
//	        u8_range(250, 255), u32_range(7, 4000000000), u128_range(5, 2^64 + 5) })
//	}
//	entry fun plain(_s: &signer) { u64_integer(); }          // not #[randomness]
//	entry fun perm1(_s: &signer) { permutation(1); }         // no draw at all
//	#[view] fun peek(): u64 { u64_integer() }
//
// With pub, draw is public entry instead (which publishing refuses).
func rndModule(t *testing.T, addr ledgerapi.Address, pub bool) []byte {
	k := newKit(t, addr, "rnd")
	b := k.b
	u256 := bytecode.U256
	rec := b.Struct("Rec", copyDropT|bytecode.AbilityKey, bytecode.Field("a", u64T), bytecode.Field("r", u64T),
		bytecode.Field("b", bytecode.Vector(bytecode.U8)), bytecode.Field("p", bytecode.Vector(u64T)), bytecode.Field("w", u256))
	r := func(name string, params []tok, ret tok) bytecode.Instruction {
		return callF(k.fn("randomness", name, nil, params, []tok{ret}))
	}
	u64Int := r("u64_integer", nil, u64T)
	perm := r("permutation", []tok{u64T}, bytecode.Vector(u64T))
	sig := bytecode.Ref(bytecode.Signer)
	vis := bytecode.Entry
	if pub {
		vis |= bytecode.Public
	}
	b.Function("draw", vis, bytecode.Fn{Params: []tok{sig, u64T, u64T, u256, u256}, Acquires: nil, Code: []bytecode.Instruction{
		in(bytecode.OpMoveLoc, 0),
		u64Int,
		in(bytecode.OpCopyLoc, 1), in(bytecode.OpMoveLoc, 2), r("u64_range", []tok{u64T, u64T}, u64T),
		in(bytecode.OpLdU64, 40), r("bytes", []tok{u64T}, bytecode.Vector(bytecode.U8)),
		in(bytecode.OpLdU64, 10), perm,
		in(bytecode.OpMoveLoc, 3), in(bytecode.OpMoveLoc, 4), r("u256_range", []tok{u256, u256}, u256),
		in(bytecode.OpPack, uint64(rec)), in(bytecode.OpMoveTo, uint64(rec)), in(bytecode.OpRet)}})
	ints := b.Struct("Ints", bytecode.AbilityKey, bytecode.Field("a8", bytecode.U8), bytecode.Field("a16", bytecode.U16),
		bytecode.Field("a32", bytecode.U32), bytecode.Field("a128", bytecode.U128), bytecode.Field("a256", u256),
		bytecode.Field("r8", bytecode.U8), bytecode.Field("r32", bytecode.U32), bytecode.Field("r128", bytecode.U128))
	b.Function("ints", bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Code: []bytecode.Instruction{
		in(bytecode.OpMoveLoc, 0),
		r("u8_integer", nil, bytecode.U8), r("u16_integer", nil, bytecode.U16), r("u32_integer", nil, bytecode.U32),
		r("u128_integer", nil, bytecode.U128), r("u256_integer", nil, u256),
		in(bytecode.OpLdU8, 250), in(bytecode.OpLdU8, 255), r("u8_range", []tok{bytecode.U8, bytecode.U8}, bytecode.U8),
		in(bytecode.OpLdU32, 7), in(bytecode.OpLdU32, 4000000000), r("u32_range", []tok{bytecode.U32, bytecode.U32}, bytecode.U32),
		in(bytecode.OpLdU128, 5, 0), in(bytecode.OpLdU128, 5, 1), r("u128_range", []tok{bytecode.U128, bytecode.U128}, bytecode.U128),
		in(bytecode.OpPack, uint64(ints)), in(bytecode.OpMoveTo, uint64(ints)), in(bytecode.OpRet)}})
	k.rand = append(k.rand, "draw", "ints")
	b.Function("plain", bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Code: []bytecode.Instruction{u64Int, in(bytecode.OpPop), in(bytecode.OpRet)}})
	b.Function("perm1", bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Code: []bytecode.Instruction{in(bytecode.OpLdU64, 1), perm, in(bytecode.OpPop), in(bytecode.OpRet)}})
	k.view("peek", []tok{u64T}, nil, []bytecode.Instruction{u64Int, in(bytecode.OpRet)})
	return k.code()
}

// rndRec is the Rec draw stores.
type rndRec struct {
	a, r uint64
	b    []byte
	p    []uint64
	w    *big.Int
}

func (c *chain) rndRec(a ledgerapi.Address, mod ledgerapi.Address) rndRec {
	c.t.Helper()
	v, err := c.StateValue(storage.ResourceKey(a, ledgerapi.StructTag{Address: mod, Module: "rnd", Name: "Rec"}))
	if err != nil || len(v) != 8+8+1+40+1+80+32 {
		c.t.Fatalf("Rec at %s: %x (%v)", a, v, err)
	}
	out := rndRec{a: leU64(v[0:8]), r: leU64(v[8:16]), b: v[17:57]}
	for i := 0; i < 10; i++ {
		out.p = append(out.p, leU64(v[58+8*i:]))
	}
	out.w = leBig(v[138:170])
	return out
}

func leBig(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i, x := range b {
		be[len(b)-1-i] = x
	}
	return new(big.Int).SetBytes(be)
}

func u256Arg(x *big.Int) []byte {
	be := x.FillBytes(make([]byte, 32))
	out := make([]byte, 32)
	for i, v := range be {
		out[31-i] = v
	}
	return out
}

// rndDraw is draw number n of a transaction with hash h under seed: as on
// Aptos, sha3-256("APTOS_RANDOMNESS" ‖ seed ‖ h ‖ n as u64 little-endian).
func rndDraw(seed []byte, h ledgerapi.HashValue, n uint64) []byte {
	s := crypto.SHA3_256([]byte("APTOS_RANDOMNESS"), seed, h[:], binary.LittleEndian.AppendUint64(nil, n))
	return s[:]
}

func isPermutation(p []uint64) bool {
	seen := make([]bool, len(p))
	for _, x := range p {
		if x >= uint64(len(p)) || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// TestRandomness: a private #[randomness] entry function draws values that
// differ between two transactions of one block, within the ranges asked,
// a permutation that is one; a pinned seed gives exactly the values of
// Aptos's derivation; a function without the attribute, a script and a view abort
// with E_API_USE_IS_BIASIBLE (1) in 0x1::randomness; an
// empty range fails as Move arithmetic (an execution failure); a public #[randomness] function is
// refused at publication.
func TestRandomness(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	accts := c.vm.DevAccounts()
	m, x, y, z := accts[0], accts[1], accts[2], accts[3]
	c.publishRefused(m, "rnd", rndModule(t, m.Address, true), "CONSTRAINT_NOT_SATISFIED")
	if out := c.publish(m, packageMeta("Rnd", onchain.UpgradeCompatible, []string{"rnd"}, stdDeps...), rndModule(t, m.Address, false)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	wlo, whi := big.NewInt(100), big.NewInt(107)
	draw := func(from vmstub.DevAccount, lo, hi uint64, wlo, whi *big.Int) *txn.SignedTransaction {
		return from.Sign(c.raw(from, vmstub.EntryPayload(m.Address, "rnd", "draw", nil,
			vmstub.U64Value(lo), vmstub.U64Value(hi), u256Arg(wlo), u256Arg(whi))))
	}
	// Two transactions in one block.
	blk := c.block()
	var recs []rndRec
	for _, a := range []vmstub.DevAccount{x, y} {
		out, err := c.vm.Execute(c, blk, draw(a, 10, 20, wlo, whi))
		if err != nil || !out.Info.Status.Success() {
			t.Fatalf("draw: %v %s", err, out.Info.Status.String())
		}
		c.apply(out)
		n := 0
		for _, e := range eventTypes(out) {
			if e == "0x1::randomness::RandomnessGeneratedEvent" {
				n++
			}
		}
		if n != 5 {
			t.Errorf("%d RandomnessGeneratedEvents, want 5 (one per call): %v", n, eventTypes(out))
		}
		r := c.rndRec(a.Address, m.Address)
		if r.r < 10 || r.r >= 20 || r.w.Cmp(wlo) < 0 || r.w.Cmp(whi) >= 0 || !isPermutation(r.p) {
			t.Errorf("draw out of its bounds: %+v", r)
		}
		recs = append(recs, r)
	}
	if recs[0].a == recs[1].a || bytes.Equal(recs[0].b, recs[1].b) {
		t.Errorf("two transactions of one block drew the same values: %+v %+v", recs[0], recs[1])
	}

	// A pinned seed: the values are Aptos's derivation from it.
	seed := bytes.Repeat([]byte{7}, 32)
	if err := c.vm.SetRandomnessSeed(seed); err != nil {
		t.Fatal(err)
	}
	huge := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	pinned := draw(z, 0, 1<<63, big.NewInt(0), huge)
	out := c.mustExec(pinned)
	if !out.Info.Status.Success() {
		t.Fatalf("draw with a pinned seed: %s", out.Info.Status.String())
	}
	got := c.rndRec(z.Address, m.Address)
	d := func(n uint64) []byte { return rndDraw(seed, pinned.Hash(), n) }
	want := rndRec{a: leU64(d(0)[24:]), r: new(big.Int).Mod(leBig(d(1)), new(big.Int).SetUint64(1<<63)).Uint64(), b: append(d(2), d(3)...)[:40]}
	p := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for tail, n := uint64(9), uint64(4); tail > 0; tail, n = tail-1, n+1 {
		pos := new(big.Int).Mod(leBig(d(n)), new(big.Int).SetUint64(tail+1)).Uint64()
		p[pos], p[tail] = p[tail], p[pos]
	}
	w := new(big.Int).Add(new(big.Int).Lsh(leBig(d(14)), 256), leBig(d(13)))
	want.w = w.Mod(w, huge)
	if got.a != want.a || got.r != want.r || !bytes.Equal(got.b, want.b) || got.w.Cmp(want.w) != 0 {
		t.Errorf("pinned seed:\n got  a=%d r=%d b=%x w=%s\n want a=%d r=%d b=%x w=%s", got.a, got.r, got.b, got.w, want.a, want.r, want.b, want.w)
	}
	for i := range p {
		if got.p[i] != p[i] {
			t.Fatalf("permutation %v, want %v", got.p, p)
		}
	}
	c.checkInts(t, accts[5], m.Address, seed)
	if err := c.vm.SetRandomnessSeed(nil); err != nil {
		t.Fatal(err)
	}

	// Refusals.
	st := c.mustExec(x.Sign(c.raw(x, vmstub.EntryPayload(m.Address, "rnd", "plain", nil)))).Info.Status
	if st.Kind != onchain.KindMoveAbort || st.AbortCode != 1 || st.Location.Module.Name != "randomness" {
		t.Errorf("plain: %s, want abort 1 in 0x1::randomness", st.String())
	}
	if _, err := c.view(m.Address.String()+"::rnd::peek", nil); err == nil || !strings.Contains(err.Error(), "E_API_USE_IS_BIASIBLE") {
		t.Errorf("peek in a view: %v", err)
	}
	sb := bytecode.NewScriptBuilder()
	sb.Main(bytecode.Fn{Code: []bytecode.Instruction{callF(sb.ImportFunction(sb.ModuleRef(one, "randomness"), "u64_integer",
		bytecode.Fn{Returns: []tok{u64T}})), in(bytecode.OpPop), in(bytecode.OpRet)}})
	script, err := sb.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	st = c.mustExec(x.Sign(c.raw(x, scriptPayload(t, script, nil)))).Info.Status
	if st.Kind != onchain.KindMoveAbort || st.AbortCode != 1 || st.Location.Module.Name != "randomness" {
		t.Errorf("script: %s, want abort 1 in 0x1::randomness", st.String())
	}
	if st := c.mustExec(x.Sign(c.raw(x, vmstub.EntryPayload(m.Address, "rnd", "perm1", nil)))).Info.Status; !st.Success() {
		t.Errorf("permutation(1) draws nothing, so needs no #[randomness]: %s", st.String())
	}
	if st := c.mustExec(accts[4].Sign(c.raw(accts[4], vmstub.EntryPayload(m.Address, "rnd", "draw", nil,
		vmstub.U64Value(5), vmstub.U64Value(5), u256Arg(wlo), u256Arg(whi))))).Info.Status; st.Kind != onchain.KindExecutionFailure {
		t.Errorf("empty u64 range: %s, want an execution failure (ARITHMETIC_ERROR)", st.String())
	}
}

// checkInts runs ints from a under the pinned seed and checks each value
// against Aptos's derivation: uN_integer the last N/8 bytes of its draw
// read little-endian, uN_range the draw's u256 modulo the range.
func (c *chain) checkInts(t *testing.T, a vmstub.DevAccount, mod ledgerapi.Address, seed []byte) {
	st := a.Sign(c.raw(a, vmstub.EntryPayload(mod, "rnd", "ints", nil)))
	if out := c.mustExec(st); !out.Info.Status.Success() {
		t.Fatalf("ints: %s", out.Info.Status.String())
	}
	v, err := c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: mod, Module: "rnd", Name: "Ints"}))
	if err != nil || len(v) != 1+2+4+16+32+1+4+16 {
		t.Fatalf("Ints: %x (%v)", v, err)
	}
	d := func(n uint64) []byte { return rndDraw(seed, st.Hash(), n) }
	mod2 := func(n uint64, lo, span *big.Int) []byte {
		x := new(big.Int).Mod(leBig(d(n)), span)
		return x.Add(x, lo).Bytes()
	}
	want := [][]byte{d(0)[31:], d(1)[30:], d(2)[28:], d(3)[16:], d(4)}
	got := [][]byte{v[0:1], v[1:3], v[3:7], v[7:23], v[23:55]}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("integer %d: %x, want %x", i, got[i], want[i])
		}
	}
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	ranges := []struct {
		got    []byte
		lo, hi *big.Int
		n      uint64
	}{{v[55:56], big.NewInt(250), big.NewInt(255), 5}, {v[56:60], big.NewInt(7), big.NewInt(4000000000), 6},
		{v[60:76], big.NewInt(5), new(big.Int).Add(two64, big.NewInt(5)), 7}}
	for _, r := range ranges {
		x := leBig(r.got)
		if x.Cmp(r.lo) < 0 || x.Cmp(r.hi) >= 0 || !bytes.Equal(x.Bytes(), mod2(r.n, r.lo, new(big.Int).Sub(r.hi, r.lo))) {
			t.Errorf("range [%s, %s): %s", r.lo, r.hi, x)
		}
	}
}

// TestRandomnessFromMultisig: a multisig transaction executing a stored
// payload that calls a #[randomness] entry function draws (the payload it
// runs is what is checked); a non-annotated one fails (recorded as
// TransactionExecutionFailed).
func TestRandomnessFromMultisig(t *testing.T) {
	c := newMultisig(t)
	m := c.owners[3]
	if out := c.publish(m, packageMeta("Rnd", onchain.UpgradeCompatible, []string{"rnd"}, stdDeps...), rndModule(t, m.Address, false)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	ms := vmstub.AddressValue(c.ms)
	stored := func(id uint64, p txn.TransactionPayload) storage.Transaction {
		c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(p))))
		c.run(1, msPayload("approve_transaction", ms, vmstub.U64Value(id)))
		return c.mustExec(c.multisig(0, nil))
	}
	out := stored(1, vmstub.EntryPayload(m.Address, "rnd", "draw", nil, vmstub.U64Value(3), vmstub.U64Value(9), u256Arg(big.NewInt(0)), u256Arg(big.NewInt(2))))
	if !out.Info.Status.Success() {
		t.Fatalf("multisig draw: %s", out.Info.Status.String())
	}
	if r := c.rndRec(c.ms, m.Address); r.r < 3 || r.r >= 9 || r.w.Cmp(big.NewInt(2)) >= 0 || !isPermutation(r.p) {
		t.Errorf("multisig draw: %+v", r)
	}
	out = stored(2, vmstub.EntryPayload(m.Address, "rnd", "plain", nil))
	// As on Aptos, a multisig payload that fails is recorded as such: the
	// transaction succeeds with TransactionExecutionFailed.
	if st := out.Info.Status; !st.Success() || hasEvent(out, "0x1::multisig_account::TransactionExecutionFailed") == nil {
		t.Errorf("multisig plain: %s, events %v", st.String(), eventTypes(out))
	}
}
