package aptostoken

// 0x3::token_event_store: the events of legacy-token mutations and
// opt-ins that token's own structs do not have. TokenEventStoreV1 (nine
// v1 EventHandles and `extension: Option<0x1::any::Any>`) is made at the
// account on its first event, as on Aptos; the events are emitted as the
// module events Aptos emits today (its v1 handles stay at counter 0).
// The module's functions are friend functions of 0x3::token; token's
// natives call the Go helper storeEvent, the declared friend functions
// do the same from their arguments.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const eventStoreModule = "token_event_store"

var tokenEventStoreTag = tag3(eventStoreModule, "TokenEventStoreV1")

// tokenEventStore is TokenEventStoreV1: its handles in field order and an
// extension that is always none (only this module could set it).
type tokenEventStore struct {
	Handles [9]onchain.EventHandle
}

func (s *tokenEventStore) MarshalBCS(e *bcs.Encoder) {
	for i := range s.Handles {
		s.Handles[i].MarshalBCS(e)
	}
	e.SeqLen(0) // extension: option::none<Any>()
}

// initEventStore is initialize_token_event_store: a's TokenEventStoreV1,
// made with nine new handles when a has none.
func initEventStore(h native.Host, a ledgerapi.Address) error {
	if _, ok, err := h.Resource(a, tokenEventStoreTag); err != nil || ok {
		return err
	}
	var s tokenEventStore
	if err := newHandles(h, a, s.Handles[:]); err != nil {
		return err
	}
	return putRes(h, a, tokenEventStoreTag, &s)
}

// storeEvent is one of the module's emit_* functions: the signer's store
// made if absent, then the module event name {signer's address, fields}.
func storeEvent(c *native.Context, signer ledgerapi.Address, name string, fields enc) error {
	if err := initEventStore(native.Metered(c), signer); err != nil {
		return err
	}
	return emit(c, tag3(eventStoreModule, name), enc(func(e *bcs.Encoder) {
		e.Fixed(signer[:])
		fields(e)
	}))
}

// strPair is the fields {old, new} of a String mutation.
func strPair(old, new string) enc {
	return func(e *bcs.Encoder) { e.String(old); e.String(new) }
}

// u64Pair is the fields {old, new} of a u64 mutation.
func u64Pair(old, new uint64) enc {
	return func(e *bcs.Encoder) { e.U64(old); e.U64(new) }
}

// inToken is the fields {collection, token} and then more.
func inToken(id *tokenDataID, more enc) enc {
	return func(e *bcs.Encoder) { e.String(id.Collection); e.String(id.Name); more(e) }
}

// inCollection is the field collection_name and then more.
func inCollection(name string, more enc) enc {
	return func(e *bcs.Encoder) { e.String(name); more(e) }
}

// emitFriend is an emit_* friend function: its event holds the signer's
// address and then the other arguments in order, which is their BCS.
func emitFriend(name string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		var rest []byte
		for _, v := range args[1:] {
			b, err := native.SerializeCharged(c.NativeContext, v)
			if err != nil {
				return nil, err
			}
			rest = append(rest, b...)
		}
		return nil, storeEvent(c, signerAddr(args[0]), name, func(e *bcs.Encoder) { e.Fixed(rest) })
	}
}

// TokenEventStore declares 0x3::token_event_store.
func TokenEventStore() native.Module {
	s, u := tString, "u64"
	ev := func(name string) string {
		return "0x1::event::EventHandle<0x3::token_event_store::" + name + ">"
	}
	coll := func(kind, t string) []string {
		return []string{"creator_addr: address", "collection_name: " + s, "old_" + kind + ": " + t, "new_" + kind + ": " + t}
	}
	tok := func(more ...string) []string {
		return append([]string{"creator: address", "collection: " + s, "token: " + s}, more...)
	}
	pv := "0x3::property_map::PropertyValue"
	props := tok("keys: vector<"+s+">", "old_values: vector<0x1::option::Option<"+pv+">>", "new_values: vector<"+pv+">")
	royalty := tok("old_royalty_numerator: u64", "old_royalty_denominator: u64", "old_royalty_payee_addr: address",
		"new_royalty_numerator: u64", "new_royalty_denominator: u64", "new_royalty_payee_addr: address")
	v1 := func(name string, fields ...string) native.Struct { return plain(name, dropStore, fields...) }
	friend := func(name string, params ...string) native.Function {
		f := fn(name, append([]string{tSigner}, params...), nil, nil)
		f.Visibility = native.Friend
		return f
	}
	fns := []native.Function{
		friend("emit_collection_uri_mutate_event", s, s, s),
		friend("emit_collection_description_mutate_event", s, s, s),
		friend("emit_collection_maximum_mutate_event", s, u, u),
		friend("emit_token_opt_in_event", "bool"),
		friend("emit_token_uri_mutate_event", s, s, s, s),
		friend("emit_default_property_mutate_event", s, s, "vector<"+s+">", "vector<0x1::option::Option<"+pv+">>", "vector<"+pv+">"),
		friend("emit_token_descrition_mutate_event", s, s, s, s),
		friend("emit_token_royalty_mutate_event", s, s, u, u, "address", u, u, "address"),
		friend("emit_token_maximum_mutate_event", s, s, u, u),
	}
	for i, name := range []string{"CollectionUriMutate", "CollectionDescriptionMutate", "CollectionMaximumMutate", "OptInTransfer",
		"UriMutation", "DefaultPropertyMutate", "DescriptionMutate", "RoyaltyMutate", "MaximumMutate"} {
		fns[i].Impl = emitFriend(name)
	}
	return native.Module{Address: addr, Name: eventStoreModule, Package: pkg, Friends: []string{"0x3::token"},
		Structs: []native.Struct{
			v1("CollectionDescriptionMutateEvent", coll("description", s)...),
			event("CollectionDescriptionMutate", coll("description", s)...),
			v1("CollectionUriMutateEvent", coll("uri", s)...),
			event("CollectionUriMutate", coll("uri", s)...),
			v1("CollectionMaxiumMutateEvent", coll("maximum", u)...),
			event("CollectionMaximumMutate", coll("maximum", u)...),
			v1("OptInTransferEvent", "opt_in: bool"),
			event("OptInTransfer", "account_address: address", "opt_in: bool"),
			v1("UriMutationEvent", tok("old_uri: "+s, "new_uri: "+s)...),
			event("UriMutation", tok("old_uri: "+s, "new_uri: "+s)...),
			v1("DefaultPropertyMutateEvent", props...),
			event("DefaultPropertyMutate", props...),
			v1("DescriptionMutateEvent", tok("old_description: "+s, "new_description: "+s)...),
			event("DescriptionMutate", tok("old_description: "+s, "new_description: "+s)...),
			v1("RoyaltyMutateEvent", royalty...),
			event("RoyaltyMutate", royalty...),
			v1("MaxiumMutateEvent", tok("old_maximum: u64", "new_maximum: u64")...),
			event("MaximumMutate", tok("old_maximum: u64", "new_maximum: u64")...),
			plain("TokenEventStoreV1", []string{native.AbilityKey},
				"collection_uri_mutate_events: "+ev("CollectionUriMutateEvent"),
				"collection_maximum_mutate_events: "+ev("CollectionMaxiumMutateEvent"),
				"collection_description_mutate_events: "+ev("CollectionDescriptionMutateEvent"),
				"opt_in_events: "+ev("OptInTransferEvent"),
				"uri_mutate_events: "+ev("UriMutationEvent"),
				"default_property_mutate_events: "+ev("DefaultPropertyMutateEvent"),
				"description_mutate_events: "+ev("DescriptionMutateEvent"),
				"royalty_mutate_events: "+ev("RoyaltyMutateEvent"),
				"maximum_mutate_events: "+ev("MaxiumMutateEvent"),
				"extension: 0x1::option::Option<0x1::any::Any>"),
			event("CollectionMaxiumMutate", coll("maximum", u)...),
		},
		Functions: fns,
	}
}
