package aptosframework

// 0x1::randomness: the whole module. The PerBlockRandomness resource at 0x1
// holds the block's seed, written at genesis (epoch 0, round 0, no seed)
// and by every block prologue (OnNewBlock); RandomnessGeneratedEvent is
// emitted by every public generator.
//
// Each 32-byte draw is, as on Aptos, sha3-256("APTOS_RANDOMNESS" ‖ seed ‖
// transaction hash ‖ counter), the counter being a per-transaction u64
// (little-endian, from 0) kept in this module's session state. A draw is
// allowed only when the transaction's payload is an entry function that is
// private or friend and annotated #[randomness] (the "unbiasable" check);
// otherwise it aborts with E_API_USE_IS_BIASIBLE (code 1,
// no category), as on Aptos. Views, scripts and system transactions are
// refused the same way.
//
// The integers and ranges follow Aptos's arithmetic: uN_integer reads the
// last N/8 bytes of a draw, most significant last; uN_range (N ≤ 128)
// reduces one drawn u256 modulo the range; u256_range draws r0 then r1 and
// takes (r1·2²⁵⁶ + r0) mod range; permutation is a Fisher–Yates shuffle
// drawing u64_range_internal(0, tail+1) for tail from n-1 down to 1.

import (
	"encoding/binary"
	"fmt"
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// eRandomnessBiasable is E_API_USE_IS_BIASIBLE (named
// E_API_USE_SUSCEPTIBLE_TO_TEST_AND_ABORT by older frameworks; code 1).
const eRandomnessBiasable = 1

// randomnessDST is the domain separation tag of a draw.
const randomnessDST = "APTOS_RANDOMNESS"

// drawCost is the fixed cost of one draw besides its hashed bytes.
const drawCost = 50

var (
	// PerBlockRandomnessTag is the type of 0x1::randomness::PerBlockRandomness.
	PerBlockRandomnessTag = tag1("randomness", "PerBlockRandomness")
	randomnessEventTag    = tag1("randomness", "RandomnessGeneratedEvent")
	// randomnessCounter counts the transaction's draws.
	randomnessCounter = native.NewState[uint64](nil)
)

// perBlockRandomness is PerBlockRandomness {epoch, round, seed}.
type perBlockRandomness struct {
	Epoch, Round uint64
	Seed         []byte // nil: none
	HasSeed      bool
}

func (p *perBlockRandomness) MarshalBCS(e *bcs.Encoder) {
	e.U64(p.Epoch)
	e.U64(p.Round)
	e.Option(p.HasSeed)
	if p.HasSeed {
		e.WriteBytes(p.Seed)
	}
}

func (p *perBlockRandomness) UnmarshalBCS(d *bcs.Decoder) {
	p.Epoch, p.Round = d.U64("epoch"), d.U64("round")
	if p.HasSeed = d.Option("seed"); p.HasSeed {
		p.Seed = d.ReadBytes("seed")
	}
}

// Randomness declares 0x1::randomness.
func Randomness() native.Module {
	ranged := func(name, t string, bits uint) native.Function {
		return native.Function{Name: name, Params: []string{t, t}, Return: []string{t}, Impl: randRange(bits, name != "u64_range_internal")}
	}
	integer := func(name string, bytes int) native.Function {
		t := name[:len(name)-len("_integer")]
		return native.Function{Name: name, Return: []string{t}, Impl: randInteger(bytes)}
	}
	return native.Module{Address: addr, Name: "randomness",
		Structs: []native.Struct{
			{Name: "PerBlockRandomness", Abilities: []string{native.AbilityDrop, native.AbilityKey},
				Fields: []string{"epoch: u64", "round: u64", "seed: 0x1::option::Option<vector<u8>>"}},
			{Name: "RandomnessGeneratedEvent", Abilities: []string{native.AbilityStore, native.AbilityDrop}, IsEvent: true,
				Fields: []string{"dummy_field: bool"}},
		},
		Functions: []native.Function{
			{Name: "initialize", Params: []string{"&signer"}, Impl: randomnessInitialize},
			{Name: "on_new_block", Visibility: native.Friend, Params: []string{"&signer", "u64", "u64", "0x1::option::Option<vector<u8>>"}, Impl: randomnessOnNewBlock},
			{Name: "bytes", Params: []string{"u64"}, Return: []string{"vector<u8>"}, Impl: randBytes},
			integer("u8_integer", 1), integer("u16_integer", 2), integer("u32_integer", 4),
			integer("u64_integer", 8), integer("u128_integer", 16), integer("u256_integer", 32),
			ranged("u8_range", "u8", 8), ranged("u16_range", "u16", 16), ranged("u32_range", "u32", 32),
			ranged("u64_range", "u64", 64), ranged("u64_range_internal", "u64", 64), ranged("u128_range", "u128", 128),
			{Name: "u256_range", Params: []string{"u256", "u256"}, Return: []string{"u256"}, Impl: randU256Range},
			{Name: "permutation", Params: []string{"u64"}, Return: []string{"vector<u64>"}, Impl: randPermutation},
		},
		Errors: []native.AbortReason{{Reason: eRandomnessBiasable, Name: "E_API_USE_IS_BIASIBLE",
			Description: "Randomness APIs calls must originate from a private entry function with `#[randomness]` annotation. Otherwise, malicious users can bias randomness result."}},
		Genesis: func(h native.Host) error { return putResource(h, addr, PerBlockRandomnessTag, &perBlockRandomness{}) },
	}
}

// OnNewBlock is what the block prologue does of randomness::on_new_block:
// the block's epoch, round and seed written into PerBlockRandomness when
// the resource exists.
func OnNewBlock(h native.Host, epoch, round uint64, seed []byte) error {
	if _, ok, err := h.Resource(addr, PerBlockRandomnessTag); err != nil || !ok {
		return err
	}
	return putResource(h, addr, PerBlockRandomnessTag, &perBlockRandomness{Epoch: epoch, Round: round, Seed: seed, HasSeed: seed != nil})
}

// randomnessInitialize is initialize(framework): 0x1 only, once.
func randomnessInitialize(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	return nil, moveTo(hostOf(c), addr, PerBlockRandomnessTag, &perBlockRandomness{})
}

// randomnessOnNewBlock is on_new_block(vm, epoch, round, seed): the VM
// (0x0) only (system_addresses::assert_vm: PERMISSION_DENIED(EVM)).
func randomnessOnNewBlock(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if signerAddress(args[0]) != ledgerapi.AddressZero {
		return nil, abortIn("system_addresses", native.PermissionDenied, eNotVM)
	}
	var seed []byte
	if v, ok := movestdlib.OptionElem(args[3]); ok {
		if err := native.ChargeRead(c.NativeContext, v.Len()); err != nil {
			return nil, err
		}
		seed = v.Bytes()
	}
	return nil, OnNewBlock(hostOf(c), args[1].AsU64(), args[2].AsU64(), seed)
}

// unbiasable reports whether the entry function the transaction runs (a
// multisig transaction's payload included) is a private or friend entry
// function annotated #[randomness].
func unbiasable(c *native.Context) (bool, error) {
	e := c.Host().Txn().Running
	if e == nil {
		return false, nil
	}
	m, err := c.Host().Module(e.Module)
	if err != nil {
		return false, err
	}
	f := m.Function(e.Function)
	return f != nil && f.IsEntry && f.IsRandomness && f.Visibility != bytecode.Public, nil
}

// draw returns the transaction's next 32 random bytes.
func draw(c *native.Context) ([]byte, error) {
	ok, err := unbiasable(c)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(eRandomnessBiasable)
	}
	var p perBlockRandomness
	found, err := readResource(hostOf(c), addr, PerBlockRandomnessTag, &p)
	switch {
	case err != nil:
		return nil, err
	case !found:
		return nil, missingData(PerBlockRandomnessTag, addr)
	case !p.HasSeed:
		return nil, &movevm.Abort{Module: module1("option"), Code: movestdlib.EOptionNotSet}
	}
	h := c.Host().Txn().Hash
	n := randomnessCounter.Get(c)
	counter := binary.LittleEndian.AppendUint64(nil, *n)
	if err := c.Charge(drawCost); err != nil {
		return nil, err
	}
	if err := native.ChargeRead(c.NativeContext, len(randomnessDST)+len(p.Seed)+len(h)+len(counter)); err != nil {
		return nil, err
	}
	*n++
	sum := crypto.SHA3_256([]byte(randomnessDST), p.Seed, h[:], counter)
	return sum[:], nil
}

// drawU256 is a draw read as Aptos's u256_integer_internal does: the bytes
// little-endian.
func drawU256(c *native.Context) (*big.Int, error) {
	b, err := draw(c)
	if err != nil {
		return nil, err
	}
	be := make([]byte, len(b))
	for i, x := range b {
		be[len(b)-1-i] = x
	}
	return new(big.Int).SetBytes(be), nil
}

// emitGenerated emits RandomnessGeneratedEvent.
func emitGenerated(c *native.Context) error {
	t, err := c.TypeOf(ledgerapi.StructType(randomnessEventTag))
	if err != nil {
		return err
	}
	v, err := c.Struct(t, movevm.Bool(false))
	if err != nil {
		return err
	}
	return c.Emit(v)
}

// randIntValue makes an unsigned integer of bits bits from x (in range).
func randIntValue(bits uint, x *big.Int) movevm.Value {
	switch bits {
	case 8:
		return movevm.U8(uint8(x.Uint64()))
	case 16:
		return movevm.U16(uint16(x.Uint64()))
	case 32:
		return movevm.U32(uint32(x.Uint64()))
	case 64:
		return movevm.U64(x.Uint64())
	case 128:
		return movevm.U128(x)
	}
	return movevm.U256(x)
}

// randInteger is uN_integer: the last n bytes of a draw, most significant
// last (all 32 for u256).
func randInteger(n int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		b, err := draw(c)
		if err != nil {
			return nil, err
		}
		be := make([]byte, n)
		for i := 0; i < n; i++ {
			be[i] = b[len(b)-1-i]
		}
		if err := emitGenerated(c); err != nil {
			return nil, err
		}
		return []movevm.Value{randIntValue(uint(n*8), new(big.Int).SetBytes(be))}, nil
	}
}

// arithmeticError is the failure of Move arithmetic in this module (a
// range whose end is below its start, or empty).
func arithmeticError(what string) error {
	return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: fmt.Sprintf("0x1::randomness: %s", what)}
}

// randRange is uN_range(min_incl, max_excl) for N ≤ 128 (and
// u64_range_internal, without the event): min_incl + u256 mod range.
func randRange(bits uint, event bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		lo, hi := args[0].AsBig(), args[1].AsBig()
		if hi.Cmp(lo) < 0 {
			return nil, arithmeticError("max_excl - min_incl underflows")
		}
		span := new(big.Int).Sub(hi, lo)
		if event {
			if err := emitGenerated(c); err != nil {
				return nil, err
			}
		}
		r, err := drawU256(c)
		if err != nil {
			return nil, err
		}
		if span.Sign() == 0 {
			return nil, arithmeticError("modulo by an empty range")
		}
		if err := c.Charge(native.WideIntCost); err != nil {
			return nil, err
		}
		return []movevm.Value{randIntValue(bits, r.Mod(r, span).Add(r, lo))}, nil
	}
}

// randU256Range is u256_range: r0 and r1 drawn in that order, min_incl +
// (r1·2²⁵⁶ + r0) mod range.
func randU256Range(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	lo, hi := args[0].AsBig(), args[1].AsBig()
	if hi.Cmp(lo) < 0 {
		return nil, arithmeticError("max_excl - min_incl underflows")
	}
	span := new(big.Int).Sub(hi, lo)
	r0, err := drawU256(c)
	if err != nil {
		return nil, err
	}
	r1, err := drawU256(c)
	if err != nil {
		return nil, err
	}
	if span.Sign() == 0 {
		return nil, arithmeticError("modulo by an empty range")
	}
	if err := c.Charge(4 * native.WideIntCost); err != nil {
		return nil, err
	}
	x := r1.Lsh(r1, 256).Add(r1, r0)
	x.Mod(x, span).Add(x, lo)
	if err := emitGenerated(c); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U256(x)}, nil
}

// randBytes is bytes(n): ⌈n/32⌉ draws concatenated, cut to n bytes.
func randBytes(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n := args[0].AsU64()
	if err := c.CheckVectorLen(int(min(n, 1<<62))); err != nil {
		return nil, err
	}
	if err := native.ChargeOutput(c.NativeContext, int(n), int(n)); err != nil {
		return nil, err
	}
	out := make([]byte, 0, n+31)
	for uint64(len(out)) < n {
		b, err := draw(c)
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
	}
	if err := emitGenerated(c); err != nil {
		return nil, err
	}
	v, err := c.Bytes(out[:n])
	return []movevm.Value{v}, err
}

// randPermutation is permutation(n): [0, n) shuffled, each tail position
// from n-1 down to 1 swapped with a position drawn in [0, tail] (the empty
// vector, without an event, for 0).
func randPermutation(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n := args[0].AsU64()
	vt, err := c.VectorOf(movevm.TypeU64)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return []movevm.Value{movevm.NewVector(vt, nil)}, nil
	}
	if err := c.CheckVectorLen(int(min(n, 1<<62))); err != nil {
		return nil, err
	}
	if err := native.ChargeOutput(c.NativeContext, int(n)*8, int(n)*8); err != nil {
		return nil, err
	}
	vals := make([]uint64, n)
	for i := range vals {
		vals[i] = uint64(i)
	}
	for tail := n - 1; tail > 0; tail-- {
		r, err := drawU256(c)
		if err != nil {
			return nil, err
		}
		pos := r.Mod(r, new(big.Int).SetUint64(tail+1)).Uint64()
		vals[pos], vals[tail] = vals[tail], vals[pos]
	}
	if err := emitGenerated(c); err != nil {
		return nil, err
	}
	elems := make([]movevm.Value, n)
	for i, x := range vals {
		elems[i] = movevm.U64(x)
	}
	return []movevm.Value{movevm.NewVector(vt, elems)}, nil
}
