// std::features, as Aptos's framework declares it up to
// LAZY_MODULE_INITIALIZATION (127). The functions of 118 and 119 are copied
// from Aptos's features.move; those of 120, 121, 124, 125 and 127 from the
// signatures in Aptos's features.spec.move (every flag function of the
// module is public; 125's and 127's are called from other modules).
use std::error;
use std::signer;
use std::vector;
struct Features has key { features: vector<u8> }
struct PendingFeatures has key { features: vector<u8> }
public fun code_dependency_check_enabled(): bool;
public fun treat_friend_as_private(): bool;
public fun get_sha_512_and_ripemd_160_feature(): u64;
public fun sha_512_and_ripemd_160_enabled(): bool;
public fun get_aptos_stdlib_chain_id_feature(): u64;
public fun aptos_stdlib_chain_id_enabled(): bool;
public fun get_vm_binary_format_v6(): u64;
public fun allow_vm_binary_format_v6(): bool;
#[deprecated]
public fun get_collect_and_distribute_gas_fees_feature(): u64;
#[deprecated]
public fun collect_and_distribute_gas_fees(): bool;
public fun multi_ed25519_pk_validate_v2_feature(): u64;
public fun multi_ed25519_pk_validate_v2_enabled(): bool;
public fun get_blake2b_256_feature(): u64;
public fun blake2b_256_enabled(): bool;
public fun get_resource_groups_feature(): u64;
public fun resource_groups_enabled(): bool;
public fun get_multisig_accounts_feature(): u64;
public fun multisig_accounts_enabled(): bool;
public fun get_delegation_pools_feature(): u64;
public fun delegation_pools_enabled(): bool;
public fun get_cryptography_algebra_natives_feature(): u64;
public fun cryptography_algebra_enabled(): bool;
public fun get_bls12_381_strutures_feature(): u64;
public fun bls12_381_structures_enabled(): bool;
public fun get_periodical_reward_rate_decrease_feature(): u64;
public fun periodical_reward_rate_decrease_enabled(): bool;
public fun get_partial_governance_voting(): u64;
public fun partial_governance_voting_enabled(): bool;
public fun get_delegation_pool_partial_governance_voting(): u64;
public fun delegation_pool_partial_governance_voting_enabled(): bool;
public fun fee_payer_enabled(): bool;
public fun get_auids(): u64;
public fun auids_enabled(): bool;
public fun get_bulletproofs_feature(): u64;
public fun bulletproofs_enabled(): bool;
public fun get_signer_native_format_fix_feature(): u64;
public fun signer_native_format_fix_enabled(): bool;
public fun get_module_event_feature(): u64;
public fun module_event_enabled(): bool;
public fun get_aggregator_v2_api_feature(): u64;
public fun aggregator_v2_api_enabled(): bool;
#[deprecated]
public fun get_aggregator_snapshots_feature(): u64;
#[deprecated]
public fun aggregator_snapshots_enabled(): bool;
public fun get_sponsored_automatic_account_creation(): u64;
public fun sponsored_automatic_account_creation_enabled(): bool;
public fun get_concurrent_token_v2_feature(): u64;
public fun concurrent_token_v2_enabled(): bool;
#[deprecated]
public fun get_concurrent_assets_feature(): u64;
#[deprecated]
public fun concurrent_assets_enabled(): bool;
public fun get_operator_beneficiary_change_feature(): u64;
public fun operator_beneficiary_change_enabled(): bool;
public fun get_commission_change_delegation_pool_feature(): u64;
public fun commission_change_delegation_pool_enabled(): bool;
public fun get_bn254_strutures_feature(): u64;
public fun bn254_structures_enabled(): bool;
public fun get_reconfigure_with_dkg_feature(): u64;
public fun reconfigure_with_dkg_enabled(): bool;
public fun get_keyless_accounts_feature(): u64;
public fun keyless_accounts_enabled(): bool;
public fun get_keyless_but_zkless_accounts_feature(): u64;
public fun keyless_but_zkless_accounts_feature_enabled(): bool;
public fun get_jwk_consensus_feature(): u64;
public fun jwk_consensus_enabled(): bool;
public fun get_concurrent_fungible_assets_feature(): u64;
public fun concurrent_fungible_assets_enabled(): bool;
public fun is_object_code_deployment_enabled(): bool;
public fun get_max_object_nesting_check_feature(): u64;
public fun max_object_nesting_check_enabled(): bool;
public fun get_keyless_accounts_with_passkeys_feature(): u64;
public fun keyless_accounts_with_passkeys_feature_enabled(): bool;
public fun get_multisig_v2_enhancement_feature(): u64;
public fun multisig_v2_enhancement_feature_enabled(): bool;
public fun get_delegation_pool_allowlisting_feature(): u64;
public fun delegation_pool_allowlisting_enabled(): bool;
public fun get_module_event_migration_feature(): u64;
public fun module_event_migration_enabled(): bool;
public fun get_transaction_context_extension_feature(): u64;
public fun transaction_context_extension_enabled(): bool;
public fun get_coin_to_fungible_asset_migration_feature(): u64;
public fun coin_to_fungible_asset_migration_feature_enabled(): bool;
#[deprecated]
public fun get_primary_apt_fungible_store_at_user_address_feature(): u64;
#[deprecated]
public fun primary_apt_fungible_store_at_user_address_enabled(): bool;
public fun aggregator_v2_is_at_least_api_enabled(): bool;
public fun get_object_native_derived_address_feature(): u64;
public fun object_native_derived_address_enabled(): bool;
public fun get_dispatchable_fungible_asset_feature(): u64;
public fun dispatchable_fungible_asset_enabled(): bool;
public fun get_new_accounts_default_to_fa_apt_store_feature(): u64;
public fun new_accounts_default_to_fa_apt_store_enabled(): bool;
public fun get_operations_default_to_fa_apt_store_feature(): u64;
public fun operations_default_to_fa_apt_store_enabled(): bool;
public fun get_concurrent_fungible_balance_feature(): u64;
public fun concurrent_fungible_balance_enabled(): bool;
public fun get_default_to_concurrent_fungible_balance_feature(): u64;
public fun default_to_concurrent_fungible_balance_enabled(): bool;
public fun get_abort_if_multisig_payload_mismatch_feature(): u64;
public fun abort_if_multisig_payload_mismatch_enabled(): bool;
public fun get_transaction_simulation_enhancement_feature(): u64;
public fun transaction_simulation_enhancement_enabled(): bool;
public fun get_collection_owner_feature(): u64;
public fun is_collection_owner_enabled(): bool;
public fun get_native_memory_operations_feature(): u64;
public fun is_native_memory_operations_enabled(): bool;
public fun get_permissioned_signer_feature(): u64;
public fun is_permissioned_signer_enabled(): bool;
public fun get_account_abstraction_feature(): u64;
public fun is_account_abstraction_enabled(): bool;
public fun get_bulletproofs_batch_feature(): u64;
public fun bulletproofs_batch_enabled(): bool;
public fun is_derivable_account_abstraction_enabled(): bool;
#[deprecated]
public fun is_domain_account_abstraction_enabled(): bool;
#[deprecated]
public fun get_new_accounts_default_to_fa_store_feature(): u64;
#[deprecated]
public fun new_accounts_default_to_fa_store_enabled(): bool;
public fun get_default_account_resource_feature(): u64;
public fun is_default_account_resource_enabled(): bool;
public fun get_jwk_consensus_per_key_mode_feature(): u64;
public fun is_jwk_consensus_per_key_mode_enabled(): bool;
public fun get_orderless_transactions_feature(): u64;
public fun orderless_transactions_enabled(): bool;
public fun get_calculate_transaction_fee_for_distribution_feature(): u64;
public fun is_calculate_transaction_fee_for_distribution_enabled(): bool;
public fun get_distribute_transaction_fee_feature(): u64;
public fun is_distribute_transaction_fee_enabled(): bool;
#[deprecated]
public fun get_monotonically_increasing_counter_feature(): u64;
#[deprecated]
public fun is_monotonically_increasing_counter_enabled(): bool;
public fun get_function_reflection_feature(): u64;
public fun is_function_reflection_enabled(): bool;
public fun get_slh_dsa_sha2_128s_signature_feature(): u64;
public fun slh_dsa_sha2_128s_signature_enabled(): bool;
public fun get_encrypted_transactions_feature(): u64;
public fun is_encrypted_transactions_enabled(): bool;
public fun get_multisig_script_feature(): u64;
public fun is_multisig_script_enabled(): bool;
public fun get_transaction_limits_feature(): u64;
public fun is_transaction_limits_enabled(): bool;
public fun is_storage_slot_natives_enabled(): bool;
public fun get_multisig_timelock_feature(): u64;
public fun is_multisig_timelock_enabled(): bool;
public fun get_trading_native_feature(): u64;
public fun is_trading_native_enabled(): bool;
public fun get_native_position_feature(): u64;
public fun is_native_position_enabled(): bool;
public fun get_native_orderbook_feature(): u64;
public fun is_native_orderbook_enabled(): bool;
public fun get_native_collateral_feature(): u64;
public fun is_native_collateral_enabled(): bool;
public fun gas_refund_fa_mint_enabled(): bool;
public fun get_function_value_dispatch_feature(): u64;
public fun is_function_value_dispatch_enabled(): bool;
public fun is_lazy_module_initialization_enabled(): bool;
public fun change_feature_flags(_framework: &signer, _enable: vector<u64>, _disable: vector<u64>);
public fun change_feature_flags_for_next_epoch(framework: &signer, enable: vector<u64>, disable: vector<u64>);
public fun on_new_epoch(framework: &signer);
#[view]
public fun is_enabled(feature: u64): bool;
