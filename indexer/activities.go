package indexer

import (
	"context"
	"encoding/binary"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/storage"
)

// metadata updates fungible_asset_metadata from coins' CoinInfo (a v1
// row keyed by the coin type), Metadata objects (a v2 row keyed by the
// object address, plus a v1 row keyed by the coin type for a paired asset
// such as APT) and their supply.
func (s *state) metadata(ctx context.Context, x *tx, w *faWrites) error {
	t := s.hot.faMetadata
	v := num(x.t.Version)
	for coin, ci := range w.coinInfos {
		// A coin's v1 row from its CoinInfo (URIs null); a paired asset's
		// Metadata below writes over it.
		r := row{"asset_type": coin, "creator_address": addr(ci.creator), "icon_uri": nil, "project_uri": nil,
			"supply_aggregator_table_handle_v1": nil, "supply_aggregator_table_key_v1": nil,
			"token_standard": "v1", "is_token_v2": nil, "supply_v2": nil, "maximum_v2": nil}
		if prev := t.get(row{"asset_type": coin}); prev != nil {
			r = copyRow(prev)
		}
		r["name"], r["symbol"], r["decimals"] = ci.name, ci.symbol, num(uint64(ci.decimals))
		r["last_transaction_timestamp"], r["last_transaction_version"] = x.ts, v
		t.put(r)
	}
	for a, m := range w.metadatas {
		creator, _, err := s.owner(ctx, x, w, a)
		if err != nil {
			return err
		}
		r := row{"asset_type": addr(a), "creator_address": addr(creator), "name": m.Name, "symbol": m.Symbol,
			"decimals": num(uint64(m.Decimals)), "icon_uri": m.IconURI, "project_uri": m.ProjectURI,
			"last_transaction_timestamp": x.ts, "last_transaction_version": v,
			"supply_aggregator_table_handle_v1": nil, "supply_aggregator_table_key_v1": nil,
			"token_standard": "v2", "is_token_v2": nil, "supply_v2": nil, "maximum_v2": nil}
		if prev, ok := t.lookup(r); ok {
			r["supply_v2"], r["maximum_v2"] = prev.Get("supply_v2"), prev.Get("maximum_v2")
		}
		t.put(r)
		if coin, ok := s.faToCoin[a]; ok {
			v1 := copyRow(r)
			v1["asset_type"], v1["token_standard"] = coin, "v1"
			v1["supply_v2"], v1["maximum_v2"] = nil, nil
			if tag, err := ledgerapi.ParseStructTag(coin); err == nil {
				v1["creator_address"] = addr(tag.Address)
			}
			t.put(v1)
		}
	}
	for i := range w.supplies {
		a, sup := w.supplies[i].a, &w.supplies[i].sup
		r, ok := t.load(s.in.addr(a))
		if !ok {
			continue
		}
		r[famSupplyV2] = gql.NewCell(jsonNumber(u128(sup.Value, sup.ValueHi))) // seldom repeated: not interned
		r[famMaximumV2] = nil
		if !(sup.Max == ^uint64(0) && sup.MaxHi == ^uint64(0)) {
			r[famMaximumV2] = jsonNumber(u128(sup.Max, sup.MaxHi))
		}
		r[famLastTransactionVersion], r[famLastTransactionTimestamp] = x.version, x.tsCell
		t.putVals(r)
	}
	return nil
}

func u128(lo, hi uint64) string {
	if hi == 0 {
		return strconv.FormatUint(lo, 10)
	}
	n := new(big.Int).SetUint64(hi)
	n.Lsh(n, 64)
	return n.Or(n, new(big.Int).SetUint64(lo)).String()
}

// activities adds fungible_asset_activities rows: coin and fungible-asset
// deposits, withdrawals and freezes, and the gas fee of a user transaction.
func (s *state) activities(ctx context.Context, x *tx, w *faWrites) error {
	t := s.hot.faActivities
	// base builds a row in t's buffer: build and put one at a time.
	base := func(index int64, typ any) vals {
		r := t.blank()
		r[faaTransactionVersion], r[faaEventIndex], r[faaType] = x.version, s.in.eventIndex(index), typ
		r[faaIsGasFee], r[faaStorageRefundAmount] = false, s.in.num(0)
		r[faaIsTransactionSuccess], r[faaEntryFunctionIdStr], r[faaBlockHeight] = x.success, x.entryID(), x.height
		r[faaTransactionTimestamp] = x.tsCell
		return r
	}
	var refund uint64
	for i := range x.t.Events {
		e := &x.t.Events[i]
		switch {
		case eventIs(e, "transaction_fee", "FeeStatement") && len(e.Data) >= 40:
			refund = binary.LittleEndian.Uint64(e.Data[32:40])
		case eventIs(e, "fungible_asset", "Deposit"), eventIs(e, "fungible_asset", "Withdraw"), eventIs(e, "fungible_asset", "Frozen"):
			d := bcs.NewDecoder(e.Data)
			var store ledgerapi.Address
			d.Fixed(store[:], "store")
			r := base(int64(i), s.in.typeName(e.Type))
			if eventIs(e, "fungible_asset", "Frozen") {
				r[faaIsFrozen] = d.Bool("frozen")
			} else {
				r[faaAmount] = num(d.U64("amount"))
			}
			if d.Err() != nil {
				continue
			}
			owner, ok, err := s.owner(ctx, x, w, store)
			if err != nil {
				return err
			}
			meta, known := s.storeMetadata(w, store)
			if !ok || !known {
				continue
			}
			r[faaOwnerAddress], r[faaStorageId], r[faaAssetType], r[faaTokenStandard] = s.in.addr(owner), s.in.addr(store), s.in.addr(meta), s.std.v2
			t.putVals(r)
		case eventIs(e, "coin", "CoinDeposit") || eventIs(e, "coin", "CoinWithdraw"):
			// Module events {coin_type, account, amount} of a CoinStore.
			d := bcs.NewDecoder(e.Data)
			coin := d.String("coin_type")
			var account ledgerapi.Address
			d.Fixed(account[:], "account")
			amount := d.U64("amount")
			if d.Finish() != nil {
				continue
			}
			paired := aptMetadata
			if coin != aptCoinType {
				paired = crypto.ObjectAddressFromSeed(aptMetadata, []byte(coin))
			}
			r := base(int64(i), s.in.typeName(e.Type))
			r[faaAmount], r[faaOwnerAddress], r[faaAssetType], r[faaTokenStandard] = num(amount), s.in.addr(account), coin, "v1"
			r[faaStorageId] = s.in.addr(s.primaryStore(account, paired))
			t.putVals(r)
		case !e.IsV2() && (eventIs(e, "coin", "DepositEvent") || eventIs(e, "coin", "WithdrawEvent")):
			coin, ok := w.coinHandles[e.Key]
			if !ok || len(e.Data) < 8 {
				continue
			}
			r := base(int64(i), s.in.typeName(e.Type))
			r[faaAmount] = num(binary.LittleEndian.Uint64(e.Data))
			paired := aptMetadata
			if coin != aptCoinType {
				paired = crypto.ObjectAddressFromSeed(aptMetadata, []byte(coin))
			}
			r[faaOwnerAddress], r[faaAssetType], r[faaTokenStandard] = s.in.addr(e.Key.Account), coin, "v1"
			r[faaStorageId] = s.in.addr(s.primaryStore(e.Key.Account, paired))
			t.putVals(r)
		}
	}
	if x.signed != nil {
		payer := x.signed.GasPayer()
		r := base(-1, s.std.gasFee)
		r[faaIsGasFee], r[faaAssetType], r[faaTokenStandard] = true, s.std.aptCoin, s.std.v1
		r[faaOwnerAddress] = s.in.addr(x.signed.Raw.Sender)
		r[faaStorageId] = s.in.addr(s.primaryStore(payer, aptMetadata))
		hi, lo := bits.Mul64(x.t.Info.GasUsed, x.signed.Raw.GasUnitPrice)
		r[faaAmount] = jsonNumber(u128(lo, hi))
		r[faaStorageRefundAmount] = s.in.num(refund)
		if payer != x.signed.Raw.Sender {
			r[faaGasFeePayerAddress] = s.in.addr(payer)
		}
		t.putVals(r)
	}
	return nil
}

// storeMetadata returns the metadata of fungible store a: written by this
// transaction, or from its balance row.
func (s *state) storeMetadata(w *faWrites, a ledgerapi.Address) (ledgerapi.Address, bool) {
	if fs, ok := w.store(a); ok {
		return fs.Metadata, true
	}
	if r, ok := s.hot.balances.lookupKey(s.in.addr(a)); ok {
		if m, ok := r.At(balAssetTypeV2).(string); ok {
			if out, ok := parseAddr(m); ok {
				return out, true
			}
		}
	}
	return ledgerapi.Address{}, false
}

// objects updates current_objects from ObjectCore writes and deletions.
func (s *state) objects(x *tx) {
	t := s.hot.objects
	var untransferable map[ledgerapi.Address]bool
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind == storage.StateResource && isTag(c.Key.Resource, "object", "Untransferable") {
			untransferable = setIn(untransferable, c.Key.Address, !c.Deleted)
		}
	}
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind != storage.StateResource || !isTag(c.Key.Resource, "object", "ObjectCore") {
			continue
		}
		a := c.Key.Address
		prev := t.get(row{"object_address": addr(a)})
		var r row
		if c.Deleted {
			if prev == nil {
				continue
			}
			r = copyRow(prev)
			r["is_deleted"] = true
		} else {
			oc, ok := decodeObjectCore(c.Value)
			if !ok {
				continue
			}
			group := storage.ResourceKey(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectGroup"})
			h, _ := group.Hash()
			r = row{"object_address": addr(a), "owner_address": addr(oc.Owner), "state_key_hash": h.String(),
				"allow_ungated_transfer": oc.AllowUngatedTransfer, "last_guid_creation_num": num(oc.GUIDCreationNum),
				"is_deleted": false, "untransferrable": false}
			if prev != nil {
				r["untransferrable"] = prev["untransferrable"]
			}
		}
		if u, ok := untransferable[a]; ok {
			r["untransferrable"] = u
		}
		r["last_transaction_version"] = num(x.t.Version)
		t.put(r)
	}
}
