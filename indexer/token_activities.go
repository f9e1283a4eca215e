package indexer

import (
	"encoding/json"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// token_activities_v2 from the collection, object and token events, and
// current_collection_ownership_v2_view grouped from the ownerships.

// tokenBurn is a token burned by the transaction.
type tokenBurn struct{ collection ledgerapi.Address }

// tokenActivities adds token_activities_v2 rows for collection
// Mint/Burn (and their v1 events), object transfers of tokens and token
// mutations; it returns the tokens burned.
func (s *state) tokenActivities(r *resReader) (map[ledgerapi.Address]*tokenBurn, error) {
	t := s.tables[tTokenActivities]
	burned := map[ledgerapi.Address]*tokenBurn{}
	for i := range r.x.t.Events {
		e := &r.x.t.Events[i]
		if !tokenEvent(e) {
			continue
		}
		tag := e.Type.Struct
		typ := tag.String()
		d := bcs.NewDecoder(e.Data)
		var tok, from ledgerapi.Address
		var to *ledgerapi.Address
		var before, after any
		amount := uint64(1)
		hasFrom := true
		switch {
		case is4(*tag, "collection", "Mint"), is4(*tag, "collection", "Burn"):
			var coll ledgerapi.Address
			d.Fixed(coll[:], "collection")
			d.U64("index")
			d.Fixed(tok[:], "token")
			if tag.Name == "Burn" {
				d.Fixed(from[:], "previous_owner")
				burned[tok] = &tokenBurn{collection: coll}
			}
		case is4(*tag, "collection", "MintEvent"), is4(*tag, "collection", "BurnEvent"):
			d.U64("index")
			d.Fixed(tok[:], "token")
			if tag.Name == "BurnEvent" {
				if _, ok := burned[tok]; !ok {
					burned[tok] = &tokenBurn{collection: e.Key.Account}
				}
				prev, ok := s.tokenOwner[tok]
				from, hasFrom = prev.owner, ok
			}
		case is4(*tag, "token", "Mutation"):
			d.Fixed(tok[:], "token_address")
			d.String("mutated_field_name")
			before, after = d.String("old_value"), d.String("new_value")
			from, amount, typ = tok, 0, "0x4::collection::MutationEvent"
		case is4(*tag, "token", "MutationEvent"):
			tok = e.Key.Account
			d.String("mutated_field_name")
			before, after = d.String("old_value"), d.String("new_value")
			amount = 0
			if r.x.signed != nil {
				from = r.x.signed.Raw.Sender
			}
		case eventIs(e, "object", "Transfer"), eventIs(e, "object", "TransferEvent"):
			obj, f, dst, ok := transferEvent(e.Data)
			if !ok {
				continue
			}
			if _, isToken, err := r.get(obj, tag4("token", "Token")); err != nil {
				return nil, err
			} else if !isToken {
				if _, live := s.tokenOwner[obj]; !live {
					continue
				}
			}
			tok, from, to = obj, f, &dst
		default:
			continue
		}
		if d.Err() != nil {
			continue
		}
		o, err := r.object(tok)
		if err != nil {
			return nil, err
		}
		switch {
		case !o.exists:
			// The object is gone (burned): the event's own type and the
			// previous owner.
			typ = tag.String()
		case is4(*tag, "collection", "Mint"), is4(*tag, "collection", "MintEvent"):
			from = o.owner
			typ = "0x4::collection::MintEvent"
		case is4(*tag, "collection", "Burn"), is4(*tag, "collection", "BurnEvent"):
			from, hasFrom = o.owner, true
			typ = "0x4::collection::BurnEvent"
		}
		var fromV, toV any
		if hasFrom {
			fromV = addr(from)
		}
		if to != nil {
			toV = addr(*to)
		}
		t.put(row{"transaction_version": num(r.x.t.Version), "event_index": num(uint64(i)),
			"event_account_address": addr(e.Key.Account), "token_data_id": addr(tok), "property_version_v1": num(0),
			"type": typ, "from_address": fromV, "to_address": toV, "token_amount": num(amount),
			"before_value": before, "after_value": after, "entry_function_id_str": r.x.entryID(),
			"token_standard": "v2", "is_fungible_v2": nil, "transaction_timestamp": r.x.ts})
	}
	return burned, nil
}

// collectionOwnership computes current_collection_ownership_v2_view:
// the ownerships with amount > 0 grouped by owner and collection.
func (s *state) collectionOwnership() []gql.Row {
	type key struct{ owner, coll string }
	type agg struct {
		tokens map[string]bool
		last   json.Number
		uri    any
	}
	groups := map[key]*agg{}
	var order []key
	datas, colls := s.tables[tTokenDatas], s.tables[tCollections]
	for _, o := range s.tables[tTokenOwnerships].snapshot() {
		if n, _ := o.Get("amount").(json.Number); n == "" || n == "0" {
			continue
		}
		id := o.Get("token_data_id")
		d, ok := datas.lookup(row{"token_data_id": id})
		if !ok {
			continue
		}
		coll, _ := d.Get("collection_id").(string)
		k := key{o.Get("owner_address").(string), coll}
		g := groups[k]
		if g == nil {
			g = &agg{tokens: map[string]bool{}}
			groups[k] = g
			order = append(order, k)
		}
		g.tokens[id.(string)] = true
		g.uri = d.Get("token_uri")
		if v, _ := o.Get("last_transaction_version").(json.Number); g.last == "" || compareNumbers(v, g.last) > 0 {
			g.last = v
		}
	}
	out := make([]gql.Row, 0, len(order))
	for _, k := range order {
		g := groups[k]
		c, ok := colls.lookup(row{"collection_id": k.coll})
		if !ok {
			continue
		}
		var single any
		if len(g.tokens) == 1 {
			single = g.uri
		}
		out = append(out, gql.NewRow(collectionOwnershipLayout, []any{k.owner, k.coll, c.Get("collection_name"),
			c.Get("uri"), c.Get("creator_address"), num(uint64(len(g.tokens))), g.last, single}))
	}
	return out
}

var collectionOwnershipLayout = layoutOf(mustTable(tCollectionOwnerVw))

func mustTable(name string) *gql.Table {
	t, ok := tableByName(name)
	if !ok {
		panic("indexer: no table " + name)
	}
	return t
}
