package movestdlib

// 0x1::features' named flags: for each, get_*_feature (its number) and
// *_enabled (is_enabled of it), with the exceptions Aptos makes for flags
// it retired: functions answering a constant, get_auids and
// get_concurrent_token_v2_feature returning
// error::invalid_argument(EFEATURE_CANNOT_BE_DISABLED) as a value, and the
// deprecated ones aborting with INVALID_ARGUMENT(EINVALID_FEATURE) or
// INVALID_ARGUMENT(EFEATURE_CANNOT_BE_DISABLED). The flags go up to
// LAZY_MODULE_INITIALIZATION (127); 116, 117, 122, 123 and 126 have no
// functions, and 124 and 127 only their *_enabled. Flags Aptos made
// permanent (52, 61–66, 80, 90, 98) answer true and the removed permissioned
// signers (84) false, as Aptos's functions now do; function-value dispatch
// (125) counts as on only while function reflection (105) is on too.

import (
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// flagTable lists the flag functions in Aptos's order, one per line:
// "name kind arg", kind id (returns the u64 arg), en (is_enabled(arg)),
// val (returns the u64 arg), bool (returns arg), abort or abortb (a
// function returning u64 or bool that aborts with code arg), both (two
// args: whether both flags are on, the second read only when the first is).
const flagTable = `
code_dependency_check_enabled en 1
treat_friend_as_private en 2
get_sha_512_and_ripemd_160_feature id 3
sha_512_and_ripemd_160_enabled en 3
get_aptos_stdlib_chain_id_feature id 4
aptos_stdlib_chain_id_enabled en 4
get_vm_binary_format_v6 id 5
allow_vm_binary_format_v6 en 5
get_collect_and_distribute_gas_fees_feature id 6
collect_and_distribute_gas_fees bool false
multi_ed25519_pk_validate_v2_feature id 7
multi_ed25519_pk_validate_v2_enabled en 7
get_blake2b_256_feature id 8
blake2b_256_enabled en 8
get_resource_groups_feature id 9
resource_groups_enabled en 9
get_multisig_accounts_feature id 10
multisig_accounts_enabled en 10
get_delegation_pools_feature id 11
delegation_pools_enabled en 11
get_cryptography_algebra_natives_feature id 12
cryptography_algebra_enabled en 12
get_bls12_381_strutures_feature id 13
bls12_381_structures_enabled en 13
get_periodical_reward_rate_decrease_feature id 16
periodical_reward_rate_decrease_enabled en 16
get_partial_governance_voting id 17
partial_governance_voting_enabled en 17
get_delegation_pool_partial_governance_voting id 21
delegation_pool_partial_governance_voting_enabled en 21
fee_payer_enabled en 22
get_auids val 0x10003
auids_enabled bool true
get_bulletproofs_feature id 24
bulletproofs_enabled en 24
get_signer_native_format_fix_feature id 25
signer_native_format_fix_enabled en 25
get_module_event_feature id 26
module_event_enabled en 26
get_aggregator_v2_api_feature abort 0x10003
aggregator_v2_api_enabled bool true
get_aggregator_snapshots_feature abort 0x10001
aggregator_snapshots_enabled abortb 0x10001
get_sponsored_automatic_account_creation id 34
sponsored_automatic_account_creation_enabled en 34
get_concurrent_token_v2_feature val 0x10003
concurrent_token_v2_enabled bool true
get_concurrent_assets_feature abort 0x10003
concurrent_assets_enabled abortb 0x10003
get_operator_beneficiary_change_feature id 39
operator_beneficiary_change_enabled en 39
get_commission_change_delegation_pool_feature id 42
commission_change_delegation_pool_enabled en 42
get_bn254_strutures_feature id 43
bn254_structures_enabled en 43
get_reconfigure_with_dkg_feature id 45
reconfigure_with_dkg_enabled en 45
get_keyless_accounts_feature id 46
keyless_accounts_enabled en 46
get_keyless_but_zkless_accounts_feature id 47
keyless_but_zkless_accounts_feature_enabled en 47
get_jwk_consensus_feature id 49
jwk_consensus_enabled en 49
get_concurrent_fungible_assets_feature id 50
concurrent_fungible_assets_enabled en 50
is_object_code_deployment_enabled bool true
get_max_object_nesting_check_feature id 53
max_object_nesting_check_enabled en 53
get_keyless_accounts_with_passkeys_feature id 54
keyless_accounts_with_passkeys_feature_enabled en 54
get_multisig_v2_enhancement_feature id 55
multisig_v2_enhancement_feature_enabled en 55
get_delegation_pool_allowlisting_feature id 56
delegation_pool_allowlisting_enabled en 56
get_module_event_migration_feature id 57
module_event_migration_enabled en 57
get_transaction_context_extension_feature id 59
transaction_context_extension_enabled en 59
get_coin_to_fungible_asset_migration_feature id 60
coin_to_fungible_asset_migration_feature_enabled en 60
get_primary_apt_fungible_store_at_user_address_feature abort 0x10001
primary_apt_fungible_store_at_user_address_enabled bool true
aggregator_v2_is_at_least_api_enabled bool true
get_object_native_derived_address_feature id 62
object_native_derived_address_enabled bool true
get_dispatchable_fungible_asset_feature id 63
dispatchable_fungible_asset_enabled bool true
get_new_accounts_default_to_fa_apt_store_feature id 64
new_accounts_default_to_fa_apt_store_enabled bool true
get_operations_default_to_fa_apt_store_feature id 65
operations_default_to_fa_apt_store_enabled bool true
get_concurrent_fungible_balance_feature id 67
concurrent_fungible_balance_enabled en 67
get_default_to_concurrent_fungible_balance_feature id 68
default_to_concurrent_fungible_balance_enabled en 68
get_abort_if_multisig_payload_mismatch_feature id 70
abort_if_multisig_payload_mismatch_enabled en 70
get_transaction_simulation_enhancement_feature id 78
transaction_simulation_enhancement_enabled en 78
get_collection_owner_feature id 79
is_collection_owner_enabled en 79
get_native_memory_operations_feature id 80
is_native_memory_operations_enabled bool true
get_permissioned_signer_feature id 84
is_permissioned_signer_enabled bool false
get_account_abstraction_feature id 85
is_account_abstraction_enabled en 85
get_bulletproofs_batch_feature id 87
bulletproofs_batch_enabled en 87
is_derivable_account_abstraction_enabled en 88
is_domain_account_abstraction_enabled bool false
get_new_accounts_default_to_fa_store_feature abort 0x10001
new_accounts_default_to_fa_store_enabled bool true
get_default_account_resource_feature id 91
is_default_account_resource_enabled en 91
get_jwk_consensus_per_key_mode_feature id 92
is_jwk_consensus_per_key_mode_enabled en 92
get_orderless_transactions_feature id 94
orderless_transactions_enabled en 94
get_calculate_transaction_fee_for_distribution_feature id 96
is_calculate_transaction_fee_for_distribution_enabled en 96
get_distribute_transaction_fee_feature id 97
is_distribute_transaction_fee_enabled en 97
get_monotonically_increasing_counter_feature abort 0x10001
is_monotonically_increasing_counter_enabled bool true
get_function_reflection_feature id 105
is_function_reflection_enabled en 105
get_slh_dsa_sha2_128s_signature_feature id 107
slh_dsa_sha2_128s_signature_enabled en 107
get_encrypted_transactions_feature id 108
is_encrypted_transactions_enabled en 108
get_multisig_script_feature id 110
is_multisig_script_enabled en 110
get_transaction_limits_feature id 111
is_transaction_limits_enabled en 111
is_storage_slot_natives_enabled en 113
get_multisig_timelock_feature id 115
is_multisig_timelock_enabled en 115
get_trading_native_feature id 118
is_trading_native_enabled en 118
get_native_position_feature id 119
is_native_position_enabled en 119
get_native_orderbook_feature id 120
is_native_orderbook_enabled en 120
get_native_collateral_feature id 121
is_native_collateral_enabled en 121
gas_refund_fa_mint_enabled en 124
get_function_value_dispatch_feature id 125
is_function_value_dispatch_enabled both 125 105
is_lazy_module_initialization_enabled en 127
`

// flagFunctions declares the functions of flagTable.
func flagFunctions() []native.Function {
	var fns []native.Function
	for _, line := range strings.Split(strings.TrimSpace(flagTable), "\n") {
		f := strings.Fields(line)
		name, kind := f[0], f[1]
		fn := native.Function{Name: name, Return: []string{"u64"}}
		if kind == "en" || kind == "bool" || kind == "abortb" || kind == "both" {
			fn.Return = []string{"bool"}
		}
		if kind == "bool" {
			fn.Impl = constant(movevm.Bool(f[2] == "true"))
			fns = append(fns, fn)
			continue
		}
		n, err := strconv.ParseUint(f[2], 0, 64)
		if err != nil {
			panic("movestdlib: features flag table: " + line)
		}
		switch kind {
		case "id", "val":
			fn.Impl = constant(movevm.U64(n))
		case "en":
			fn.Impl = flagEnabled(n)
		case "both":
			m, err := strconv.ParseUint(f[len(f)-1], 0, 64)
			if err != nil || len(f) != 4 {
				panic("movestdlib: features flag table: " + line)
			}
			fn.Impl = flagsEnabled(n, m)
		case "abort", "abortb":
			fn.Impl = func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
				return nil, c.Abort(n)
			}
		default:
			panic("movestdlib: features flag table: " + line)
		}
		fns = append(fns, fn)
	}
	return fns
}

// constant returns v.
func constant(v movevm.Value) native.Func {
	return func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
		return []movevm.Value{v}, nil
	}
}

// flagsEnabled is is_enabled(first) && is_enabled(second): second is read
// (and charged) only when first is on.
func flagsEnabled(first, second uint64) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		ok, err := FeatureEnabled(c, first)
		if err == nil && ok {
			ok, err = FeatureEnabled(c, second)
		}
		return []movevm.Value{movevm.Bool(ok)}, err
	}
}

// flagEnabled is is_enabled(feature).
func flagEnabled(feature uint64) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		ok, err := FeatureEnabled(c, feature)
		return []movevm.Value{movevm.Bool(ok)}, err
	}
}
