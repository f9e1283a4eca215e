package indexer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// state is everything indexed so far.
type state struct {
	store   storage.Reader
	reverts uint64
	tables  map[string]*table

	next          uint64 // the next version to index
	last          uint64 // the last indexed version, when indexed
	indexed       bool
	lastTimestamp uint64
	height, epoch uint64
	blockLast     uint64 // the last version of the current block
	inBlock       bool   // height, epoch and blockLast are set

	// faToCoin maps a paired fungible asset's metadata address to its coin
	// type (0xa → AptosCoin, others from PairCreation events).
	faToCoin map[ledgerapi.Address]string
	// tokenOwner holds the owner of every live 0x4 token.
	tokenOwner map[ledgerapi.Address]ownerOf
	// tableTypes holds the key and value types of the tables seen;
	// holdsTable caches which types can hold a table (tabletypes.go).
	tableTypes map[ledgerapi.Address]tableType
	holdsTable map[tagKey]bool
	// resolver decodes event data during a catch-up, nil without modules.
	resolver modules.Resolver
}

func newState(store storage.Reader, reverts uint64) *state {
	s := &state{store: store, reverts: reverts, tables: map[string]*table{},
		faToCoin:   map[ledgerapi.Address]string{aptMetadata: aptCoinType},
		tokenOwner: map[ledgerapi.Address]ownerOf{},
		tableTypes: map[ledgerapi.Address]tableType{}, holdsTable: map[tagKey]bool{}}
	in := newInterner()
	for i := range schema.Tables {
		s.tables[schema.Tables[i].Name] = newTable(&schema.Tables[i], in)
	}
	return s
}

// tx is the context of the transaction being indexed.
type tx struct {
	t       *storage.Transaction
	signed  *txn.SignedTransaction // user transactions only
	entry   string                 // entry_function_id_str, or nil
	ts      string
	success bool
}

// entryID returns the entry function id, or nil.
func (x *tx) entryID() any {
	if x.entry == "" {
		return nil
	}
	return x.entry
}

// index derives the rows of one committed transaction.
func (s *state) index(ctx context.Context, t *storage.Transaction) error {
	if !s.inBlock || t.Version > s.blockLast {
		b, err := s.store.BlockByVersion(ctx, t.Version)
		if err != nil {
			return fmt.Errorf("indexer: block of version %d: %w", t.Version, err)
		}
		s.height, s.epoch, s.blockLast, s.inBlock = b.Height, b.Epoch, b.LastVersion, true
	}
	x := &tx{t: t, ts: timestamp(t.TimestampUsec), success: t.Info.Success()}
	if t.Kind == storage.KindUser {
		// A payload that does not decode (it was accepted, so it should)
		// still gives the rows that need no body.
		if st, err := txn.DecodeSignedTransaction(t.Payload); err == nil {
			x.signed = st
			if ef := st.Raw.Payload.EntryFunction; ef != nil {
				x.entry = ef.Module.String() + "::" + ef.Function
			}
		}
	}
	s.userTransaction(x)
	s.accountTransactions(x)
	s.events(x)
	s.tableItems(x)
	s.signatures(x)
	if err := s.fungibleAssets(ctx, x); err != nil {
		return err
	}
	s.objects(x)
	if err := s.tokens(ctx, x); err != nil {
		return err
	}
	s.restoration(x)
	s.last, s.indexed, s.next = t.Version, true, t.Version+1
	s.lastTimestamp = t.TimestampUsec
	return nil
}

// userTransaction adds the user_transactions row.
func (s *state) userTransaction(x *tx) {
	if x.signed == nil {
		return
	}
	raw := &x.signed.Raw
	r := row{"version": num(x.t.Version), "block_height": num(s.height), "epoch": num(s.epoch),
		"sender": addr(raw.Sender), "sequence_number": nil, "entry_function_id_str": x.entryID(),
		"entry_function_contract_address": nil, "entry_function_module_name": nil,
		"entry_function_function_name": nil, "expiration_timestamp_secs": timestampSecs(raw.ExpirationTimestampSecs),
		"gas_unit_price": num(raw.GasUnitPrice), "max_gas_amount": num(raw.MaxGasAmount),
		"parent_signature_type": signatureTypeName(x.signed.Auth.Variant), "timestamp": x.ts,
		"replay_protection_nonce": nil}
	if x.t.SequenceNumber != nil {
		r["sequence_number"] = num(*x.t.SequenceNumber)
	}
	if n := raw.Payload.ReplayProtectionNonce; n != nil {
		r["replay_protection_nonce"] = num(*n)
	}
	if ef := raw.Payload.EntryFunction; ef != nil {
		r["entry_function_contract_address"] = addr(ef.Module.Address)
		r["entry_function_module_name"] = ef.Module.Name
		r["entry_function_function_name"] = ef.Function
	}
	s.tables[tUserTransactions].put(r)
}

// signatureTypeName names a transaction authenticator as the indexer does.
func signatureTypeName(v txn.AuthVariant) string {
	switch v {
	case txn.AuthEd25519:
		return "ed25519_signature"
	case txn.AuthMultiEd25519:
		return "multi_ed25519_signature"
	case txn.AuthMultiAgent:
		return "multi_agent_signature"
	case txn.AuthFeePayer:
		return "fee_payer_signature"
	}
	return "single_sender"
}

// accountTransactions adds a row for every account the transaction
// touches: its signers, the accounts of its v1 event streams (0x0 for
// module events), the holders of the resources it writes or deletes, and
// the owners of the objects it writes.
func (s *state) accountTransactions(x *tx) {
	seen := map[ledgerapi.Address]bool{}
	if x.signed != nil {
		seen[x.signed.Raw.Sender] = true
		for _, a := range x.signed.Auth.SecondaryAddresses {
			seen[a] = true
		}
		if x.signed.Auth.Variant == txn.AuthFeePayer {
			seen[x.signed.Auth.FeePayerAddress] = true
		}
	} else if x.t.Sender != nil {
		seen[*x.t.Sender] = true
	}
	for i := range x.t.Events {
		seen[x.t.Events[i].Key.Account] = true
	}
	for i := range x.t.Changes {
		w := &x.t.Changes[i]
		if w.Key.Kind != storage.StateResource {
			continue
		}
		seen[w.Key.Address] = true
		if !w.Deleted && isTag(w.Key.Resource, "object", "ObjectCore") {
			if oc, ok := decodeObjectCore(w.Value); ok {
				seen[oc.Owner] = true
			}
		}
	}
	// Aptos writes an object's resources as one group, ObjectCore
	// included, so writing any of them names the object's owner.
	owners := map[string]bool{}
	objects := s.tables[tCurrentObjects]
	for a := range seen {
		if r, ok := objects.lookup(row{"object_address": addr(a)}); ok {
			if o, ok := r.Get("owner_address").(string); ok {
				owners[o] = true
			}
		}
	}
	t := s.tables[tAccountTxns]
	for a := range seen {
		owners[addr(a)] = true
	}
	for a := range owners {
		t.put(row{"account_address": a, "transaction_version": num(x.t.Version)})
	}
}

// events adds the events rows.
func (s *state) events(x *tx) {
	t := s.tables[tEvents]
	for i := range x.t.Events {
		e := &x.t.Events[i]
		typ := e.Type.String()
		indexed := typ
		if len(indexed) > 300 {
			indexed = indexed[:300]
		}
		t.put(row{"transaction_version": num(x.t.Version), "event_index": num(uint64(i)),
			"account_address": addr(e.Key.Account), "creation_number": num(e.Key.CreationNumber),
			"sequence_number": num(e.SequenceNumber), "type": typ, "indexed_type": indexed,
			"data": s.eventData(e), "transaction_block_height": num(s.height)})
	}
}

// eventData renders an event's data as JSON: decoded with the module
// layouts when they are known, else as hex.
func (s *state) eventData(e *storage.Event) json.RawMessage {
	if s.resolver != nil {
		if out, err := (movevalue.Codec{Resolver: s.resolver}).BCSToJSON(e.Type, e.Data); err == nil && json.Valid(out) {
			return out
		}
	}
	return rawHexJSON(e.Data)
}

// rawHexJSON renders bytes whose Move layout is not decoded as a JSON
// string of 0x-prefixed hex.
func rawHexJSON(b []byte) json.RawMessage {
	out, _ := json.Marshal(hexString(b))
	return out
}

// tableItems adds table_items, current_table_items and table_metadatas rows.
func (s *state) tableItems(x *tx) {
	items, current, metas := s.tables[tTableItems], s.tables[tCurrentTableItems], s.tables[tTableMetadatas]
	s.learnTableTypes(x)
	for i := range x.t.Changes {
		w := &x.t.Changes[i]
		if w.Key.Kind != storage.StateTableItem {
			continue
		}
		handle, key := addr(w.Key.Handle), hexString(w.Key.Key)
		decodedKey, decodedValue, tt, known := s.decodeTableItem(w)
		var value any
		if !w.Deleted {
			value = decodedValue
		}
		items.put(row{"transaction_version": num(x.t.Version), "write_set_change_index": num(uint64(i)),
			"transaction_block_height": num(s.height), "table_handle": handle, "key": key,
			"decoded_key": decodedKey, "decoded_value": value, "is_deleted": w.Deleted})
		current.put(row{"table_handle": handle, "key_hash": hashHex(w.Key.Key), "key": key,
			"decoded_key": decodedKey, "decoded_value": value, "is_deleted": w.Deleted,
			"last_transaction_version": num(x.t.Version)})
		meta := row{"handle": handle, "key_type": "", "value_type": ""}
		if known {
			meta["key_type"], meta["value_type"] = tt.key.String(), tt.value.String()
		}
		if old, ok := metas.lookup(row{"handle": handle}); !ok || known && old.Get("key_type") == "" {
			metas.put(meta)
		}
	}
}

// isTag reports whether tag is 0x1::module::name (any type arguments).
func isTag(tag ledgerapi.StructTag, module, name string) bool {
	return tag.Address == ledgerapi.AddressOne && tag.Module == module && tag.Name == name
}

// eventIs reports whether e's type is 0x1::module::name.
func eventIs(e *storage.Event, module, name string) bool {
	return e.Type.Kind == ledgerapi.KindStruct && e.Type.Struct != nil && isTag(*e.Type.Struct, module, name)
}

// hexString renders bytes as 0x-prefixed hex.
func hexString(b []byte) string { return ledgerapi.HexBytes(b).String() }
