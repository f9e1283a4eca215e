package aptosframework

// 0x1::aptos_account's coin and fungible-asset batches, deposit_coins and
// the direct-transfer opt-out (DirectTransferConfig).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var directTransferUpdatedType = ledgerapi.StructType(tag1("aptos_account", "DirectCoinTransferConfigUpdated"))

func noop(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) { return nil, nil }

// transferCoins is aptos_account::transfer_coins<T>(from, to, amount).
func transferCoins(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	return nil, TransferCoinsToAccount(hostOf(c), signerAddress(args[0]), args[1].AsAddress(), t, args[2].AsU64())
}

// depositCoins is aptos_account::deposit_coins<T>(to, coins).
func depositCoins(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	amount := coinAmount(args[1])
	movevm.Unpack(args[1])
	return nil, DepositCoins(hostOf(c), args[0].AsAddress(), t, amount)
}

// batchArgs reads a batch's recipients and amounts (args i and i+1),
// charged per element; EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH unless
// the lists match.
func batchArgs(c *native.Context, args []movevm.Value, i int) ([]ledgerapi.Address, []uint64, error) {
	n, m := args[i].Len(), args[i+1].Len()
	if err := c.ChargeElems(n + m); err != nil {
		return nil, nil, err
	}
	if n != m {
		return nil, nil, abortIn("aptos_account", native.InvalidArgument, eMismatchingRecipientsLen)
	}
	to, amounts := make([]ledgerapi.Address, n), make([]uint64, n)
	for j := range to {
		to[j], amounts[j] = args[i].Elem(j).AsAddress(), args[i+1].Elem(j).AsU64()
	}
	return to, amounts, nil
}

// batchTransferCoins is batch_transfer_coins<T>(from, recipients,
// amounts): transfer_coins to each.
func batchTransferCoins(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	to, amounts, err := batchArgs(c, args, 1)
	if err != nil {
		return nil, err
	}
	from := signerAddress(args[0])
	for i := range to {
		if err := c.Charge(batchTransferUnits); err != nil {
			return nil, err
		}
		if err := TransferCoinsToAccount(hostOf(c), from, to[i], t, amounts[i]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// batchTransferFA is batch_transfer_fungible_assets(from, metadata,
// recipients, amounts): transfer_fungible_assets to each.
func batchTransferFA(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	to, amounts, err := batchArgs(c, args, 2)
	if err != nil {
		return nil, err
	}
	from, meta := signerAddress(args[0]), refAddress(args[1])
	for i := range to {
		if err := c.Charge(batchTransferUnits); err != nil {
			return nil, err
		}
		if err := TransferFungible(hostOf(c), from, to[i], meta, amounts[i]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// directTransferConfig reads a's DirectTransferConfig.
func directTransferConfig(h native.Host, a ledgerapi.Address) (allow bool, handle onchain.EventHandle, ok bool, err error) {
	b, ok, err := h.Resource(a, directTransferTag)
	if err != nil || !ok {
		return false, handle, false, err
	}
	d := bcs.NewDecoder(b)
	allow = d.Bool("DirectTransferConfig.allow_arbitrary_coin_transfers")
	handle.UnmarshalBCS(d)
	return allow, handle, true, d.Finish()
}

// allowsDirectTransfers is can_receive_direct_coin_transfers: true unless
// a DirectTransferConfig says otherwise.
func allowsDirectTransfers(h native.Host, a ledgerapi.Address) (bool, error) {
	allow, _, ok, err := directTransferConfig(h, a)
	return allow || !ok, err
}

func canReceiveDirect(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := allowsDirectTransfers(hostOf(c), args[0].AsAddress())
	return []movevm.Value{movevm.Bool(ok)}, err
}

// setAllowDirect is set_allow_direct_coin_transfers(account, allow):
// nothing when the config says so already; else the config is written
// (created with a new event handle of the account) and
// DirectCoinTransferConfigUpdated {account, new_allow_direct_transfers}
// emitted.
func setAllowDirect(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a, allow := hostOf(c), signerAddress(args[0]), args[1].AsBool()
	cur, handle, ok, err := directTransferConfig(h, a)
	if err != nil || ok && cur == allow {
		return nil, err
	}
	if !ok {
		if handle, err = NewEventHandle(h, a); err != nil {
			return nil, err
		}
	}
	e := bcs.NewEncoder(33)
	e.Fixed(a[:])
	e.Bool(allow)
	h.EmitBCS(directTransferUpdatedType, e.Bytes())
	cfg := bcs.NewEncoder(49)
	cfg.Bool(allow)
	handle.MarshalBCS(cfg)
	return nil, h.SetResource(a, directTransferTag, cfg.Bytes())
}
