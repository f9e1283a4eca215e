// aptos_framework::transaction_context
use std::error;
use std::features;
use std::option::Option;
use std::string::String;
use std::timestamp;
use aptos_framework::create_signer;

struct AUID has drop, store {
    unique_address: address
}
struct EntryFunctionPayload has copy, drop {
    account_address: address,
    module_name: String,
    function_name: String,
    ty_args_names: vector<String>,
    args: vector<vector<u8>>,
}
struct MultisigPayload has copy, drop {
    multisig_address: address,
    entry_function_payload: Option<EntryFunctionPayload>,
}
public fun get_transaction_hash(): vector<u8>;
public fun generate_auid_address(): address;
public fun generate_unique_signer(): signer;
public native fun get_script_hash(): vector<u8>;
public fun generate_auid(): AUID;
public fun auid_address(auid: &AUID): address;
public fun sender(): address;
public fun secondary_signers(): vector<address>;
public fun gas_payer(): address;
public fun max_gas_amount(): u64;
public fun gas_unit_price(): u64;
public fun chain_id(): u8;
public fun entry_function_payload(): Option<EntryFunctionPayload>;
public fun account_address(payload: &EntryFunctionPayload): address;
public fun module_name(payload: &EntryFunctionPayload): String;
public fun function_name(payload: &EntryFunctionPayload): String;
public fun type_arg_names(payload: &EntryFunctionPayload): vector<String>;
public fun args(payload: &EntryFunctionPayload): vector<vector<u8>>;
public fun multisig_payload(): Option<MultisigPayload>;
public fun multisig_address(payload: &MultisigPayload): address;
public fun inner_entry_function_payload(payload: &MultisigPayload): Option<EntryFunctionPayload>;
public fun monotonically_increasing_counter(): u128;
