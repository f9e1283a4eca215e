package indexer

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
)

// The token tables for legacy tokens (0x3), as the token_v2 processor
// fills them with token_standard "v1". Their state lives in tables: the
// indexer learns the handles of the creators' Collections (collection
// data and token data tables), the owners' TokenStores and the senders'
// PendingClaims from the resources that hold them, and derives
//   - current_collections_v2 from each CollectionData item written, its
//     creator the owner of the table, its id the hex SHA-256 of
//     "<creator>::<collection name>";
//   - current_token_datas_v2 from each TokenData item written, its id the
//     hex SHA-256 of "<creator>::<collection>::<name>";
//   - current_token_ownerships_v2 from each Token item written to a table
//     (the amount held) or TokenId item deleted (amount 0), keyed by the
//     table handle as storage_id: a TokenStore's owner holds it; in
//     another table (an offer's) it is the account of the transaction's
//     last TokenDeposit of that token data, and without one there is no
//     row (the processor knows a TokenStore's owner only when its batch
//     writes the store, else it too goes by the deposit; here a store is
//     known from its creation on, so a partial withdrawal, which deposits
//     nothing, still updates the amount);
//   - token_activities_v2 from the v1 token events and the token_transfers
//     offer, claim and cancel events, with the event's type.
// A transaction touching no 0x3 resource, no learned table and emitting
// no 0x3 event costs one pass over its changes and events.

var addr3 = ledgerapi.Address{31: 3}

// v1TokenStoreType is table_type_v1 of every v1 ownership row.
const v1TokenStoreType = "0x3::token::TokenStore"

// v1Kind says what a 0x3 table holds.
type v1Kind uint8

const (
	v1Store          v1Kind = iota + 1 // TokenStore.tokens: TokenId → Token
	v1CollectionData                   // Collections.collection_data: String → CollectionData
	v1TokenData                        // Collections.token_data: TokenDataId → TokenData
	v1Claims                           // PendingClaims.pending_claims: TokenOfferId → Token
)

// v1Table is a learned 0x3 table: what it holds and the account whose
// resource holds it.
type v1Table struct {
	kind  v1Kind
	owner ledgerapi.Address
}

// v1DataID is a TokenDataId.
type v1DataID struct {
	creator          ledgerapi.Address
	collection, name string
}

func (id *v1DataID) decode(d *bcs.Decoder) {
	d.Fixed(id.creator[:], "creator")
	id.collection, id.name = d.String("collection"), d.String("name")
}

// hashID is "0x" and the hex SHA-256 of s, the processor's v1 ids.
func hashID(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "0x" + hex.EncodeToString(sum[:])
}

// tokenDataID is the token_data_id of id.
func (id *v1DataID) tokenDataID() string {
	return hashID(addr(id.creator) + "::" + id.collection + "::" + id.name)
}

// v1CollectionID is the collection_id of creator's collection name.
func v1CollectionID(creator ledgerapi.Address, name string) string {
	return hashID(addr(creator) + "::" + name)
}

// v1TokenID is a TokenId.
type v1TokenID struct {
	data    v1DataID
	version uint64
}

func (id *v1TokenID) decode(d *bcs.Decoder) {
	id.data.decode(d)
	id.version = d.U64("property_version")
}

// touchesV1 reports whether the transaction writes a 0x3 resource or a
// learned table's item, or emits a 0x3 event.
func (s *state) touchesV1(x *tx) bool {
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		switch c.Key.Kind {
		case storage.StateResource:
			if c.Key.Resource.Address == addr3 {
				return true
			}
		case storage.StateTableItem:
			if _, ok := s.v1Tables[c.Key.Handle]; ok {
				return true
			}
		}
	}
	for i := range x.t.Events {
		if e := &x.t.Events[i]; e.Type.Kind == ledgerapi.KindStruct && e.Type.Struct != nil && e.Type.Struct.Address == addr3 {
			return true
		}
	}
	return false
}

// tokensV1 updates the token tables from the transaction's 0x3 state and
// events.
func (s *state) tokensV1(x *tx) {
	if !s.touchesV1(x) {
		return
	}
	s.learnV1Tables(x)
	deposits := s.v1Activities(x)
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind != storage.StateTableItem {
			continue
		}
		if tb, ok := s.v1Tables[c.Key.Handle]; ok {
			s.v1Item(x, c, tb, deposits)
		}
	}
}

// learnV1Tables records the tables of the Collections, TokenStores and
// PendingClaims the transaction writes (each begins with its handles).
func (s *state) learnV1Tables(x *tx) {
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		tag := c.Key.Resource
		if c.Key.Kind != storage.StateResource || c.Deleted || tag.Address != addr3 {
			continue
		}
		var kinds []v1Kind
		switch {
		case tag.Module == "token" && tag.Name == "TokenStore":
			kinds = []v1Kind{v1Store}
		case tag.Module == "token" && tag.Name == "Collections":
			kinds = []v1Kind{v1CollectionData, v1TokenData}
		case tag.Module == "token_transfers" && tag.Name == "PendingClaims":
			kinds = []v1Kind{v1Claims}
		}
		if len(c.Value) < 32*len(kinds) {
			continue
		}
		if s.v1Tables == nil {
			s.v1Tables = map[ledgerapi.Address]v1Table{}
		}
		for j, k := range kinds {
			var h ledgerapi.Address
			copy(h[:], c.Value[32*j:])
			s.v1Tables[h] = v1Table{kind: k, owner: c.Key.Address}
		}
	}
}

// v1Item adds the row an item of a learned table gives.
func (s *state) v1Item(x *tx, c *storage.WriteOp, tb v1Table, deposits map[string]ledgerapi.Address) {
	switch {
	case tb.kind == v1CollectionData && !c.Deleted:
		s.v1Collection(x, c, tb.owner)
	case tb.kind == v1TokenData && !c.Deleted:
		s.v1TokenData(x, c)
	case (tb.kind == v1Store || tb.kind == v1Claims) && !c.Deleted:
		d := bcs.NewDecoder(c.Value)
		var id v1TokenID
		id.decode(d)
		amount := d.U64("amount")
		props := v1PropertyMapJSON(d)
		if d.Err() != nil {
			return
		}
		tokenID := id.data.tokenDataID()
		owner, ok := tb.owner, tb.kind == v1Store
		if !ok {
			owner, ok = deposits[tokenID]
		}
		if ok {
			s.v1Ownership(x, c.Key.Handle, tokenID, id.version, owner, amount, props)
		}
	case tb.kind == v1Store:
		d := bcs.NewDecoder(c.Key.Key)
		var id v1TokenID
		id.decode(d)
		if d.Err() == nil {
			s.v1Ownership(x, c.Key.Handle, id.data.tokenDataID(), id.version, tb.owner, 0, nil)
		}
	}
}

// v1Collection adds the current_collections_v2 row of a CollectionData
// written to creator's table.
func (s *state) v1Collection(x *tx, c *storage.WriteOp, creator ledgerapi.Address) {
	d := bcs.NewDecoder(c.Value)
	desc, name, uri := d.String("description"), d.String("name"), d.String("uri")
	supply, max := d.U64("supply"), d.U64("maximum")
	mutDesc, mutURI := d.Bool("mutability_config.description"), d.Bool("mutability_config.uri")
	if d.Err() != nil {
		return
	}
	s.tables[tCollections].put(row{"collection_id": v1CollectionID(creator, name), "creator_address": addr(creator),
		"collection_name": name, "description": desc, "uri": uri, "current_supply": num(supply), "max_supply": num(max),
		"total_minted_v2": nil, "mutable_description": mutDesc, "mutable_uri": mutURI,
		"table_handle_v1": addr(c.Key.Handle), "token_standard": "v1",
		"last_transaction_version": num(x.t.Version), "last_transaction_timestamp": x.ts,
		"collection_properties": nil})
}

// v1TokenData adds the current_token_datas_v2 row of a TokenData item.
func (s *state) v1TokenData(x *tx, c *storage.WriteOp) {
	k := bcs.NewDecoder(c.Key.Key)
	var id v1DataID
	id.decode(k)
	d := bcs.NewDecoder(c.Value)
	max, largest, supply := d.U64("maximum"), d.U64("largest_property_version"), d.U64("supply")
	uri := d.String("uri")
	d.U64("royalty_points_numerator")
	d.U64("royalty_points_denominator")
	var payee ledgerapi.Address
	d.Fixed(payee[:], "payee_address")
	d.String("name")
	desc := d.String("description")
	props := v1PropertyMapJSON(d)
	if k.Err() != nil || d.Err() != nil {
		return
	}
	s.tables[tTokenDatas].put(row{"token_data_id": id.tokenDataID(), "collection_id": v1CollectionID(id.creator, id.collection),
		"token_name": id.name, "description": desc, "token_uri": uri, "token_properties": props, "token_standard": "v1",
		"is_fungible_v2": nil, "is_deleted_v2": nil, "largest_property_version_v1": num(largest), "maximum": num(max),
		"supply": num(supply), "decimals": nil, "last_transaction_timestamp": x.ts, "last_transaction_version": num(x.t.Version)})
}

// v1Ownership adds a current_token_ownerships_v2 row; props is nil for a
// deleted item.
func (s *state) v1Ownership(x *tx, handle ledgerapi.Address, tokenID string, version uint64, owner ledgerapi.Address, amount uint64, props json.RawMessage) {
	var mutated any
	if props != nil {
		mutated = props
	}
	s.tables[tTokenOwnerships].put(row{"token_data_id": tokenID, "property_version_v1": num(version),
		"owner_address": addr(owner), "storage_id": addr(handle), "amount": num(amount), "table_type_v1": v1TokenStoreType,
		"token_properties_mutated_v1": mutated, "is_soulbound_v2": nil, "token_standard": "v1", "is_fungible_v2": nil,
		"last_transaction_timestamp": x.ts, "last_transaction_version": num(x.t.Version), "non_transferrable_by_owner": nil})
}

// v1PropertyMapJSON reads a v1 PropertyMap (its entries' key, value bytes
// and type name) and renders it as the processor does: an object of key
// to value, the value decoded by its type name when it is one of
// String, u8, u64, u128, bool or address, else its 0x-hex.
func v1PropertyMapJSON(d *bcs.Decoder) json.RawMessage {
	n := d.SeqLen("PropertyMap", 3)
	m := make(map[string]string, n)
	for i := 0; i < n && d.Err() == nil; i++ {
		k, v, typ := d.String("key"), d.ReadBytes("value"), d.String("type")
		m[k] = v1PropertyValue(typ, v)
	}
	if d.Err() != nil {
		return nil
	}
	out, _ := json.Marshal(m)
	return out
}

// v1PropertyValue renders a v1 property value: decoded by its type name
// when the bytes are exactly a value of that type, else as 0x-hex. An
// address is read as a BCS string, as the processor reads it, so it only
// decodes in the rare case its bytes are one.
func v1PropertyValue(typ string, v []byte) string {
	d := bcs.NewDecoder(v)
	var s string
	switch typ {
	case "0x1::string::String":
		s = d.String("string")
	case "u8":
		s = strconv.FormatUint(uint64(d.U8("u8")), 10)
	case "u64":
		s = strconv.FormatUint(d.U64("u64"), 10)
	case "u128":
		s = u128(d.U128("u128"))
	case "bool":
		s = strconv.FormatBool(d.Bool("bool"))
	case "address":
		s = "0x" + d.String("address")
	default:
		return hexString(v)
	}
	if d.Finish() != nil {
		return hexString(v)
	}
	return s
}
