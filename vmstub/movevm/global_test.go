package movevm

import (
	"encoding/binary"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// counterModule is 0xcafe::g with Counter{value: u64} (key), Plain{x: u64}
// (no key) and functions init, bump, get, exists, remove, bump_abort.
func counterModule(t testing.TB) *bc.Module {
	return build(t, "g", func(b *bc.ModuleBuilder) {
		c := b.Struct("Counter", bc.AbilityKey, bc.Field("value", bc.U64))
		plain := b.Struct("Plain", bc.AbilityDrop, bc.Field("x", bc.U64))
		val := uint64(b.FieldHandle(c, "value"))
		ci := uint64(c)
		signer := []bc.SignatureToken{bc.Ref(bc.Signer)}
		addr := []bc.SignatureToken{bc.Address}
		u64 := []bc.SignatureToken{bc.U64}
		b.Function("init", bc.Public|bc.Entry, bc.Fn{Params: signer, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 0), I(bc.OpPack, ci), I(bc.OpMoveTo, ci), I(bc.OpRet)}})
		bump := []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpMutBorrowGlobal, ci), I(bc.OpMutBorrowField, val), I(bc.OpStLoc, 1),
			I(bc.OpCopyLoc, 1), I(bc.OpReadRef), I(bc.OpLdU64, 1), I(bc.OpAdd), I(bc.OpMoveLoc, 1), I(bc.OpWriteRef)}
		b.Function("bump", bc.Public|bc.Entry, bc.Fn{Params: addr, Locals: []bc.SignatureToken{bc.MutRef(bc.U64)},
			Code: append(append([]bc.Instruction{}, bump...), I(bc.OpRet))})
		b.Function("bump_abort", bc.Public|bc.Entry, bc.Fn{Params: addr, Locals: []bc.SignatureToken{bc.MutRef(bc.U64)},
			Code: append(append([]bc.Instruction{}, bump...), I(bc.OpLdU64, 77), I(bc.OpAbort))})
		b.Function("get", bc.Public, bc.Fn{Params: addr, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpImmBorrowGlobal, ci), I(bc.OpImmBorrowField, val), I(bc.OpReadRef), I(bc.OpRet)}})
		b.Function("exists", bc.Public, bc.Fn{Params: addr, Returns: []bc.SignatureToken{bc.Bool}, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpExists, ci), I(bc.OpRet)}})
		b.Function("remove", bc.Public|bc.Entry, bc.Fn{Params: addr, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpMoveFrom, ci), I(bc.OpUnpack, ci), I(bc.OpPop), I(bc.OpRet)}})
		b.Function("put_plain", bc.Public|bc.Entry, bc.Fn{Params: signer, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 0), I(bc.OpPack, uint64(plain)), I(bc.OpMoveTo, uint64(plain)), I(bc.OpRet)}})
		b.Function("put_wrong", bc.Public|bc.Entry, bc.Fn{Params: signer, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 0), I(bc.OpMoveTo, ci), I(bc.OpRet)}})
		b.Function("put_twice", bc.Public|bc.Entry, bc.Fn{Params: signer, Locals: u64, Code: []bc.Instruction{
			I(bc.OpCopyLoc, 0), I(bc.OpLdU64, 0), I(bc.OpPack, ci), I(bc.OpMoveTo, ci),
			I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 0), I(bc.OpPack, ci), I(bc.OpMoveTo, ci), I(bc.OpRet)}})
	})
}

func counterTag() ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: cafe, Module: "g", Name: "Counter"}
}

func addrArg(a ledgerapi.Address) []byte { return append([]byte(nil), a[:]...) }

func TestGlobalStorage(t *testing.T) {
	e := newEnv(counterModule(t))
	res, err := e.entry("g", "init", nil, []ledgerapi.Address{alice})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Writes) != 1 || res.Writes[0].Address != alice || !res.Writes[0].Tag.Equal(counterTag()) ||
		string(res.Writes[0].Data) != string(make([]byte, 8)) {
		t.Fatalf("writes %+v", res.Writes)
	}
	res, err = e.entry("g", "init", nil, []ledgerapi.Address{alice})
	wantStatus(t, err, onchain.RESOURCE_ALREADY_EXISTS)
	if len(res.Writes) != 0 {
		t.Fatalf("a failed call wrote %+v", res.Writes)
	}
	for i := 0; i < 2; i++ {
		if _, err := e.entry("g", "bump", nil, nil, addrArg(alice)); err != nil {
			t.Fatal(err)
		}
	}
	if got := binary.LittleEndian.Uint64(e.store[storeKey(alice, counterTag())]); got != 2 {
		t.Fatalf("stored counter %d", got)
	}
	res, err = e.entry("g", "bump_abort", nil, nil, addrArg(alice))
	wantAbort(t, err, "g", 77)
	if len(res.Writes) != 0 {
		t.Fatalf("an aborted call wrote %+v", res.Writes)
	}
	rets, err := e.call("g", "get", nil, Address(alice))
	if err != nil || rets[0].AsU64() != 2 {
		t.Fatalf("get = %v, %v", rets, err)
	}
	rets, err = e.call("g", "exists", nil, Address(cafe))
	if err != nil || rets[0].AsBool() {
		t.Fatalf("exists(0xcafe) = %v, %v", rets, err)
	}
	_, err = e.call("g", "get", nil, Address(cafe))
	wantStatus(t, err, onchain.MISSING_DATA)
	_, err = e.entry("g", "bump", nil, nil, addrArg(cafe))
	wantStatus(t, err, onchain.MISSING_DATA)
	_, err = e.entry("g", "remove", nil, nil, addrArg(cafe))
	wantStatus(t, err, onchain.MISSING_DATA)
	res, err = e.entry("g", "remove", nil, nil, addrArg(alice))
	if err != nil || len(res.Writes) != 1 || !res.Writes[0].Deleted {
		t.Fatalf("remove: %+v, %v", res, err)
	}
	if _, ok := e.store[storeKey(alice, counterTag())]; ok {
		t.Fatal("resource still stored")
	}

	_, err = e.entry("g", "put_plain", nil, []ledgerapi.Address{alice})
	wantStatus(t, err, onchain.BORROWGLOBAL_WITHOUT_KEY_ABILITY)
	_, err = e.entry("g", "put_wrong", nil, []ledgerapi.Address{alice})
	wantStatus(t, err, onchain.TYPE_MISMATCH)
	res, err = e.entry("g", "put_twice", nil, []ledgerapi.Address{alice})
	wantStatus(t, err, onchain.RESOURCE_ALREADY_EXISTS)
	if len(res.Writes) != 0 {
		t.Fatalf("a failed call wrote %+v", res.Writes)
	}

	e.store[storeKey(alice, counterTag())] = []byte{1, 2, 3}
	_, err = e.call("g", "get", nil, Address(alice))
	wantStatus(t, err, onchain.FAILED_TO_DESERIALIZE_RESOURCE)
}

// TestSessionCalls checks that a session's later calls see its earlier
// calls' changes and that a failed call in between leaves them intact.
func TestSessionCalls(t *testing.T) {
	e := newEnv(counterModule(t))
	s := e.session()
	g := func(fn string) ledgerapi.EntryFunctionId {
		return ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "g"}, Name: fn}
	}
	if err := s.ExecuteEntry(g("init"), nil, []ledgerapi.Address{alice}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.ExecuteEntry(g("bump"), nil, nil, [][]byte{addrArg(alice)}); err != nil {
		t.Fatal(err)
	}
	err := s.ExecuteEntry(g("bump_abort"), nil, nil, [][]byte{addrArg(alice)})
	wantAbort(t, err, "g", 77)
	res, err := s.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Writes) != 1 || binary.LittleEndian.Uint64(res.Writes[0].Data) != 1 {
		t.Fatalf("writes %+v", res.Writes)
	}
}

// TestSessionCreateThenDelete checks that a resource one call creates and
// a later call of the same session removes leaves no write.
func TestSessionCreateThenDelete(t *testing.T) {
	e := newEnv(counterModule(t))
	s := e.session()
	g := func(fn string) ledgerapi.EntryFunctionId {
		return ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "g"}, Name: fn}
	}
	if err := s.ExecuteEntry(g("init"), nil, []ledgerapi.Address{alice}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.ExecuteEntry(g("remove"), nil, nil, [][]byte{addrArg(alice)}); err != nil {
		t.Fatal(err)
	}
	res, _ := s.Finish()
	if len(res.Writes) != 0 {
		t.Fatalf("writes %+v", res.Writes)
	}
	// Stored before the session: removing it is a deletion.
	e.store[storeKey(alice, counterTag())] = u64le(3)
	s = e.session()
	if err := s.ExecuteEntry(g("remove"), nil, nil, [][]byte{addrArg(alice)}); err != nil {
		t.Fatal(err)
	}
	if err := s.ExecuteEntry(g("init"), nil, []ledgerapi.Address{alice}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.ExecuteEntry(g("remove"), nil, nil, [][]byte{addrArg(alice)}); err != nil {
		t.Fatal(err)
	}
	res, _ = s.Finish()
	if len(res.Writes) != 1 || !res.Writes[0].Deleted {
		t.Fatalf("writes %+v", res.Writes)
	}
}
