package handlers

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// jsonObj is a node of the OpenAPI document: the document is a plain JSON
// tree so that it marshals as JSON and YAML alike.
type jsonObj = map[string]any

// ref points at a component schema.
func ref(name string) jsonObj { return jsonObj{"$ref": "#/components/schemas/" + name} }

func arrayOf(items any) jsonObj { return jsonObj{"type": "array", "items": items} }

// described adds a description to s unless desc is empty.
func described(s jsonObj, desc string) jsonObj {
	if desc != "" {
		s["description"] = desc
	}
	return s
}

func str(desc string) jsonObj { return described(jsonObj{"type": "string"}, desc) }

func boolean(desc string) jsonObj { return described(jsonObj{"type": "boolean"}, desc) }

func integer(format, desc string) jsonObj {
	return described(jsonObj{"type": "integer", "format": format, "minimum": 0}, desc)
}

func binarySchema(desc string) jsonObj {
	return described(jsonObj{"type": "string", "format": "binary"}, desc)
}

// nullable allows null besides s (OpenAPI 3.0 ignores siblings of $ref, so a
// reference is wrapped in allOf).
func nullable(s jsonObj) jsonObj {
	if _, isRef := s["$ref"]; isRef {
		return jsonObj{"allOf": []any{s}, "nullable": true}
	}
	out := jsonObj{"nullable": true}
	for k, v := range s {
		out[k] = v
	}
	return out
}

// object is an object schema; required lists the required properties.
func object(desc string, required []string, props jsonObj) jsonObj {
	o := jsonObj{"type": "object", "properties": props}
	if desc != "" {
		o["description"] = desc
	}
	if len(required) > 0 {
		o["required"] = required
	}
	return o
}

// variant is one member of a union discriminated by "type": typeValues are
// the discriminator values it answers to (the first is the one it emits).
func variant(desc string, typeValues []string, required []string, props jsonObj) jsonObj {
	all := jsonObj{"type": jsonObj{"type": "string", "enum": typeValues}}
	for k, v := range props {
		all[k] = v
	}
	return object(desc, append(append([]string{}, required...), "type"), all)
}

// union is a oneOf discriminated by "type"; members maps each type value
// to its schema name and order gives the oneOf order of the schema names.
func union(desc string, order []string, members map[string]string) jsonObj {
	oneOf := make([]any, len(order))
	for i, name := range order {
		oneOf[i] = ref(name)
	}
	mapping := jsonObj{}
	for value, name := range members {
		mapping[value] = "#/components/schemas/" + name
	}
	return jsonObj{"description": desc, "oneOf": oneOf,
		"discriminator": jsonObj{"propertyName": "type", "mapping": mapping}}
}

// errorCodes is the closed error_code set, in the interface document's order.
func errorCodes() []string {
	out := make([]string, len(ledgerapi.ErrorCodes))
	for i, c := range ledgerapi.ErrorCodes {
		out[i] = string(c)
	}
	return out
}

// openAPISchemas returns components.schemas: the scalar formats, the
// resources, and the request and response bodies.
func openAPISchemas() jsonObj {
	s := jsonObj{
		"U64": jsonObj{"type": "string", "format": "uint64", "pattern": `^[0-9]{1,20}$`, "example": "32425224034",
			"description": "An unsigned 64-bit integer as a string of decimal digits, so that clients without 64-bit JSON numbers read it exactly."},
		"Address": jsonObj{"type": "string", "format": "hex", "pattern": `^(0x)?[0-9a-fA-F]{1,64}$`, "example": "0x1",
			"description": "A 32-byte account address: 0x and up to 64 hex digits, leading zeros stripped on output. Inputs accept it with or without 0x, short or long."},
		"HexEncodedBytes": jsonObj{"type": "string", "format": "hex", "pattern": `^0x([0-9a-fA-F]{2})*$`, "example": "0x88fbd33f54e1126269769780feb24480428179f552e2313fbe571b72e62a1ca1",
			"description": "Bytes as 0x followed by two hex digits per byte; zeros are never trimmed."},
		"HashValue": jsonObj{"type": "string", "pattern": `^0x[0-9a-fA-F]{64}$`,
			"description": "A 32-byte hash as 0x and 64 hex digits."},
		"MoveType": jsonObj{"type": "string", "pattern": `^(bool|u8|u16|u32|u64|u128|u256|address|signer|vector<.+>|0x[0-9a-zA-Z:_<, >]+)$`, "example": "0x1::aptos_coin::AptosCoin",
			"description": "A Move type tag: a primitive, vector<T>, or a struct tag {address}::{module}::{struct} with optional generic arguments. Whitespace is ignored when comparing; percent-encode it in paths."},
		"MoveStructTag": jsonObj{"type": "string", "pattern": `^0x[0-9a-zA-Z:_<, >]+$`, "example": "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>",
			"description": "A struct tag {address}::{module_name}::{struct_name}, generic arguments joined by commas inside angle brackets. Whitespace is ignored when comparing; percent-encode it in paths."},
		"EntryFunctionId":   str("An entry function id {address}::{module name}::{function name}; names are case-sensitive."),
		"MoveModuleId":      str("A module id {address}::{module name}; the name is case-sensitive."),
		"IdentifierWrapper": str("A Move identifier (module, function, struct or field name)."),
		"MoveValue": jsonObj{"nullable": true,
			"description": "A Move value as JSON: bool as boolean; u8/u16/u32 as numbers; u64/u128/u256 as strings; address and vector<u8> as hex strings; other vectors as arrays; structs as objects; 0x1::string::String as a string."},
		"AptosErrorCode": jsonObj{"type": "string", "enum": errorCodes(), "description": "The machine-readable error code; no other value is sent."},
		"AptosError": object("The body of every error response.", []string{"message", "error_code"}, jsonObj{
			"message":       str("What went wrong."),
			"error_code":    ref("AptosErrorCode"),
			"vm_error_code": nullable(integer("uint64", "The Move VM status code of a VM rejection; null otherwise.")),
		}),
		"RoleType": jsonObj{"type": "string", "enum": []string{"validator", "full_node"}},
		"IndexResponse": object("The ledger info.", []string{"chain_id", "epoch", "ledger_version", "oldest_ledger_version", "ledger_timestamp", "node_role", "oldest_block_height", "block_height"}, jsonObj{
			"chain_id":              integer("uint8", "Chain id."),
			"epoch":                 ref("U64"),
			"ledger_version":        ref("U64"),
			"oldest_ledger_version": ref("U64"),
			"ledger_timestamp":      ref("U64"),
			"node_role":             ref("RoleType"),
			"oldest_block_height":   ref("U64"),
			"block_height":          ref("U64"),
			"git_hash": str("The build of the node software: the git commit it was built from when the build recorded one, " +
				"else its module version (a release tag or pseudo-version), else \"unknown\". Optional, as on the real node: " +
				"clients must not require it. The BCS form (IndexResponseBcs) has no such field."),
		}),
		"HealthCheckSuccess": object("A passed health check.", []string{"message"}, jsonObj{"message": str("aptos-node:ok")}),
		"AccountData": object("An account's sequence number and authentication key.", []string{"sequence_number", "authentication_key"}, jsonObj{
			"sequence_number":    ref("U64"),
			"authentication_key": ref("HexEncodedBytes"),
		}),
		"MoveResource": object("A resource stored under an account.", []string{"type", "data"}, jsonObj{
			"type": ref("MoveStructTag"),
			"data": jsonObj{"anyOf": []any{jsonObj{"type": "object", "additionalProperties": true}, ref("HexEncodedBytes")},
				"description": "The resource's top-level fields, serialized as Move values; the hex of the stored bytes when the node does not know the layout."},
		}),
		"TransactionSummary": object("A committed transaction sent by an account.", []string{"sender", "version", "transaction_hash", "replay_protector"}, jsonObj{
			"sender":           ref("Address"),
			"version":          ref("U64"),
			"transaction_hash": ref("HashValue"),
			"replay_protector": jsonObj{"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false,
				"description": "What protects the transaction from replay: its sequence number or its nonce.",
				"properties":  jsonObj{"sequence_number": ref("U64"), "nonce": ref("U64")}},
		}),
		"EventGuid": object("", []string{"creation_number", "account_address"}, jsonObj{
			"creation_number": ref("U64"),
			"account_address": ref("Address"),
		}),
		"Event": object("An event, as nested in a transaction.", []string{"guid", "sequence_number", "type", "data"}, eventProps(false)),
		"VersionedEvent": object("An event with the version of the transaction that emitted it, as in event listings.",
			[]string{"version", "guid", "sequence_number", "type", "data"}, eventProps(true)),
		"Block": object("A block and, when requested, its transactions.", []string{"block_height", "block_hash", "block_timestamp", "first_version", "last_version"}, jsonObj{
			"block_height":    ref("U64"),
			"block_hash":      ref("HashValue"),
			"block_timestamp": ref("U64"),
			"first_version":   ref("U64"),
			"last_version":    ref("U64"),
			"transactions":    nullable(jsonObj{"type": "array", "items": ref("Transaction"), "description": "In sequential order; null unless with_transactions=true."}),
		}),
		"TableItemRequest": object("A table key with its type and the type of the value.", []string{"key_type", "value_type", "key"}, jsonObj{
			"key_type":   ref("MoveType"),
			"value_type": ref("MoveType"),
			"key":        ref("MoveValue"),
		}),
		"RawTableItemRequest": object("A table key given as its BCS bytes.", []string{"key"}, jsonObj{"key": ref("HexEncodedBytes")}),
		"ViewRequest": object("A view function call.", []string{"function", "type_arguments", "arguments"}, jsonObj{
			"function":       ref("EntryFunctionId"),
			"type_arguments": arrayOf(ref("MoveType")),
			"arguments":      arrayOf(ref("MoveValue")),
		}),
		"GasEstimation": object("Gas unit price estimates (plain JSON numbers).", []string{"gas_estimate"}, jsonObj{
			"deprioritized_gas_estimate": integer("uint64", "A price for transactions that may wait."),
			"gas_estimate":               integer("uint64", "The current estimate."),
			"prioritized_gas_estimate":   integer("uint64", "A price for transactions that should be included first."),
		}),
		"TransactionsBatchSingleSubmissionFailure": object("", []string{"error", "transaction_index"}, jsonObj{
			"error":             ref("AptosError"),
			"transaction_index": integer("uint64", "Index of the failed transaction in the submitted batch."),
		}),
		"TransactionsBatchSubmissionResult": object("The transactions of a batch that failed.", []string{"transaction_failures"}, jsonObj{
			"transaction_failures": arrayOf(ref("TransactionsBatchSingleSubmissionFailure")),
		}),
	}
	for _, part := range []jsonObj{moduleSchemas(), transactionSchemas(), changeSchemas(), payloadSchemas(), signatureSchemas()} {
		for k, v := range part {
			s[k] = v
		}
	}
	return s
}

func eventProps(versioned bool) jsonObj {
	p := jsonObj{
		"guid":            ref("EventGuid"),
		"sequence_number": ref("U64"),
		"type":            ref("MoveType"),
		"data":            ref("MoveValue"),
	}
	if versioned {
		p["version"] = ref("U64")
	}
	return p
}

func moduleSchemas() jsonObj {
	generic := arrayOf(object("", []string{"constraints"}, jsonObj{"constraints": arrayOf(str("An ability."))}))
	field := object("", []string{"name", "type"}, jsonObj{"name": ref("IdentifierWrapper"), "type": str("The field's Move type.")})
	return jsonObj{
		"MoveModuleBytecode": object("A module's bytecode and, when it can be parsed, its ABI.", []string{"bytecode"}, jsonObj{
			"bytecode": ref("HexEncodedBytes"),
			"abi":      nullable(ref("MoveModule")),
		}),
		"MoveScriptBytecode": object("A script's bytecode and, when known, its function ABI.", []string{"bytecode"}, jsonObj{
			"bytecode": ref("HexEncodedBytes"),
			"abi":      nullable(ref("MoveFunction")),
		}),
		"MoveModule": object("A module ABI.", []string{"address", "name", "friends", "exposed_functions", "structs"}, jsonObj{
			"address":           ref("Address"),
			"name":              ref("IdentifierWrapper"),
			"friends":           arrayOf(ref("MoveModuleId")),
			"exposed_functions": arrayOf(ref("MoveFunction")),
			"structs":           arrayOf(ref("MoveStruct")),
		}),
		"MoveFunction": object("A function ABI (public, friend, entry or view functions).", []string{"name", "visibility", "is_entry", "is_view", "generic_type_params", "params", "return"}, jsonObj{
			"name":                ref("IdentifierWrapper"),
			"visibility":          jsonObj{"type": "string", "enum": []string{"private", "public", "friend"}},
			"is_entry":            boolean("Whether it is an entry function."),
			"is_view":             boolean("Whether it is a view function."),
			"generic_type_params": generic,
			"params":              arrayOf(str("A parameter's Move type (references included).")),
			"return":              arrayOf(str("A return value's Move type.")),
		}),
		"MoveStruct": object("A struct ABI.", []string{"name", "is_native", "abilities", "generic_type_params", "fields"}, jsonObj{
			"name":                ref("IdentifierWrapper"),
			"is_native":           boolean(""),
			"is_event":            boolean(""),
			"is_enum":             boolean(""),
			"abilities":           arrayOf(str("An ability.")),
			"generic_type_params": generic,
			"fields":              arrayOf(field),
			"variants":            arrayOf(object("", []string{"name", "fields"}, jsonObj{"name": ref("IdentifierWrapper"), "fields": arrayOf(field)})),
		}),
	}
}

// requestProps are the fields of a transaction request without signature.
func requestProps() jsonObj {
	return jsonObj{
		"sender":                    ref("Address"),
		"sequence_number":           ref("U64"),
		"max_gas_amount":            ref("U64"),
		"gas_unit_price":            ref("U64"),
		"expiration_timestamp_secs": ref("U64"),
		"payload":                   ref("TransactionPayload"),
		"replay_protection_nonce":   nullable(ref("U64")),
	}
}

var requestRequired = []string{"sender", "sequence_number", "max_gas_amount", "gas_unit_price", "expiration_timestamp_secs", "payload"}

func with(p jsonObj, extra jsonObj) jsonObj {
	out := jsonObj{}
	for k, v := range p {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

func transactionSchemas() jsonObj {
	info := jsonObj{
		"version":               ref("U64"),
		"hash":                  ref("HashValue"),
		"state_change_hash":     ref("HashValue"),
		"event_root_hash":       ref("HashValue"),
		"state_checkpoint_hash": nullable(ref("HashValue")),
		"gas_used":              ref("U64"),
		"success":               boolean("Whether the transaction succeeded."),
		"vm_status":             str("The execution status, informative on failure."),
		"accumulator_root_hash": ref("HashValue"),
		"changes":               jsonObj{"type": "array", "items": ref("WriteSetChange"), "description": "The final state of what the transaction changed."},
	}
	infoReq := []string{"version", "hash", "state_change_hash", "event_root_hash", "gas_used", "success", "vm_status", "accumulator_root_hash", "changes"}
	committed := func(desc, typ string, required []string, props jsonObj) jsonObj {
		return variant(desc, []string{typ}, append(append([]string{}, infoReq...), required...), with(info, props))
	}
	events := arrayOf(ref("Event"))
	pending := with(requestProps(), jsonObj{"hash": ref("HashValue"), "signature": ref("TransactionSignature")})
	pendingReq := append([]string{"hash"}, requestRequired...)
	return jsonObj{
		"SubmitTransactionRequest": object("A signed transaction as JSON.", append(append([]string{}, requestRequired...), "signature"),
			with(requestProps(), jsonObj{"signature": ref("TransactionSignature")})),
		"EncodeSubmissionRequest": object("A transaction request without signature, to encode for signing.", requestRequired,
			with(requestProps(), jsonObj{"secondary_signers": arrayOf(ref("Address"))})),
		"PendingTransaction": object("A transaction accepted into the mempool, as returned by submission (without type).", pendingReq,
			with(pending, jsonObj{"type": jsonObj{"type": "string", "enum": []string{"pending_transaction"}}})),
		"Transaction_PendingTransaction": variant("A transaction waiting in the mempool.", []string{"pending_transaction"}, pendingReq, pending),
		"UserTransaction": committed("A committed (or simulated) user transaction.", "user_transaction",
			append(append([]string{}, requestRequired...), "events", "timestamp"),
			with(requestProps(), jsonObj{"signature": nullable(ref("TransactionSignature")), "events": events, "timestamp": ref("U64")})),
		"GenesisTransaction": committed("The genesis transaction.", "genesis_transaction", []string{"payload", "events"}, jsonObj{
			"payload": object("The genesis write set.", []string{"type", "write_set"}, jsonObj{
				"type":      jsonObj{"type": "string", "enum": []string{"write_set_payload"}},
				"write_set": jsonObj{"type": "object", "additionalProperties": true},
			}),
			"events": events,
		}),
		"BlockMetadataTransaction": committed("The first transaction of a block.", "block_metadata_transaction",
			[]string{"id", "epoch", "round", "events", "previous_block_votes_bitvec", "proposer", "failed_proposer_indices", "timestamp"}, jsonObj{
				"id":                          ref("HashValue"),
				"epoch":                       ref("U64"),
				"round":                       ref("U64"),
				"events":                      events,
				"previous_block_votes_bitvec": arrayOf(integer("uint8", "")),
				"proposer":                    ref("Address"),
				"failed_proposer_indices":     arrayOf(integer("uint32", "")),
				"timestamp":                   ref("U64"),
				"block_metadata_extension":    jsonObj{"type": "object", "additionalProperties": true},
			}),
		"StateCheckpointTransaction": committed("A state checkpoint.", "state_checkpoint_transaction", []string{"timestamp"}, jsonObj{"timestamp": ref("U64")}),
		"BlockEpilogueTransaction": committed("The last transaction of a block.", "block_epilogue_transaction", []string{"timestamp"}, jsonObj{
			"timestamp":      ref("U64"),
			"block_end_info": nullable(jsonObj{"type": "object", "additionalProperties": true}),
		}),
		"ValidatorTransaction": committed("A validator transaction (JWK update, DKG result).", "validator_transaction", []string{"timestamp"}, jsonObj{
			"events":                     events,
			"timestamp":                  ref("U64"),
			"validator_transaction_type": str("The kind of validator transaction."),
		}),
		"Transaction": union("A transaction, pending or committed, discriminated by type.",
			[]string{"Transaction_PendingTransaction", "UserTransaction", "GenesisTransaction", "BlockMetadataTransaction", "StateCheckpointTransaction", "BlockEpilogueTransaction", "ValidatorTransaction"},
			map[string]string{
				"pending_transaction": "Transaction_PendingTransaction", "user_transaction": "UserTransaction", "genesis_transaction": "GenesisTransaction",
				"block_metadata_transaction": "BlockMetadataTransaction", "state_checkpoint_transaction": "StateCheckpointTransaction",
				"block_epilogue_transaction": "BlockEpilogueTransaction", "validator_transaction": "ValidatorTransaction",
			}),
	}
}
