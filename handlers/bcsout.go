package handlers

import (
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
)

// BCS output (Accept: application/x-bcs).
//
// A request gets BCS when the first of application/json and
// application/x-bcs named in its Accept header is application/x-bcs;
// anything else (no header, */*, text/html) gets JSON. Errors are always
// JSON. The layouts follow the real API's core types:
//
//	GET /                      {chain_id u8, epoch, ledger_version, oldest_ledger_version,
//	                            ledger_timestamp u64, node_role enum, oldest_block_height,
//	                            block_height u64}
//	GET /-/healthy             {message: string}
//	account, resource, module, table item: the stored bytes
//	resources / modules        BTreeMap<StructTag | ModuleId, bytes>
//	balance                    u64
//	events                     Vec<EventWithVersion{transaction_version u64, event ContractEvent}>
//	transaction lists          Vec<TransactionOnChainData>
//	by_hash / wait_by_hash / by_version
//	                           TransactionData enum {OnChain(TransactionOnChainData), Pending(SignedTransaction)}
//	summaries                  Vec<IndexedTransactionSummary>
//	blocks                     {block_height, block_hash, block_timestamp, first_version,
//	                            last_version, Option<Vec<TransactionOnChainData>>}
//	simulate                   TransactionOnChainData
//	estimate_gas_price         {gas_estimate u64}
//	view                       ULEB128 count, then each return value's BCS as it is
//	POST /transactions         empty body (202)
//
// TransactionOnChainData is {version u64, transaction Transaction, info
// TransactionInfo, events Vec<ContractEvent>, accumulator_root_hash
// HashValue, changes WriteSet}. encode_submission answers 400
// bcs_not_supported; the batch result stays JSON.

// bcsOutput names the operations that answer Accept: application/x-bcs and
// what their BCS body is (for the OpenAPI document).
var bcsOutput = map[string]string{
	"get_ledger_info":                   "IndexResponseBcs: chain_id u8, epoch, ledger_version, oldest_ledger_version, ledger_timestamp u64, node_role enum, oldest_block_height, block_height u64.",
	"healthy":                           "The message as a BCS string.",
	"get_account":                       "The account's 0x1::account::Account resource bytes.",
	"get_account_resources":             "BTreeMap<StructTag, bytes> of the page.",
	"get_account_resource":              "The resource bytes.",
	"get_account_modules":               "BTreeMap<ModuleId, bytes> of the page.",
	"get_account_module":                "The module bytecode.",
	"get_account_balance":               "The balance as a u64.",
	"get_events_by_creation_number":     "Vec<EventWithVersion>.",
	"get_events_by_event_handle":        "Vec<EventWithVersion>.",
	"get_transactions":                  "Vec<TransactionOnChainData>.",
	"get_account_transactions":          "Vec<TransactionOnChainData>.",
	"get_transaction_by_hash":           "TransactionData: OnChain(TransactionOnChainData) or Pending(SignedTransaction).",
	"wait_transaction_by_hash":          "TransactionData: OnChain(TransactionOnChainData) or Pending(SignedTransaction).",
	"get_transaction_by_version":        "TransactionData::OnChain(TransactionOnChainData).",
	"get_account_transaction_summaries": "Vec<IndexedTransactionSummary>.",
	"get_block_by_height":               "The block: height, hash, timestamp, first and last version, Option<Vec<TransactionOnChainData>>.",
	"get_block_by_version":              "The block: height, hash, timestamp, first and last version, Option<Vec<TransactionOnChainData>>.",
	"get_table_item":                    "The stored value bytes.",
	"simulate_transaction":              "TransactionOnChainData of the simulated transaction.",
	"estimate_gas_price":                "GasEstimationBcs: gas_estimate u64.",
	"view":                              "ULEB128 count of return values, then each value's BCS.",
	"submit_transaction":                "Empty.",
}

// wantsBCS reports whether the request asks for BCS output.
func wantsBCS(r *http.Request) bool {
	accept := r.Header.Values("Accept")
	if !slices.ContainsFunc(accept, mentionsBCS) {
		return false // the common case, without parsing
	}
	return firstAccepted(accept) == ledgerapi.ContentTypeBCS
}

// mentionsBCS reports whether s contains "x-bcs" in any letter case.
func mentionsBCS(s string) bool {
	for i := 0; i+5 <= len(s); i++ {
		if strings.EqualFold(s[i:i+5], "x-bcs") {
			return true
		}
	}
	return false
}

// Transaction enum variants of the real chain.
var txnVariant = map[storage.TransactionKind]uint32{
	storage.KindUser:            0,
	storage.KindGenesis:         1,
	storage.KindBlockMetadata:   2,
	storage.KindStateCheckpoint: 3,
	storage.KindBlockEpilogue:   6,
}

// WriteOp variants (PersistedWriteOp): values are written as modifications.
const (
	writeOpModification = 1
	writeOpDeletion     = 2
)

// ExecutionStatus variants.
const (
	statusSuccess       = 0
	statusOutOfGas      = 1
	statusMoveAbort     = 2
	statusMiscellaneous = 4
)

// encodeOnChain writes one TransactionOnChainData.
func encodeOnChain(e *bcs.Encoder, t *storage.Transaction) {
	e.U64(t.Version)
	encodeTransaction(e, t)
	encodeInfo(e, t)
	e.SeqLen(len(t.Events))
	for i := range t.Events {
		encodeEvent(e, &t.Events[i])
	}
	t.Info.AccumulatorRootHash.MarshalBCS(e)
	encodeWriteSet(e, t.Changes)
}

// encodeTransaction writes the Transaction enum: the variant, then the body
// as stored (a state checkpoint's body is its hash).
func encodeTransaction(e *bcs.Encoder, t *storage.Transaction) {
	e.Variant(txnVariant[t.Kind])
	if t.Kind == storage.KindStateCheckpoint && len(t.Payload) == 0 {
		var h ledgerapi.HashValue
		if t.Info.StateCheckpointHash != nil {
			h = *t.Info.StateCheckpointHash
		}
		h.MarshalBCS(e)
		return
	}
	e.Fixed(t.Payload)
}

// encodeInfo writes TransactionInfo::V0.
func encodeInfo(e *bcs.Encoder, t *storage.Transaction) {
	e.Variant(0)
	e.U64(t.Info.GasUsed)
	encodeStatus(e, t.Info.Success, t.Info.VMStatus)
	t.Hash.MarshalBCS(e)
	t.Info.EventRootHash.MarshalBCS(e)
	t.Info.StateChangeHash.MarshalBCS(e)
	e.Option(t.Info.StateCheckpointHash != nil)
	if t.Info.StateCheckpointHash != nil {
		t.Info.StateCheckpointHash.MarshalBCS(e)
	}
	e.Option(false) // auxiliary info hash
}

// encodeStatus writes ExecutionStatus, recovering a Move abort's location,
// code and explanation from its status text
// ("Move abort in 0x1::coin: NAME(0x10006): description").
func encodeStatus(e *bcs.Encoder, success bool, vmStatus string) {
	switch {
	case success:
		e.Variant(statusSuccess)
	case strings.HasPrefix(vmStatus, "Out of gas"):
		e.Variant(statusOutOfGas)
	default:
		if mod, code, name, desc, ok := parseAbort(vmStatus); ok {
			e.Variant(statusMoveAbort)
			e.Variant(0) // AbortLocation::Module
			mod.MarshalBCS(e)
			e.U64(code)
			e.Option(true)
			e.String(name)
			e.String(desc)
			return
		}
		e.Variant(statusMiscellaneous)
		e.Option(false)
	}
}

func parseAbort(s string) (mod ledgerapi.ModuleId, code uint64, name, desc string, ok bool) {
	rest, found := strings.CutPrefix(s, "Move abort in ")
	if !found {
		return mod, 0, "", "", false
	}
	loc, rest, found := strings.Cut(rest, ": ")
	if !found {
		return mod, 0, "", "", false
	}
	addr, modName, found := strings.Cut(loc, "::")
	if !found {
		return mod, 0, "", "", false
	}
	a, err := ledgerapi.ParseAddress(addr)
	if err != nil {
		return mod, 0, "", "", false
	}
	head, desc, _ := strings.Cut(rest, ": ")
	name, codeText, found := strings.Cut(head, "(")
	if !found || !strings.HasSuffix(codeText, ")") {
		return mod, 0, "", "", false
	}
	code, err = strconv.ParseUint(strings.TrimPrefix(strings.TrimSuffix(codeText, ")"), "0x"), 16, 64)
	if err != nil {
		return mod, 0, "", "", false
	}
	return ledgerapi.ModuleId{Address: a, Name: modName}, code, name, desc, true
}

// encodeEvent writes ContractEvent: V1 for stream events, V2 for module events.
func encodeEvent(e *bcs.Encoder, ev *storage.Event) {
	if ev.IsV2() {
		e.Variant(1)
	} else {
		e.Variant(0)
		e.U64(ev.Key.CreationNumber)
		e.Fixed(ev.Key.Account[:])
		e.U64(ev.SequenceNumber)
	}
	ev.Type.MarshalBCS(e)
	e.WriteBytes(ev.Data)
}

// encodeWriteSet writes WriteSet::V0: a map from state key to write op,
// ordered by the keys' bytes as canonical BCS maps are.
func encodeWriteSet(e *bcs.Encoder, ws []storage.WriteOp) {
	type entry struct {
		key []byte
		op  *storage.WriteOp
	}
	entries := make([]entry, 0, len(ws))
	for i := range ws {
		k, err := ws[i].Key.Encode()
		if err != nil {
			continue // storage validated every key at commit
		}
		entries = append(entries, entry{k, &ws[i]})
	}
	sort.Slice(entries, func(i, j int) bool { return string(entries[i].key) < string(entries[j].key) })
	e.Variant(0)
	e.SeqLen(len(entries))
	for _, en := range entries {
		e.Fixed(en.key)
		if en.op.Deleted {
			e.Variant(writeOpDeletion)
			continue
		}
		e.Variant(writeOpModification)
		e.WriteBytes(en.op.Value)
	}
}

// onChainList is Vec<TransactionOnChainData>.
func onChainList(txns []storage.Transaction) []byte {
	e := bcs.NewEncoder(512 * len(txns))
	e.SeqLen(len(txns))
	for i := range txns {
		encodeOnChain(e, &txns[i])
	}
	return e.Bytes()
}

// stateMap is BTreeMap<StructTag | ModuleId, bytes> of a listing page,
// ordered by the encoded keys.
func stateMap(items []storage.StateItem, modules bool) []byte {
	type entry struct{ key, value []byte }
	entries := make([]entry, len(items))
	for i, it := range items {
		var k bcs.Encoder
		if modules {
			ledgerapi.ModuleId{Address: it.Key.Address, Name: it.Key.Module}.MarshalBCS(&k)
		} else {
			it.Key.Resource.MarshalBCS(&k)
		}
		entries[i] = entry{k.Bytes(), it.Value}
	}
	sort.Slice(entries, func(i, j int) bool { return string(entries[i].key) < string(entries[j].key) })
	var e bcs.Encoder
	e.SeqLen(len(entries))
	for _, en := range entries {
		e.Fixed(en.key)
		e.WriteBytes(en.value)
	}
	return e.Bytes()
}

// u64BCS is the BCS of one u64.
func u64BCS(v uint64) []byte {
	var e bcs.Encoder
	e.U64(v)
	return e.Bytes()
}

// synthesizedAccount is the BCS of the 0x1::account::Account of an address
// that has none yet: sequence number 0, the address as authentication key,
// the two event handles at creation numbers 0 and 1, no capability offers.
func synthesizedAccount(addr ledgerapi.Address) []byte {
	var e bcs.Encoder
	e.WriteBytes(addr[:]) // authentication_key
	e.U64(0)              // sequence_number
	e.U64(2)              // guid_creation_num
	for creation := range uint64(2) {
		e.U64(0) // counter
		e.U64(creation)
		e.Fixed(addr[:])
	}
	e.Option(false) // rotation_capability_offer
	e.Option(false) // signer_capability_offer
	return e.Bytes()
}
