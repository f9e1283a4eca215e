package verifier

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Config holds the verifier's limits. Zero fields mean "no limit" except
// where noted; Production returns Aptos's production values.
type Config struct {
	MaxLoopDepth                  int // 1111 LOOP_MAX_DEPTH_REACHED
	MaxGenericInstantiationLength int // 1112 TOO_MANY_TYPE_PARAMETERS
	MaxFunctionParameters         int // 1113 TOO_MANY_PARAMETERS
	MaxFunctionReturnValues       int // 1113 TOO_MANY_PARAMETERS
	MaxBasicBlocks                int // 1114 TOO_MANY_BASIC_BLOCKS (functions of modules)
	MaxBasicBlocksInScript        int // 1114 (0: none, as Aptos)
	MaxValueStackSize             int // 1115 VALUE_STACK_OVERFLOW
	MaxTypeNodes                  int // 1116 TOO_MANY_TYPE_NODES
	MaxTypeDepth                  int // 1116
	MaxPushSize                   int // 1117 VALUE_STACK_PUSH_OVERFLOW (per basic block)
	MaxStructDefinitions          int // 1120
	MaxFieldsInStruct             int // 1121
	MaxStructVariants             int // 1128
	MaxFunctionDefinitions        int // 1119
	MaxBackEdgesPerFunction       int // 1122
	MaxBackEdgesPerModule         int // 1122
	MaxIdentifierLength           int // 1126-family refusal of long identifiers (255)
	MaxConstantSize               int // bytes of one constant (65535)
	// MaxMeterUnits bounds the verifier's own work per function and per
	// module (PROGRAM_TOO_COMPLEX-style refusal, 1075 as Aptos reports it).
	MaxMeterUnits int
}

// Production returns the limits Aptos's production verifier configuration
// uses (function values enabled). As there, the numbers of structs, fields,
// variants, functions and back edges are bounded only by the file format
// (65535 entries per table, 255 fields).
func Production() *Config {
	return &Config{
		MaxLoopDepth:                  5,
		MaxGenericInstantiationLength: 32,
		MaxFunctionParameters:         128,
		MaxFunctionReturnValues:       128,
		MaxBasicBlocks:                1024,
		MaxValueStackSize:             1024,
		MaxTypeNodes:                  128,
		MaxTypeDepth:                  20,
		MaxPushSize:                   10000,
		MaxIdentifierLength:           255,
		MaxConstantSize:               65535,
		MaxMeterUnits:                 80_000_000,
	}
}

// modulePasses and scriptPasses are the unit passes in Aptos's order; a
// script has no friends, struct definitions or instantiation tables.
var (
	modulePasses = []func(*unit) error{
		checkLimits,
		checkDuplication,
		checkSignatures,
		checkInstructionConsistency,
		checkConstants,
		checkFriends,
		checkRecursiveStructs,
		checkInstantiationLoops,
		checkCodeUnits,
	}
	scriptPasses = []func(*unit) error{
		checkLimits,
		checkDuplication,
		checkSignatures,
		checkInstructionConsistency,
		checkConstants,
		checkCodeUnits,
	}
)

// Module verifies a module read by bytecode.DeserializeModule (whose
// bounds checks it relies on). It returns nil or an *Error.
func Module(m *bytecode.Module, cfg *Config) error {
	return run(func() *unit { return newModuleUnit(m, orProduction(cfg)) }, modulePasses)
}

// Script verifies a script read by bytecode.DeserializeScript.
func Script(s *bytecode.Script, cfg *Config) error {
	return run(func() *unit { return newScriptUnit(s, orProduction(cfg)) }, scriptPasses)
}

// orProduction is cfg, or the production limits when cfg is nil.
func orProduction(cfg *Config) *Config {
	if cfg == nil {
		return Production()
	}
	return cfg
}

// run builds the unit and applies passes to it in order, returning the
// first error; a panic (also while building) becomes
// VERIFIER_INVARIANT_VIOLATION.
func run(newUnit func() *unit, passes []func(*unit) error) (err error) {
	defer recoverInvariant(&err)
	u := newUnit()
	for _, pass := range passes {
		if err := pass(u); err != nil {
			return err
		}
	}
	return nil
}

// checkCodeUnits runs the per-function passes over every function with
// code, in Aptos's order: control flow (which builds the graph), stack
// usage, type safety, locals safety, reference safety, acquires.
func checkCodeUnits(u *unit) error {
	for _, fn := range u.funcs {
		if fn.code == nil {
			continue
		}
		for _, pass := range []func(*unit, *function) error{
			checkControlFlow,
			checkStackUsage,
			checkTypeSafety,
			checkLocalsSafety,
			checkReferenceSafety,
			checkAcquires,
		} {
			if err := pass(u, fn); err != nil {
				return err
			}
		}
	}
	return checkModuleBackEdges(u)
}

// recoverInvariant turns a panic of a pass into VERIFIER_INVARIANT_VIOLATION,
// as Aptos does: a verifier bug refuses the code rather than crash the node.
func recoverInvariant(err *error) {
	if r := recover(); r != nil {
		*err = fail(onchain.VERIFIER_INVARIANT_VIOLATION, "verifier invariant violation: %v", r)
	}
}
