package vmstub_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// regModule is <addr>::reg, a big ordered map of u64 in a resource, its
// nodes table items kept from one transaction to the next:
//
//	struct Reg has key { m: BigOrderedMap<u64, u64> }
//	fun init_module(s: &signer) { move_to(s, Reg { m: big_ordered_map::new_with_config(4, 3, false) }) }
//	public entry fun put(_s: &signer, x: u64) acquires Reg { big_ordered_map::add(&mut borrow_global_mut<Reg>(@addr).m, x, x) }
//	public entry fun take(_s: &signer, x: u64) acquires Reg { big_ordered_map::remove(&mut borrow_global_mut<Reg>(@addr).m, &x); }
//	#[view] public fun all(): vector<u64> acquires Reg { big_ordered_map::keys(&borrow_global<Reg>(@addr).m) }
func regModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "reg")
	mod := b.ModuleRef(one, "big_ordered_map")
	sp := bytecode.StructTypeParameter{Constraints: bytecode.AbilityStore}
	bm := b.ImportStruct(mod, "BigOrderedMap", bytecode.AbilityStore, sp, sp)
	reg := b.Struct("Reg", bytecode.AbilityKey, bytecode.Field("m", bytecode.StructOf(bm, bytecode.U64, bytecode.U64)))
	tm := bytecode.StructOf(bm, bytecode.TypeParameter(0), bytecode.TypeParameter(1))
	st, kdcs := bytecode.AbilityStore, bytecode.AbilityStore|bytecode.AbilityCopy|bytecode.AbilityDrop
	fn := func(name string, tps []bytecode.AbilitySet, params, rets []bytecode.SignatureToken) uint64 {
		h := b.ImportFunction(mod, name, bytecode.Fn{TypeParams: tps, Params: params, Returns: rets})
		return uint64(b.FunctionInst(h, bytecode.U64, bytecode.U64))
	}
	tp0, tp1 := bytecode.TypeParameter(0), bytecode.TypeParameter(1)
	mk := fn("new_with_config", []bytecode.AbilitySet{st, st}, []bytecode.SignatureToken{bytecode.U16, bytecode.U16, bytecode.Bool}, []bytecode.SignatureToken{tm})
	add := fn("add", []bytecode.AbilitySet{kdcs, st}, []bytecode.SignatureToken{bytecode.MutRef(tm), tp0, tp1}, nil)
	remove := fn("remove", []bytecode.AbilitySet{kdcs, st}, []bytecode.SignatureToken{bytecode.MutRef(tm), bytecode.Ref(tp0)}, []bytecode.SignatureToken{tp1})
	keys := fn("keys", []bytecode.AbilitySet{kdcs, st | bytecode.AbilityCopy}, []bytecode.SignatureToken{bytecode.Ref(tm)},
		[]bytecode.SignatureToken{bytecode.Vector(tp0)})
	self := uint64(b.Constant(bytecode.Address, addr[:]))
	field := uint64(b.FieldHandle(reg, "m"))
	I := bytecode.I
	signer := []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: signer,
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpLdU16, 4), I(bytecode.OpLdU16, 3), I(bytecode.OpLdFalse),
			I(bytecode.OpCallGeneric, mk), I(bytecode.OpPack, uint64(reg)), I(bytecode.OpMoveTo, uint64(reg)), I(bytecode.OpRet)}})
	head := []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpMutBorrowGlobal, uint64(reg)), I(bytecode.OpMutBorrowField, field)}
	entry := func(name string, code ...bytecode.Instruction) {
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: append(signer, bytecode.U64),
			Acquires: []bytecode.StructDefIndex{reg}, Code: append(append(append([]bytecode.Instruction{}, head...), code...), I(bytecode.OpRet))})
	}
	entry("put", I(bytecode.OpCopyLoc, 1), I(bytecode.OpMoveLoc, 1), I(bytecode.OpCallGeneric, add))
	entry("take", I(bytecode.OpImmBorrowLoc, 1), I(bytecode.OpCallGeneric, remove), I(bytecode.OpPop))
	b.Function("all", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{bytecode.Vector(bytecode.U64)},
		Acquires: []bytecode.StructDefIndex{reg},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, self), I(bytecode.OpImmBorrowGlobal, uint64(reg)), I(bytecode.OpImmBorrowField, field),
			I(bytecode.OpCallGeneric, keys), I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"all": {{Kind: bytecode.AttributeView}}}})
	return mustBytes(t, b)
}

// TestBigOrderedMapInAResource: the resource a BigOrderedMap<u64, u64>
// (degrees 4 and 3) is rendered as by the API, as a root-only leaf, after
// Aptos's first split (nodes in slots 10 and 11 of the slots table), after
// removals that merge the two leaves back (the root collapses, slot 10 is
// freed, 11 stays deleted), and the slot items in between.
func TestBigOrderedMapInAResource(t *testing.T) {
	c, a, call := regChain(t)
	tag := a.Address.String() + "::reg::Reg"
	leaf := func(ks ...int) string {
		var es []string
		for _, k := range ks {
			es = append(es, fmt.Sprintf(`{"key":"%d","value":{"__variant__":"Leaf","value":"%d"}}`, k, k))
		}
		return `{"entries":[` + strings.Join(es, ",") + `],"__variant__":"SortedVectorMap"}`
	}
	node := func(isLeaf bool, children string, prev, next int) string {
		return fmt.Sprintf(`{"children":%s,"is_leaf":%t,"next":"%d","prev":"%d","__variant__":"V1"}`, children, isLeaf, next, prev)
	}
	for _, x := range []uint64{2, 3, 1} {
		call("put", x)
	}
	got := c.json(a.Address, tag)
	root := node(true, leaf(1, 2, 3), 0, 0)
	want := `{"m":{"constant_kv_size":true,"inner_max_degree":4,"leaf_max_degree":3,"max_leaf_index":"1","min_leaf_index":"1",` +
		`"nodes":{"new_slot_index":"10","reuse_head_index":"0","reuse_spare_count":0,"should_reuse":false,"slots":{"vec":[]},"__variant__":"V1"},` +
		`"root":` + root + `,"__variant__":"BPlusTreeMap"}}`
	if canon(t, got) != canon(t, want) {
		t.Fatalf("root-only map\n got  %s\n want %s", got, want)
	}
	call("put", 4)
	got = c.json(a.Address, tag)
	slotsHandle := handleIn(t, got, "inner")
	_, rest, _ := strings.Cut(got, `"inner":{"handle":"`)
	handleJS, _, _ := strings.Cut(rest, `"`)
	inner := `{"entries":[{"key":"2","value":{"__variant__":"Inner","node_index":{"slot_index":"11"}}},` +
		`{"key":"4","value":{"__variant__":"Inner","node_index":{"slot_index":"10"}}}],"__variant__":"SortedVectorMap"}`
	want = `{"m":{"constant_kv_size":true,"inner_max_degree":4,"leaf_max_degree":3,"max_leaf_index":"10","min_leaf_index":"11",` +
		`"nodes":{"new_slot_index":"12","reuse_head_index":"0","reuse_spare_count":0,"should_reuse":false,` +
		`"slots":{"vec":[{"inner":{"handle":"` + handleJS + `"},"length":"2"}]},"__variant__":"V1"},` +
		`"root":` + node(false, inner, 0, 0) + `,"__variant__":"BPlusTreeMap"}}`
	if canon(t, got) != canon(t, want) {
		t.Fatalf("after one split\n got  %s\n want %s", got, want)
	}
	linkType := "0x1::storage_slots_allocator::Link<0x1::big_ordered_map::Node<u64, u64>>"
	item := func(slot uint64) string { return c.tableJSON(t, slotsHandle, le64(slot), linkType) }
	for slot, n := range map[uint64]string{11: node(true, leaf(1, 2), 0, 10), 10: node(true, leaf(3, 4), 11, 0)} {
		if w := `{"value":` + n + `,"__variant__":"Occupied"}`; canon(t, item(slot)) != canon(t, w) {
			t.Errorf("slot %d\n got  %s\n want %s", slot, item(slot), w)
		}
	}
	// Removing 4 leaves slot 10's leaf with one child: it merges with the
	// previous leaf (slot 11), the merged leaf kept in slot 10 (the larger
	// keys') and slot 11 freed; the root, left with one child, takes that
	// leaf's place and slot 10 is freed too.
	call("take", 4)
	got = c.json(a.Address, tag)
	want = `{"m":{"constant_kv_size":true,"inner_max_degree":4,"leaf_max_degree":3,"max_leaf_index":"1","min_leaf_index":"1",` +
		`"nodes":{"new_slot_index":"12","reuse_head_index":"0","reuse_spare_count":0,"should_reuse":false,` +
		`"slots":{"vec":[{"inner":{"handle":"` + handleJS + `"},"length":"0"}]},"__variant__":"V1"},` +
		`"root":` + node(true, leaf(1, 2, 3), 0, 0) + `,"__variant__":"BPlusTreeMap"}}`
	if canon(t, got) != canon(t, want) {
		t.Fatalf("after the merge\n got  %s\n want %s", got, want)
	}
	if item(10) != "" || item(11) != "" {
		t.Fatalf("slot items left: %q %q", item(10), item(11))
	}
}

// canon is JSON js with its objects' keys sorted.
func canon(t *testing.T, js string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		t.Fatalf("%v: %s", err, js)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// regChain publishes reg and returns a caller of its entry functions.
func regChain(t *testing.T) (*chain, vmstub.DevAccount, func(fn string, x uint64)) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Reg", onchain.UpgradeCompatible, []string{"reg"}, stdDeps...), regModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	return c, a, func(fn string, x uint64) {
		t.Helper()
		if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "reg", fn, nil, vmstub.U64Value(x))))); !out.Info.Status.Success() {
			t.Fatalf("%s(%d): %s", fn, x, out.Info.Status.String())
		}
	}
}

// TestBigOrderedMapAgainstAModel: 400 puts and takes of random keys, one
// transaction each (the nodes read back from their slot items every
// time), the map's keys compared with a sorted model every 20 operations.
func TestBigOrderedMapAgainstAModel(t *testing.T) {
	c, a, call := regChain(t)
	all := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "reg"}, Name: "all"}
	rng := rand.New(rand.NewSource(28))
	model := map[uint64]bool{}
	for i := range 400 {
		x := uint64(rng.Intn(120))
		if model[x] {
			call("take", x)
			delete(model, x)
		} else if i < 300 || rng.Intn(3) == 0 {
			call("put", x)
			model[x] = true
		}
		if i%20 != 19 {
			continue
		}
		want := make([]uint64, 0, len(model))
		for k := range model {
			want = append(want, k)
		}
		slices.Sort(want)
		vals, _, _, err := c.vm.View(c, all, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if string(vals[0]) != string(u64Vec(want...)) {
			t.Fatalf("after %d operations keys() = %x, want %v", i+1, vals[0], want)
		}
	}
}
