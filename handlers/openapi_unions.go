package handlers

// The tagged unions of the document besides Transaction: write set
// changes, payloads and signatures, each discriminated by "type".

func changeSchemas() jsonObj {
	keyed := func(desc, typ string, required []string, props jsonObj) jsonObj {
		return variant(desc, []string{typ}, append([]string{"state_key_hash"}, required...), with(jsonObj{"state_key_hash": str("The hash of the state key, 0x-prefixed hex.")}, props))
	}
	return jsonObj{
		"WriteResource":  keyed("A resource written.", "write_resource", []string{"address", "data"}, jsonObj{"address": ref("Address"), "data": ref("MoveResource")}),
		"DeleteResource": keyed("A resource deleted.", "delete_resource", []string{"address", "resource"}, jsonObj{"address": ref("Address"), "resource": ref("MoveStructTag")}),
		"WriteModule":    keyed("A module written.", "write_module", []string{"address", "data"}, jsonObj{"address": ref("Address"), "data": ref("MoveModuleBytecode")}),
		"DeleteModule":   keyed("A module deleted.", "delete_module", []string{"address", "module"}, jsonObj{"address": ref("Address"), "module": ref("MoveModuleId")}),
		"WriteTableItem": keyed("A table item written.", "write_table_item", []string{"handle", "key", "value"}, jsonObj{
			"handle": ref("HexEncodedBytes"), "key": ref("HexEncodedBytes"), "value": ref("HexEncodedBytes"),
			"data": nullable(jsonObj{"type": "object", "additionalProperties": true, "description": "The decoded key and value, when the node knows the table's types."}),
		}),
		"DeleteTableItem": keyed("A table item deleted.", "delete_table_item", []string{"handle", "key"}, jsonObj{
			"handle": ref("HexEncodedBytes"), "key": ref("HexEncodedBytes"),
			"data": nullable(jsonObj{"type": "object", "additionalProperties": true}),
		}),
		"WriteSetChange": union("A change of state, discriminated by type.",
			[]string{"WriteResource", "DeleteResource", "WriteModule", "DeleteModule", "WriteTableItem", "DeleteTableItem"},
			map[string]string{"write_resource": "WriteResource", "delete_resource": "DeleteResource", "write_module": "WriteModule",
				"delete_module": "DeleteModule", "write_table_item": "WriteTableItem", "delete_table_item": "DeleteTableItem"}),
	}
}

func payloadSchemas() jsonObj {
	call := jsonObj{"type_arguments": arrayOf(ref("MoveType")), "arguments": arrayOf(ref("MoveValue"))}
	return jsonObj{
		"EntryFunctionPayload": variant("A call of an entry function.", []string{"entry_function_payload"}, []string{"function", "type_arguments", "arguments"},
			with(call, jsonObj{"function": ref("EntryFunctionId")})),
		"ScriptPayload": variant("A Move script with its arguments.", []string{"script_payload"}, []string{"code", "type_arguments", "arguments"},
			with(call, jsonObj{"code": ref("MoveScriptBytecode")})),
		"ModuleBundlePayload": variant("Deprecated; rejected on submission.", []string{"module_bundle_payload"}, nil, jsonObj{}),
		"MultisigPayload": variant("A transaction executed on behalf of a multisig account.", []string{"multisig_payload"}, []string{"multisig_address"}, jsonObj{
			"multisig_address":    ref("Address"),
			"transaction_payload": nullable(ref("MultisigTransactionPayload")),
		}),
		"MultisigTransactionPayload": union("The inner payload of a multisig transaction.", []string{"EntryFunctionPayload", "ScriptPayload"},
			map[string]string{"entry_function_payload": "EntryFunctionPayload", "script_payload": "ScriptPayload"}),
		"TransactionPayload": union("A transaction payload, discriminated by type.",
			[]string{"EntryFunctionPayload", "ScriptPayload", "ModuleBundlePayload", "MultisigPayload"},
			map[string]string{"entry_function_payload": "EntryFunctionPayload", "script_payload": "ScriptPayload",
				"module_bundle_payload": "ModuleBundlePayload", "multisig_payload": "MultisigPayload"}),
	}
}

func signatureSchemas() jsonObj {
	hex := ref("HexEncodedBytes")
	schemeValue := func(desc string, schemes []string) jsonObj {
		return object(desc, []string{"type", "value"}, jsonObj{"type": jsonObj{"type": "string", "enum": schemes}, "value": hex})
	}
	multiAgent := jsonObj{
		"sender":                     ref("AccountSignature"),
		"secondary_signer_addresses": arrayOf(ref("Address")),
		"secondary_signers":          arrayOf(ref("AccountSignature")),
	}
	multiAgentReq := []string{"sender", "secondary_signer_addresses", "secondary_signers"}
	return jsonObj{
		"PublicKey": schemeValue("A public key tagged by its scheme.", []string{"ed25519", "secp256k1_ecdsa", "secp256r1_ecdsa", "keyless", "federated_keyless", "slh_dsa__sha2_128s"}),
		"Signature": schemeValue("A signature tagged by its scheme.", []string{"ed25519", "secp256k1_ecdsa", "web_authn", "keyless", "slh_dsa__sha2_128s"}),
		"Ed25519Signature": variant("An Ed25519 signature.", []string{"ed25519_signature"}, []string{"public_key", "signature"},
			jsonObj{"public_key": hex, "signature": hex}),
		"MultiEd25519Signature": variant("A K-of-N Ed25519 signature.", []string{"multi_ed25519_signature"}, []string{"public_keys", "signatures", "threshold", "bitmap"}, jsonObj{
			"public_keys": arrayOf(hex), "signatures": arrayOf(hex), "threshold": integer("uint8", "Signatures required."), "bitmap": hex,
		}),
		"SingleKeySignature": variant("A single key of any scheme.", []string{"single_key_signature"}, []string{"public_key", "signature"},
			jsonObj{"public_key": ref("PublicKey"), "signature": ref("Signature")}),
		"MultiKeySignature": variant("A K-of-N signature over keys of any scheme.", []string{"multi_key_signature"}, []string{"public_keys", "signatures", "signatures_required"}, jsonObj{
			"public_keys": arrayOf(ref("PublicKey")),
			"signatures": arrayOf(object("", []string{"index", "signature"}, jsonObj{
				"index": integer("uint8", "Index of the key that signed."), "signature": ref("Signature")})),
			"signatures_required": integer("uint8", ""),
		}),
		"NoAccountSignature": variant("No signature (a placeholder signer).", []string{"no_account_signature"}, nil, jsonObj{}),
		"AbstractSignature": variant("Account abstraction authentication data.", []string{"abstract_signature", "abstraction_signature"}, []string{"function_info", "auth_data"},
			jsonObj{"function_info": str("The authenticating function."), "auth_data": hex}),
		"SingleSender": variant("A single-sender signature: the fields of one account signature with type single_sender.", []string{"single_sender"}, nil, jsonObj{
			"public_key": ref("PublicKey"), "signature": ref("Signature"), "public_keys": arrayOf(ref("PublicKey")),
			"signatures": jsonObj{"type": "array", "items": jsonObj{"type": "object", "additionalProperties": true}}, "signatures_required": integer("uint8", ""),
		}),
		"MultiAgentSignature": variant("A sender and secondary signers.", []string{"multi_agent_signature"}, multiAgentReq, multiAgent),
		"FeePayerSignature": variant("A sender, secondary signers and a fee payer.", []string{"fee_payer_signature"},
			append(append([]string{}, multiAgentReq...), "fee_payer_address", "fee_payer_signer"),
			with(multiAgent, jsonObj{"fee_payer_address": ref("Address"), "fee_payer_signer": ref("AccountSignature")})),
		"AccountSignature": union("The signature of one account, inside composite signatures.",
			[]string{"Ed25519Signature", "MultiEd25519Signature", "SingleKeySignature", "MultiKeySignature", "NoAccountSignature", "AbstractSignature"},
			map[string]string{"ed25519_signature": "Ed25519Signature", "multi_ed25519_signature": "MultiEd25519Signature",
				"single_key_signature": "SingleKeySignature", "multi_key_signature": "MultiKeySignature", "no_account_signature": "NoAccountSignature",
				"abstract_signature": "AbstractSignature", "abstraction_signature": "AbstractSignature"}),
		"TransactionSignature": union("A transaction signature, discriminated by type.",
			[]string{"Ed25519Signature", "MultiEd25519Signature", "MultiAgentSignature", "FeePayerSignature", "SingleSender", "NoAccountSignature"},
			map[string]string{"ed25519_signature": "Ed25519Signature", "multi_ed25519_signature": "MultiEd25519Signature",
				"multi_agent_signature": "MultiAgentSignature", "fee_payer_signature": "FeePayerSignature", "single_sender": "SingleSender",
				"no_account_signature": "NoAccountSignature"}),
	}
}
