package vmstub_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// withContext is the chain as the API passes a view's state: carrying the
// call's context.
type withContext struct {
	*chain
	ctx context.Context
}

func (w withContext) Context() context.Context { return w.ctx }

// TestViewStopsAtItsDeadline: a view looping forever stops as soon as its
// context is done (the API's time bound), with the context's error rather
// than a failure of the code, while the same view without a context runs
// until its gas is spent.
func TestViewStopsAtItsDeadline(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	b := bytecode.NewModuleBuilder(a.Address, "spin")
	b.Function("forever", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpBranch, 0)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"forever": {{Kind: bytecode.AttributeView}}}})
	if out := c.publish(a, packageMeta("Spin", onchain.UpgradeCompatible, []string{"spin"}, stdDeps...), mustBytes(t, b)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "spin"}, Name: "forever"}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, _, err := c.vm.View(withContext{c, ctx}, fn, nil, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled view: %v, want the context's error", err)
	}
	if _, _, _, err := c.vm.View(c, fn, nil, nil); !isStatus(err, "OUT_OF_GAS") {
		t.Fatalf("view without a context: %v, want OUT_OF_GAS", err)
	}
}
