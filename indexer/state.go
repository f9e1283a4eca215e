package indexer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// state is everything indexed so far.
type state struct {
	store   storage.Reader
	reverts uint64
	tables  map[string]*table
	hot     hotTables // pointers to some of tables

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
	// v1Tables holds the 0x3 tables learned from their resources
	// (tokens_v1.go); nil until the first.
	v1Tables map[ledgerapi.Address]v1Table
	// tableTypes holds the key and value types of the tables seen;
	// holdsTable caches which types can hold a table (tabletypes.go).
	tableTypes map[ledgerapi.Address]tableType
	holdsTable map[tagKey]bool
	// resolver decodes table items during a catch-up, and layouts
	// event data; both nil without modules.
	resolver modules.Resolver
	layouts  *eventLayouts
	// in interns the values of every table's rows.
	in *interner
	// std holds the cells of values most rows repeat, interned once.
	std stdCells
	// cache holds what the derivation rendered or hashed lately.
	cache renderCache
}

// renderCache is what the derivation keeps of what it rendered or hashed,
// to do it again for a later transaction; an empty one is valid.
type renderCache struct {
	// owners are the owners of objects found by owner for the current
	// transaction's fungible assets.
	owners []foundOwner
	// seen and ownerCells are accountTransactions' buffers.
	seen       []ledgerapi.Address
	ownerCells []*gql.Cell
	// ed25519Keys are single Ed25519 public keys' renderings (by their
	// bytes), bounded by maxEd25519Keys.
	ed25519Keys map[string]ed25519Rendered
	// The timestamp last rendered and the expiration time last rendered
	// (a block's transactions share the one, a sender's often the other).
	tsUsec, expSecs uint64
	ts              string
	tsKnown         bool
	expCell         *gql.Cell
	// entryIDs caches the entry function ids rendered (entryID).
	entryIDs map[entryKey]string
	// primaryStores caches primary store addresses (primaryStore).
	primaryStores map[[2]ledgerapi.Address]ledgerapi.Address
}

func newState(store storage.Reader, reverts uint64) *state {
	s := &state{store: store, reverts: reverts, tables: map[string]*table{},
		faToCoin:   map[ledgerapi.Address]string{aptMetadata: aptCoinType},
		tokenOwner: map[ledgerapi.Address]ownerOf{},
		tableTypes: map[ledgerapi.Address]tableType{}, holdsTable: map[tagKey]bool{}}
	in := newInterner()
	s.in = in
	s.std = stdCells{v1: in.str("v1"), v2: in.str("v2"), aptCoin: in.str(aptCoinType), gasFee: in.str(gasFeeEventType)}
	for i := range schema.Tables {
		s.tables[schema.Tables[i].Name] = newTable(&schema.Tables[i], in)
	}
	for name, col := range versionedTables {
		s.tables[name].versionedBy(col)
	}
	reg := gql.NewRegistry()
	for _, name := range uniqueTables {
		s.tables[name].unique = true
		s.tables[name].numberRows(reg)
	}
	s.hot = hotTables{userTxns: s.tables[tUserTransactions], accountTxns: s.tables[tAccountTxns],
		events: s.tables[tEvents], faActivities: s.tables[tFAActivities], signatures: s.tables[tSignatures],
		balances: s.tables[tBalances], faMetadata: s.tables[tFAMetadata], objects: s.tables[tCurrentObjects],
		authKeyAddrs: s.tables[tAuthKeyAddresses], pkAuthKeys: s.tables[tPublicKeyAuthKeys],
		tableItems: s.tables[tTableItems], currentTableItems: s.tables[tCurrentTableItems],
		tableMetadatas: s.tables[tTableMetadatas]}
	return s
}

// hotTables are the tables every transfer writes or reads, found by field
// rather than by hashing their names for each transaction.
type hotTables struct {
	userTxns, accountTxns, events, faActivities, signatures, balances, faMetadata, objects,
	authKeyAddrs, pkAuthKeys, tableItems, currentTableItems, tableMetadatas *table
}

// versionedTables are the tables whose primary key holds the version of
// the transaction that puts the row, by that column (see txnRows).
var versionedTables = map[string]string{
	tUserTransactions: "version", tAccountTxns: "transaction_version", tEvents: "transaction_version",
	tFAActivities: "transaction_version", tSignatures: "transaction_version", tTableItems: "transaction_version",
	tTokenActivities: "transaction_version",
}

// uniqueTables are the versioned tables whose rows of one transaction
// never share a key: one user transaction, one event per index, at most
// one fungible-asset activity per event index and one gas fee (index -1),
// one account_transactions row per account (accountTransactions puts
// each once), and one signatures row per signer and key (signers have
// distinct multi_agent_index, a signer's keys distinct multi_sig_index).
// TestRowsGolden checks every table's keys are unique over its ledger.
var uniqueTables = []string{tUserTransactions, tEvents, tFAActivities, tAccountTxns, tSignatures}

// stdCells are the cells of values that most transactions' rows hold: a
// token standard, APT's coin type, the gas fee's activity type.
type stdCells struct{ v1, v2, aptCoin, gasFee *gql.Cell }

// tx is the context of the transaction being indexed.
type tx struct {
	t       *storage.Transaction
	signed  *txn.SignedTransaction // user transactions only
	entry   string                 // entry_function_id_str, or nil
	ts      string
	success bool
	// The cells of the values most rows repeat: the version, the
	// timestamp, the block height and the entry function id (nil when
	// none).
	version, tsCell, height, entryCell *gql.Cell
	// sender is what accountKeys says of the sender's authenticator,
	// once asked (senderKeys).
	sender *authKeys
}

// entryID returns the entry function id, or nil.
func (x *tx) entryID() any {
	if x.entryCell == nil {
		return nil
	}
	return x.entryCell
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
	if !s.cache.tsKnown || s.cache.tsUsec != t.TimestampUsec {
		// A block's transactions share its timestamp.
		s.cache.tsUsec, s.cache.ts, s.cache.tsKnown = t.TimestampUsec, timestamp(t.TimestampUsec), true
	}
	x := &tx{t: t, ts: s.cache.ts, success: t.Info.Success()}
	if t.Kind == storage.KindUser {
		// A payload that does not decode (it was accepted, so it should)
		// still gives the rows that need no body.
		if st, err := txn.DecodeSignedTransaction(t.Payload); err == nil {
			x.signed = st
			if ef := st.Raw.Payload.EntryFunction; ef != nil {
				x.entry = s.entryID(ef)
			}
		}
	}
	// A version is in the rows of its own transaction only: its cell is
	// shared by them but not interned.
	x.version, x.tsCell, x.height = gql.NewCell(num(t.Version)), s.in.str(x.ts), s.in.num(s.height)
	if x.entry != "" {
		x.entryCell = s.in.str(x.entry)
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
	s.tokensV1(x)
	s.restoration(x)
	s.last, s.indexed, s.next = t.Version, true, t.Version+1
	s.lastTimestamp = t.TimestampUsec
	return nil
}

// entryKey is an entry function in the cache of their ids.
type entryKey struct {
	a                ledgerapi.Address
	module, function string
}

// entryID returns an entry function's entry_function_id_str,
// module::function, rendered once per function.
func (s *state) entryID(ef *txn.EntryFunction) string {
	k := entryKey{a: ef.Module.Address, module: ef.Module.Name, function: ef.Function}
	if id, ok := s.cache.entryIDs[k]; ok {
		return id
	}
	id := ef.Module.String() + "::" + ef.Function
	if s.cache.entryIDs == nil {
		s.cache.entryIDs = map[entryKey]string{}
	}
	if len(s.cache.entryIDs) < maxTypesCached {
		s.cache.entryIDs[k] = id
	}
	return id
}

// userTransaction adds the user_transactions row.
func (s *state) userTransaction(x *tx) {
	if x.signed == nil {
		return
	}
	raw := &x.signed.Raw
	t := s.hot.userTxns
	r := t.blank()
	r[utVersion], r[utBlockHeight], r[utEpoch], r[utSender] = x.version, x.height, s.in.num(s.epoch), s.in.addr(raw.Sender)
	r[utEntryFunctionIdStr] = x.entryID()
	if s.cache.expCell == nil || s.cache.expSecs != raw.ExpirationTimestampSecs {
		s.cache.expSecs, s.cache.expCell = raw.ExpirationTimestampSecs, s.in.cell(timestampSecs(raw.ExpirationTimestampSecs))
	}
	r[utExpirationTimestampSecs] = s.cache.expCell
	r[utGasUnitPrice], r[utMaxGasAmount] = s.in.num(raw.GasUnitPrice), s.in.num(raw.MaxGasAmount)
	r[utParentSignatureType], r[utTimestamp] = s.in.str(signatureTypeName(x.signed.Auth.Variant)), x.tsCell
	if x.t.SequenceNumber != nil {
		r[utSequenceNumber] = s.in.num(*x.t.SequenceNumber)
	}
	if n := raw.Payload.ReplayProtectionNonce; n != nil {
		r[utReplayProtectionNonce] = num(*n)
	}
	if ef := raw.Payload.EntryFunction; ef != nil {
		r[utEntryFunctionContractAddress] = s.in.addr(ef.Module.Address)
		r[utEntryFunctionModuleName] = s.in.str(ef.Module.Name)
		r[utEntryFunctionFunctionName] = s.in.str(ef.Function)
	}
	t.putVals(r)
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
	// The sets' lists reuse the state's buffers (arrays on the stack
	// escaped: a set's list may grow).
	seen := addrSet{list: s.cache.seen[:0]}
	if x.signed != nil {
		seen.add(x.signed.Raw.Sender)
		for _, a := range x.signed.Auth.SecondaryAddresses {
			seen.add(a)
		}
		if x.signed.Auth.Variant == txn.AuthFeePayer {
			seen.add(x.signed.Auth.FeePayerAddress)
		}
	} else if x.t.Sender != nil {
		seen.add(*x.t.Sender)
	}
	for i := range x.t.Events {
		seen.add(x.t.Events[i].Key.Account)
	}
	for i := range x.t.Changes {
		w := &x.t.Changes[i]
		if w.Key.Kind != storage.StateResource {
			continue
		}
		seen.add(w.Key.Address)
		if !w.Deleted && isTag(w.Key.Resource, "object", "ObjectCore") {
			if oc, ok := decodeObjectCore(w.Value); ok {
				seen.add(oc.Owner)
			}
		}
	}
	// Aptos writes an object's resources as one group, ObjectCore
	// included, so writing any of them names the object's owner.
	owners := cellSet{list: s.cache.ownerCells[:0]}
	objects := s.hot.objects
	for _, a := range seen.list {
		if r, ok := objects.lookupKey(s.in.addr(a)); ok {
			if o := r.CellAt(objOwnerAddress); o != nil {
				if _, ok := o.Value().(string); ok {
					owners.add(o)
				}
			}
		}
	}
	for _, a := range seen.list {
		owners.add(s.in.addr(a))
	}
	t := s.hot.accountTxns
	for _, o := range owners.list {
		r := t.blank()
		r[atAccountAddress], r[atTransactionVersion] = o, x.version
		t.putVals(r)
	}
	if cap(seen.list) <= 4*setScan && cap(owners.list) <= 4*setScan {
		s.cache.seen, s.cache.ownerCells = seen.list[:0], owners.list[:0]
	}
}

// events adds the events rows.
func (s *state) events(x *tx) {
	t := s.hot.events
	for i := range x.t.Events {
		e := &x.t.Events[i]
		typ := s.in.typeName(e.Type)
		var indexed any = typ
		if name, _ := typ.Value().(string); len(name) > 300 {
			indexed = name[:300]
		}
		r := t.blank()
		r[evTransactionVersion], r[evEventIndex], r[evAccountAddress] = x.version, s.in.num(uint64(i)), s.in.addr(e.Key.Account)
		r[evCreationNumber], r[evSequenceNumber] = s.in.num(e.Key.CreationNumber), s.in.num(e.SequenceNumber)
		r[evType], r[evIndexedType] = typ, indexed
		r[evData], r[evTransactionBlockHeight] = s.eventData(e), x.height
		t.putVals(r)
	}
}

// eventData returns an event's data as JSON: decoded with the module
// layouts when they are known (rendered when first read, see
// eventLayouts), else as hex.
func (s *state) eventData(e *storage.Event) any {
	if s.layouts != nil {
		return s.layouts.cell(e.Type, e.Data)
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
	items, current, metas := s.hot.tableItems, s.hot.currentTableItems, s.hot.tableMetadatas
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
