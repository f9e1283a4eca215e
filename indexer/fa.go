package indexer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// APT: the coin type and its paired fungible asset's metadata object.
const aptCoinType = "0x1::aptos_coin::AptosCoin"

var aptMetadata = ledgerapi.Address{31: 0xa}

// faWrites are the fungible-asset resources one transaction writes, by
// object address.
type faWrites struct {
	cores      map[ledgerapi.Address]*onchain.ObjectCore
	stores     map[ledgerapi.Address]*onchain.FungibleStore
	deleted    map[ledgerapi.Address]bool // FungibleStore deletions
	concurrent map[ledgerapi.Address]uint64
	supplies   map[ledgerapi.Address]*onchain.ConcurrentSupply
	metadatas  map[ledgerapi.Address]*onchain.FungibleAssetMetadata
	// coinHandles maps a CoinStore's event streams to its coin type.
	coinHandles map[onchain.EventKey]string
	// coinInfos are the CoinInfo<T> written, by coin type.
	coinInfos map[string]*coinInfo
}

// coinInfo is what fungible_asset_metadata takes of a CoinInfo<T> at the
// coin's address.
type coinInfo struct {
	creator      ledgerapi.Address
	name, symbol string
	decimals     uint8
}

func decodeObjectCore(b []byte) (*onchain.ObjectCore, bool) {
	var v onchain.ObjectCore
	return &v, bcs.Unmarshal(b, &v) == nil
}

// collect gathers the fungible-asset resources x writes.
func collect(x *tx) *faWrites {
	w := &faWrites{cores: map[ledgerapi.Address]*onchain.ObjectCore{}, stores: map[ledgerapi.Address]*onchain.FungibleStore{},
		deleted: map[ledgerapi.Address]bool{}, concurrent: map[ledgerapi.Address]uint64{},
		supplies: map[ledgerapi.Address]*onchain.ConcurrentSupply{}, metadatas: map[ledgerapi.Address]*onchain.FungibleAssetMetadata{},
		coinHandles: map[onchain.EventKey]string{}, coinInfos: map[string]*coinInfo{}}
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind != storage.StateResource || c.Key.Resource.Address != ledgerapi.AddressOne {
			continue
		}
		a, tag := c.Key.Address, c.Key.Resource
		switch {
		case c.Deleted:
			if isTag(tag, "fungible_asset", "FungibleStore") {
				w.deleted[a] = true
			}
		case isTag(tag, "object", "ObjectCore"):
			if v, ok := decodeObjectCore(c.Value); ok {
				w.cores[a] = v
			}
		case isTag(tag, "fungible_asset", "FungibleStore"):
			var v onchain.FungibleStore
			if bcs.Unmarshal(c.Value, &v) == nil {
				w.stores[a] = &v
			}
		case isTag(tag, "fungible_asset", "ConcurrentFungibleBalance"):
			if len(c.Value) >= 8 {
				w.concurrent[a] = binary.LittleEndian.Uint64(c.Value)
			}
		case isTag(tag, "fungible_asset", "ConcurrentSupply"):
			var v onchain.ConcurrentSupply
			if bcs.Unmarshal(c.Value, &v) == nil {
				w.supplies[a] = &v
			}
		case isTag(tag, "fungible_asset", "Metadata"):
			var v onchain.FungibleAssetMetadata
			if bcs.Unmarshal(c.Value, &v) == nil {
				w.metadatas[a] = &v
			}
		case isTag(tag, "coin", "CoinInfo") && len(tag.TypeArgs) == 1:
			d := bcs.NewDecoder(c.Value)
			ci := &coinInfo{creator: a, name: d.String("CoinInfo.name"), symbol: d.String("CoinInfo.symbol"), decimals: d.U8("CoinInfo.decimals")}
			if d.Err() == nil {
				w.coinInfos[tag.TypeArgs[0].String()] = ci
			}
		case isTag(tag, "coin", "CoinStore") && len(tag.TypeArgs) == 1:
			var v onchain.CoinStore
			if bcs.Unmarshal(c.Value, &v) == nil {
				typ := tag.TypeArgs[0].String()
				w.coinHandles[v.DepositEvents.Key()] = typ
				w.coinHandles[v.WithdrawEvents.Key()] = typ
			}
		}
	}
	return w
}

// owner returns the owner of object a: from an ObjectCore written by this
// transaction, else the indexed one, else the store's as of the version.
func (s *state) owner(ctx context.Context, x *tx, w *faWrites, a ledgerapi.Address) (ledgerapi.Address, bool, error) {
	if oc, ok := w.cores[a]; ok {
		return oc.Owner, true, nil
	}
	if r, ok := s.tables[tCurrentObjects].lookup(row{"object_address": addr(a)}); ok {
		if o, ok := r.Get("owner_address").(string); ok {
			var out ledgerapi.Address
			if err := out.UnmarshalText([]byte(o)); err == nil {
				return out, true, nil
			}
		}
	}
	key := storage.ResourceKey(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectCore"})
	b, err := s.store.StateValue(ctx, key, x.t.Version)
	if errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrPruned) {
		return ledgerapi.Address{}, false, nil
	}
	if err != nil {
		return ledgerapi.Address{}, false, fmt.Errorf("indexer: owner of %s at %d: %w", a, x.t.Version, err)
	}
	oc, ok := decodeObjectCore(b)
	return oc.Owner, ok, nil
}

// fungibleAssets derives balances, metadata and activities.
func (s *state) fungibleAssets(ctx context.Context, x *tx) error {
	w := collect(x)
	for i := range x.t.Events {
		e := &x.t.Events[i]
		if eventIs(e, "coin", "PairCreation") {
			s.pairCreation(e.Data)
		}
	}
	if err := s.balances(ctx, x, w); err != nil {
		return err
	}
	if err := s.metadata(ctx, x, w); err != nil {
		return err
	}
	return s.activities(ctx, x, w)
}

// pairCreation records a coin type's paired fungible asset:
// PairCreation{coin_type: TypeInfo, fungible_asset_metadata_address}.
func (s *state) pairCreation(data []byte) {
	d := bcs.NewDecoder(data)
	var tag ledgerapi.StructTag
	d.Fixed(tag.Address[:], "TypeInfo.account_address")
	tag.Module = string(d.ReadBytes("TypeInfo.module_name"))
	tag.Name = string(d.ReadBytes("TypeInfo.struct_name"))
	var meta ledgerapi.Address
	d.Fixed(meta[:], "PairCreation.fungible_asset_metadata_address")
	if d.Err() == nil {
		s.faToCoin[meta] = tag.String()
	}
}

// balances updates current_fungible_asset_balances from CoinStore and
// FungibleStore writes.
func (s *state) balances(ctx context.Context, x *tx, w *faWrites) error {
	t := s.tables[tBalances]
	v := num(x.t.Version)
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind != storage.StateResource || !isTag(c.Key.Resource, "coin", "CoinStore") || len(c.Key.Resource.TypeArgs) != 1 {
			continue
		}
		coinType := c.Key.Resource.TypeArgs[0].String()
		paired := aptMetadata
		if coinType != aptCoinType {
			paired = crypto.ObjectAddressFromSeed(aptMetadata, []byte(coinType))
		}
		id := crypto.PrimaryStoreAddress(c.Key.Address, paired)
		r := balanceRow(t, id, c.Key.Address)
		r["asset_type_v1"] = coinType
		r["last_transaction_version_v1"], r["last_transaction_timestamp_v1"] = v, x.ts
		r["amount_v1"] = num(0)
		if !c.Deleted {
			var cs onchain.CoinStore
			if bcs.Unmarshal(c.Value, &cs) == nil {
				r["amount_v1"], r["is_frozen"] = num(cs.Value), cs.Frozen
			}
		}
		t.put(finishBalance(r))
	}
	for a := range w.deleted {
		if prev := t.get(row{"storage_id": addr(a)}); prev != nil {
			r := copyRow(prev)
			r["amount_v2"] = num(0)
			r["last_transaction_version_v2"], r["last_transaction_timestamp_v2"] = v, x.ts
			t.put(finishBalance(r))
		}
	}
	for a, fs := range w.stores {
		owner, ok, err := s.owner(ctx, x, w, a)
		if err != nil {
			return err
		}
		if !ok {
			if _, found := t.lookup(row{"storage_id": addr(a)}); !found {
				continue // a store that is not an object: nothing to attribute it to
			}
		}
		r := balanceRow(t, a, owner)
		amount := fs.Balance
		if cb, ok := w.concurrent[a]; ok {
			amount = cb
		}
		r["asset_type_v2"], r["amount_v2"], r["is_frozen"] = addr(fs.Metadata), num(amount), fs.Frozen
		r["is_primary"] = crypto.PrimaryStoreAddress(owner, fs.Metadata) == a
		if coin, ok := s.faToCoin[fs.Metadata]; ok {
			r["asset_type_v1"] = coin
		}
		r["last_transaction_version_v2"], r["last_transaction_timestamp_v2"] = v, x.ts
		t.put(finishBalance(r))
	}
	return nil
}

// balanceRow returns a copy of the balance row of store id, or a new one
// owned by owner.
func balanceRow(t *table, id, owner ledgerapi.Address) row {
	if prev := t.get(row{"storage_id": addr(id)}); prev != nil {
		r := copyRow(prev)
		if owner != (ledgerapi.Address{}) {
			r["owner_address"] = addr(owner)
		}
		return r
	}
	r := row{"storage_id": addr(id), "owner_address": addr(owner), "is_frozen": false, "is_primary": true}
	for _, c := range []string{"amount_v1", "amount_v2", "asset_type_v1", "asset_type_v2", "last_transaction_timestamp_v1",
		"last_transaction_timestamp_v2", "last_transaction_version_v1", "last_transaction_version_v2"} {
		r[c] = nil
	}
	return r
}

// finishBalance sets the generated columns: amount = v1 + v2, asset_type
// the coin type when known, the newest of the two versions.
func finishBalance(r row) row {
	sum := new(big.Int)
	for _, c := range []string{"amount_v1", "amount_v2"} {
		if n, ok := r[c].(jsonNumber); ok {
			if v, ok := new(big.Int).SetString(string(n), 10); ok {
				sum.Add(sum, v)
			}
		}
	}
	r["amount"] = jsonNumber(sum.String())
	r["asset_type"], r["token_standard"] = r["asset_type_v2"], "v2"
	if r["asset_type_v1"] != nil {
		r["asset_type"], r["token_standard"] = r["asset_type_v1"], "v1"
	}
	r["last_transaction_version"], r["last_transaction_timestamp"] = r["last_transaction_version_v1"], r["last_transaction_timestamp_v1"]
	if v2, ok := r["last_transaction_version_v2"].(jsonNumber); ok {
		if v1, ok := r["last_transaction_version_v1"].(jsonNumber); !ok || compareNumbers(v2, v1) > 0 {
			r["last_transaction_version"], r["last_transaction_timestamp"] = v2, r["last_transaction_timestamp_v2"]
		}
	}
	if r["is_primary"] == nil {
		r["is_primary"] = true
	}
	return r
}

func copyRow(r row) row {
	c := make(row, len(r))
	for k, v := range r {
		c[k] = v
	}
	return c
}
