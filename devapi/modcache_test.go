package devapi_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// counterModule is 0xbeef::m with a key struct R of one u64 field named
// field.
func counterModule(t *testing.T, field string) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(ledgerapi.MustParseAddress("0xbeef"), "m")
	b.Struct("R", bytecode.AbilityKey, bytecode.Field(field, bytecode.U64))
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// TestRevertedModuleLayouts: a module stored after a snapshot, reverted,
// and stored again with another struct layout at the same version renders
// resources with the new layout: no cached resolver or rendering of the
// reverted module is used.
func TestRevertedModuleLayouts(t *testing.T) {
	ctx := context.Background()
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	beef := ledgerapi.MustParseAddress("0xbeef")
	tag := ledgerapi.StructTag{Address: beef, Module: "m", Name: "R"}
	write := func(field string) string {
		tx, err := s.node.WriteState(ctx, []storage.WriteOp{
			{Key: storage.ModuleKey(beef, "m"), Value: counterModule(t, field)},
			{Key: storage.ResourceKey(beef, tag), Value: vmstub.U64Value(5)},
		})
		if err != nil {
			t.Fatal(err)
		}
		return ledgerapi.U64(tx.Version).String()
	}
	read := func(version string) string {
		status, body := do(t, http.MethodGet, s.base+"/accounts/0xbeef/resource/0xbeef::m::R?ledger_version="+version, "", nil)
		if status != 200 {
			t.Fatalf("resource: %d %s", status, body)
		}
		return string(body)
	}
	snap, err := s.node.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	v := write("before")
	if got := read(v); got != `{"type":"0xbeef::m::R","data":{"before":"5"}}` {
		t.Fatalf("before the revert: %s", got)
	}
	if _, err := s.node.Revert(ctx, snap.ID); err != nil {
		t.Fatal(err)
	}
	if again := write("after"); again != v {
		t.Fatalf("the module is stored again at version %s, not %s", again, v)
	}
	if got := read(v); got != `{"type":"0xbeef::m::R","data":{"after":"5"}}` {
		t.Errorf("after the revert the resource renders as %s", got)
	}
}
