package handlers

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
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

// onChainData is t's TransactionOnChainData: the stored body under its
// Transaction variant, the TransactionInfo the node hashed, the events and
// the write set, each in package onchain's one encoding.
func onChainData(t *storage.Transaction) onchain.TransactionOnChainData {
	return onchain.TransactionOnChainData{Version: t.Version, Variant: t.Kind.Variant(), Body: t.Payload,
		Info: t.OnChainInfo(), Events: t.Events, AccumulatorRootHash: t.Info.AccumulatorRootHash, Changes: t.Changes}
}

// appendOnChain appends t's TransactionOnChainData to dst.
func appendOnChain(dst []byte, t *storage.Transaction) ([]byte, error) {
	d := onChainData(t)
	out, err := d.AppendBCS(dst)
	if err != nil {
		return dst, fmt.Errorf("transaction %d does not encode: %w", t.Version, err)
	}
	return out, nil
}

// onChainList is Vec<TransactionOnChainData>.
func onChainList(txns []storage.Transaction) ([]byte, error) {
	out := bcs.AppendSeqLen(make([]byte, 0, 512*len(txns)+1), len(txns))
	for i := range txns {
		var err error
		if out, err = appendOnChain(out, &txns[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
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
// that has none yet (onchain.NewAccount).
func synthesizedAccount(addr ledgerapi.Address) []byte {
	return bcs.Marshal(onchain.NewAccount(addr))
}
