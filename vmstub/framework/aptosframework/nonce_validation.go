package aptosframework

// 0x1::nonce_validation, whole: the NonceHistory resource at 0x1 (a table
// of NUM_BUCKETS buckets keyed by sip_hash_from_value(NonceKey) %
// NUM_BUCKETS, and the next bucket add_nonce_buckets pre-fills), Bucket
// (the same (address, nonce, expiration) entries in two big ordered maps:
// by expiration time first, for garbage collection, and by (address,
// nonce)), NonceKeyWithExpTime and NonceKey; initialize (friend),
// initialize_nonce_table, add_nonce_buckets, and check_and_insert_nonce
// (friend), which the executor's prologue and epilogue of orderless
// transactions call. The buckets' maps are big_ordered_map's own: this
// module's Funcs call table's and big_ordered_map's natives, so buckets
// are the table items Aptos would hold after the same calls.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// NonceHistoryTag is the type of 0x1::nonce_validation::NonceHistory.
var NonceHistoryTag = tag1("nonce_validation", "NonceHistory")

// Constants of 0x1::nonce_validation, as on Aptos: NUM_BUCKETS,
// NONCE_REPLAY_PROTECTION_OVERLAP_INTERVAL_SECONDS,
// MAX_ENTRIES_GARBAGE_COLLECTED_PER_CALL and the spare slots a bucket
// add_nonce_buckets makes pre-allocates in each map.
const (
	NonceNumBuckets       = 50000
	NonceOverlapSeconds   = 100
	nonceMaxGCPerCall     = 5
	nonceBucketSpareSlots = 5
)

// Abort reasons of 0x1::nonce_validation.
const (
	ENonceHistoryDoesNotExist            = 1001
	ETransactionExpirationTooFarInFuture = 1002
)

// NonceValidation declares 0x1::nonce_validation.
func NonceValidation() native.Module {
	cds := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	return native.Module{Address: addr, Name: "nonce_validation",
		Friends: []string{"0x1::genesis", "0x1::transaction_validation"},
		Structs: []native.Struct{
			{Name: "NonceHistory", Abilities: []string{native.AbilityKey},
				Fields: []string{"nonce_table: 0x1::table::Table<u64, 0x1::nonce_validation::Bucket>", "next_key: u64"}},
			{Name: "Bucket", Abilities: []string{native.AbilityStore}, Fields: []string{
				"nonces_ordered_by_exp_time: 0x1::big_ordered_map::BigOrderedMap<0x1::nonce_validation::NonceKeyWithExpTime, bool>",
				"nonce_to_exp_time_map: 0x1::big_ordered_map::BigOrderedMap<0x1::nonce_validation::NonceKey, u64>"}},
			{Name: "NonceKeyWithExpTime", Abilities: cds,
				Fields: []string{"txn_expiration_time: u64", "sender_address: address", "nonce: u64"}},
			{Name: "NonceKey", Abilities: cds, Fields: []string{"sender_address: address", "nonce: u64"}},
		},
		Functions: []native.Function{
			{Name: "initialize", Visibility: native.Friend, Params: []string{"&signer"}, Impl: initializeNonceTable},
			{Name: "initialize_nonce_table", IsEntry: true, Params: []string{"&signer"}, Impl: initializeNonceTable},
			{Name: "add_nonce_buckets", IsEntry: true, Params: []string{"u64"}, Impl: addNonceBuckets},
			{Name: "check_and_insert_nonce", Visibility: native.Friend, Params: []string{"address", "u64", "u64"},
				Return: []string{"bool"}, Impl: checkAndInsertNonce},
		},
		Errors: []native.AbortReason{
			{Reason: ENonceHistoryDoesNotExist, Name: "E_NONCE_HISTORY_DOES_NOT_EXIST", Description: "Nonce history resource does not exist."},
			{Reason: ETransactionExpirationTooFarInFuture, Name: "ETRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE",
				Description: "Transaction expiration time is too far in the future."},
		},
	}
}

// nonceHistory is the BCS of NonceHistory.
type nonceHistory struct {
	table   ledgerapi.Address
	nextKey uint64
}

func (n *nonceHistory) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(n.table[:])
	e.U64(n.nextKey)
}

func (n *nonceHistory) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(n.table[:], "nonce_table")
	n.nextKey = d.U64("next_key")
}

// GenesisNonceHistory is the NonceHistory genesis stores at 0x1: an empty
// table with handle table, next_key 0.
func GenesisNonceHistory(table ledgerapi.Address) []byte {
	return bcs.Marshal(&nonceHistory{table: table})
}

// readNonceHistory reads NonceHistory at 0x1, aborting with
// invalid_state(E_NONCE_HISTORY_DOES_NOT_EXIST) when it is missing.
func readNonceHistory(c *native.Context) (*nonceHistory, error) {
	var n nonceHistory
	ok, err := readResource(hostOf(c), addr, NonceHistoryTag, &n)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(native.Code(native.InvalidState, ENonceHistoryDoesNotExist))
	}
	return &n, nil
}

// initializeNonceTable is initialize and initialize_nonce_table: 0x1
// only; publishes NonceHistory with a new table unless it exists.
func initializeNonceTable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	h := hostOf(c)
	if _, ok, err := h.Resource(addr, NonceHistoryTag); err != nil || ok {
		return nil, err
	}
	nv, err := newNonceCalls(c)
	if err != nil {
		return nil, err
	}
	t, err := nv.call("table", "new", []*movevm.Type{movevm.TypeU64, nv.bucket})
	if err != nil {
		return nil, err
	}
	return nil, h.SetResource(addr, NonceHistoryTag, bcs.Marshal(&nonceHistory{table: t[0].Elem(0).AsAddress()}))
}

// addNonceBuckets is add_nonce_buckets(count): count times, while next_key
// is at most NUM_BUCKETS, adds an empty bucket (with spare slots) under
// next_key unless one is there, and advances next_key. The iterations past
// NUM_BUCKETS do nothing but are paid for.
func addNonceBuckets(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	count := args[0].AsU64()
	if err := c.ChargeElems(int(min(count, 1<<40))); err != nil {
		return nil, err
	}
	n, err := readNonceHistory(c)
	if err != nil {
		return nil, err
	}
	nv, err := newNonceCalls(c)
	if err != nil {
		return nil, err
	}
	table, err := nv.table(n.table)
	if err != nil {
		return nil, err
	}
	for i := uint64(0); i < count && n.nextKey <= NonceNumBuckets; i++ {
		has, err := nv.call("table", "contains", nv.tableArgs(), table, movevm.U64(n.nextKey))
		if err != nil {
			return nil, err
		}
		if !has[0].AsBool() {
			b, err := nv.emptyBucket(true)
			if err != nil {
				return nil, err
			}
			if _, err := nv.call("table", "add", nv.tableArgs(), table, movevm.U64(n.nextKey), b); err != nil {
				return nil, err
			}
		}
		n.nextKey++
	}
	return nil, hostOf(c).SetResource(addr, NonceHistoryTag, bcs.Marshal(n))
}
