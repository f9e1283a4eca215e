package indexer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// APT: the coin type and its paired fungible asset's metadata object.
const aptCoinType = "0x1::aptos_coin::AptosCoin"

// gasFeeEventType is the type of a transaction's gas fee activity.
const gasFeeEventType = "0x1::aptos_coin::GasFeeEvent"

var aptMetadata = ledgerapi.Address{31: 0xa}

// faWrites are the fungible-asset resources one transaction writes, by
// object address.
type faWrites struct {
	cores      map[ledgerapi.Address]*onchain.ObjectCore
	stores     []storeWrite // in write-set order; a transfer writes two
	storesBuf  [2]storeWrite
	deleted    map[ledgerapi.Address]bool // FungibleStore deletions
	concurrent map[ledgerapi.Address]uint64
	// supplies are the ConcurrentSupply written, once per address (a
	// transfer burning its fee writes APT's): a slice, not a map made for
	// nearly every transaction.
	supplies  []supplyWrite
	supplyBuf [1]supplyWrite
	metadatas map[ledgerapi.Address]*onchain.FungibleAssetMetadata
	// coinHandles maps a CoinStore's event streams to its coin type.
	coinHandles map[onchain.EventKey]string
	// coinInfos are the CoinInfo<T> written, by coin type.
	coinInfos map[string]*coinInfo
}

// foundOwner is what owner found of an object: its owner, when ok.
type foundOwner struct {
	object, owner ledgerapi.Address
	ok            bool
}

// supplyWrite is a ConcurrentSupply written, at its metadata's address.
type supplyWrite struct {
	a   ledgerapi.Address
	sup onchain.ConcurrentSupply
}

// storeWrite is a FungibleStore written, at its object's address.
type storeWrite struct {
	a  ledgerapi.Address
	fs onchain.FungibleStore
}

// store returns the FungibleStore written at a.
func (w *faWrites) store(a ledgerapi.Address) (*onchain.FungibleStore, bool) {
	for i := range w.stores {
		if w.stores[i].a == a {
			return &w.stores[i].fs, true
		}
	}
	return nil, false
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
	// The maps are made on first use: most transactions write a store
	// or two and nothing else of these.
	w := &faWrites{}
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind != storage.StateResource || c.Key.Resource.Address != ledgerapi.AddressOne {
			continue
		}
		a, tag := c.Key.Address, c.Key.Resource
		switch {
		case c.Deleted:
			if isTag(tag, "fungible_asset", "FungibleStore") {
				w.deleted = setIn(w.deleted, a, true)
			}
		case isTag(tag, "object", "ObjectCore"):
			if v, ok := decodeObjectCore(c.Value); ok {
				w.cores = setIn(w.cores, a, v)
			}
		case isTag(tag, "fungible_asset", "FungibleStore"):
			if w.stores == nil {
				w.stores = w.storesBuf[:0]
			}
			w.stores = append(w.stores, storeWrite{a: a})
			if bcs.Unmarshal(c.Value, &w.stores[len(w.stores)-1].fs) != nil {
				w.stores = w.stores[:len(w.stores)-1]
			}
		case isTag(tag, "fungible_asset", "ConcurrentFungibleBalance"):
			if len(c.Value) >= 8 {
				w.concurrent = setIn(w.concurrent, a, binary.LittleEndian.Uint64(c.Value))
			}
		case isTag(tag, "fungible_asset", "ConcurrentSupply"):
			var v onchain.ConcurrentSupply
			if bcs.Unmarshal(c.Value, &v) == nil {
				if w.supplies == nil {
					w.supplies = w.supplyBuf[:0]
				}
				w.supplies = setSupply(w.supplies, a, v)
			}
		case isTag(tag, "fungible_asset", "Metadata"):
			var v onchain.FungibleAssetMetadata
			if bcs.Unmarshal(c.Value, &v) == nil {
				w.metadatas = setIn(w.metadatas, a, &v)
			}
		case isTag(tag, "coin", "CoinInfo") && len(tag.TypeArgs) == 1:
			d := bcs.NewDecoder(c.Value)
			ci := &coinInfo{creator: a, name: d.String("CoinInfo.name"), symbol: d.String("CoinInfo.symbol"), decimals: d.U8("CoinInfo.decimals")}
			if d.Err() == nil {
				w.coinInfos = setIn(w.coinInfos, tag.TypeArgs[0].String(), ci)
			}
		case isTag(tag, "coin", "CoinStore") && len(tag.TypeArgs) == 1:
			var v onchain.CoinStore
			if bcs.Unmarshal(c.Value, &v) == nil {
				typ := tag.TypeArgs[0].String()
				w.coinHandles = setIn(w.coinHandles, v.DepositEvents.Key(), typ)
				w.coinHandles = setIn(w.coinHandles, v.WithdrawEvents.Key(), typ)
			}
		}
	}
	return w
}

// maxPrimaryStores bounds the cache of primary store addresses.
const maxPrimaryStores = 1 << 12

// primaryStore returns the address of owner's primary store of the
// fungible asset metadata (a hash, so cached: a transfer asks for the
// same few stores).
func (s *state) primaryStore(owner, metadata ledgerapi.Address) ledgerapi.Address {
	k := [2]ledgerapi.Address{owner, metadata}
	if a, ok := s.cache.primaryStores[k]; ok {
		return a
	}
	a := crypto.PrimaryStoreAddress(owner, metadata)
	if s.cache.primaryStores == nil || len(s.cache.primaryStores) >= maxPrimaryStores {
		s.cache.primaryStores = map[[2]ledgerapi.Address]ledgerapi.Address{}
	}
	s.cache.primaryStores[k] = a
	return a
}

// setSupply records the supply v written at a, replacing an earlier one.
func setSupply(s []supplyWrite, a ledgerapi.Address, v onchain.ConcurrentSupply) []supplyWrite {
	for i := range s {
		if s[i].a == a {
			s[i].sup = v
			return s
		}
	}
	return append(s, supplyWrite{a, v})
}

// setIn sets m[k] = v, making m first when nil, and returns m.
func setIn[K comparable, V any](m map[K]V, k K, v V) map[K]V {
	if m == nil {
		m = map[K]V{}
	}
	m[k] = v
	return m
}

// owner returns the owner of object a: from an ObjectCore written by this
// transaction, else the indexed one, else the store's as of the version.
// What it found is kept for the transaction (s.cache.owners): balances
// and activities ask for the same stores', and nothing the derivation
// does between those calls changes an owner.
func (s *state) owner(ctx context.Context, x *tx, w *faWrites, a ledgerapi.Address) (ledgerapi.Address, bool, error) {
	if oc, ok := w.cores[a]; ok {
		return oc.Owner, true, nil
	}
	for _, o := range s.cache.owners {
		if o.object == a {
			return o.owner, o.ok, nil
		}
	}
	out, ok, err := s.findOwner(ctx, x, a)
	if err == nil {
		s.cache.owners = append(s.cache.owners, foundOwner{object: a, owner: out, ok: ok})
	}
	return out, ok, err
}

// findOwner is owner of an object this transaction writes no ObjectCore
// of: the indexed owner, else the store's as of the version.
func (s *state) findOwner(ctx context.Context, x *tx, a ledgerapi.Address) (ledgerapi.Address, bool, error) {
	if r, ok := s.hot.objects.lookupKey(s.in.addr(a)); ok {
		if o, ok := r.At(objOwnerAddress).(string); ok {
			if out, ok := parseAddr(o); ok {
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
	s.cache.owners = s.cache.owners[:0]
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
	t := s.hot.balances
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
		id := s.primaryStore(c.Key.Address, paired)
		r := s.balanceRow(t, id, c.Key.Address)
		r[balAssetTypeV1] = coinType
		r[balLastTransactionVersionV1], r[balLastTransactionTimestampV1] = x.version, x.tsCell
		r[balAmountV1] = num(0)
		if !c.Deleted {
			var cs onchain.CoinStore
			if bcs.Unmarshal(c.Value, &cs) == nil {
				r[balAmountV1], r[balIsFrozen] = gql.NewCell(num(cs.Value)), cs.Frozen
			}
		}
		s.finishBalance(r)
		t.putVals(r)
	}
	for a := range w.deleted {
		if r, ok := t.load(s.in.addr(a)); ok {
			r[balAmountV2] = num(0)
			r[balLastTransactionVersionV2], r[balLastTransactionTimestampV2] = x.version, x.tsCell
			s.finishBalance(r)
			t.putVals(r)
		}
	}
	for i := range w.stores {
		a, fs := w.stores[i].a, &w.stores[i].fs
		owner, ok, err := s.owner(ctx, x, w, a)
		if err != nil {
			return err
		}
		if !ok {
			if _, found := t.lookupKey(s.in.addr(a)); !found {
				continue // a store that is not an object: nothing to attribute it to
			}
		}
		r := s.balanceRow(t, a, owner)
		amount := fs.Balance
		if cb, ok := w.concurrent[a]; ok {
			amount = cb
		}
		// Balances seldom repeat: their cells are not interned.
		r[balAssetTypeV2], r[balAmountV2], r[balIsFrozen] = s.in.addr(fs.Metadata), gql.NewCell(num(amount)), fs.Frozen
		r[balIsPrimary] = s.primaryStore(owner, fs.Metadata) == a
		if coin, ok := s.faToCoin[fs.Metadata]; ok {
			r[balAssetTypeV1] = coin
		}
		r[balLastTransactionVersionV2], r[balLastTransactionTimestampV2] = x.version, x.tsCell
		s.finishBalance(r)
		t.putVals(r)
	}
	return nil
}

// balanceRow returns the balance row of store id to change (in the
// table's buffer), or a new one owned by owner.
func (s *state) balanceRow(t *table, id, owner ledgerapi.Address) vals {
	r, ok := t.load(s.in.addr(id))
	if ok {
		if owner != (ledgerapi.Address{}) {
			r[balOwnerAddress] = s.in.addr(owner)
		}
		return r
	}
	r[balStorageId], r[balOwnerAddress], r[balIsFrozen], r[balIsPrimary] = s.in.addr(id), s.in.addr(owner), false, true
	return r
}

// finishBalance sets the generated columns: amount = v1 + v2, asset_type
// the coin type when known, the newest of the two versions.
func (s *state) finishBalance(r vals) {
	v1, v2 := plain(r[balAmountV1]), plain(r[balAmountV2])
	_, n1 := v1.(jsonNumber)
	_, n2 := v2.(jsonNumber)
	switch {
	case n2 && v1 == nil:
		r[balAmount] = r[balAmountV2] // the sum is the one amount: its cell serves both
	case n1 && v2 == nil:
		r[balAmount] = r[balAmountV1]
	default:
		r[balAmount] = gql.NewCell(sumAmounts(v1, v2))
	}
	r[balAssetType], r[balTokenStandard] = r[balAssetTypeV2], s.std.v2
	if plain(r[balAssetTypeV1]) != nil {
		r[balAssetType], r[balTokenStandard] = r[balAssetTypeV1], s.std.v1
	}
	r[balLastTransactionVersion], r[balLastTransactionTimestamp] = r[balLastTransactionVersionV1], r[balLastTransactionTimestampV1]
	if v2, ok := plain(r[balLastTransactionVersionV2]).(jsonNumber); ok {
		if v1, ok := plain(r[balLastTransactionVersionV1]).(jsonNumber); !ok || compareNumbers(v2, v1) > 0 {
			r[balLastTransactionVersion], r[balLastTransactionTimestamp] = r[balLastTransactionVersionV2], r[balLastTransactionTimestampV2]
		}
	}
	if plain(r[balIsPrimary]) == nil {
		r[balIsPrimary] = true
	}
}

// sumAmounts adds the amounts that are numbers (0 when none is).
func sumAmounts(amounts ...any) jsonNumber {
	var sum uint64
	small := true
	for _, a := range amounts {
		n, ok := a.(jsonNumber)
		if !ok {
			continue
		}
		v, err := strconv.ParseUint(string(n), 10, 64)
		if s, carry := bits.Add64(sum, v, 0); err == nil && carry == 0 {
			sum = s
			continue
		}
		small = false
		break
	}
	if small {
		return num(sum)
	}
	total := new(big.Int)
	for _, a := range amounts {
		if n, ok := a.(jsonNumber); ok {
			if v, ok := new(big.Int).SetString(string(n), 10); ok {
				total.Add(total, v)
			}
		}
	}
	return jsonNumber(total.String())
}

func copyRow(r row) row {
	c := make(row, len(r))
	for k, v := range r {
		c[k] = v
	}
	return c
}

// parseAddr reads an address as addr renders it.
func parseAddr(s string) (ledgerapi.Address, bool) {
	var out ledgerapi.Address
	if len(s) == 2+2*len(out) && s[0] == '0' && s[1] == 'x' {
		for i := range out {
			hi, lo := unhex(s[2+2*i]), unhex(s[3+2*i])
			if hi > 15 || lo > 15 {
				return out, false
			}
			out[i] = hi<<4 | lo
		}
		return out, true
	}
	return out, out.UnmarshalText([]byte(s)) == nil
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 255
}
