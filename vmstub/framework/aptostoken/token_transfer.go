package aptostoken

// 0x3::token, moving tokens: initialize_token_store, deposit_token,
// direct_deposit_with_opt_in, withdraw_token, the withdraw capabilities,
// direct_transfer (and its _script entry), transfer, transfer_with_opt_in,
// opt_in_direct_transfer, merge, split, token_id, and burn and
// burn_by_creator. A TokenStore's tokens are the items of its table under
// their TokenId; a token of property version 0 is fungible (its amounts
// merge, its properties are the token data's), one of a later version has
// its own properties. Withdrawals and deposits emit TokenWithdraw and
// TokenDeposit, burns Burn.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var withdrawCapTag = tag3("token", "WithdrawCapability")

// initStore is initialize_token_store: a TokenStore at a unless there is
// one (a new table and four event handles of a).
func initStore(h native.Host, a ledgerapi.Address) error {
	if _, ok, err := readStore(h, a); err != nil || ok {
		return err
	}
	s := &tokenStore{Tokens: newTable(h)}
	if err := newHandles(h, a, s.Handles[:]); err != nil {
		return err
	}
	return putRes(h, a, tokenStoreTag, s)
}

// idAmountEvent is the BCS of an event {account, id, amount}.
func idAmountEvent(a ledgerapi.Address, id *tokenID, amount uint64) enc {
	return func(e *bcs.Encoder) { e.Fixed(a[:]); id.MarshalBCS(e); e.U64(amount) }
}

// overflow is the arithmetic error of an addition that overflows.
func overflow(what string) error {
	return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "token: " + what + " overflows"}
}

// deposit is direct_deposit: t joins a's store, merged into the token of
// the same id there.
func deposit(c *native.Context, a ledgerapi.Address, t *token) error {
	h := native.Metered(c)
	if t.Amount == 0 {
		return tokenAbort(native.InvalidArgument, eTokenCannotHaveZeroAmount)
	}
	s, ok, err := readStore(h, a)
	if err != nil {
		return err
	}
	if !ok {
		return missing(tokenStoreTag, a)
	}
	if err := emit(c, tag3("token", "TokenDeposit"), idAmountEvent(a, &t.ID, t.Amount)); err != nil {
		return err
	}
	var have token
	ok, err = tableGet(h, s.Tokens, &t.ID, &have)
	if err != nil {
		return err
	}
	if ok {
		if have.Amount+t.Amount < have.Amount {
			return overflow("merge")
		}
		have.Amount += t.Amount
		t = &have
	}
	return tablePut(h, s.Tokens, &t.ID, t)
}

// balance is balance_of.
func balance(h native.Host, owner ledgerapi.Address, id *tokenID) (uint64, error) {
	s, ok, err := readStore(h, owner)
	if err != nil || !ok {
		return 0, err
	}
	var t token
	if _, err := tableGet(h, s.Tokens, id, &t); err != nil {
		return 0, err
	}
	return t.Amount, nil
}

// withdraw is withdraw_with_event_internal: amount of id taken from a's
// store; the stored token itself (with its properties) when it is all of
// it.
func withdraw(c *native.Context, a ledgerapi.Address, id *tokenID, amount uint64) (*token, error) {
	h := native.Metered(c)
	if amount == 0 {
		return nil, tokenAbort(native.InvalidArgument, eWithdrawZero)
	}
	s, ok, err := readStore(h, a)
	if err != nil {
		return nil, err
	}
	var t token
	if ok {
		if ok, err = tableGet(h, s.Tokens, id, &t); err != nil {
			return nil, err
		}
	}
	if !ok || t.Amount < amount {
		return nil, tokenAbort(native.InvalidArgument, eInsufficientBalance)
	}
	if err := emit(c, tag3("token", "TokenWithdraw"), idAmountEvent(a, id, amount)); err != nil {
		return nil, err
	}
	if t.Amount > amount {
		t.Amount -= amount
		return &token{ID: *id, Amount: amount}, tablePut(h, s.Tokens, id, &t)
	}
	return &t, tableDel(h, s.Tokens, id)
}

// tokenValue is the Token value of t.
func tokenValue(c *native.Context, t *token) (movevm.Value, error) {
	return structValue(c, tokenTag, t)
}

func initializeTokenStore(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, initStore(native.Metered(c), signerAddr(args[0]))
}

// depositToken is deposit_token.
func depositToken(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var t token
	if err := fromValue(c, args[1], &t); err != nil {
		return nil, err
	}
	a := signerAddr(args[0])
	if err := initStore(native.Metered(c), a); err != nil {
		return nil, err
	}
	return nil, deposit(c, a, &t)
}

// optedIn is the direct_transfer flag of a's store (MISSING_DATA without
// one, as the module borrows it); false aborts EUSER_NOT_OPT_IN_DIRECT_TRANSFER.
func optedIn(h native.Host, a ledgerapi.Address) error {
	s, ok, err := readStore(h, a)
	switch {
	case err != nil:
		return err
	case !ok:
		return missing(tokenStoreTag, a)
	case !s.DirectTransfer:
		return tokenAbort(native.PermissionDenied, eUserNotOptInDirectTransfer)
	}
	return nil
}

// directDepositWithOptIn is direct_deposit_with_opt_in.
func directDepositWithOptIn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var t token
	if err := fromValue(c, args[1], &t); err != nil {
		return nil, err
	}
	a := args[0].AsAddress()
	if err := optedIn(native.Metered(c), a); err != nil {
		return nil, err
	}
	return nil, deposit(c, a, &t)
}

// moveToken is direct_transfer: amount of id from one signer's store to
// the other's (made if needed).
func moveToken(c *native.Context, from, to ledgerapi.Address, id *tokenID, amount uint64) error {
	t, err := withdraw(c, from, id, amount)
	if err != nil {
		return err
	}
	if err := initStore(native.Metered(c), to); err != nil {
		return err
	}
	return deposit(c, to, t)
}

func directTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[2], &id); err != nil {
		return nil, err
	}
	return nil, moveToken(c, signerAddr(args[0]), signerAddr(args[1]), &id, args[3].AsU64())
}

func directTransferScript(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := tokenIDArgs(c, args[2:6])
	if err != nil {
		return nil, err
	}
	return nil, moveToken(c, signerAddr(args[0]), signerAddr(args[1]), id, args[6].AsU64())
}

// sendToken is transfer: the receiver must have opted in.
func sendToken(c *native.Context, from, to ledgerapi.Address, id *tokenID, amount uint64) error {
	if err := optedIn(native.Metered(c), to); err != nil {
		return err
	}
	t, err := withdraw(c, from, id, amount)
	if err != nil {
		return err
	}
	return deposit(c, to, t)
}

func transfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[1], &id); err != nil {
		return nil, err
	}
	return nil, sendToken(c, signerAddr(args[0]), args[2].AsAddress(), &id, args[3].AsU64())
}

func transferWithOptIn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := tokenIDArgs(c, args[1:5])
	if err != nil {
		return nil, err
	}
	return nil, sendToken(c, signerAddr(args[0]), args[5].AsAddress(), id, args[6].AsU64())
}

// optInDirectTransfer is opt_in_direct_transfer: the flag set, then
// token_event_store's OptInTransfer (the account's TokenEventStoreV1 made
// on first use).
func optInDirectTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h := native.Metered(c)
	a := signerAddr(args[0])
	if err := initStore(h, a); err != nil {
		return nil, err
	}
	s, _, err := readStore(h, a)
	if err != nil {
		return nil, err
	}
	optIn := args[1].AsBool()
	s.DirectTransfer = optIn
	if err := putRes(h, a, tokenStoreTag, s); err != nil {
		return nil, err
	}
	return nil, storeEvent(c, a, "OptInTransfer", func(e *bcs.Encoder) { e.Bool(optIn) })
}

// withdrawToken is withdraw_token.
func withdrawToken(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[1], &id); err != nil {
		return nil, err
	}
	t, err := withdraw(c, signerAddr(args[0]), &id, args[2].AsU64())
	if err != nil {
		return nil, err
	}
	return ret1(tokenValue(c, t))
}

func createWithdrawCapability(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	w := &withdrawCap{Owner: signerAddr(args[0]), Amount: args[2].AsU64(), Expiration: args[3].AsU64()}
	if err := fromValue(c, args[1], &w.ID); err != nil {
		return nil, err
	}
	return ret1(structValue(c, withdrawCapTag, w))
}

// readCap reads a WithdrawCapability argument and checks it has not
// expired (EWITHDRAW_PROOF_EXPIRES).
func readCap(c *native.Context, v movevm.Value) (*withdrawCap, error) {
	var w withdrawCap
	if err := fromValue(c, v, &w); err != nil {
		return nil, err
	}
	now, err := c.Host().NowMicros()
	if err != nil {
		return nil, err
	}
	if now/1_000_000 > w.Expiration {
		return nil, c.Abort(native.Code(native.InvalidArgument, eWithdrawProofExpires))
	}
	return &w, nil
}

func withdrawWithCapability(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	w, err := readCap(c, args[0])
	if err != nil {
		return nil, err
	}
	t, err := withdraw(c, w.Owner, &w.ID, w.Amount)
	if err != nil {
		return nil, err
	}
	return ret1(tokenValue(c, t))
}

// partialWithdrawWithCapability is partial_withdraw_with_capability: the
// token and the capability for what remains (none when nothing does).
func partialWithdrawWithCapability(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	w, err := readCap(c, args[0])
	if err != nil {
		return nil, err
	}
	amount := args[1].AsU64()
	if amount > w.Amount {
		return nil, c.Abort(native.Code(native.InvalidArgument, eInsufficientWithdrawCapabilityAmount))
	}
	var rest movevm.Value
	if amount == w.Amount {
		t, err := c.TypeOf(ledgerapi.StructType(withdrawCapTag))
		if err != nil {
			return nil, err
		}
		rest, err = movestdlib.None(c, t)
		if err != nil {
			return nil, err
		}
	} else {
		left := *w
		left.Amount -= amount
		v, err := structValue(c, withdrawCapTag, &left)
		if err != nil {
			return nil, err
		}
		if rest, err = movestdlib.Some(c, v); err != nil {
			return nil, err
		}
	}
	t, err := withdraw(c, w.Owner, &w.ID, amount)
	if err != nil {
		return nil, err
	}
	tv, err := tokenValue(c, t)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{tv, rest}, nil
}

// merge is merge: the source's amount joins the destination, in place.
func merge(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	dst := deref(args[0])
	a, err := native.SerializeCharged(c.NativeContext, dst.Elem(0))
	if err != nil {
		return nil, err
	}
	b, err := native.SerializeCharged(c.NativeContext, args[1].Elem(0))
	if err != nil {
		return nil, err
	}
	if string(a) != string(b) {
		return nil, c.Abort(native.Code(native.InvalidArgument, eInvalidTokenMerge))
	}
	sum := dst.Elem(1).AsU64() + args[1].Elem(1).AsU64()
	if sum < dst.Elem(1).AsU64() {
		return nil, overflow("merge")
	}
	return nil, setAmount(c, args[0], sum)
}

// setAmount writes the amount of the Token ref points at, in place.
func setAmount(c *native.Context, ref movevm.Value, amount uint64) error {
	slot, err := c.InnerRef(ref, true, 1)
	if err != nil {
		return err
	}
	_, err = c.WriteThrough(slot, movevm.U64(amount))
	return err
}

// split is split: amount taken off a fungible token into a new one.
func split(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	dst := deref(args[0])
	amount, have := args[1].AsU64(), dst.Elem(1).AsU64()
	switch {
	case dst.Elem(0).Elem(1).AsU64() != 0:
		return nil, c.Abort(native.Code(native.InvalidState, eNFTNotSplitable))
	case have <= amount:
		return nil, c.Abort(native.Code(native.InvalidArgument, eTokenSplitAmountLargerOrEqualToAmount))
	case amount == 0:
		return nil, c.Abort(native.Code(native.InvalidArgument, eTokenCannotHaveZeroAmount))
	}
	t := &token{Amount: amount}
	if err := fromValue(c, dst.Elem(0), &t.ID); err != nil {
		return nil, err
	}
	if err := setAmount(c, args[0], have-amount); err != nil {
		return nil, err
	}
	return ret1(tokenValue(c, t))
}

// tokenIDRef is token_id: a reference to the token's id.
func tokenIDRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return ret1(c.InnerRef(args[0], false, 0))
}
