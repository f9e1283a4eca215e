package storagetest

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// tag returns 0x1::<module>::<name>.
func tag(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: module, Name: name}
}

func put(k storage.StateKey, v string) storage.WriteOp {
	return storage.WriteOp{Key: k, Value: []byte(v)}
}
func del(k storage.StateKey) storage.WriteOp { return storage.WriteOp{Key: k, Deleted: true} }

// stateHistory commits blocks that create, update, delete and re-create
// resources, modules and table items of account 0.
func stateHistory(f *fixture) {
	a := AccountAddress(0)
	thing := storage.ResourceKey(a, tag("thing", "Thing"))
	mod := storage.ModuleKey(a, "m1")
	handle := AccountAddress(99)
	item1, item2 := storage.TableItemKey(handle, []byte{1}), storage.TableItemKey(handle, []byte{2})
	write := func(ws ...storage.WriteOp) TxnSpec { return TxnSpec{Sender: a, Changes: ws} }
	f.commit(f.c.Block(write(put(thing, "v1"), put(item1, "t1"), put(mod, "code1"))))
	f.transfers(1, 2)
	f.commit(f.c.Block(write(put(thing, "v2"), del(item1), put(item2, "t2")), write(put(thing, "v2b"))))
	f.commit(f.c.Block(write(del(thing))))
	f.commit(f.c.Block(write(put(thing, "v3"), del(mod), del(storage.TableItemKey(handle, []byte{3})))))
	f.transfers(1, 2)
}

func testStateAtVersions(t *testing.T, f *fixture) {
	f.start(3)
	stateHistory(f)
	latest := f.info().Version
	keys := f.m.keys()
	for v := uint64(0); v <= latest; v++ {
		for _, k := range keys {
			want, ok := f.m.state(k, v)
			got, err := f.s.StateValue(f.ctx, k, v)
			what := fmt.Sprintf("StateValue(%s, %d)", k, v)
			if !ok {
				checkErr(t, what, err, storage.ErrNotFound)
				continue
			}
			checkErr(t, what, err, nil)
			if !bytes.Equal(got, want) {
				t.Errorf("%s = %q, want %q", what, got, want)
			}
		}
	}
	k := storage.ResourceKey(AccountAddress(0), AccountTag)
	_, err := f.s.StateValue(f.ctx, k, latest+1)
	checkErr(t, "StateValue above latest", err, storage.ErrNotFound)
	_, err = f.s.StateValue(f.ctx, storage.ResourceKey(AccountAddress(7), AccountTag), latest)
	checkErr(t, "StateValue of an unknown account", err, storage.ErrNotFound)
	_, err = f.s.StateValue(f.ctx, storage.ModuleKey(AccountAddress(0), "bad name"), latest)
	checkErr(t, "StateValue of an invalid key", err, storage.ErrInvalidArgument)
}

// listingHistory gives account 0 seven resources and three modules that
// come and go over several blocks.
func listingHistory(f *fixture) {
	a := AccountAddress(0)
	res := func(i int) storage.StateKey { return storage.ResourceKey(a, tag("m", fmt.Sprintf("R%d", i))) }
	mod := func(i int) storage.StateKey { return storage.ModuleKey(a, fmt.Sprintf("mod%d", i)) }
	generic := storage.ResourceKey(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "m", Name: "G",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.TypeU64, ledgerapi.VectorOf(ledgerapi.TypeU8)}})
	write := func(ws ...storage.WriteOp) TxnSpec { return TxnSpec{Sender: a, Changes: ws} }
	f.commit(f.c.Block(write(put(res(0), "r0"), put(res(1), "r1"), put(res(2), "r2"), put(mod(0), "m0"))))
	f.commit(f.c.Block(write(put(res(3), "r3"), put(generic, "g"), put(mod(1), "m1"), put(mod(2), "m2"))))
	f.commit(f.c.Block(write(del(res(1)), put(res(4), "r4"), put(res(2), "r2b"))))
	f.commit(f.c.Block(write(put(res(1), "r1b"), del(mod(0)), put(res(5), "r5"))))
	f.transfers(1, 3)
}

func testStateListing(t *testing.T, f *fixture) {
	f.start(3)
	listingHistory(f)
	latest := f.info().Version
	accounts := []ledgerapi.Address{AccountAddress(0), AccountAddress(1), ledgerapi.AddressOne, ledgerapi.MustParseAddress("0xdead")}
	for v := uint64(0); v <= latest; v += 3 {
		for _, addr := range accounts {
			for _, kind := range []storage.StateKeyKind{storage.StateResource, storage.StateModule} {
				want := f.m.listing(kind, addr, v)
				for _, limit := range []int{1, 2, 3, 7, 100} {
					what := fmt.Sprintf("%s listing of %s at %d, limit %d", kind, addr, v, limit)
					checkEqual(t, what, paginate(t, f, kind, addr, limit, v), want)
				}
			}
		}
	}
}

// paginate reads every page of a listing, checking the page contract.
func paginate(t *testing.T, f *fixture, kind storage.StateKeyKind, addr ledgerapi.Address, limit int, v uint64) []storage.StateItem {
	t.Helper()
	list := f.s.Resources
	if kind == storage.StateModule {
		list = f.s.Modules
	}
	var all []storage.StateItem
	var cursor []byte
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatalf("%s listing of %s never ends", kind, addr)
		}
		page, err := list(f.ctx, addr, cursor, limit, v)
		if err != nil {
			t.Fatalf("%s listing of %s at %d: %v", kind, addr, v, err)
		}
		if len(page.Items) > limit {
			t.Fatalf("page of %d items exceeds limit %d", len(page.Items), limit)
		}
		if cursor != nil && len(page.Items) > 0 && !bytes.Equal(mustEncode(page.Items[0].Key), cursor) {
			t.Errorf("page starts at %s, not at the cursor", page.Items[0].Key)
		}
		all = append(all, page.Items...)
		if page.Next == nil {
			return all
		}
		if len(page.Items) != limit {
			t.Errorf("short page (%d of %d) with a next cursor", len(page.Items), limit)
		}
		cursor = page.Next
	}
}

func testStateListingCursorErrors(t *testing.T, f *fixture) {
	f.start(3)
	listingHistory(f)
	latest := f.info().Version
	a := AccountAddress(0)
	other := mustEncode(storage.ResourceKey(AccountAddress(1), AccountTag))
	module := mustEncode(storage.ModuleKey(a, "mod1"))
	resource := mustEncode(storage.ResourceKey(a, AccountTag))
	tests := []struct {
		name   string
		kind   storage.StateKeyKind
		cursor []byte
		limit  int
		v      uint64
		err    error
	}{
		{"garbage cursor", storage.StateResource, []byte{0xff, 1, 2}, 10, latest, storage.ErrInvalidArgument},
		{"trailing bytes", storage.StateResource, append(append([]byte(nil), resource...), 0), 10, latest, storage.ErrInvalidArgument},
		{"another account's cursor", storage.StateResource, other, 10, latest, storage.ErrInvalidArgument},
		{"module cursor for resources", storage.StateResource, module, 10, latest, storage.ErrInvalidArgument},
		{"resource cursor for modules", storage.StateModule, resource, 10, latest, storage.ErrInvalidArgument},
		{"table item cursor", storage.StateResource, mustEncode(storage.TableItemKey(a, []byte{1})), 10, latest, storage.ErrInvalidArgument},
		{"zero limit", storage.StateResource, nil, 0, latest, storage.ErrInvalidArgument},
		{"version above latest", storage.StateModule, nil, 10, latest + 1, storage.ErrNotFound},
		{"valid resource cursor", storage.StateResource, resource, 10, latest, nil},
		{"valid module cursor", storage.StateModule, module, 10, latest, nil},
	}
	for _, tc := range tests {
		list := f.s.Resources
		if tc.kind == storage.StateModule {
			list = f.s.Modules
		}
		_, err := list(f.ctx, a, tc.cursor, tc.limit, tc.v)
		checkErr(t, tc.name, err, tc.err)
	}
}
