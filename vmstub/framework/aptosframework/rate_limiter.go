package aptosframework

// 0x1::rate_limiter, whole: the RateLimiter enum (one variant, a token
// bucket) and its public functions initialize and request. The bucket is
// pure state over the chain's time in seconds: initialize starts it full
// at the current second; request first refills it for the seconds passed
// since the last refill (capacity tokens per refill_interval seconds,
// carrying the remainder of whole tokens in fractional_accumulated, and
// resetting that remainder when the bucket is full again), then takes the
// tokens asked for if there are enough. Arithmetic that overflows u64 or
// divides by a zero refill_interval fails with ARITHMETIC_ERROR, as the
// Move code does.

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// tRateLimiter is the Move type of 0x1::rate_limiter::RateLimiter.
const tRateLimiter = "0x1::rate_limiter::RateLimiter"

// Fields of RateLimiter::TokenBucket, in declaration order.
const (
	rlCapacity = iota
	rlCurrentAmount
	rlRefillInterval
	rlLastRefill
	rlFractional
	rlFields
)

// RateLimiter declares 0x1::rate_limiter.
func RateLimiter() native.Module {
	return native.Module{Address: addr, Name: "rate_limiter",
		Structs: []native.Struct{{Name: "RateLimiter",
			Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore, native.AbilityKey},
			Variants: []native.Variant{{Name: "TokenBucket", Fields: []string{"capacity: u64", "current_amount: u64",
				"refill_interval: u64", "last_refill_timestamp: u64", "fractional_accumulated: u64"}}}}},
		Functions: []native.Function{
			{Name: "initialize", Params: []string{"u64", "u64"}, Return: []string{tRateLimiter}, Impl: rateLimiterInitialize},
			{Name: "request", Params: []string{"&mut " + tRateLimiter, "u64"}, Return: []string{"bool"}, Impl: rateLimiterRequest},
		},
	}
}

// nowSeconds is timestamp::now_seconds.
func nowSeconds(c *native.Context) (uint64, error) {
	t, err := c.Host().NowMicros()
	return t / 1_000_000, err
}

// rateLimiterInitialize is initialize(capacity, refill_interval): a full
// bucket refilled last at the current second.
func rateLimiterInitialize(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	now, err := nowSeconds(c)
	if err != nil {
		return nil, err
	}
	t, err := typeOf(c, tag1("rate_limiter", "RateLimiter"))
	if err != nil {
		return nil, err
	}
	capacity := args[0].AsU64()
	return []movevm.Value{movevm.NewVariant(t, 0, []movevm.Value{movevm.U64(capacity), movevm.U64(capacity),
		movevm.U64(args[1].AsU64()), movevm.U64(now), movevm.U64(0)})}, nil
}

// rateLimiterArithmetic is the ARITHMETIC_ERROR of refill's u64
// arithmetic.
func rateLimiterArithmetic(what string) error {
	return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "0x1::rate_limiter: " + what}
}

// refillBucket computes refill's new fields from f (the bucket's fields)
// at second now, failing as the Move arithmetic does.
func refillBucket(f *[rlFields]uint64, now uint64) error {
	if now < f[rlLastRefill] {
		return rateLimiterArithmetic("time passed underflows")
	}
	hi, prod := bits.Mul64(now-f[rlLastRefill], f[rlCapacity])
	if hi != 0 {
		return rateLimiterArithmetic("time passed * capacity overflows")
	}
	acc, carry := bits.Add64(prod, f[rlFractional], 0)
	if carry != 0 {
		return rateLimiterArithmetic("accumulated amount overflows")
	}
	if f[rlRefillInterval] == 0 {
		return rateLimiterArithmetic("refill_interval is zero")
	}
	tokens := acc / f[rlRefillInterval]
	sum, carry := bits.Add64(f[rlCurrentAmount], tokens, 0)
	if carry != 0 {
		return rateLimiterArithmetic("current amount + new tokens overflows")
	}
	if sum >= f[rlCapacity] {
		f[rlCurrentAmount], f[rlFractional] = f[rlCapacity], 0
	} else {
		f[rlCurrentAmount], f[rlFractional] = sum, acc%f[rlRefillInterval]
	}
	f[rlLastRefill] = now
	return nil
}

// rateLimiterRequest is request(limiter, num_token_requested): refill,
// then take the tokens when there are enough (true) or leave the amount
// as it is (false). The refill is written back either way.
func rateLimiterRequest(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.ChargeElems(rlFields); err != nil {
		return nil, err
	}
	now, err := nowSeconds(c)
	if err != nil {
		return nil, err
	}
	bucket := derefValue(args[0])
	var f [rlFields]uint64
	for i := range f {
		f[i] = bucket.Elem(i).AsU64()
	}
	if err := refillBucket(&f, now); err != nil {
		return nil, err
	}
	want := args[1].AsU64()
	ok := f[rlCurrentAmount] >= want
	if ok {
		f[rlCurrentAmount] -= want
	}
	for _, i := range []int{rlCurrentAmount, rlLastRefill, rlFractional} {
		r, err := c.InnerRef(args[0], true, i)
		if err != nil {
			return nil, err
		}
		if _, err := c.WriteThrough(r, movevm.U64(f[i])); err != nil {
			return nil, err
		}
	}
	return []movevm.Value{movevm.Bool(ok)}, nil
}
