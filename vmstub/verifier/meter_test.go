package verifier_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// TestOneBudgetPerModule: the verifier meter is one budget for every pass
// over every function of a module, so a module of many functions, each
// cheap enough alone, is refused once their total passes it (1075, as a
// program too complex), and the same module passes with a larger budget.
func TestOneBudgetPerModule(t *testing.T) {
	small, _ := bigModule(t, 1)      // one round of functions
	large, _ := bigModule(t, 16<<10) // several rounds: more functions of the same code
	if len(large.FunctionDefs) <= len(small.FunctionDefs) {
		t.Fatalf("%d functions, then %d", len(small.FunctionDefs), len(large.FunctionDefs))
	}
	// A budget a little above what the small module needs.
	budget := 0
	for b := 1 << 10; b < 1<<30; b *= 2 {
		cfg := verifier.Production()
		cfg.MaxMeterUnits = b
		if verifier.Module(small, cfg) == nil {
			budget = b
			break
		}
	}
	if budget == 0 {
		t.Fatal("no budget accepts the small module")
	}
	cfg := verifier.Production()
	cfg.MaxMeterUnits = budget
	var verr *verifier.Error
	if err := verifier.Module(large, cfg); !errors.As(err, &verr) || verr.Status != 1075 {
		t.Fatalf("many functions under one budget: %v, want CONSTRAINT_NOT_SATISFIED (program too complex)", err)
	}
	cfg.MaxMeterUnits = budget * len(large.FunctionDefs)
	if err := verifier.Module(large, cfg); err != nil {
		t.Fatalf("with a budget per function: %v", err)
	}
}
