package aptosstdlib

// 0x1::pool_u64_unbound: Pool (u128 shares in a TableWithLength<address,
// u128>, no limit on shareholders) and all its public functions, with
// Aptos's arithmetic: shares bought at amount × total shares / total coins
// (amount × scaling factor into an empty pool) and redeemed at shares ×
// total coins / total shares, rounded down through u256; a cast past
// u128 or u64, an underflow and a division by zero fail with
// ARITHMETIC_ERROR as the Move code does. The table's items are
// table_with_length's, changed in place; destroy_empty of a pool with
// shareholders aborts with table_with_length's 0x30066, located here.

import (
	"math/big"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const tPoolU = "0x1::pool_u64_unbound::Pool"

var (
	bigMaxU64  = new(big.Int).SetUint64(poolMaxU64)
	bigMaxU128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
)

// PoolU64Unbound declares 0x1::pool_u64_unbound.
func PoolU64Unbound() native.Module {
	p, mp := "&"+tPoolU, "&mut "+tPoolU
	f := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	u64, u128 := []string{"u64"}, []string{"u128"}
	m := PoolU64()
	return native.Module{Address: addr, Name: "pool_u64_unbound",
		Structs: []native.Struct{{Name: "Pool", Abilities: []string{native.AbilityStore},
			Fields: []string{"total_coins: u64", "total_shares: u128", "shares: 0x1::table_with_length::TableWithLength<address, u128>", "scaling_factor: u64"}}},
		Functions: []native.Function{
			f("create", nil, []string{tPoolU}, poolUNew),
			f("create_with_scaling_factor", u64, []string{tPoolU}, poolUNew),
			f("destroy_empty", []string{tPoolU}, nil, poolUDestroyEmpty),
			f("total_coins", []string{p}, u64, poolUField(0)),
			f("total_shares", []string{p}, u128, poolUField(1)),
			f("contains", []string{p, "address"}, []string{"bool"}, poolUContains),
			f("shares", []string{p, "address"}, u128, poolUShares),
			f("balance", []string{p, "address"}, u64, poolUBalance),
			f("shareholders_count", []string{p}, u64, poolUCount),
			f("update_total_coins", []string{mp, "u64"}, nil, poolUUpdate),
			f("buy_in", []string{mp, "address", "u64"}, u128, poolUBuyIn),
			f("redeem_shares", []string{mp, "address", "u128"}, u64, poolURedeem),
			f("transfer_shares", []string{mp, "address", "address", "u128"}, nil, poolUTransfer),
			f("amount_to_shares", []string{p, "u64"}, u128, poolUAmountToShares),
			f("amount_to_shares_with_total_coins", []string{p, "u64", "u64"}, u128, poolUAmountToShares),
			f("shares_to_amount", []string{p, "u128"}, u64, poolUSharesToAmount),
			f("shares_to_amount_with_total_coins", []string{p, "u128", "u64"}, u64, poolUSharesToAmount),
			f("shares_to_amount_with_total_stats", []string{p, "u128", "u64", "u128"}, u64, poolUSharesToAmount),
			f("multiply_then_divide", []string{p, "u128", "u128", "u128"}, u128, poolUMulDiv),
		},
		Errors: m.Errors,
	}
}

// poolU is the unbound Pool a reference points at.
type poolU struct {
	c   *native.Context
	ref movevm.Value
}

func (p poolU) val() movevm.Value {
	v, _ := p.ref.Deref()
	return v
}

func (p poolU) coins() uint64     { return p.val().Elem(0).AsU64() }
func (p poolU) total() *big.Int   { return p.val().Elem(1).AsBig() }
func (p poolU) scaling() *big.Int { return new(big.Int).SetUint64(p.val().Elem(3).AsU64()) }

// table runs a table_with_length Func on the shares table.
func (p poolU) table(mut bool, f native.Func, args ...movevm.Value) ([]movevm.Value, error) {
	t, err := p.c.InnerRef(p.ref, mut, 2)
	if err != nil {
		return nil, err
	}
	return f(p.c, []*movevm.Type{movevm.TypeAddress, movevm.TypeU128}, append([]movevm.Value{t}, args...))
}

// sharesOf is the holder's shares and whether the holder is in the pool.
func (p poolU) sharesOf(holder movevm.Value) (*big.Int, bool, error) {
	r, err := p.table(false, twlInner(false, tableContains), holder)
	if err != nil || !r[0].AsBool() {
		return new(big.Int), false, err
	}
	b, err := p.table(false, twlInner(false, tableBorrow(false)), holder)
	if err != nil {
		return nil, false, err
	}
	v, _ := b[0].Deref()
	return v.AsBig(), true, nil
}

// mulDivU is x × y / z through u256, failing past u128 or on z = 0.
func mulDivU(x, y, z *big.Int) (*big.Int, error) {
	if z.Sign() == 0 {
		return nil, poolArith()
	}
	r := new(big.Int).Mul(x, y)
	r.Quo(r, z)
	if r.Cmp(bigMaxU128) > 0 {
		return nil, poolArith()
	}
	return r, nil
}

func (p poolU) amountToShares(amount, totalCoins uint64) (*big.Int, error) {
	a := new(big.Int).SetUint64(amount)
	if p.coins() == 0 || p.total().Sign() == 0 {
		return a.Mul(a, p.scaling()), nil
	}
	return mulDivU(a, p.total(), new(big.Int).SetUint64(totalCoins))
}

// toAmount is shares × coins / total as a u64.
func toAmount(shares *big.Int, coins uint64, total *big.Int) (uint64, error) {
	r, err := mulDivU(shares, new(big.Int).SetUint64(coins), total)
	if err != nil {
		return 0, err
	}
	if r.Cmp(bigMaxU64) > 0 {
		return 0, poolArith()
	}
	return r.Uint64(), nil
}

func (p poolU) sharesToAmount(shares *big.Int, coins uint64) (uint64, error) {
	if p.coins() == 0 || p.total().Sign() == 0 {
		return 0, nil
	}
	return toAmount(shares, coins, p.total())
}

func (p poolU) addShares(holder movevm.Value, n *big.Int) error {
	cur, ok, err := p.sharesOf(holder)
	if err != nil {
		return err
	}
	if ok {
		if new(big.Int).Sub(bigMaxU128, cur).Cmp(n) < 0 {
			return p.c.Abort(native.Code(native.InvalidArgument, EPoolShareholderOverflow))
		}
		r, err := p.table(true, twlInner(true, tableBorrow(true)), holder)
		if err != nil {
			return err
		}
		_, err = p.c.WriteThrough(r[0], movevm.U128(cur.Add(cur, n)))
		return err
	}
	if n.Sign() == 0 {
		return nil
	}
	_, err = p.table(true, twlAdd, movevm.Address(holder.AsAddress()), movevm.U128(n))
	return err
}

func (p poolU) checkShares(holder movevm.Value, n *big.Int) (*big.Int, error) {
	cur, ok, err := p.sharesOf(holder)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, p.c.Abort(native.Code(native.InvalidArgument, EPoolShareholderNotFound))
	case cur.Cmp(n) < 0:
		return nil, p.c.Abort(native.Code(native.InvalidArgument, EPoolInsufficientShares))
	}
	return cur, nil
}

func (p poolU) deductShares(holder movevm.Value, n *big.Int) error {
	cur, err := p.checkShares(holder, n)
	if err != nil {
		return err
	}
	left := cur.Sub(cur, n)
	if left.Sign() == 0 {
		_, err := p.table(true, twlRemove, holder)
		return err
	}
	r, err := p.table(true, twlInner(true, tableBorrow(true)), holder)
	if err != nil {
		return err
	}
	_, err = p.c.WriteThrough(r[0], movevm.U128(left))
	return err
}

// charge is the big-integer work of a call.
func (p poolU) charge() error { return p.c.Charge(native.WideIntCost) }

func poolUNew(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	scaling := movevm.U64(1)
	if len(args) == 1 {
		scaling = args[0]
	}
	twl, err := twlNew(c, []*movevm.Type{movevm.TypeAddress, movevm.TypeU128}, nil)
	if err != nil {
		return nil, err
	}
	t, err := structOf(c, "pool_u64_unbound", "Pool")
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.U64(0), movevm.U128(new(big.Int)), twl[0], scaling})}, nil
}

func poolUDestroyEmpty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[0].Elem(0).AsU64() != 0 {
		return nil, c.Abort(native.Code(native.InvalidState, EPoolIsNotEmpty))
	}
	if args[0].Elem(2).Elem(1).AsU64() != 0 {
		return nil, c.Abort(native.Code(native.InvalidState, ETWLNotEmpty))
	}
	return nil, nil
}

func poolUField(i int) native.Func {
	return func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		v, _ := args[0].Deref()
		return []movevm.Value{v.Elem(i)}, nil
	}
}

func poolUContains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, ok, err := poolU{c, args[0]}.sharesOf(args[1])
	return []movevm.Value{movevm.Bool(ok)}, err
}

func poolUShares(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, _, err := poolU{c, args[0]}.sharesOf(args[1])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U128(n)}, nil
}

func poolUBalance(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p := poolU{c, args[0]}
	if err := p.charge(); err != nil {
		return nil, err
	}
	n, _, err := p.sharesOf(args[1])
	if err != nil {
		return nil, err
	}
	a, err := p.sharesToAmount(n, p.coins())
	return []movevm.Value{movevm.U64(a)}, err
}

func poolUCount(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	return []movevm.Value{v.Elem(2).Elem(1)}, nil
}

func poolUUpdate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, setField(c, args[0], 0, args[1])
}

func poolUBuyIn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p, amount := poolU{c, args[0]}, args[2].AsU64()
	if amount == 0 {
		return []movevm.Value{movevm.U128(new(big.Int))}, nil
	}
	if err := p.charge(); err != nil {
		return nil, err
	}
	n, err := p.amountToShares(amount, p.coins())
	if err != nil {
		return nil, err
	}
	if poolMaxU64-p.coins() < amount {
		return nil, c.Abort(native.Code(native.InvalidArgument, EPoolTotalCoinsOverflow))
	}
	total := p.total()
	if new(big.Int).Sub(bigMaxU128, total).Cmp(n) < 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EPoolTotalSharesOverflow))
	}
	if err := firstErr(setField(c, args[0], 0, movevm.U64(p.coins()+amount)), setField(c, args[0], 1, movevm.U128(total.Add(total, n)))); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U128(n)}, p.addShares(args[1], n)
}

func poolURedeem(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p, n := poolU{c, args[0]}, args[2].AsBig()
	if _, err := p.checkShares(args[1], n); err != nil {
		return nil, err
	}
	if n.Sign() == 0 {
		return []movevm.Value{movevm.U64(0)}, nil
	}
	if err := p.charge(); err != nil {
		return nil, err
	}
	coins, err := p.sharesToAmount(n, p.coins())
	if err != nil {
		return nil, err
	}
	total := p.total()
	if coins > p.coins() || total.Cmp(n) < 0 {
		return nil, poolArith()
	}
	if err := firstErr(setField(c, args[0], 0, movevm.U64(p.coins()-coins)), setField(c, args[0], 1, movevm.U128(total.Sub(total, n)))); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(coins)}, p.deductShares(args[1], n)
}

func poolUTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p, n := poolU{c, args[0]}, args[3].AsBig()
	if _, err := p.checkShares(args[1], n); err != nil || n.Sign() == 0 {
		return nil, err
	}
	if err := p.deductShares(args[1], n); err != nil {
		return nil, err
	}
	return nil, p.addShares(args[2], n)
}

func poolUAmountToShares(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p := poolU{c, args[0]}
	if err := p.charge(); err != nil {
		return nil, err
	}
	total := p.coins()
	if len(args) == 3 {
		total = args[2].AsU64()
	}
	n, err := p.amountToShares(args[1].AsU64(), total)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U128(n)}, nil
}

// poolUSharesToAmount is shares_to_amount, _with_total_coins and
// _with_total_stats (whose zero test is on the given total shares).
func poolUSharesToAmount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	p := poolU{c, args[0]}
	if err := p.charge(); err != nil {
		return nil, err
	}
	shares, coins := args[1].AsBig(), p.coins()
	if len(args) >= 3 {
		coins = args[2].AsU64()
	}
	if len(args) == 4 {
		total := args[3].AsBig()
		if p.coins() == 0 || total.Sign() == 0 {
			return []movevm.Value{movevm.U64(0)}, nil
		}
		a, err := toAmount(shares, coins, total)
		return []movevm.Value{movevm.U64(a)}, err
	}
	a, err := p.sharesToAmount(shares, coins)
	return []movevm.Value{movevm.U64(a)}, err
}

func poolUMulDiv(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.Charge(native.WideIntCost); err != nil {
		return nil, err
	}
	r, err := mulDivU(args[1].AsBig(), args[2].AsBig(), args[3].AsBig())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U128(r)}, nil
}
