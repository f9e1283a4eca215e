// Package indexer serves the Aptos indexer tables the official SDKs query
// (processor_status, user_transactions, account_transactions,
// current_fungible_asset_balances, fungible_asset_activities, ...), derived
// in memory from the transactions committed to a storage.Reader with the
// indexer processors' semantics.
//
// Schema declares the tables with Hasura's names, columns, types, keys,
// relationships and row caps; Indexer implements gql.Source over them. An
// Indexer is never behind: every Rows call first indexes whatever was
// committed since the last one, so processor_status.last_success_version
// is the store's latest version. A ledger that moved back (a revert, or
// pruning past what was indexed) is indexed again from its oldest version.
//
// The token tables (current_collections_v2, current_token_datas_v2,
// current_token_ownerships_v2, token_activities_v2 and
// current_collection_ownership_v2_view) hold the 0x4 digital assets and
// the legacy 0x3 tokens (token_standard "v1", tokens_v1.go) with the
// token_v2 processor's semantics; the ANS and staking tables are declared
// but hold no rows yet.
package indexer
