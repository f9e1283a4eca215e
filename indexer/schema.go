package indexer

import (
	"strings"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// anonymousRowCap is the number of rows one query returns from a capped
// table, as Hasura's anonymous role allows.
const anonymousRowCap = 100

// cols parses "name:type name:type ..." (types: s String, b Boolean, i Int,
// big bigint, num numeric, ts timestamp, j jsonb).
func cols(spec string) []gql.Column {
	types := map[string]string{"s": gql.TypeString, "b": gql.TypeBoolean, "i": gql.TypeInt,
		"big": gql.TypeBigint, "num": gql.TypeNumeric, "ts": gql.TypeTimestamp, "j": gql.TypeJSONB}
	var out []gql.Column
	for _, f := range strings.Fields(spec) {
		name, t, _ := strings.Cut(f, ":")
		out = append(out, gql.Column{Name: name, Type: types[t]})
	}
	return out
}

func pk(names ...string) []string { return names }

func obj(name, table string, on ...string) gql.Relationship {
	return gql.Relationship{Name: name, Table: table, On: pairs(on)}
}

func arr(name, table string, on ...string) gql.Relationship {
	return gql.Relationship{Name: name, Table: table, On: pairs(on), Array: true}
}

func pairs(on []string) map[string]string {
	m := make(map[string]string, len(on)/2)
	for i := 0; i+1 < len(on); i += 2 {
		m[on[i]] = on[i+1]
	}
	return m
}

// Table names.
const (
	tProcessorStatus   = "processor_status"
	tLedgerInfos       = "ledger_infos"
	tUserTransactions  = "user_transactions"
	tAccountTxns       = "account_transactions"
	tBalances          = "current_fungible_asset_balances"
	tFAMetadata        = "fungible_asset_metadata"
	tFAActivities      = "fungible_asset_activities"
	tCurrentObjects    = "current_objects"
	tEvents            = "events"
	tTableItems        = "table_items"
	tTableMetadatas    = "table_metadatas"
	tCurrentTableItems = "current_table_items"
	tPublicKeyAuthKeys = "public_key_auth_keys"
	tAuthKeyAddresses  = "auth_key_account_addresses"
	tSignatures        = "signatures"
	tCollections       = "current_collections_v2"
	tTokenDatas        = "current_token_datas_v2"
	tTokenOwnerships   = "current_token_ownerships_v2"
	tTokenActivities   = "token_activities_v2"
	tCollectionOwnerVw = "current_collection_ownership_v2_view"
)

var schema = &gql.Schema{Tables: []gql.Table{
	{Name: tProcessorStatus, PrimaryKey: pk("processor"),
		Columns: cols("processor:s last_success_version:big last_updated:ts last_transaction_timestamp:ts")},
	{Name: tLedgerInfos, PrimaryKey: pk("chain_id"), Columns: cols("chain_id:big")},
	{Name: tUserTransactions, PrimaryKey: pk("version"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("version:big block_height:big epoch:big sender:s sequence_number:big " +
			"entry_function_id_str:s entry_function_contract_address:s entry_function_module_name:s " +
			"entry_function_function_name:s expiration_timestamp_secs:ts gas_unit_price:num max_gas_amount:num " +
			"parent_signature_type:s timestamp:ts replay_protection_nonce:num")},
	{Name: tAccountTxns, PrimaryKey: pk("account_address", "transaction_version"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("account_address:s transaction_version:big"),
		Relationships: []gql.Relationship{
			obj("user_transaction", tUserTransactions, "transaction_version", "version"),
			arr("fungible_asset_activities", tFAActivities, "transaction_version", "transaction_version"),
			arr("token_activities_v2", tTokenActivities, "transaction_version", "transaction_version"),
		}},
	{Name: tBalances, PrimaryKey: pk("storage_id"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("storage_id:s owner_address:s asset_type:s amount:num is_frozen:b is_primary:b " +
			"last_transaction_timestamp:ts last_transaction_version:big token_standard:s " +
			"amount_v1:num amount_v2:num asset_type_v1:s asset_type_v2:s " +
			"last_transaction_timestamp_v1:ts last_transaction_timestamp_v2:ts " +
			"last_transaction_version_v1:big last_transaction_version_v2:big"),
		Relationships: []gql.Relationship{obj("metadata", tFAMetadata, "asset_type", "asset_type")}},
	{Name: tFAMetadata, PrimaryKey: pk("asset_type"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("asset_type:s creator_address:s name:s symbol:s decimals:i icon_uri:s project_uri:s " +
			"last_transaction_timestamp:ts last_transaction_version:big supply_aggregator_table_handle_v1:s " +
			"supply_aggregator_table_key_v1:s token_standard:s is_token_v2:b supply_v2:num maximum_v2:num")},
	{Name: tFAActivities, PrimaryKey: pk("transaction_version", "event_index"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("transaction_version:big event_index:big owner_address:s storage_id:s asset_type:s " +
			"amount:num type:s is_frozen:b is_gas_fee:b gas_fee_payer_address:s storage_refund_amount:num " +
			"is_transaction_success:b entry_function_id_str:s block_height:big token_standard:s " +
			"transaction_timestamp:ts"),
		Relationships: []gql.Relationship{obj("metadata", tFAMetadata, "asset_type", "asset_type")}},
	{Name: tCurrentObjects, PrimaryKey: pk("object_address"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("object_address:s owner_address:s state_key_hash:s allow_ungated_transfer:b " +
			"last_guid_creation_num:num last_transaction_version:big is_deleted:b untransferrable:b")},
	{Name: tEvents, PrimaryKey: pk("transaction_version", "event_index"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("transaction_version:big event_index:big account_address:s creation_number:big " +
			"sequence_number:big type:s indexed_type:s data:j transaction_block_height:big")},
	{Name: tTableItems, PrimaryKey: pk("transaction_version", "write_set_change_index"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("transaction_version:big write_set_change_index:big transaction_block_height:big " +
			"table_handle:s key:s decoded_key:j decoded_value:j is_deleted:b")},
	{Name: tTableMetadatas, PrimaryKey: pk("handle"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("handle:s key_type:s value_type:s")},
	{Name: tCurrentTableItems, PrimaryKey: pk("table_handle", "key_hash"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("table_handle:s key_hash:s key:s decoded_key:j decoded_value:j is_deleted:b " +
			"last_transaction_version:big"),
		Relationships: []gql.Relationship{obj("table_metadata", tTableMetadatas, "table_handle", "handle")}},
	{Name: tPublicKeyAuthKeys, PrimaryKey: pk("auth_key", "public_key"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("auth_key:s public_key:s public_key_type:s account_public_key:s is_public_key_used:b " +
			"signature_type:s last_transaction_version:big")},
	{Name: tAuthKeyAddresses, PrimaryKey: pk("account_address"), RowCap: anonymousRowCap, Aggregate: true,
		Columns:       cols("account_address:s auth_key:s is_auth_key_used:b last_transaction_version:big"),
		Relationships: []gql.Relationship{arr("public_key_auth_keys", tPublicKeyAuthKeys, "auth_key", "auth_key")}},
	{Name: tSignatures, PrimaryKey: pk("transaction_version", "multi_agent_index", "multi_sig_index", "is_sender_primary"),
		RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("transaction_version:big multi_agent_index:big multi_sig_index:big is_sender_primary:b " +
			"signer:s type:s public_key:s signature:s threshold:big public_key_indices:j " +
			"transaction_block_height:big account_signature_type:s any_signature_type:s public_key_type:s")},
	{Name: tCollections, PrimaryKey: pk("collection_id"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("collection_id:s collection_name:s creator_address:s current_supply:num description:s " +
			"last_transaction_timestamp:ts last_transaction_version:big max_supply:num mutable_description:b " +
			"mutable_uri:b table_handle_v1:s token_standard:s total_minted_v2:num uri:s collection_properties:j")},
	{Name: tTokenDatas, PrimaryKey: pk("token_data_id"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("token_data_id:s collection_id:s token_name:s description:s token_uri:s token_properties:j " +
			"token_standard:s is_fungible_v2:b is_deleted_v2:b largest_property_version_v1:num maximum:num " +
			"supply:num decimals:big last_transaction_timestamp:ts last_transaction_version:big"),
		Relationships: []gql.Relationship{obj("current_collection", tCollections, "collection_id", "collection_id")}},
	{Name: tTokenOwnerships, PrimaryKey: pk("token_data_id", "property_version_v1", "owner_address", "storage_id"),
		RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("token_data_id:s property_version_v1:num owner_address:s storage_id:s amount:num " +
			"table_type_v1:s token_properties_mutated_v1:j is_soulbound_v2:b token_standard:s is_fungible_v2:b " +
			"last_transaction_timestamp:ts last_transaction_version:big non_transferrable_by_owner:b"),
		Relationships: []gql.Relationship{obj("current_token_data", tTokenDatas, "token_data_id", "token_data_id")}},
	{Name: tTokenActivities, PrimaryKey: pk("transaction_version", "event_index"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("transaction_version:big event_index:big event_account_address:s token_data_id:s " +
			"property_version_v1:num type:s from_address:s to_address:s token_amount:num before_value:s " +
			"after_value:s entry_function_id_str:s token_standard:s is_fungible_v2:b transaction_timestamp:ts"),
		Relationships: []gql.Relationship{obj("current_token_data", tTokenDatas, "token_data_id", "token_data_id")}},
	{Name: tCollectionOwnerVw, RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("owner_address:s collection_id:s collection_name:s collection_uri:s creator_address:s " +
			"distinct_tokens:big last_transaction_version:big single_token_uri:s"),
		Relationships: []gql.Relationship{obj("current_collection", tCollections, "collection_id", "collection_id")}},
	// Declared so the SDKs' ANS, staking and multi-key queries answer
	// with no rows instead of a validation error; nothing fills them yet.
	{Name: "current_aptos_names", PrimaryKey: pk("domain", "subdomain"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("domain:s subdomain:s domain_with_suffix:s token_name:s token_standard:s owner_address:s " +
			"registered_address:s expiration_timestamp:ts domain_expiration_timestamp:ts " +
			"subdomain_expiration_policy:big is_primary:b is_active:b last_transaction_version:big")},
	{Name: "num_active_delegator_per_pool", PrimaryKey: pk("pool_address"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("pool_address:s num_active_delegator:big")},
	{Name: "delegated_staking_activities", PrimaryKey: pk("transaction_version", "event_index"), RowCap: anonymousRowCap,
		Aggregate: true, Columns: cols("transaction_version:big event_index:big delegator_address:s pool_address:s " +
			"event_type:s amount:num")},
	{Name: "auth_key_multikey_layout", PrimaryKey: pk("auth_key"), RowCap: anonymousRowCap, Aggregate: true,
		Columns: cols("auth_key:s multikey_layout_with_prefixes:j multikey_type:s signatures_required:big " +
			"last_transaction_version:big")},
}}

// Schema returns the indexer tables with Hasura's names, columns, types,
// primary keys, relationships and row caps. The value is shared: do not
// modify it.
func Schema() *gql.Schema { return schema }

// tableByName finds a declared table.
func tableByName(name string) (*gql.Table, bool) {
	for i := range schema.Tables {
		if schema.Tables[i].Name == name {
			return &schema.Tables[i], true
		}
	}
	return nil, false
}
