package indexer_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/vmstub"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
)

// sdkSelections are the columns the official SDKs select or filter on,
// per table ("rel.column" walks a relationship).
var sdkSelections = map[string]string{
	"processor_status": "last_success_version processor last_updated last_transaction_timestamp",
	"ledger_infos":     "chain_id",
	"user_transactions": "version sender sequence_number entry_function_id_str timestamp block_height epoch " +
		"gas_unit_price max_gas_amount expiration_timestamp_secs",
	"account_transactions": "account_address transaction_version user_transaction.version",
	"current_fungible_asset_balances": "amount asset_type is_frozen is_primary last_transaction_timestamp " +
		"last_transaction_version owner_address storage_id token_standard metadata.token_standard metadata.symbol " +
		"metadata.supply_aggregator_table_key_v1 metadata.supply_aggregator_table_handle_v1 metadata.project_uri " +
		"metadata.name metadata.last_transaction_version metadata.last_transaction_timestamp metadata.icon_uri " +
		"metadata.decimals metadata.creator_address metadata.asset_type",
	"fungible_asset_metadata": "icon_uri project_uri supply_aggregator_table_handle_v1 supply_aggregator_table_key_v1 " +
		"creator_address asset_type decimals last_transaction_timestamp last_transaction_version name symbol " +
		"token_standard supply_v2 maximum_v2",
	"fungible_asset_activities": "amount asset_type block_height entry_function_id_str event_index gas_fee_payer_address " +
		"is_frozen is_gas_fee is_transaction_success owner_address storage_id storage_refund_amount token_standard " +
		"transaction_timestamp transaction_version type metadata.symbol",
	"current_objects": "allow_ungated_transfer state_key_hash owner_address object_address last_transaction_version " +
		"last_guid_creation_num is_deleted",
	"events": "account_address creation_number data event_index sequence_number transaction_block_height " +
		"transaction_version type indexed_type",
	"table_items":         "decoded_key decoded_value key table_handle transaction_version write_set_change_index",
	"table_metadatas":     "handle key_type value_type",
	"current_table_items": "decoded_key decoded_value key table_handle key_hash is_deleted last_transaction_version",
	"public_key_auth_keys": "public_key public_key_type auth_key account_public_key last_transaction_version " +
		"is_public_key_used signature_type",
	"auth_key_account_addresses": "auth_key account_address last_transaction_version is_auth_key_used",
	"signatures":                 "signature public_key public_key_indices type signer transaction_version threshold is_sender_primary",
	"current_token_ownerships_v2": "token_standard token_properties_mutated_v1 token_data_id table_type_v1 storage_id " +
		"property_version_v1 owner_address last_transaction_version last_transaction_timestamp is_soulbound_v2 " +
		"is_fungible_v2 amount current_token_data.collection_id current_token_data.current_collection.collection_name",
	"current_token_datas_v2": "collection_id description is_fungible_v2 largest_property_version_v1 " +
		"last_transaction_timestamp last_transaction_version maximum supply token_data_id token_name token_properties " +
		"token_standard token_uri current_collection.uri",
	"current_collections_v2": "collection_id collection_name creator_address current_supply description " +
		"last_transaction_timestamp last_transaction_version max_supply mutable_description mutable_uri table_handle_v1 " +
		"token_standard total_minted_v2 uri",
	"token_activities_v2": "after_value before_value entry_function_id_str event_account_address event_index " +
		"from_address is_fungible_v2 property_version_v1 to_address token_amount token_data_id token_standard " +
		"transaction_timestamp transaction_version type",
	"current_aptos_names": "domain expiration_timestamp registered_address subdomain token_standard is_primary " +
		"owner_address subdomain_expiration_policy domain_expiration_timestamp",
	"num_active_delegator_per_pool": "num_active_delegator pool_address",
	"delegated_staking_activities":  "amount delegator_address event_index event_type pool_address transaction_version",
	"auth_key_multikey_layout": "auth_key last_transaction_version multikey_layout_with_prefixes multikey_type " +
		"signatures_required",
	"current_collection_ownership_v2_view": "collection_id collection_name collection_uri creator_address " +
		"distinct_tokens last_transaction_version owner_address single_token_uri current_collection.token_standard",
}

func tableOf(s *gql.Schema, name string) *gql.Table {
	for i := range s.Tables {
		if s.Tables[i].Name == name {
			return &s.Tables[i]
		}
	}
	return nil
}

func hasColumn(t *gql.Table, name string) bool {
	for _, c := range t.Columns {
		if c.Name == name {
			return true
		}
	}
	return false
}

// TestSchemaServesSDKSelections checks every column the SDKs select,
// through relationships, and the aggregates and caps they rely on.
func TestSchemaServesSDKSelections(t *testing.T) {
	s := indexer.Schema()
	for name, spec := range sdkSelections {
		root := tableOf(s, name)
		if root == nil {
			t.Errorf("table %s is missing", name)
			continue
		}
		for _, path := range strings.Fields(spec) {
			tb, parts := root, strings.Split(path, ".")
			for _, rel := range parts[:len(parts)-1] {
				var next *gql.Table
				for _, r := range tb.Relationships {
					if r.Name == rel {
						next = tableOf(s, r.Table)
					}
				}
				if next == nil {
					t.Errorf("%s: no relationship %s on %s", name, rel, tb.Name)
					break
				}
				tb = next
			}
			if !hasColumn(tb, parts[len(parts)-1]) {
				t.Errorf("%s: %s has no column %s", name, tb.Name, path)
			}
		}
	}
	for _, a := range []string{"account_transactions", "current_fungible_asset_balances", "current_token_ownerships_v2"} {
		if tb := tableOf(s, a); tb == nil || !tb.Aggregate {
			t.Errorf("%s has no aggregate", a)
		}
	}
	for _, tb := range s.Tables {
		uncapped := tb.Name == "processor_status" || tb.Name == "ledger_infos"
		if uncapped != (tb.RowCap == 0) || !uncapped && tb.RowCap != 100 {
			t.Errorf("%s: row cap %d", tb.Name, tb.RowCap)
		}
	}
}

// TestSchemaIsConsistent checks types, keys and relationship columns.
func TestSchemaIsConsistent(t *testing.T) {
	s := indexer.Schema()
	valid := map[string]bool{gql.TypeString: true, gql.TypeBoolean: true, gql.TypeInt: true, gql.TypeBigint: true,
		gql.TypeNumeric: true, gql.TypeTimestamp: true, gql.TypeJSONB: true}
	seen := map[string]bool{}
	for i := range s.Tables {
		tb := &s.Tables[i]
		if seen[tb.Name] {
			t.Errorf("table %s declared twice", tb.Name)
		}
		seen[tb.Name] = true
		for _, c := range tb.Columns {
			if !valid[c.Type] {
				t.Errorf("%s.%s: type %q", tb.Name, c.Name, c.Type)
			}
		}
		for _, k := range tb.PrimaryKey {
			if !hasColumn(tb, k) {
				t.Errorf("%s: key column %s is not a column", tb.Name, k)
			}
		}
		for _, r := range tb.Relationships {
			target := tableOf(s, r.Table)
			if target == nil || len(r.On) == 0 {
				t.Errorf("%s.%s: bad target %s", tb.Name, r.Name, r.Table)
				continue
			}
			for from, to := range r.On {
				if !hasColumn(tb, from) || !hasColumn(target, to) {
					t.Errorf("%s.%s: joins %s to %s.%s", tb.Name, r.Name, from, r.Table, to)
				}
			}
		}
	}
}

// TestRowsMatchTheirColumns checks that every row of every table has
// exactly the declared columns, with values of the declared types.
func TestRowsMatchTheirColumns(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	c.run(c.devs[0], vmstub.TransferPayload(fresh(9), 5))
	c.run(c.devs[1], vmstub.TransferPayload(fresh(9), c.faBalance(c.devs[1].Address)*2)) // fails
	for _, tb := range indexer.Schema().Tables {
		rs := rows(t, ix, tb.Name)
		for _, r := range rs {
			if got := r.Layout().Columns(); len(got) != len(tb.Columns) {
				t.Errorf("%s: row has %d columns, want %d: %v", tb.Name, len(got), len(tb.Columns), r.Map())
			}
			for i, col := range tb.Columns {
				if r.Layout().Index(col.Name) != i {
					t.Errorf("%s: row lacks %s at %d", tb.Name, col.Name, i)
					continue
				}
				v := r.Get(col.Name)
				if v != nil && !indexer.CellFits(col.Type, v) {
					t.Errorf("%s.%s: %T %v is not a %s", tb.Name, col.Name, v, v, col.Type)
				}
			}
		}
	}
}

// TestRowsAreBuiltWithTheirColumns checks that the indexer builds every
// row with exactly its table's declared columns, none missing, none
// misspelt (a stored row cannot tell a missing column from NULL).
func TestRowsAreBuiltWithTheirColumns(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	c.run(c.devs[0], vmstub.TransferPayload(fresh(9), 5))
	c.run(c.devs[1], vmstub.TransferPayload(fresh(9), c.faBalance(c.devs[1].Address)*2)) // fails
	rows(t, ix, "events")
	for name, n := range indexer.Mismatched(ix) {
		t.Errorf("%s: %d rows built with other columns than declared", name, n)
	}
}
