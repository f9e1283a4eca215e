package vmstub_test

import (
	"crypto/sha3"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Natives that need a signer or write state, called from entry functions
// of <addr>::entries:
//
//	#[event] struct Seen has drop, store { who: address }
//	#[event] struct Report has drop, store { has1: bool, has3: bool, one: u64, removed: u64, dflt: u64 }
//	struct Holder has key { t: Table<u64, u64> }
//	entry fun who(a: &signer, b: &signer)    // emits Seen{b}
//	entry fun tables(s: &signer)             // add, upsert, remove, contains, borrow, borrow_with_default; emits Report
//	entry fun defaults(s: &signer)           // borrow_mut_with_default
//	entry fun dup(s: &signer)                // add of a key twice
//	entry fun missing(s: &signer)            // borrow of a missing key
//	entry fun remove_missing(s: &signer)     // remove of a missing key
//	entry fun pay(s: &signer, to: address, amount: u64)  // coin::withdraw then coin::deposit
//	entry fun overextract(s: &signer)        // coin::extract of 6 from a coin of 5
//	entry fun named(s: &signer, seed: vector<u8>)         // object::create_named_object
//	entry fun named_delete(s: &signer, seed: vector<u8>)  // generate_delete_ref of a named object
//	entry fun deletable(s: &signer)          // create_object, generate_delete_ref, delete
func entriesModule(t testing.TB, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "entries")
	b := k.b
	sig := bytecode.Ref(bytecode.Signer)
	tableH := b.ImportStruct(b.ModuleRef(one, "table"), "Table", bytecode.AbilityStore,
		bytecode.StructTypeParameter{Constraints: copyDropT, IsPhantom: true}, bytecode.StructTypeParameter{IsPhantom: true})
	tblT := bytecode.StructOf(tableH, u64T, u64T)
	seen := b.Struct("Seen", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("who", bytecode.Address))
	report := b.Struct("Report", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("has1", bytecode.Bool),
		bytecode.Field("has3", bytecode.Bool), bytecode.Field("one", u64T), bytecode.Field("removed", u64T), bytecode.Field("dflt", u64T))
	holder := b.Struct("Holder", bytecode.AbilityKey, bytecode.Field("t", tblT))

	addressOf := k.fn("signer", "address_of", nil, []tok{sig}, []tok{bytecode.Address})
	emit := k.fn("event", "emit", []bytecode.AbilitySet{bytecode.AbilityStore | bytecode.AbilityDrop}, []tok{elemT}, nil)
	op := func(o bytecode.Opcode, x ...uint64) bytecode.Instruction { return in(o, x...) }
	entry := func(name string, params, locals []tok, code ...bytecode.Instruction) {
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: params, Locals: locals, Code: append(code, op(bytecode.OpRet))})
	}
	entry("who", []tok{sig, sig}, nil, op(bytecode.OpMoveLoc, 1), callF(addressOf), op(bytecode.OpPack, uint64(seen)),
		k.callG(emit, b.StructType(seen)), op(bytecode.OpMoveLoc, 0), op(bytecode.OpPop))

	// Tables.
	tk := bytecode.StructOf(tableH, bytecode.TypeParameter(0), bytecode.TypeParameter(1))
	kv := []bytecode.AbilitySet{copyDropT, 0}
	tfn := func(name string, tps []bytecode.AbilitySet, params, rets []tok) bytecode.Instruction {
		return k.callG(k.fn("table", name, tps, params, rets), u64T, u64T)
	}
	k0, v1 := bytecode.TypeParameter(0), bytecode.TypeParameter(1)
	newT := tfn("new", []bytecode.AbilitySet{copyDropT, bytecode.AbilityStore}, nil, []tok{tk})
	add := tfn("add", kv, []tok{bytecode.MutRef(tk), k0, v1}, nil)
	upsert := tfn("upsert", []bytecode.AbilitySet{copyDropT, bytecode.AbilityDrop}, []tok{bytecode.MutRef(tk), k0, v1}, nil)
	remove := tfn("remove", kv, []tok{bytecode.MutRef(tk), k0}, []tok{v1})
	contains := tfn("contains", kv, []tok{bytecode.Ref(tk), k0}, []tok{bytecode.Bool})
	borrow := tfn("borrow", kv, []tok{bytecode.Ref(tk), k0}, []tok{bytecode.Ref(v1)})
	withDefault := tfn("borrow_with_default", kv, []tok{bytecode.Ref(tk), k0, bytecode.Ref(v1)}, []tok{bytecode.Ref(v1)})
	put := func(f bytecode.Instruction, key, val uint64) []bytecode.Instruction {
		return []bytecode.Instruction{op(bytecode.OpMutBorrowLoc, 1), op(bytecode.OpLdU64, key), op(bytecode.OpLdU64, val), f}
	}
	store := []bytecode.Instruction{op(bytecode.OpMoveLoc, 0), op(bytecode.OpMoveLoc, 1), op(bytecode.OpPack, uint64(holder)), op(bytecode.OpMoveTo, uint64(holder))}
	tblLocals := []tok{tblT, u64T, u64T}
	code := []bytecode.Instruction{newT, op(bytecode.OpStLoc, 1)}
	code = append(append(append(append(code, put(add, 1, 10)...), put(upsert, 1, 11)...), put(upsert, 2, 20)...), put(add, 3, 30)...)
	code = append(code, op(bytecode.OpMutBorrowLoc, 1), op(bytecode.OpLdU64, 3), remove, op(bytecode.OpStLoc, 2),
		op(bytecode.OpImmBorrowLoc, 1), op(bytecode.OpLdU64, 1), contains,
		op(bytecode.OpImmBorrowLoc, 1), op(bytecode.OpLdU64, 3), contains,
		op(bytecode.OpImmBorrowLoc, 1), op(bytecode.OpLdU64, 1), borrow, op(bytecode.OpReadRef),
		op(bytecode.OpMoveLoc, 2),
		op(bytecode.OpLdU64, 99), op(bytecode.OpStLoc, 3), op(bytecode.OpImmBorrowLoc, 1), op(bytecode.OpLdU64, 4),
		op(bytecode.OpImmBorrowLoc, 3), withDefault, op(bytecode.OpReadRef),
		op(bytecode.OpPack, uint64(report)), k.callG(emit, b.StructType(report)))
	entry("tables", []tok{sig}, tblLocals, append(code, store...)...)
	// defaults: item 7 made 71 through borrow_mut_with_default (default
	// 70), then read back through it with default 5 (ignored).
	bmwd := tfn("borrow_mut_with_default", []bytecode.AbilitySet{copyDropT, bytecode.AbilityDrop}, []tok{bytecode.MutRef(tk), k0, v1},
		[]tok{bytecode.MutRef(v1)})
	entry("defaults", []tok{sig}, tblLocals, append([]bytecode.Instruction{newT, op(bytecode.OpStLoc, 1),
		op(bytecode.OpLdU64, 71), op(bytecode.OpMutBorrowLoc, 1), op(bytecode.OpLdU64, 7), op(bytecode.OpLdU64, 70), bmwd, op(bytecode.OpWriteRef),
		op(bytecode.OpMutBorrowLoc, 1), op(bytecode.OpLdU64, 7), op(bytecode.OpLdU64, 5), bmwd, op(bytecode.OpReadRef),
		op(bytecode.OpLdU64, 71), op(bytecode.OpEq), op(bytecode.OpBrTrue, 18), op(bytecode.OpLdU64, 1), op(bytecode.OpAbort)}, store...)...)
	entry("dup", []tok{sig}, tblLocals, append(append(append([]bytecode.Instruction{newT, op(bytecode.OpStLoc, 1)},
		put(add, 1, 1)...), put(add, 1, 2)...), store...)...)
	entry("missing", []tok{sig}, tblLocals, append([]bytecode.Instruction{newT, op(bytecode.OpStLoc, 1),
		op(bytecode.OpImmBorrowLoc, 1), op(bytecode.OpLdU64, 5), borrow, op(bytecode.OpPop)}, store...)...)
	entry("remove_missing", []tok{sig}, tblLocals, append([]bytecode.Instruction{newT, op(bytecode.OpStLoc, 1),
		op(bytecode.OpMutBorrowLoc, 1), op(bytecode.OpLdU64, 5), remove, op(bytecode.OpPop)}, store...)...)

	// Coins.
	coinT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "coin"), "Coin", bytecode.AbilityStore,
		bytecode.StructTypeParameter{IsPhantom: true}), bytecode.TypeParameter(0))
	apt := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "aptos_coin"), "AptosCoin", bytecode.AbilityKey))
	withdraw := k.callG(k.fn("coin", "withdraw", anyTP, []tok{sig, u64T}, []tok{coinT}), apt)
	deposit := k.callG(k.fn("coin", "deposit", anyTP, []tok{bytecode.Address, coinT}, nil), apt)
	extract := k.callG(k.fn("coin", "extract", anyTP, []tok{bytecode.MutRef(coinT), u64T}, []tok{coinT}), apt)
	aptCoin := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "coin"), "Coin", bytecode.AbilityStore,
		bytecode.StructTypeParameter{IsPhantom: true}), apt)
	entry("pay", []tok{sig, bytecode.Address, u64T}, nil, op(bytecode.OpMoveLoc, 1), op(bytecode.OpMoveLoc, 0), op(bytecode.OpMoveLoc, 2),
		withdraw, deposit)
	entry("overextract", []tok{sig}, []tok{aptCoin, aptCoin},
		op(bytecode.OpCopyLoc, 0), op(bytecode.OpLdU64, 5), withdraw, op(bytecode.OpStLoc, 1),
		op(bytecode.OpMutBorrowLoc, 1), op(bytecode.OpLdU64, 6), extract, op(bytecode.OpStLoc, 2),
		op(bytecode.OpCopyLoc, 0), callF(addressOf), op(bytecode.OpMoveLoc, 1), deposit,
		op(bytecode.OpMoveLoc, 0), callF(addressOf), op(bytecode.OpMoveLoc, 2), deposit)

	// Objects.
	objMod := b.ModuleRef(one, "object")
	ctorT := bytecode.StructOf(b.ImportStruct(objMod, "ConstructorRef", bytecode.AbilityDrop))
	deleteT := bytecode.StructOf(b.ImportStruct(objMod, "DeleteRef", bytecode.AbilityDrop|bytecode.AbilityStore))
	bytesT := bytecode.Vector(bytecode.U8)
	createNamed := callF(k.fn("object", "create_named_object", nil, []tok{sig, bytesT}, []tok{ctorT}))
	createObject := callF(k.fn("object", "create_object", nil, []tok{bytecode.Address}, []tok{ctorT}))
	deleteRef := callF(k.fn("object", "generate_delete_ref", nil, []tok{bytecode.Ref(ctorT)}, []tok{deleteT}))
	deleteObj := callF(k.fn("object", "delete", nil, []tok{deleteT}, nil))
	entry("named", []tok{sig, bytesT}, nil, op(bytecode.OpMoveLoc, 0), op(bytecode.OpMoveLoc, 1), createNamed, op(bytecode.OpPop))
	entry("named_delete", []tok{sig, bytesT}, []tok{ctorT}, op(bytecode.OpMoveLoc, 0), op(bytecode.OpMoveLoc, 1), createNamed,
		op(bytecode.OpStLoc, 2), op(bytecode.OpImmBorrowLoc, 2), deleteRef, op(bytecode.OpPop))
	entry("deletable", []tok{sig}, []tok{ctorT}, op(bytecode.OpMoveLoc, 0), callF(addressOf), createObject,
		op(bytecode.OpStLoc, 1), op(bytecode.OpImmBorrowLoc, 1), deleteRef, deleteObj)

	event := []bytecode.KnownAttribute{{Kind: bytecode.AttributeEvent}}
	b.MetadataV1(&bytecode.MetadataV1{StructAttributes: map[string][]bytecode.KnownAttribute{"Seen": event, "Report": event}})
	return mustBytes(t, b)
}

// objectAddr is sha3-256(creator ‖ seed ‖ 0xFE), the named object's address.
func objectAddr(creator ledgerapi.Address, seed []byte) ledgerapi.Address {
	return ledgerapi.Address(sha3.Sum256(cat(creator[:], seed, []byte{0xFE})))
}

// entryCase is one entry function call: its sender (and second signer or
// fee payer), its arguments, and an expected abort or a check of the
// committed transaction.
type entryCase struct {
	name  string
	fn    string
	args  [][]byte
	sign  func(c *chain, raw txn.RawTransaction) *txn.SignedTransaction
	from  vmstub.DevAccount
	abort *abortAt
	check func(t *testing.T, out storage.Transaction)
}

func TestMoveEntryNatives(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	poor := unfunded(1)[0]
	if out := c.publish(a, packageMeta("Entries", onchain.UpgradeCompatible, []string{"entries"}, stdDeps...), entriesModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	state := func(t *testing.T, k storage.StateKey) []byte {
		v, err := c.StateValue(k)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		return v
	}
	absent := func(t *testing.T, k storage.StateKey) {
		if v, err := c.StateValue(k); err == nil {
			t.Fatalf("%s exists: %x", k, v)
		}
	}
	event := func(t *testing.T, out storage.Transaction, name string) []byte {
		for _, e := range out.Events {
			if e.Type.String() == a.Address.String()+"::entries::"+name {
				return e.Data
			}
		}
		t.Fatalf("no %s event in %v", name, eventTypes(out))
		return nil
	}
	var before uint64
	paidBy := func(payer vmstub.DevAccount) func(*chain, txn.RawTransaction) *txn.SignedTransaction {
		return func(_ *chain, raw txn.RawTransaction) *txn.SignedTransaction { return feePayer(raw, poor, payer) }
	}
	// The primary APT store of an account: sha3-256(owner ‖ 0xa ‖ 0xFC).
	primaryStore := func(owner ledgerapi.Address) storage.StateKey {
		addr := ledgerapi.Address(sha3.Sum256(cat(owner[:], ledgerapi.AddressA[:], []byte{0xFC})))
		return storage.ResourceKey(addr, fsTag)
	}
	objectCore := func(addr ledgerapi.Address) storage.StateKey {
		return storage.ResourceKey(addr, ledgerapi.StructTag{Address: one, Module: "object", Name: "ObjectCore"})
	}
	cases := []entryCase{
		{name: "signer::address_of and event::emit", fn: "who", from: a,
			sign: func(c *chain, raw txn.RawTransaction) *txn.SignedTransaction { return multiAgent(raw, a, b) },
			check: func(t *testing.T, out storage.Transaction) {
				if got := event(t, out, "Seen"); string(got) != string(b.Address[:]) {
					t.Fatalf("Seen %x, want the second signer %s", got, b.Address)
				}
			}},
		{name: "table add upsert remove contains borrow borrow_with_default", fn: "tables", from: a,
			check: func(t *testing.T, out storage.Transaction) {
				want := cat(bcsBool(true), bcsBool(false), le64(11), le64(30), le64(99))
				if got := event(t, out, "Report"); string(got) != string(want) {
					t.Fatalf("Report %x, want %x", got, want)
				}
				holder := state(t, storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: a.Address, Module: "entries", Name: "Holder"}))
				var handle ledgerapi.Address
				copy(handle[:], holder)
				for key, want := range map[uint64][]byte{1: le64(11), 2: le64(20)} {
					if got := state(t, storage.TableItemKey(handle, le64(key))); string(got) != string(want) {
						t.Fatalf("item %d: %x, want %x", key, got, want)
					}
				}
				absent(t, storage.TableItemKey(handle, le64(3)))
			}},
		{name: "table borrow_mut_with_default", fn: "defaults", from: b,
			check: func(t *testing.T, out storage.Transaction) {
				holder := state(t, storage.ResourceKey(b.Address, ledgerapi.StructTag{Address: a.Address, Module: "entries", Name: "Holder"}))
				var handle ledgerapi.Address
				copy(handle[:], holder)
				if got := state(t, storage.TableItemKey(handle, le64(7))); string(got) != string(le64(71)) {
					t.Fatalf("item 7: %x, want 71", got)
				}
			}},
		{name: "table add of a present key", fn: "dup", from: b, abort: aborts("0x1::table", 100<<8+7)},
		{name: "table borrow of a missing key", fn: "missing", from: b, abort: aborts("0x1::table", 101<<8+7)},
		{name: "table remove of a missing key", fn: "remove_missing", from: b, abort: aborts("0x1::table", 101<<8+7)},
		{name: "coin withdraw and deposit", fn: "pay", from: a, args: [][]byte{vmstub.AddressValue(b.Address), le64(7)},
			check: func(t *testing.T, out storage.Transaction) {
				if got := c.balance(b.Address); got != before+7 {
					t.Fatalf("recipient balance %d, want %d", got, before+7)
				}
			}},
		{name: "coin withdraw beyond the balance", fn: "pay", from: a, args: [][]byte{vmstub.AddressValue(b.Address), le64(1 << 62)},
			abort: aborts("0x1::fungible_asset", 0x10004)},
		{name: "coin withdraw without a store", fn: "pay", from: poor, sign: paidBy(a), args: [][]byte{vmstub.AddressValue(b.Address), le64(1)},
			abort: aborts("0x1::coin", 0x10006)},
		{name: "coin withdraw of zero without a store", fn: "pay", from: poor, sign: paidBy(a), args: [][]byte{vmstub.AddressValue(b.Address), le64(0)},
			check: func(t *testing.T, out storage.Transaction) { absent(t, primaryStore(poor.Address)) }},
		{name: "coin extract beyond the value", fn: "overextract", from: a, abort: aborts("0x1::coin", 0x10006)},
		{name: "object create_named_object", fn: "named", from: a, args: [][]byte{bcsBytes([]byte("s1"))},
			check: func(t *testing.T, out storage.Transaction) {
				if core := state(t, objectCore(objectAddr(a.Address, []byte("s1")))); string(core[8:40]) != string(a.Address[:]) {
					t.Fatalf("ObjectCore %x is not owned by the creator", core)
				}
			}},
		{name: "object create_named_object twice", fn: "named", from: a, args: [][]byte{bcsBytes([]byte("s1"))}, abort: aborts("0x1::object", 0x80001)},
		{name: "object generate_delete_ref of a named object", fn: "named_delete", from: a, args: [][]byte{bcsBytes([]byte("s2"))},
			abort: aborts("0x1::object", 0x50005)},
		{name: "object generate_delete_ref and delete", fn: "deletable", from: a},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before = c.balance(b.Address)
			raw := c.raw(tc.from, vmstub.EntryPayload(a.Address, "entries", tc.fn, nil, tc.args...))
			st := tc.from.Sign(raw)
			if tc.sign != nil {
				st = tc.sign(c, raw)
			}
			out := c.mustExec(st)
			if tc.abort != nil {
				mod, code, ok := parseAbort(out.Info.Status.String())
				if !ok || mod != tc.abort.module || code != tc.abort.code {
					t.Fatalf("status %q, want abort 0x%x in %s", out.Info.Status.String(), tc.abort.code, tc.abort.module)
				}
				return
			}
			if !out.Info.Status.Success() {
				t.Fatalf("status %s", out.Info.Status.String())
			}
			if tc.check != nil {
				tc.check(t, out)
			}
		})
	}
}
