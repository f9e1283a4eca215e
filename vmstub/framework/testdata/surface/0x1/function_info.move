// aptos_framework::function_info
use std::string::String;
struct FunctionInfo has copy, drop, store { module_address: address, module_name: String, function_name: String }
public fun new_function_info(module_signer: &signer, module_name: String, function_name: String): FunctionInfo;
public fun new_function_info_from_address(module_address: address, module_name: String, function_name: String): FunctionInfo;
