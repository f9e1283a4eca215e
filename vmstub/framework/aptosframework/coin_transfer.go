package aptosframework

// 0x1::coin's withdrawals, deposits, transfers and registration for any
// coin, as on Aptos with the coin-to-fungible-asset migration on: a
// withdrawal takes from the CoinStore first (EFROZEN when frozen, a
// CoinWithdraw event) and the rest from the paired primary store (its
// asset converted back to coins); a deposit goes into the CoinStore
// (EFROZEN, a CoinDeposit event) or, without one, into the paired
// primary store when it exists (the coins converted to the asset), else
// aborts with ECOIN_STORE_NOT_PUBLISHED; register makes a CoinStore with
// its two event handles (and a CoinRegister event) unless the account is
// registered. APT keeps the executor's fast path: its deposits create
// the primary store.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var (
	coinDepositType  = ledgerapi.StructType(tag1("coin", "CoinDeposit"))
	coinWithdrawType = ledgerapi.StructType(tag1("coin", "CoinWithdraw"))
	coinRegisterType = ledgerapi.StructType(tag1("account", "CoinRegister"))
)

// coinTransferFunctions are coin's withdraw, deposit, transfer and
// register.
func coinTransferFunctions() []native.Function {
	fs := []native.Function{
		{Name: "withdraw", Params: []string{"&signer", "u64"}, Return: []string{tCoinT0}, Impl: coinWithdraw},
		{Name: "deposit", Params: []string{"address", tCoinT0}, Impl: coinDeposit},
		{Name: "deposit_with_signer", Params: []string{"&signer", tCoinT0}, Impl: coinDepositWithSigner},
		{Name: "transfer", IsEntry: true, Params: []string{"&signer", "address", "u64"}, Impl: coinTransfer},
		{Name: "register", Params: []string{"&signer"}, Impl: coinRegister},
	}
	for i := range fs {
		fs[i].TypeParams = generic
	}
	return fs
}

// coinEvent is the BCS of CoinDeposit/CoinWithdraw {coin_type, account,
// amount}.
func coinEvent(coin ledgerapi.TypeTag, account ledgerapi.Address, amount uint64) []byte {
	name := aptosstdlib.TypeName(coin)
	e := bcs.NewEncoder(len(name) + 48)
	e.String(name)
	e.Fixed(account[:])
	e.U64(amount)
	return e.Bytes()
}

// splitWithdrawal is calculate_amount_to_withdraw: how much of amount
// comes from account's CoinStore<T> and how much from its primary store of
// the paired asset (meta), which must exist when the CoinStore is short
// (coin's EINSUFFICIENT_BALANCE otherwise).
func splitWithdrawal(h native.Host, account ledgerapi.Address, coin ledgerapi.TypeTag, amount uint64) (fromCoin, fromFA uint64, meta ledgerapi.Address, err error) {
	bal, err := coinStoreBalance(h, account, coin)
	if err != nil || bal >= amount {
		return amount, 0, meta, err
	}
	meta, ok := APTMetadata, IsAPT(coin)
	if !ok {
		if meta, ok, err = PairedMetadata(h, coin); err != nil {
			return 0, 0, meta, err
		}
	}
	if ok {
		if _, ok, err = h.Resource(primaryStoreAddress(account, meta), FungibleStoreTag); err != nil {
			return 0, 0, meta, err
		}
	}
	if !ok {
		return 0, 0, meta, coinAbort(native.InvalidArgument, eCoinInsufficientBalance)
	}
	return bal, amount - bal, meta, nil
}

// withdrawCoin is coin::withdraw<T>(account, amount) on state: the amount
// leaves account's CoinStore<T> and paired primary store.
func withdrawCoin(h native.Host, account ledgerapi.Address, coin ledgerapi.TypeTag, amount uint64) error {
	fromCoin, fromFA, meta, err := splitWithdrawal(h, account, coin, amount)
	if err != nil {
		return err
	}
	if fromCoin > 0 {
		if _, err := ensurePairedMetadata(h, coin, false); err != nil {
			return err
		}
		var cs onchain.CoinStore
		if _, err := readResource(h, account, coinStoreTag(coin), &cs); err != nil {
			return err
		}
		if cs.Frozen {
			return coinAbort(native.PermissionDenied, eFrozen)
		}
		h.EmitBCS(coinWithdrawType, coinEvent(coin, account, fromCoin))
		cs.Value -= fromCoin
		if err := putResource(h, account, coinStoreTag(coin), &cs); err != nil {
			return err
		}
	}
	if fromFA == 0 {
		return nil
	}
	ok, err := withdrawFrom(h, primaryStoreAddress(account, meta), fromFA)
	if err != nil {
		return err
	}
	if !ok {
		return faAbort(native.InvalidArgument, eInsufficientBalance)
	}
	return fungibleToCoin(h, coin, meta, fromFA)
}

// depositCoin is coin::deposit<T>(account, coin) of amount on state.
func depositCoin(h native.Host, account ledgerapi.Address, coin ledgerapi.TypeTag, amount uint64) error {
	var cs onchain.CoinStore
	ok, err := readResource(h, account, coinStoreTag(coin), &cs)
	switch {
	case err != nil:
		return err
	case ok && cs.Frozen:
		return coinAbort(native.PermissionDenied, eFrozen)
	case ok:
		h.EmitBCS(coinDepositType, coinEvent(coin, account, amount))
		if cs.Value+amount < cs.Value {
			return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "coin::merge overflows u64"}
		}
		cs.Value += amount
		return putResource(h, account, coinStoreTag(coin), &cs)
	case IsAPT(coin):
		store, err := ensurePrimaryStore(h, account, APTMetadata)
		if err != nil {
			return err
		}
		return depositTo(h, store, amount)
	}
	meta, ok, err := PairedMetadata(h, coin)
	if err == nil && ok {
		_, ok, err = h.Resource(primaryStoreAddress(account, meta), FungibleStoreTag)
	}
	if err != nil {
		return err
	}
	if !ok {
		return coinAbort(native.NotFound, eCoinStoreNotPublished)
	}
	if _, err := coinToFungible(h, coin, amount); err != nil {
		return err
	}
	return depositTo(h, primaryStoreAddress(account, meta), amount)
}

// registerCoin is coin::register<T>(account): nothing when the account is
// registered (ECOIN_INFO_NOT_PUBLISHED for a coin not initialized), else
// account::register_coin's CoinRegister event and a CoinStore<T> with two
// new event handles of the account.
func registerCoin(h native.Host, account ledgerapi.Address, coin ledgerapi.TypeTag) error {
	if ok, err := IsAccountRegistered(h, account, coin); err != nil || ok {
		return err
	}
	key, err := coinTypeInfo(coin)
	if err != nil {
		return err
	}
	h.EmitBCS(coinRegisterType, append(append([]byte(nil), account[:]...), key...))
	cs := onchain.CoinStore{}
	if cs.DepositEvents, err = NewEventHandle(h, account); err != nil {
		return err
	}
	if cs.WithdrawEvents, err = NewEventHandle(h, account); err != nil {
		return err
	}
	return putResource(h, account, coinStoreTag(coin), &cs)
}

// TransferCoins is coin::transfer<T>: coin::withdraw then coin::deposit.
// APT takes the fast path: the sender's primary store must hold the
// amount (coin's EINSUFFICIENT_BALANCE), and both primary stores are
// created if needed.
func TransferCoins(h native.Host, from, to ledgerapi.Address, coin ledgerapi.TypeTag, amount uint64) error {
	if !IsAPT(coin) {
		if err := withdrawCoin(h, from, coin, amount); err != nil {
			return err
		}
		return depositCoin(h, to, coin, amount)
	}
	bal, err := PrimaryStoreBalance(h, from, APTMetadata)
	if err != nil {
		return err
	}
	if bal < amount {
		return coinAbort(native.InvalidArgument, eCoinInsufficientBalance)
	}
	if amount > 0 {
		fromStore, err := ensurePrimaryStore(h, from, APTMetadata)
		if err != nil {
			return err
		}
		if _, err := withdrawFrom(h, fromStore, amount); err != nil {
			return err
		}
	}
	toStore, err := ensurePrimaryStore(h, to, APTMetadata)
	if err != nil {
		return err
	}
	return depositTo(h, toStore, amount)
}

// TransferCoinsToAccount is aptos_account::transfer_coins<T>:
// coin::withdraw then aptos_account::deposit_coins (APT as TransferCoins).
func TransferCoinsToAccount(h native.Host, from, to ledgerapi.Address, coin ledgerapi.TypeTag, amount uint64) error {
	if IsAPT(coin) {
		return TransferCoins(h, from, to, coin, amount)
	}
	if err := withdrawCoin(h, from, coin, amount); err != nil {
		return err
	}
	return DepositCoins(h, to, coin, amount)
}

// DepositCoins is aptos_account::deposit_coins<T>(to, coins) of amount:
// an account not registered for the coin is registered first, unless it
// opted out of direct transfers
// (EACCOUNT_DOES_NOT_ACCEPT_DIRECT_COIN_TRANSFERS); then coin::deposit.
func DepositCoins(h native.Host, to ledgerapi.Address, coin ledgerapi.TypeTag, amount uint64) error {
	ok, err := IsAccountRegistered(h, to, coin)
	if err != nil {
		return err
	}
	if !ok {
		allow, err := allowsDirectTransfers(h, to)
		if err != nil {
			return err
		}
		if !allow {
			return abortIn("aptos_account", native.PermissionDenied, eAccountNoDirectTransfers)
		}
		if err := registerCoin(h, to, coin); err != nil {
			return err
		}
	}
	return depositCoin(h, to, coin, amount)
}

// coinWithdraw is coin::withdraw<T>(account, amount): Coin<T>.
func coinWithdraw(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	amount := args[1].AsU64()
	if err := withdrawCoin(hostOf(c), signerAddress(args[0]), t, amount); err != nil {
		return nil, err
	}
	return newCoin(c, targs[0], amount)
}

// coinDeposit is coin::deposit<T>(account_addr, coin).
func coinDeposit(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	amount := coinAmount(args[1])
	movevm.Unpack(args[1])
	return nil, depositCoin(hostOf(c), args[0].AsAddress(), t, amount)
}

// coinDepositWithSigner is deposit_with_signer<T>(account, coin): the
// pairing ensured, then deposit to the signer.
func coinDepositWithSigner(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	amount := coinAmount(args[1])
	movevm.Unpack(args[1])
	if _, err := ensurePairedMetadata(hostOf(c), t, false); err != nil {
		return nil, err
	}
	return nil, depositCoin(hostOf(c), signerAddress(args[0]), t, amount)
}

// coinTransfer is coin::transfer<T>(from, to, amount).
func coinTransfer(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	return nil, TransferCoins(hostOf(c), signerAddress(args[0]), args[1].AsAddress(), t, args[2].AsU64())
}

// coinRegister is coin::register<T>(account).
func coinRegister(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	return nil, registerCoin(hostOf(c), signerAddress(args[0]), t)
}
