package vmstub

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/storage"
)

// mapView is a storage.View over encoded keys.
type mapView map[string][]byte

func (v mapView) StateValue(k storage.StateKey) ([]byte, error) {
	enc, err := k.Encode()
	if err != nil {
		return nil, err
	}
	if b, ok := v[string(enc)]; ok {
		return b, nil
	}
	return nil, storage.ErrNotFound
}

// TestModuleLoaderStoredFunction checks that the natives' check finds a
// function in the module the interpreter loaded, scanning the loaded
// modules and then, past scanLoaded of them, through their index, and in
// the session's modules for a module not loaded.
func TestModuleLoaderStoredFunction(t *testing.T) {
	vm, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := vm.Genesis(0)
	if err != nil {
		t.Fatal(err)
	}
	state := mapView{}
	var ids []ledgerapi.ModuleId
	for _, w := range g.Changes {
		enc, err := w.Key.Encode()
		if err != nil {
			t.Fatal(err)
		}
		state[string(enc)] = w.Value
		if w.Key.Kind == storage.StateModule && w.Key.Address == ledgerapi.AddressOne {
			ids = append(ids, ledgerapi.ModuleId{Address: w.Key.Address, Name: w.Key.Module})
		}
	}
	if len(ids) < 2*scanLoaded {
		t.Fatalf("genesis stores %d modules at 0x1", len(ids))
	}
	s := newSession(vm, state)
	defer s.release()
	h := &moveHost{s: s}
	l := moduleLoader{h}
	balance := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}, Name: "balance"}
	check := func(when string) {
		t.Helper()
		for _, id := range loadedIDs(h) {
			m, err := h.s.modules().Module(id)
			if err != nil {
				t.Fatal(err)
			}
			for _, fn := range m.ABI.ExposedFunctions {
				f, err := h.storedFunction(ledgerapi.EntryFunctionId{Module: id, Name: fn.Name})
				if err != nil || f.ID.Module != id || f.ID.Name != fn.Name {
					t.Fatalf("%s: %s::%s = %v, %v", when, id, fn.Name, f, err)
				}
			}
		}
		missing := ledgerapi.EntryFunctionId{Module: ids[0], Name: "no_such_function"}
		if _, err := h.storedFunction(missing); !errors.Is(err, modules.ErrFunctionNotFound) {
			t.Fatalf("%s: missing function: %v", when, err)
		}
		if f, err := h.storedFunction(balance); err != nil || f.ID != balance {
			t.Fatalf("%s: coin::balance = %v, %v", when, f, err)
		}
	}
	for _, id := range ids[:scanLoaded] {
		if id.Name == "coin" {
			continue
		}
		if m, err := l.LoadModule(id); err != nil || m == nil {
			t.Fatalf("LoadModule(%s) = %v, %v", id, m, err)
		}
	}
	if h.loadedIx != nil {
		t.Fatal("indexed at", len(h.loaded))
	}
	check("scanned")
	for _, id := range ids[scanLoaded : 2*scanLoaded] {
		if id.Name == "coin" {
			continue
		}
		if _, err := l.LoadModule(id); err != nil {
			t.Fatal(err)
		}
	}
	if h.loadedIx == nil || len(h.loadedIx) != len(h.loaded) {
		t.Fatalf("%d loaded, index of %d", len(h.loaded), len(h.loadedIx))
	}
	check("indexed")
	if m, err := l.LoadModule(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "no_such_module"}); m != nil || err != nil {
		t.Fatalf("missing module: %v, %v", m, err)
	}
}

func loadedIDs(h *moveHost) []ledgerapi.ModuleId {
	out := make([]ledgerapi.ModuleId, len(h.loaded))
	for i, m := range h.loaded {
		out[i] = m.ID
	}
	return out
}
