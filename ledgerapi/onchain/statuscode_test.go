package onchain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestStatusCodesAsAptosDocumentsThem pins a sample of the table to the
// numbers and names Aptos documents for its StatusCode enum, from each
// family and from each of the executor, interpreter, verifier and API.
func TestStatusCodesAsAptosDocumentsThem(t *testing.T) {
	for _, c := range []struct {
		code StatusCode
		num  uint64
		name string
	}{
		{INVALID_SIGNATURE, 1, "INVALID_SIGNATURE"},
		{SEQUENCE_NUMBER_TOO_OLD, 3, "SEQUENCE_NUMBER_TOO_OLD"},
		{INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE, 5, "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE"},
		{EXCEEDED_MAX_TRANSACTION_SIZE, 10, "EXCEEDED_MAX_TRANSACTION_SIZE"},
		{MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS, 14, "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS"},
		{BAD_CHAIN_ID, 23, "BAD_CHAIN_ID"},
		{SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH, 27, "SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH"},
		{GAS_PAYER_ACCOUNT_MISSING, 36, "GAS_PAYER_ACCOUNT_MISSING"},
		{INDEX_OUT_OF_BOUNDS, 1001, "INDEX_OUT_OF_BOUNDS"},
		{INVALID_MAIN_FUNCTION_SIGNATURE, 1011, "INVALID_MAIN_FUNCTION_SIGNATURE"},
		{LOOKUP_FAILED, 1017, "LOOKUP_FAILED"},
		{TYPE_MISMATCH, 1020, "TYPE_MISMATCH"},
		{MISSING_DEPENDENCY, 1021, "MISSING_DEPENDENCY"},
		{PACK_TYPE_MISMATCH_ERROR, 1047, "PACK_TYPE_MISMATCH_ERROR"},
		{GLOBAL_REFERENCE_ERROR, 1074, "GLOBAL_REFERENCE_ERROR"},
		{CONSTRAINT_NOT_SATISFIED, 1075, "CONSTRAINT_NOT_SATISFIED"},
		{NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, 1076, "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH"},
		{LINKER_ERROR, 1081, "LINKER_ERROR"},
		{FUNCTION_RESOLUTION_FAILURE, 1091, "FUNCTION_RESOLUTION_FAILURE"},
		{BACKWARD_INCOMPATIBLE_MODULE_UPDATE, 1096, "BACKWARD_INCOMPATIBLE_MODULE_UPDATE"},
		{NUMBER_OF_ARGUMENTS_MISMATCH, 1098, "NUMBER_OF_ARGUMENTS_MISMATCH"},
		{FAILED_TO_DESERIALIZE_ARGUMENT, 1100, "FAILED_TO_DESERIALIZE_ARGUMENT"},
		{EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION, 1103, "EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION"},
		{USER_DEFINED_NATIVE_NOT_ALLOWED, 1127, "USER_DEFINED_NATIVE_NOT_ALLOWED"},
		{INVALID_INIT_MODULE, 1134, "INVALID_INIT_MODULE"},
		{UNKNOWN_INVARIANT_VIOLATION_ERROR, 2000, "UNKNOWN_INVARIANT_VIOLATION_ERROR"},
		{VERIFICATION_ERROR, 2006, "VERIFICATION_ERROR"},
		{VERIFIER_INVARIANT_VIOLATION, 2016, "VERIFIER_INVARIANT_VIOLATION"},
		{UNKNOWN_VERSION, 3003, "UNKNOWN_VERSION"},
		{EXECUTED, 4001, "EXECUTED"},
		{OUT_OF_GAS, 4002, "OUT_OF_GAS"},
		{RESOURCE_ALREADY_EXISTS, 4004, "RESOURCE_ALREADY_EXISTS"},
		{ABORTED, 4016, "ABORTED"},
		{ARITHMETIC_ERROR, 4017, "ARITHMETIC_ERROR"},
		{EXECUTION_STACK_OVERFLOW, 4020, "EXECUTION_STACK_OVERFLOW"},
		{CALL_STACK_OVERFLOW, 4021, "CALL_STACK_OVERFLOW"},
		{VM_MAX_TYPE_DEPTH_REACHED, 4024, "VM_MAX_TYPE_DEPTH_REACHED"},
		{VM_MAX_VALUE_DEPTH_REACHED, 4025, "VM_MAX_VALUE_DEPTH_REACHED"},
		{STORAGE_WRITE_LIMIT_REACHED, 4027, "STORAGE_WRITE_LIMIT_REACHED"},
		{MEMORY_LIMIT_EXCEEDED, 4028, "MEMORY_LIMIT_EXCEEDED"},
		{TYPE_TAG_LIMIT_EXCEEDED, 4033, "TYPE_TAG_LIMIT_EXCEEDED"},
		{UNKNOWN_STATUS, ^uint64(0), "UNKNOWN_STATUS"},
	} {
		if uint64(c.code) != c.num {
			t.Errorf("%s is %d, Aptos numbers it %d", c.name, uint64(c.code), c.num)
		}
		if got, ok := StatusCode(c.num).Name(); !ok || got != c.name {
			t.Errorf("%d is named %q (%v), Aptos names it %s", c.num, got, ok, c.name)
		}
	}
}

// TestStatusNamesAreIdentifiers reads the table's sources and checks that
// every constant has a name, that its name is its identifier, that the
// name table has nothing else, and that no code or name is used twice.
func TestStatusNamesAreIdentifiers(t *testing.T) {
	fset := token.NewFileSet()
	codes := map[string]StatusCode{} // identifier → value
	f, err := parser.ParseFile(fset, "statuscode_codes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, id := range vs.Names {
			var v StatusCode
			if lit, ok := vs.Values[i].(*ast.BasicLit); ok {
				n, err := strconv.ParseUint(lit.Value, 0, 64)
				if err != nil {
					t.Fatalf("%s: %v", id.Name, err)
				}
				v = StatusCode(n)
			} else if id.Name == "UNKNOWN_STATUS" {
				v = UNKNOWN_STATUS
			} else {
				t.Fatalf("%s: value is not a number", id.Name)
			}
			if _, dup := codes[id.Name]; dup {
				t.Errorf("%s declared twice", id.Name)
			}
			codes[id.Name] = v
		}
		return true
	})
	if len(codes) < 200 {
		t.Fatalf("read %d constants: the table was not read as expected", len(codes))
	}
	seen := map[StatusCode]string{}
	for id, v := range codes {
		if other, dup := seen[v]; dup {
			t.Errorf("%s and %s are both %d", id, other, uint64(v))
		}
		seen[v] = id
		if name, ok := v.Name(); !ok || name != id {
			t.Errorf("%s (%d) is named %q (%v)", id, uint64(v), name, ok)
		}
	}
	if len(statusNames) != len(codes) {
		t.Errorf("%d names for %d constants", len(statusNames), len(codes))
	}
	names := map[string]bool{}
	for c, n := range statusNames {
		if names[n] {
			t.Errorf("name %s used twice", n)
		}
		names[n] = true
		if codes[n] != c {
			t.Errorf("name %s is given to %d, its constant is %d", n, uint64(c), uint64(codes[n]))
		}
	}
}
