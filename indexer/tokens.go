package indexer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
)

// The token tables (current_collections_v2, current_token_datas_v2,
// current_token_ownerships_v2, token_activities_v2) follow the token_v2
// processor for 0x4 digital assets: rows are rebuilt from the object's
// resources after the transaction (the ones it wrote, else the store's
// at its version), transfers zero the previous owner's row, burns mark
// the token data deleted, and the collection, object and token events
// become activities.

var addr4 = ledgerapi.Address{31: 4}

// tokenTouch is what one transaction did to 0x4 objects.
type tokenTouch struct {
	collections map[ledgerapi.Address]bool
	tokens      map[ledgerapi.Address]bool
}

// is4 reports whether tag is 0x4::module::name.
func is4(tag ledgerapi.StructTag, module, name string) bool {
	return tag.Address == addr4 && tag.Module == module && tag.Name == name
}

// tokenEvent reports whether e may be a token event: 0x4's or 0x1::object's.
func tokenEvent(e *storage.Event) bool {
	if e.Type.Kind != ledgerapi.KindStruct || e.Type.Struct == nil {
		return false
	}
	t := e.Type.Struct
	return t.Address == addr4 || t.Address == ledgerapi.AddressOne && t.Module == "object"
}

// tokens updates the token tables. A transaction touching no 0x4
// resource, no indexed token's object and emitting no token event costs
// one pass over its changes and events.
func (s *state) tokens(ctx context.Context, x *tx) error {
	var touch *tokenTouch
	mark := func(a ledgerapi.Address, coll bool) {
		if touch == nil {
			touch = &tokenTouch{collections: map[ledgerapi.Address]bool{}, tokens: map[ledgerapi.Address]bool{}}
		}
		if coll {
			touch.collections[a] = true
		} else {
			touch.tokens[a] = true
		}
	}
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind != storage.StateResource {
			continue
		}
		tag := c.Key.Resource
		switch {
		case tag.Address == addr4 && (tag.Module == "collection" || tag.Name == "AptosCollection"):
			mark(c.Key.Address, true)
		case tag.Address == addr4:
			mark(c.Key.Address, false)
			if s.isCollection(c.Key.Address) {
				mark(c.Key.Address, true)
			}
		case tag.Address == ledgerapi.AddressOne && tag.Module == "object" && len(s.tokenOwner) > 0:
			if _, ok := s.tokenOwner[c.Key.Address]; ok {
				mark(c.Key.Address, false)
			}
		}
	}
	hasEvent := false
	for i := range x.t.Events {
		if tokenEvent(&x.t.Events[i]) {
			hasEvent = true
			break
		}
	}
	if touch == nil && !hasEvent {
		return nil
	}
	if touch == nil {
		touch = &tokenTouch{}
	}
	r := &resReader{ctx: ctx, s: s, x: x}
	for a := range touch.collections {
		if err := s.collection(r, a); err != nil {
			return err
		}
	}
	burned, err := s.tokenActivities(r)
	if err != nil {
		return err
	}
	for a := range touch.tokens {
		if err := s.tokenData(r, a, burned[a]); err != nil {
			return err
		}
	}
	for a, prev := range burned {
		if !touch.tokens[a] {
			if err := s.tokenData(r, a, prev); err != nil {
				return err
			}
		}
	}
	return s.transferredAway(r)
}

func (s *state) isCollection(a ledgerapi.Address) bool {
	_, ok := s.tables[tCollections].lookup(row{"collection_id": addr(a)})
	return ok
}

// resReader reads an object's resources after the transaction: the
// transaction's write, else the store's value at its version.
type resReader struct {
	ctx context.Context
	s   *state
	x   *tx
}

// get returns the BCS of resource tag at a, false when it does not exist.
func (r *resReader) get(a ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error) {
	for i := range r.x.t.Changes {
		c := &r.x.t.Changes[i]
		if c.Key.Kind == storage.StateResource && c.Key.Address == a && c.Key.Resource.Address == tag.Address &&
			c.Key.Resource.Module == tag.Module && c.Key.Resource.Name == tag.Name {
			return c.Value, !c.Deleted, nil
		}
	}
	b, err := r.s.store.StateValue(r.ctx, storage.ResourceKey(a, tag), r.x.t.Version)
	if errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrPruned) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("indexer: %s at %s, version %d: %w", tag, a, r.x.t.Version, err)
	}
	return b, b != nil, nil
}

func tag4(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr4, Module: module, Name: name}
}

// collection rebuilds the current_collections_v2 row of a.
func (s *state) collection(r *resReader, a ledgerapi.Address) error {
	b, ok, err := r.get(a, tag4("collection", "Collection"))
	if err != nil || !ok {
		return err
	}
	d := bcs.NewDecoder(b)
	var creator ledgerapi.Address
	d.Fixed(creator[:], "creator")
	desc, name, uri := d.String("description"), d.String("name"), d.String("uri")
	if d.Err() != nil {
		return nil
	}
	row := row{"collection_id": addr(a), "creator_address": addr(creator), "collection_name": name,
		"description": desc, "uri": uri, "current_supply": num(0), "max_supply": nil, "total_minted_v2": nil,
		"mutable_description": nil, "mutable_uri": nil, "table_handle_v1": nil, "token_standard": "v2",
		"last_transaction_version": num(r.x.t.Version), "last_transaction_timestamp": r.x.ts,
		"collection_properties": nil}
	if b, ok, err := r.get(a, tag4("collection", "ConcurrentSupply")); err != nil {
		return err
	} else if ok && len(b) >= 32 {
		d := bcs.NewDecoder(b)
		cur, max, total := d.U64("current"), d.U64("max"), d.U64("total")
		row["current_supply"], row["total_minted_v2"] = num(cur), num(total)
		if max != ^uint64(0) {
			row["max_supply"] = num(max)
		}
	} else if b, ok, err := r.get(a, tag4("collection", "FixedSupply")); err != nil {
		return err
	} else if ok && len(b) >= 24 {
		d := bcs.NewDecoder(b)
		cur, max, total := d.U64("current"), d.U64("max"), d.U64("total")
		row["current_supply"], row["max_supply"], row["total_minted_v2"] = num(cur), num(max), num(total)
	} else if b, ok, err := r.get(a, tag4("collection", "UnlimitedSupply")); err != nil {
		return err
	} else if ok && len(b) >= 16 {
		d := bcs.NewDecoder(b)
		cur, total := d.U64("current"), d.U64("total")
		row["current_supply"], row["total_minted_v2"] = num(cur), num(total)
	}
	if b, ok, err := r.get(a, tag4("aptos_token", "AptosCollection")); err != nil {
		return err
	} else if ok {
		d := bcs.NewDecoder(b)
		skipOption(d, 32) // mutator_ref
		skipOption(d, 32) // royalty_mutator_ref
		md, mu := d.Bool("mutable_description"), d.Bool("mutable_uri")
		if d.Err() == nil {
			row["mutable_description"], row["mutable_uri"] = md, mu
		}
	}
	if props, err := propertyMapJSON(r, a); err != nil {
		return err
	} else if props != nil {
		row["collection_properties"] = props
	}
	s.tables[tCollections].put(row)
	return nil
}

// skipOption skips an Option of a fixed-size value.
func skipOption(d *bcs.Decoder, size int) {
	if d.Option("option") {
		var buf [32]byte
		d.Fixed(buf[:size], "option value")
	}
}

// propertyMapJSON renders the PropertyMap at a as the processor does: an
// object of key to value, each value a string rendered by its type; nil
// without one.
func propertyMapJSON(r *resReader, a ledgerapi.Address) (json.RawMessage, error) {
	b, ok, err := r.get(a, tag4("property_map", "PropertyMap"))
	if err != nil || !ok {
		return nil, err
	}
	d := bcs.NewDecoder(b)
	n := d.SeqLen("PropertyMap", 2)
	m := make(map[string]string, n)
	for i := 0; i < n && d.Err() == nil; i++ {
		k, typ, v := d.String("key"), d.U8("type"), d.ReadBytes("value")
		m[k] = propertyValue(typ, v)
	}
	if d.Err() != nil {
		return nil, nil
	}
	out, err := json.Marshal(m)
	return out, err
}

// propertyValue renders a PropertyValue's BCS by its type (0 bool, 1-6
// unsigned integers, 7 address, 8 bytes, 9 string).
func propertyValue(typ uint8, v []byte) string {
	d := bcs.NewDecoder(v)
	var s string
	switch typ {
	case 0:
		s = strconv.FormatBool(d.Bool("bool"))
	case 1:
		s = strconv.FormatUint(uint64(d.U8("u8")), 10)
	case 2:
		s = strconv.FormatUint(uint64(d.U16("u16")), 10)
	case 3:
		s = strconv.FormatUint(uint64(d.U32("u32")), 10)
	case 4:
		s = strconv.FormatUint(d.U64("u64"), 10)
	case 5:
		lo, hi := d.U128("u128")
		s = u128(lo, hi)
	case 6:
		limbs := d.U256("u256")
		n := new(big.Int)
		for i := 3; i >= 0; i-- {
			n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(limbs[i]))
		}
		s = n.String()
	case 7:
		var a ledgerapi.Address
		d.Fixed(a[:], "address")
		s = addr(a)
	case 9:
		s = d.String("string")
	default:
		return hexString(v)
	}
	if d.Err() != nil {
		return hexString(v)
	}
	return s
}

// tokenObject is what the token tables need of a token object.
type tokenObject struct {
	owner           ledgerapi.Address
	ungated, exists bool
	untransferable  bool
}

// object reads the ObjectCore and Untransferable of a.
func (r *resReader) object(a ledgerapi.Address) (tokenObject, error) {
	var o tokenObject
	b, ok, err := r.get(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectCore"})
	if err != nil || !ok {
		return o, err
	}
	oc, ok := decodeObjectCore(b)
	if !ok {
		return o, nil
	}
	o.owner, o.ungated, o.exists = oc.Owner, oc.AllowUngatedTransfer, true
	_, o.untransferable, err = r.get(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "Untransferable"})
	return o, err
}

// tokenData rebuilds the token data and ownership rows of token a;
// burned is the burn that deleted it (nil if none).
func (s *state) tokenData(r *resReader, a ledgerapi.Address, burned *tokenBurn) error {
	datas, owns := s.tables[tTokenDatas], s.tables[tTokenOwnerships]
	v := num(r.x.t.Version)
	b, ok, err := r.get(a, tag4("token", "Token"))
	if err != nil {
		return err
	}
	if !ok {
		if burned == nil {
			return nil
		}
		datas.put(row{"token_data_id": addr(a), "collection_id": addr(burned.collection), "token_name": "",
			"description": "", "token_uri": "", "token_properties": nil, "token_standard": "v2",
			"is_fungible_v2": false, "is_deleted_v2": true, "largest_property_version_v1": nil, "maximum": nil,
			"supply": nil, "decimals": nil, "last_transaction_timestamp": r.x.ts, "last_transaction_version": v})
		if prev, ok := s.tokenOwner[a]; ok {
			own := s.ownershipRow(r, a, prev.owner, 0, prev.soulbound, prev.locked)
			own["is_fungible_v2"] = false
			owns.put(own)
			delete(s.tokenOwner, a)
		}
		return nil
	}
	d := bcs.NewDecoder(b)
	var coll ledgerapi.Address
	d.Fixed(coll[:], "collection")
	d.U64("index")
	desc, name, uri := d.String("description"), d.String("name"), d.String("uri")
	if d.Err() != nil {
		return nil
	}
	o, err := r.object(a)
	if err != nil || !o.exists {
		return err
	}
	if b, ok, err := r.get(a, tag4("token", "TokenIdentifiers")); err != nil {
		return err
	} else if ok {
		d := bcs.NewDecoder(b)
		d.U64("index")
		if n := d.String("name"); d.Err() == nil {
			name = n
		}
	}
	props, err := propertyMapJSON(r, a)
	if err != nil {
		return err
	}
	_, fungible, err := r.get(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "Metadata"})
	if err != nil {
		return err
	}
	data := row{"token_data_id": addr(a), "collection_id": addr(coll), "token_name": name, "description": desc,
		"token_uri": uri, "token_properties": nil, "token_standard": "v2", "is_fungible_v2": fungible,
		"is_deleted_v2": false, "largest_property_version_v1": nil, "maximum": nil, "supply": nil, "decimals": nil,
		"last_transaction_timestamp": r.x.ts, "last_transaction_version": v}
	if props != nil {
		data["token_properties"] = props
	}
	datas.put(data)
	soulbound := o.untransferable || !o.ungated
	if prev, ok := s.tokenOwner[a]; ok && prev.owner != o.owner {
		// Moved without a Transfer event naming the previous owner.
		owns.put(s.ownershipRow(r, a, prev.owner, 0, soulbound, !o.ungated))
	}
	owns.put(s.ownershipRow(r, a, o.owner, 1, soulbound, !o.ungated))
	s.tokenOwner[a] = ownerOf{owner: o.owner, soulbound: soulbound, locked: !o.ungated}
	return nil
}

// ownerOf is the indexed owner of a live token.
type ownerOf struct {
	owner             ledgerapi.Address
	soulbound, locked bool
}

func (s *state) ownershipRow(r *resReader, a, owner ledgerapi.Address, amount uint64, soulbound, locked bool) row {
	return row{"token_data_id": addr(a), "property_version_v1": num(0), "owner_address": addr(owner),
		"storage_id": addr(a), "amount": num(amount), "table_type_v1": nil, "token_properties_mutated_v1": nil,
		"is_soulbound_v2": soulbound, "token_standard": "v2", "is_fungible_v2": nil,
		"last_transaction_timestamp": r.x.ts, "last_transaction_version": num(r.x.t.Version),
		"non_transferrable_by_owner": locked}
}

// transferredAway writes amount 0 for the previous owner of every token
// an object Transfer event moved to someone else.
func (s *state) transferredAway(r *resReader) error {
	for i := range r.x.t.Events {
		e := &r.x.t.Events[i]
		if !eventIs(e, "object", "Transfer") && !eventIs(e, "object", "TransferEvent") {
			continue
		}
		obj, from, to, ok := transferEvent(e.Data)
		if !ok || from == to {
			continue
		}
		cur, live := s.tokenOwner[obj]
		if !live {
			continue
		}
		s.tables[tTokenOwnerships].put(s.ownershipRow(r, obj, from, 0, cur.soulbound, cur.locked))
	}
	return nil
}

// transferEvent decodes Transfer/TransferEvent {object, from, to}.
func transferEvent(b []byte) (obj, from, to ledgerapi.Address, ok bool) {
	d := bcs.NewDecoder(b)
	d.Fixed(obj[:], "object")
	d.Fixed(from[:], "from")
	d.Fixed(to[:], "to")
	return obj, from, to, d.Err() == nil
}
