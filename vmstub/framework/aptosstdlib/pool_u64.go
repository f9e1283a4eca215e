package aptosstdlib

// 0x1::pool_u64: Pool (shares of a pool of coins, shareholders in a
// SimpleMap<address, u64> and a vector in buy-in order) and all its public
// functions, with Aptos's arithmetic: shares bought at amount × total
// shares / total coins (amount × scaling factor into an empty pool),
// redeemed at shares × total coins / total shares, both rounded down
// through u128; a product or a cast past u64 and a division by zero fail
// with ARITHMETIC_ERROR as the Move code does. A shareholder left with no
// shares leaves the vector (order kept) and the map (the last element
// taking its place). The pool is changed in place.

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of pool_u64.
const (
	EPoolShareholderNotFound        = 1 // invalid_argument
	EPoolTooManyShareholders        = 2 // invalid_state
	EPoolIsNotEmpty                 = 3 // invalid_state
	EPoolInsufficientShares         = 4 // invalid_argument
	EPoolShareholderOverflow        = 5 // invalid_argument
	EPoolTotalCoinsOverflow         = 6 // invalid_argument
	EPoolTotalSharesOverflow        = 7
	poolLimit, poolCoins            = 0, 1
	poolShares, poolMap             = 2, 3
	poolHolders, poolScaling        = 4, 5
	tPool                           = "0x1::pool_u64::Pool"
	poolArithmetic                  = "pool_u64: arithmetic error"
	poolMaxU64               uint64 = 1<<64 - 1
)

// PoolU64 declares 0x1::pool_u64.
func PoolU64() native.Module {
	p, mp := "&"+tPool, "&mut "+tPool
	f := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	u64 := []string{"u64"}
	return native.Module{Address: addr, Name: "pool_u64",
		Structs: []native.Struct{{Name: "Pool", Abilities: []string{native.AbilityStore},
			Fields: []string{"shareholders_limit: u64", "total_coins: u64", "total_shares: u64", "shares: 0x1::simple_map::SimpleMap<address, u64>",
				"shareholders: vector<address>", "scaling_factor: u64"}}},
		Functions: []native.Function{
			f("new", u64, []string{tPool}, poolNew),
			f("create", u64, []string{tPool}, poolNew),
			f("create_with_scaling_factor", []string{"u64", "u64"}, []string{tPool}, poolNew),
			f("destroy_empty", []string{tPool}, nil, poolDestroyEmpty),
			f("total_coins", []string{p}, u64, poolField(poolCoins)),
			f("total_shares", []string{p}, u64, poolField(poolShares)),
			f("contains", []string{p, "address"}, []string{"bool"}, poolContains),
			f("shares", []string{p, "address"}, u64, poolSharesOf),
			f("balance", []string{p, "address"}, u64, poolBalance),
			f("shareholders", []string{p}, []string{"vector<address>"}, poolShareholders),
			f("shareholders_count", []string{p}, u64, poolShareholdersCount),
			f("update_total_coins", []string{mp, "u64"}, nil, poolUpdateTotalCoins),
			f("buy_in", []string{mp, "address", "u64"}, u64, poolBuyIn),
			f("redeem_shares", []string{mp, "address", "u64"}, u64, poolRedeem),
			f("transfer_shares", []string{mp, "address", "address", "u64"}, nil, poolTransfer),
			f("amount_to_shares", []string{p, "u64"}, u64, poolAmountToShares),
			f("amount_to_shares_with_total_coins", []string{p, "u64", "u64"}, u64, poolAmountToShares),
			f("shares_to_amount", []string{p, "u64"}, u64, poolSharesToAmount),
			f("shares_to_amount_with_total_coins", []string{p, "u64", "u64"}, u64, poolSharesToAmount),
			f("multiply_then_divide", []string{p, "u64", "u64", "u64"}, u64, poolMulDiv),
		},
		Errors: []native.AbortReason{
			{Reason: EPoolShareholderNotFound, Name: "ESHAREHOLDER_NOT_FOUND", Description: "Shareholder not present in pool."},
			{Reason: EPoolTooManyShareholders, Name: "ETOO_MANY_SHAREHOLDERS", Description: "There are too many shareholders in the pool."},
			{Reason: EPoolIsNotEmpty, Name: "EPOOL_IS_NOT_EMPTY", Description: "Cannot destroy non-empty pool."},
			{Reason: EPoolInsufficientShares, Name: "EINSUFFICIENT_SHARES", Description: "Cannot redeem more shares than the shareholder has in the pool."},
			{Reason: EPoolShareholderOverflow, Name: "ESHAREHOLDER_SHARES_OVERFLOW", Description: "Shareholder cannot have more than u64.max shares."},
			{Reason: EPoolTotalCoinsOverflow, Name: "EPOOL_TOTAL_COINS_OVERFLOW", Description: "Pool's total coins cannot exceed u64.max."},
			{Reason: EPoolTotalSharesOverflow, Name: "EPOOL_TOTAL_SHARES_OVERFLOW", Description: "Pool's total shares cannot exceed u64.max."},
		},
	}
}

func poolArith() error {
	return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: poolArithmetic}
}

// pool is the Pool a reference points at.
type pool struct {
	c   *native.Context
	ref movevm.Value
}

func (p pool) val() movevm.Value {
	v, _ := p.ref.Deref()
	return v
}

func (p pool) u64(i int) uint64 { return p.val().Elem(i).AsU64() }

func (p pool) set(i int, x uint64) error { return setU64Field(p.c, p.ref, i, x) }

// find is the index of holder in the shares map (-1).
func (p pool) find(holder movevm.Value) (int, error) {
	data := p.val().Elem(poolMap).Elem(0)
	if err := p.c.ChargeElems(data.Len()); err != nil {
		return -1, err
	}
	a := holder.AsAddress()
	for i := range data.Len() {
		if data.Elem(i).Elem(0).AsAddress() == a {
			return i, nil
		}
	}
	return -1, nil
}

// sharesOf is holder's shares (0 when absent) and index in the map.
func (p pool) sharesOf(holder movevm.Value) (uint64, int, error) {
	i, err := p.find(holder)
	if err != nil || i < 0 {
		return 0, i, err
	}
	return p.val().Elem(poolMap).Elem(0).Elem(i).Elem(1).AsU64(), i, nil
}

// mulDiv is x × y / z through u128, failing as the Move code does.
func mulDiv(x, y, z uint64) (uint64, error) {
	if z == 0 {
		return 0, poolArith()
	}
	hi, lo := bits.Mul64(x, y)
	if hi >= z {
		return 0, poolArith() // the quotient does not fit u64
	}
	q, _ := bits.Div64(hi, lo, z)
	return q, nil
}

func (p pool) amountToShares(amount, total uint64) (uint64, error) {
	if p.u64(poolCoins) == 0 || p.u64(poolShares) == 0 {
		hi, lo := bits.Mul64(amount, p.u64(poolScaling))
		if hi != 0 {
			return 0, poolArith()
		}
		return lo, nil
	}
	return mulDiv(amount, p.u64(poolShares), total)
}

func (p pool) sharesToAmount(shares, total uint64) (uint64, error) {
	if p.u64(poolCoins) == 0 || p.u64(poolShares) == 0 {
		return 0, nil
	}
	return mulDiv(shares, total, p.u64(poolShares))
}

// addShares gives holder n more shares, adding a new shareholder when
// n > 0.
func (p pool) addShares(holder movevm.Value, n uint64) error {
	cur, i, err := p.sharesOf(holder)
	if err != nil {
		return err
	}
	if i >= 0 {
		if poolMaxU64-cur < n {
			return p.c.Abort(native.Code(native.InvalidArgument, EPoolShareholderOverflow))
		}
		r, err := p.c.InnerRef(p.ref, true, poolMap, 0, i, 1)
		if err != nil {
			return err
		}
		_, err = p.c.WriteThrough(r, movevm.U64(cur+n))
		return err
	}
	if n == 0 {
		return nil
	}
	if uint64(p.val().Elem(poolHolders).Len()) >= p.u64(poolLimit) {
		return p.c.Abort(native.Code(native.InvalidState, EPoolTooManyShareholders))
	}
	hs, err := p.c.InnerRef(p.ref, true, poolHolders)
	if err != nil {
		return err
	}
	if err := p.c.VecPushBack(hs, holder); err != nil {
		return err
	}
	data, err := p.c.InnerRef(p.ref, true, poolMap, 0)
	if err != nil {
		return err
	}
	et := p.val().Elem(poolMap).Elem(0).Type().Elem
	return p.c.VecPushBack(data, movevm.NewStruct(et, []movevm.Value{movevm.Address(holder.AsAddress()), movevm.U64(n)}))
}

// checkShares aborts unless holder holds at least n shares.
func (p pool) checkShares(holder movevm.Value, n uint64) (uint64, int, error) {
	cur, i, err := p.sharesOf(holder)
	switch {
	case err != nil:
		return 0, -1, err
	case i < 0:
		return 0, -1, p.c.Abort(native.Code(native.InvalidArgument, EPoolShareholderNotFound))
	case cur < n:
		return 0, -1, p.c.Abort(native.Code(native.InvalidArgument, EPoolInsufficientShares))
	}
	return cur, i, nil
}

// deductShares takes n of holder's shares, removing a holder left with
// none.
func (p pool) deductShares(holder movevm.Value, n uint64) error {
	cur, i, err := p.checkShares(holder, n)
	if err != nil {
		return err
	}
	if cur > n {
		r, err := p.c.InnerRef(p.ref, true, poolMap, 0, i, 1)
		if err != nil {
			return err
		}
		_, err = p.c.WriteThrough(r, movevm.U64(cur-n))
		return err
	}
	hs, err := p.c.InnerRef(p.ref, true, poolHolders)
	if err != nil {
		return err
	}
	hv, _ := hs.Deref()
	if err := p.c.ChargeElems(hv.Len()); err != nil {
		return err
	}
	for j := range hv.Len() {
		if hv.Elem(j).AsAddress() == holder.AsAddress() {
			if _, err := p.c.VecRemove(hs, uint64(j), false); err != nil {
				return err
			}
			break
		}
	}
	data, err := p.c.InnerRef(p.ref, true, poolMap, 0)
	if err != nil {
		return err
	}
	_, err = p.c.VecRemove(data, uint64(i), true)
	return err
}

// poolNew is new and create (a scaling factor of 1) and
// create_with_scaling_factor.
func poolNew(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	scaling := movevm.U64(1)
	if len(args) == 2 {
		scaling = args[1]
	}
	m, err := mapNew(c, []*movevm.Type{movevm.TypeAddress, movevm.TypeU64}, nil)
	if err != nil {
		return nil, err
	}
	at, err := c.VectorOf(movevm.TypeAddress)
	if err != nil {
		return nil, err
	}
	t, err := structOf(c, "pool_u64", "Pool")
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{args[0], movevm.U64(0), movevm.U64(0), m[0], movevm.NewVector(at, nil), scaling})}, nil
}

func poolDestroyEmpty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[0].Elem(poolCoins).AsU64() != 0 {
		return nil, c.Abort(native.Code(native.InvalidState, EPoolIsNotEmpty))
	}
	return nil, nil
}

func poolField(i int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		return []movevm.Value{movevm.U64(pool{c, args[0]}.u64(i))}, nil
	}
}

func poolContains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := pool{c, args[0]}.find(args[1])
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

func poolSharesOf(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, _, err := pool{c, args[0]}.sharesOf(args[1])
	return []movevm.Value{movevm.U64(n)}, err
}

func poolBalance(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p := pool{c, args[0]}
	n, _, err := p.sharesOf(args[1])
	if err != nil {
		return nil, err
	}
	amt, err := p.sharesToAmount(n, p.u64(poolCoins))
	return []movevm.Value{movevm.U64(amt)}, err
}

func poolShareholders(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	hs := pool{c, args[0]}.val().Elem(poolHolders)
	if err := native.ChargeOutput(c.NativeContext, 32*hs.Len(), 32*hs.Len()); err != nil {
		return nil, err
	}
	out := make([]movevm.Value, hs.Len())
	for i := range out {
		out[i] = movevm.Address(hs.Elem(i).AsAddress())
	}
	return []movevm.Value{movevm.NewVector(hs.Type(), out)}, nil
}

func poolShareholdersCount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(uint64(pool{c, args[0]}.val().Elem(poolHolders).Len()))}, nil
}

func poolUpdateTotalCoins(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, pool{c, args[0]}.set(poolCoins, args[1].AsU64())
}

// poolBuyIn is pool_u64::buy_in: the shares amount buys, added to the
// holder's. Both overflow checks abort EPOOL_TOTAL_COINS_OVERFLOW, as on
// Aptos.
func poolBuyIn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p, amount := pool{c, args[0]}, args[2].AsU64()
	if amount == 0 {
		return []movevm.Value{movevm.U64(0)}, nil
	}
	n, err := p.amountToShares(amount, p.u64(poolCoins))
	if err != nil {
		return nil, err
	}
	if poolMaxU64-p.u64(poolCoins) < amount || poolMaxU64-p.u64(poolShares) < n {
		return nil, c.Abort(native.Code(native.InvalidArgument, EPoolTotalCoinsOverflow))
	}
	if err := firstErr(p.set(poolCoins, p.u64(poolCoins)+amount), p.set(poolShares, p.u64(poolShares)+n)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(n)}, p.addShares(args[1], n)
}

// poolRedeem is pool_u64::redeem_shares: the coins the shares are worth.
func poolRedeem(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p, n := pool{c, args[0]}, args[2].AsU64()
	if _, _, err := p.checkShares(args[1], n); err != nil {
		return nil, err
	}
	if n == 0 {
		return []movevm.Value{movevm.U64(0)}, nil
	}
	coins, err := p.sharesToAmount(n, p.u64(poolCoins))
	if err != nil {
		return nil, err
	}
	if coins > p.u64(poolCoins) {
		return nil, poolArith()
	}
	if err := firstErr(p.set(poolCoins, p.u64(poolCoins)-coins), p.set(poolShares, p.u64(poolShares)-n)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(coins)}, p.deductShares(args[1], n)
}

func poolTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p, n := pool{c, args[0]}, args[3].AsU64()
	if _, _, err := p.checkShares(args[1], n); err != nil || n == 0 {
		return nil, err
	}
	if err := p.deductShares(args[1], n); err != nil {
		return nil, err
	}
	return nil, p.addShares(args[2], n)
}

// poolAmountToShares is amount_to_shares and (with a total)
// amount_to_shares_with_total_coins.
func poolAmountToShares(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p := pool{c, args[0]}
	total := p.u64(poolCoins)
	if len(args) == 3 {
		total = args[2].AsU64()
	}
	n, err := p.amountToShares(args[1].AsU64(), total)
	return []movevm.Value{movevm.U64(n)}, err
}

func poolSharesToAmount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p := pool{c, args[0]}
	total := p.u64(poolCoins)
	if len(args) == 3 {
		total = args[2].AsU64()
	}
	n, err := p.sharesToAmount(args[1].AsU64(), total)
	return []movevm.Value{movevm.U64(n)}, err
}

func poolMulDiv(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, err := mulDiv(args[1].AsU64(), args[2].AsU64(), args[3].AsU64())
	return []movevm.Value{movevm.U64(n)}, err
}
