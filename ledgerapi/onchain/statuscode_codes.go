package onchain

// The VM status codes, one constant per code the project knows, named
// exactly as Aptos's StatusCode enum (move-core-types vm_status.rs) names
// the variant and numbered as Aptos numbers it. Codes Aptos retired or
// reserved are left out. This is the only table of status codes: the
// executor, the interpreter, the verifier, publishing and the API all use
// these constants, and StatusCode.Name gives their names.
//
// The identifiers keep Aptos's spelling on purpose, so that a code met in
// a vm_status text, in Aptos's sources or in its documentation is found
// here by its name.

// Validation statuses (0–999): the prologue's and the submission checks'
// rejections.
const (
	UNKNOWN_VALIDATION_STATUS                        StatusCode = 0
	INVALID_SIGNATURE                                StatusCode = 1
	INVALID_AUTH_KEY                                 StatusCode = 2
	SEQUENCE_NUMBER_TOO_OLD                          StatusCode = 3
	SEQUENCE_NUMBER_TOO_NEW                          StatusCode = 4
	INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE         StatusCode = 5
	TRANSACTION_EXPIRED                              StatusCode = 6
	SENDING_ACCOUNT_DOES_NOT_EXIST                   StatusCode = 7
	REJECTED_WRITE_SET                               StatusCode = 8
	INVALID_WRITE_SET                                StatusCode = 9
	EXCEEDED_MAX_TRANSACTION_SIZE                    StatusCode = 10
	UNKNOWN_SCRIPT                                   StatusCode = 11
	UNKNOWN_MODULE                                   StatusCode = 12
	MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND        StatusCode = 13
	MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS    StatusCode = 14
	GAS_UNIT_PRICE_BELOW_MIN_BOUND                   StatusCode = 15
	GAS_UNIT_PRICE_ABOVE_MAX_BOUND                   StatusCode = 16
	INVALID_GAS_SPECIFIER                            StatusCode = 17
	SENDING_ACCOUNT_FROZEN                           StatusCode = 18
	UNABLE_TO_DESERIALIZE_ACCOUNT                    StatusCode = 19
	CURRENCY_INFO_DOES_NOT_EXIST                     StatusCode = 20
	INVALID_MODULE_PUBLISHER                         StatusCode = 21
	NO_ACCOUNT_ROLE                                  StatusCode = 22
	BAD_CHAIN_ID                                     StatusCode = 23
	SEQUENCE_NUMBER_TOO_BIG                          StatusCode = 24
	BAD_TRANSACTION_FEE_CURRENCY                     StatusCode = 25
	FEATURE_UNDER_GATING                             StatusCode = 26
	SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH          StatusCode = 27
	SIGNERS_CONTAIN_DUPLICATES                       StatusCode = 28
	SEQUENCE_NONCE_INVALID                           StatusCode = 29
	CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST                StatusCode = 30
	ACCOUNT_NOT_MULTISIG                             StatusCode = 31
	NOT_MULTISIG_OWNER                               StatusCode = 32
	MULTISIG_TRANSACTION_NOT_FOUND                   StatusCode = 33
	MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS      StatusCode = 34
	MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH StatusCode = 35
	GAS_PAYER_ACCOUNT_MISSING                        StatusCode = 36
	ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED        StatusCode = 41
	NONCE_ALREADY_USED                               StatusCode = 42
	TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE         StatusCode = 44
)

// Verification statuses (1000–1999): the bytecode verifier, linking and
// entry-function checks.
const (
	UNKNOWN_VERIFICATION_ERROR                               StatusCode = 1000
	INDEX_OUT_OF_BOUNDS                                      StatusCode = 1001
	INVALID_SIGNATURE_TOKEN                                  StatusCode = 1003
	RECURSIVE_STRUCT_DEFINITION                              StatusCode = 1005
	FIELD_MISSING_TYPE_ABILITY                               StatusCode = 1006
	INVALID_FALL_THROUGH                                     StatusCode = 1007
	NEGATIVE_STACK_SIZE_WITHIN_BLOCK                         StatusCode = 1009
	INVALID_MAIN_FUNCTION_SIGNATURE                          StatusCode = 1011
	DUPLICATE_ELEMENT                                        StatusCode = 1012
	INVALID_MODULE_HANDLE                                    StatusCode = 1013
	UNIMPLEMENTED_HANDLE                                     StatusCode = 1014
	LOOKUP_FAILED                                            StatusCode = 1017
	TYPE_MISMATCH                                            StatusCode = 1020
	MISSING_DEPENDENCY                                       StatusCode = 1021
	POP_WITHOUT_DROP_ABILITY                                 StatusCode = 1023
	BR_TYPE_MISMATCH_ERROR                                   StatusCode = 1025
	ABORT_TYPE_MISMATCH_ERROR                                StatusCode = 1026
	STLOC_TYPE_MISMATCH_ERROR                                StatusCode = 1027
	STLOC_UNSAFE_TO_DESTROY_ERROR                            StatusCode = 1028
	UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED              StatusCode = 1029
	RET_TYPE_MISMATCH_ERROR                                  StatusCode = 1030
	RET_BORROWED_MUTABLE_REFERENCE_ERROR                     StatusCode = 1031
	FREEZEREF_TYPE_MISMATCH_ERROR                            StatusCode = 1032
	FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR                    StatusCode = 1033
	BORROWFIELD_TYPE_MISMATCH_ERROR                          StatusCode = 1034
	BORROWFIELD_BAD_FIELD_ERROR                              StatusCode = 1035
	BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR                  StatusCode = 1036
	COPYLOC_UNAVAILABLE_ERROR                                StatusCode = 1037
	COPYLOC_WITHOUT_COPY_ABILITY                             StatusCode = 1038
	COPYLOC_EXISTS_BORROW_ERROR                              StatusCode = 1039
	MOVELOC_UNAVAILABLE_ERROR                                StatusCode = 1040
	MOVELOC_EXISTS_BORROW_ERROR                              StatusCode = 1041
	BORROWLOC_REFERENCE_ERROR                                StatusCode = 1042
	BORROWLOC_UNAVAILABLE_ERROR                              StatusCode = 1043
	BORROWLOC_EXISTS_BORROW_ERROR                            StatusCode = 1044
	CALL_TYPE_MISMATCH_ERROR                                 StatusCode = 1045
	CALL_BORROWED_MUTABLE_REFERENCE_ERROR                    StatusCode = 1046
	PACK_TYPE_MISMATCH_ERROR                                 StatusCode = 1047
	UNPACK_TYPE_MISMATCH_ERROR                               StatusCode = 1048
	READREF_TYPE_MISMATCH_ERROR                              StatusCode = 1049
	READREF_WITHOUT_COPY_ABILITY                             StatusCode = 1050
	READREF_EXISTS_MUTABLE_BORROW_ERROR                      StatusCode = 1051
	WRITEREF_TYPE_MISMATCH_ERROR                             StatusCode = 1052
	WRITEREF_WITHOUT_DROP_ABILITY                            StatusCode = 1053
	WRITEREF_EXISTS_BORROW_ERROR                             StatusCode = 1054
	WRITEREF_NO_MUTABLE_REFERENCE_ERROR                      StatusCode = 1055
	INTEGER_OP_TYPE_MISMATCH_ERROR                           StatusCode = 1056
	BOOLEAN_OP_TYPE_MISMATCH_ERROR                           StatusCode = 1057
	EQUALITY_OP_TYPE_MISMATCH_ERROR                          StatusCode = 1058
	EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT               StatusCode = 1059
	BORROWGLOBAL_TYPE_MISMATCH_ERROR                         StatusCode = 1060
	BORROWGLOBAL_WITHOUT_KEY_ABILITY                         StatusCode = 1061
	MOVEFROM_TYPE_MISMATCH_ERROR                             StatusCode = 1062
	MOVEFROM_WITHOUT_KEY_ABILITY                             StatusCode = 1063
	MOVETO_TYPE_MISMATCH_ERROR                               StatusCode = 1064
	MOVETO_WITHOUT_KEY_ABILITY                               StatusCode = 1065
	MODULE_ADDRESS_DOES_NOT_MATCH_SENDER                     StatusCode = 1067
	NO_MODULE_HANDLES                                        StatusCode = 1068
	POSITIVE_STACK_SIZE_AT_BLOCK_END                         StatusCode = 1069
	MISSING_ACQUIRES_ANNOTATION                              StatusCode = 1070
	EXTRANEOUS_ACQUIRES_ANNOTATION                           StatusCode = 1071
	DUPLICATE_ACQUIRES_ANNOTATION                            StatusCode = 1072
	INVALID_ACQUIRES_ANNOTATION                              StatusCode = 1073
	GLOBAL_REFERENCE_ERROR                                   StatusCode = 1074
	CONSTRAINT_NOT_SATISFIED                                 StatusCode = 1075
	NUMBER_OF_TYPE_ARGUMENTS_MISMATCH                        StatusCode = 1076
	LOOP_IN_INSTANTIATION_GRAPH                              StatusCode = 1077
	ZERO_SIZED_STRUCT                                        StatusCode = 1080
	LINKER_ERROR                                             StatusCode = 1081
	INVALID_CONSTANT_TYPE                                    StatusCode = 1082
	MALFORMED_CONSTANT_DATA                                  StatusCode = 1083
	EMPTY_CODE_UNIT                                          StatusCode = 1084
	INVALID_LOOP_SPLIT                                       StatusCode = 1085
	INVALID_LOOP_BREAK                                       StatusCode = 1086
	INVALID_LOOP_CONTINUE                                    StatusCode = 1087
	UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP                    StatusCode = 1088
	TOO_MANY_LOCALS                                          StatusCode = 1089
	GENERIC_MEMBER_OPCODE_MISMATCH                           StatusCode = 1090
	FUNCTION_RESOLUTION_FAILURE                              StatusCode = 1091
	INVALID_OPERATION_IN_SCRIPT                              StatusCode = 1094
	DUPLICATE_MODULE_NAME                                    StatusCode = 1095
	BACKWARD_INCOMPATIBLE_MODULE_UPDATE                      StatusCode = 1096
	CYCLIC_MODULE_DEPENDENCY                                 StatusCode = 1097
	NUMBER_OF_ARGUMENTS_MISMATCH                             StatusCode = 1098
	INVALID_PARAM_TYPE_FOR_DESERIALIZATION                   StatusCode = 1099
	FAILED_TO_DESERIALIZE_ARGUMENT                           StatusCode = 1100
	NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH                      StatusCode = 1101
	CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE            StatusCode = 1102
	EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION      StatusCode = 1103
	INVALID_FRIEND_DECL_WITH_SELF                            StatusCode = 1104
	INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS StatusCode = 1105
	INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES         StatusCode = 1106
	CYCLIC_MODULE_FRIENDSHIP                                 StatusCode = 1107
	INVALID_PHANTOM_TYPE_PARAM_POSITION                      StatusCode = 1108
	VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR                   StatusCode = 1109
	VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR           StatusCode = 1110
	LOOP_MAX_DEPTH_REACHED                                   StatusCode = 1111
	TOO_MANY_TYPE_PARAMETERS                                 StatusCode = 1112
	TOO_MANY_PARAMETERS                                      StatusCode = 1113
	TOO_MANY_BASIC_BLOCKS                                    StatusCode = 1114
	VALUE_STACK_OVERFLOW                                     StatusCode = 1115
	TOO_MANY_TYPE_NODES                                      StatusCode = 1116
	VALUE_STACK_PUSH_OVERFLOW                                StatusCode = 1117
	MAX_DEPENDENCY_DEPTH_REACHED                             StatusCode = 1118
	MAX_FUNCTION_DEFINITIONS_REACHED                         StatusCode = 1119
	MAX_STRUCT_DEFINITIONS_REACHED                           StatusCode = 1120
	MAX_FIELD_DEFINITIONS_REACHED                            StatusCode = 1121
	TOO_MANY_BACK_EDGES                                      StatusCode = 1122
	EVENT_METADATA_VALIDATION_ERROR                          StatusCode = 1123
	DEPENDENCY_LIMIT_REACHED                                 StatusCode = 1124
	UNSTABLE_BYTECODE_REJECTED                               StatusCode = 1125
	PROGRAM_TOO_COMPLEX                                      StatusCode = 1126
	USER_DEFINED_NATIVE_NOT_ALLOWED                          StatusCode = 1127
	MAX_STRUCT_VARIANTS_REACHED                              StatusCode = 1128
	TEST_VARIANT_TYPE_MISMATCH_ERROR                         StatusCode = 1129
	ZERO_VARIANTS_ERROR                                      StatusCode = 1130
	FEATURE_NOT_ENABLED                                      StatusCode = 1131
	INVALID_CLOSURE_MASK                                     StatusCode = 1132
	CLOSURE_CALL_REQUIRES_FUNCTION                           StatusCode = 1133
	INVALID_INIT_MODULE                                      StatusCode = 1134
)

// Invariant violations (2000–2999): states a correct VM never reaches.
const (
	UNKNOWN_INVARIANT_VIOLATION_ERROR            StatusCode = 2000
	EMPTY_VALUE_STACK                            StatusCode = 2003
	PC_OVERFLOW                                  StatusCode = 2005
	VERIFICATION_ERROR                           StatusCode = 2006
	STORAGE_ERROR                                StatusCode = 2008
	INTERNAL_TYPE_ERROR                          StatusCode = 2009
	EVENT_KEY_MISMATCH                           StatusCode = 2010
	UNREACHABLE                                  StatusCode = 2011
	VM_STARTUP_FAILURE                           StatusCode = 2012
	UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION    StatusCode = 2015
	VERIFIER_INVARIANT_VIOLATION                 StatusCode = 2016
	UNEXPECTED_VERIFIER_ERROR                    StatusCode = 2017
	UNEXPECTED_DESERIALIZATION_ERROR             StatusCode = 2018
	FAILED_TO_SERIALIZE_WRITE_SET_CHANGES        StatusCode = 2019
	FAILED_TO_DESERIALIZE_RESOURCE               StatusCode = 2020
	TYPE_RESOLUTION_FAILURE                      StatusCode = 2021
	DUPLICATE_NATIVE_FUNCTION                    StatusCode = 2022
	DELAYED_MATERIALIZATION_CODE_INVARIANT_ERROR StatusCode = 2023
	SPECULATIVE_EXECUTION_ABORT_ERROR            StatusCode = 2024
	ACCESS_CONTROL_INVARIANT_VIOLATION           StatusCode = 2025
)

// Deserialization statuses (3000–3999): malformed module or script binaries.
const (
	UNKNOWN_BINARY_ERROR        StatusCode = 3000
	MALFORMED                   StatusCode = 3001
	BAD_MAGIC                   StatusCode = 3002
	UNKNOWN_VERSION             StatusCode = 3003
	UNKNOWN_TABLE_TYPE          StatusCode = 3004
	UNKNOWN_SIGNATURE_TYPE      StatusCode = 3005
	UNKNOWN_SERIALIZED_TYPE     StatusCode = 3006
	UNKNOWN_OPCODE              StatusCode = 3007
	BAD_HEADER_TABLE            StatusCode = 3008
	UNEXPECTED_SIGNATURE_TYPE   StatusCode = 3009
	DUPLICATE_TABLE             StatusCode = 3010
	UNKNOWN_ABILITY             StatusCode = 3013
	UNKNOWN_NATIVE_STRUCT_FLAG  StatusCode = 3014
	BAD_U16                     StatusCode = 3017
	BAD_U32                     StatusCode = 3018
	BAD_U64                     StatusCode = 3019
	BAD_U128                    StatusCode = 3020
	BAD_U256                    StatusCode = 3021
	VALUE_SERIALIZATION_ERROR   StatusCode = 3022
	VALUE_DESERIALIZATION_ERROR StatusCode = 3023
	CODE_DESERIALIZATION_ERROR  StatusCode = 3024
	INVALID_FLAG_BITS           StatusCode = 3025
)

// Execution statuses (4000–4999): failures while running Move code.
const (
	UNKNOWN_RUNTIME_STATUS           StatusCode = 4000
	EXECUTED                         StatusCode = 4001
	OUT_OF_GAS                       StatusCode = 4002
	RESOURCE_DOES_NOT_EXIST          StatusCode = 4003
	RESOURCE_ALREADY_EXISTS          StatusCode = 4004
	MISSING_DATA                     StatusCode = 4008
	DATA_FORMAT_ERROR                StatusCode = 4009
	ABORTED                          StatusCode = 4016
	ARITHMETIC_ERROR                 StatusCode = 4017
	VECTOR_OPERATION_ERROR           StatusCode = 4018
	EXECUTION_STACK_OVERFLOW         StatusCode = 4020
	CALL_STACK_OVERFLOW              StatusCode = 4021
	VM_MAX_TYPE_DEPTH_REACHED        StatusCode = 4024
	VM_MAX_VALUE_DEPTH_REACHED       StatusCode = 4025
	VM_EXTENSION_ERROR               StatusCode = 4026
	STORAGE_WRITE_LIMIT_REACHED      StatusCode = 4027
	MEMORY_LIMIT_EXCEEDED            StatusCode = 4028
	VM_MAX_TYPE_NODES_REACHED        StatusCode = 4029
	EXECUTION_LIMIT_REACHED          StatusCode = 4030
	IO_LIMIT_REACHED                 StatusCode = 4031
	STORAGE_LIMIT_REACHED            StatusCode = 4032
	TYPE_TAG_LIMIT_EXCEEDED          StatusCode = 4033
	ACCESS_DENIED                    StatusCode = 4034
	ACCESS_STACK_LIMIT_EXCEEDED      StatusCode = 4035
	TOO_MANY_DELAYED_FIELDS          StatusCode = 4036
	RUNTIME_DISPATCH_ERROR           StatusCode = 4037
	STRUCT_VARIANT_MISMATCH          StatusCode = 4038
	UNIMPLEMENTED_FUNCTIONALITY      StatusCode = 4039
	RUNTIME_CYCLIC_MODULE_DEPENDENCY StatusCode = 4040
)

// UNKNOWN_STATUS is the status of an error without a code (u64::MAX).
const UNKNOWN_STATUS = StatusCode(^uint64(0))
