package vmstub_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Legacy tokens from Move code: a published package calls 0x3's
// property_map and token through handles declared with Aptos's
// signatures, in views (property maps built, read and changed in place;
// ids, royalties, configs) and in an entry function that moves Token
// values (withdraw_token, split, merge, token_id, deposit_token, the
// withdraw capabilities).

// v1Kit is a kit with the handles of 0x3's structs.
type v1Kit struct {
	*kit
	pm, pv, tokenID, token, cap tok
}

func newV1Kit(t *testing.T, addr ledgerapi.Address, name string) *v1Kit {
	k := newKit(t, addr, name)
	b := k.b
	pmod, tmod := b.ModuleRef(three, "property_map"), b.ModuleRef(three, "token")
	cds := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	return &v1Kit{kit: k,
		pm:      bytecode.StructOf(b.ImportStruct(pmod, "PropertyMap", cds)),
		pv:      bytecode.StructOf(b.ImportStruct(pmod, "PropertyValue", cds)),
		tokenID: bytecode.StructOf(b.ImportStruct(tmod, "TokenId", cds)),
		token:   bytecode.StructOf(b.ImportStruct(tmod, "Token", bytecode.AbilityStore)),
		cap:     bytecode.StructOf(b.ImportStruct(tmod, "WithdrawCapability", bytecode.AbilityDrop|bytecode.AbilityStore)),
	}
}

// f3 declares 0x3::mod::name.
func (k *v1Kit) f3(mod, name string, params, rets []tok) bytecode.FunctionHandleIndex {
	return k.b.ImportFunction(k.b.ModuleRef(three, mod), name, bytecode.Fn{Params: params, Returns: rets})
}

// strVec leaves vector<String>[ss...] on the stack.
func (k *v1Kit) strVec(ss ...string) []bytecode.Instruction {
	var code []bytecode.Instruction
	for _, s := range ss {
		code = append(code, k.utf8(s)...)
	}
	return append(code, in(bytecode.OpVecPack, uint64(k.b.Signature(strT)), uint64(len(ss))))
}

// bytesVec loads a vector<vector<u8>> constant.
func (k *v1Kit) bytesVec(vs ...[]byte) bytecode.Instruction {
	var elems [][]byte
	for _, v := range vs {
		elems = append(elems, bcsBytes(v))
	}
	return in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Vector(bytecode.Vector(bytecode.U8)), seqOf(elems...))))
}

// newMap stores in local 0 property_map::new(["a", "b"], [bcs(5u64),
// bcs(true)], ["u64", "bool"]) (or the given vectors).
func (k *v1Kit) newMap(keys []string, vals [][]byte, types []string) []bytecode.Instruction {
	vs, bs := bytecode.Vector(strT), bytecode.Vector(bytecode.Vector(bytecode.U8))
	h := k.f3("property_map", "new", []tok{vs, bs, vs}, []tok{k.pm})
	code := k.strVec(keys...)
	code = append(code, k.bytesVec(vals...))
	code = append(code, k.strVec(types...)...)
	return append(code, callF(h), in(bytecode.OpStLoc, 0))
}

func (k *v1Kit) abMap() []bytecode.Instruction {
	return k.newMap([]string{"a", "b"}, [][]byte{le64(5), {1}}, []string{"u64", "bool"})
}

// withKey calls fn(&m or &mut m, &key) with key in local 1.
func (k *v1Kit) withKey(mut bool, key string, h bytecode.FunctionHandleIndex) []bytecode.Instruction {
	borrow := bytecode.OpImmBorrowLoc
	if mut {
		borrow = bytecode.OpMutBorrowLoc
	}
	code := append(k.utf8(key), in(bytecode.OpStLoc, 1), in(borrow, 0), in(bytecode.OpImmBorrowLoc, 1))
	return append(code, callF(h))
}

func legacyViewCases(a ledgerapi.Address, k *v1Kit) []viewCase {
	rpm, mpm, rs := bytecode.Ref(k.pm), bytecode.MutRef(k.pm), bytecode.Ref(strT)
	vs, bs := bytecode.Vector(strT), bytecode.Vector(bytecode.Vector(bytecode.U8))
	u8v := bytecode.Vector(bytecode.U8)
	mapLocals := []tok{k.pm, strT}
	readU64 := k.f3("property_map", "read_u64", []tok{rpm, rs}, []tok{u64T})
	readBool := k.f3("property_map", "read_bool", []tok{rpm, rs}, []tok{bytecode.Bool})
	readString := k.f3("property_map", "read_string", []tok{rpm, rs}, []tok{strT})
	borrow := k.f3("property_map", "borrow", []tok{rpm, rs}, []tok{bytecode.Ref(k.pv)})
	value := k.f3("property_map", "borrow_value", []tok{bytecode.Ref(k.pv)}, []tok{u8v})
	length := k.f3("property_map", "length", []tok{rpm}, []tok{u64T})
	add := k.f3("property_map", "add", []tok{mpm, strT, k.pv}, nil)
	raw := k.f3("property_map", "create_property_value_raw", []tok{u8v, strT}, []tok{k.pv})
	remove := k.f3("property_map", "remove", []tok{mpm, rs}, []tok{strT, k.pv})
	keys := k.f3("property_map", "keys", []tok{rpm}, []tok{vs})
	types := k.f3("property_map", "types", []tok{rpm}, []tok{vs})
	values := k.f3("property_map", "values", []tok{rpm}, []tok{bs})
	update := k.f3("property_map", "update_property_value", []tok{mpm, rs, k.pv}, nil)
	updateMap := k.f3("property_map", "update_property_map", []tok{mpm, vs, bs, vs}, nil)
	contains := k.f3("property_map", "contains_key", []tok{rpm, rs}, []tok{bytecode.Bool})
	create := k.b.ImportFunction(k.b.ModuleRef(three, "property_map"), "create_property_value",
		bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityCopy}, Params: []tok{bytecode.Ref(bytecode.TypeParameter(0))}, Returns: []tok{k.pv}})
	addKV := func(key string, v []byte) []bytecode.Instruction {
		code := []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0)}
		code = append(code, k.utf8(key)...)
		code = append(code, k.bytes(v))
		code = append(code, k.utf8("vector<u8>")...)
		return append(code, callF(raw), callF(add))
	}
	cds := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	tmod := k.b.ModuleRef(three, "token")
	tdidT := bytecode.StructOf(k.b.ImportStruct(tmod, "TokenDataId", cds))
	royaltyT := bytecode.StructOf(k.b.ImportStruct(tmod, "Royalty", cds))
	tokMutT := bytecode.StructOf(k.b.ImportStruct(tmod, "TokenMutabilityConfig", cds))
	tdid := k.f3("token", "create_token_data_id", []tok{bytecode.Address, strT, strT}, []tok{tdidT})
	idRaw := k.f3("token", "create_token_id_raw", []tok{bytecode.Address, strT, strT, u64T}, []tok{k.tokenID})
	idFields := k.f3("token", "get_token_id_fields", []tok{bytecode.Ref(k.tokenID)}, []tok{bytecode.Address, strT, strT, u64T})
	royalty := k.f3("token", "create_royalty", []tok{u64T, u64T, bytecode.Address}, []tok{royaltyT})
	tokMut := k.f3("token", "create_token_mutability_config", []tok{bytecode.Ref(bytecode.Vector(bytecode.Bool))}, []tok{tokMutT})
	ldAddr := in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, a[:])))
	long := string(make([]byte, 129))
	pmErr := func(code uint64) *abortAt { return aborts("0x3::property_map", code) }
	return []viewCase{
		{name: "read_u64", rets: []tok{u64T}, locals: mapLocals, want: le64(5),
			code: func(*kit) []bytecode.Instruction { return append(k.abMap(), k.withKey(false, "a", readU64)...) }},
		{name: "read_bool", rets: []tok{bytecode.Bool}, locals: mapLocals, want: []byte{1},
			code: func(*kit) []bytecode.Instruction { return append(k.abMap(), k.withKey(false, "b", readBool)...) }},
		{name: "read_u64 of a bool", rets: []tok{u64T}, locals: mapLocals, abort: pmErr(0x30006),
			code: func(*kit) []bytecode.Instruction { return append(k.abMap(), k.withKey(false, "b", readU64)...) }},
		{name: "read_string of bad UTF-8", rets: []tok{strT}, locals: mapLocals, abort: aborts("0x1::from_bcs", 1),
			code: func(*kit) []bytecode.Instruction {
				return append(k.newMap([]string{"s"}, [][]byte{{1, 0xff}}, []string{"0x1::string::String"}), k.withKey(false, "s", readString)...)
			}},
		{name: "borrow and borrow_value", rets: []tok{u8v}, locals: mapLocals, want: bcsBytes(le64(5)),
			code: func(*kit) []bytecode.Instruction {
				return append(append(k.abMap(), k.withKey(false, "a", borrow)...), callF(value))
			}},
		{name: "borrow of a missing key", rets: []tok{u8v}, locals: mapLocals, abort: pmErr(3),
			code: func(*kit) []bytecode.Instruction {
				return append(append(k.abMap(), k.withKey(false, "z", borrow)...), callF(value))
			}},
		{name: "add in place", rets: []tok{u64T}, locals: mapLocals, want: le64(3),
			code: func(*kit) []bytecode.Instruction {
				return append(append(k.abMap(), addKV("c", []byte("x"))...), in(bytecode.OpImmBorrowLoc, 0), callF(length))
			}},
		{name: "add of a key there", rets: nil, locals: mapLocals, abort: aborts("0x1::simple_map", 0x10001),
			code: func(*kit) []bytecode.Instruction { return append(k.abMap(), addKV("a", []byte("x"))...) }},
		{name: "add of a long key", rets: nil, locals: mapLocals, abort: pmErr(0x10007),
			code: func(*kit) []bytecode.Instruction { return append(k.abMap(), addKV(long, []byte("x"))...) }},
		{name: "remove", rets: []tok{strT, k.pv}, locals: mapLocals, want: cat(bcsBytes([]byte("a")), bcsBytes(le64(5)), bcsBytes([]byte("u64"))),
			code: func(*kit) []bytecode.Instruction { return append(k.abMap(), k.withKey(true, "a", remove)...) }},
		{name: "remove in place", rets: []tok{vs}, locals: mapLocals, want: cat([]byte{1}, bcsBytes([]byte("b"))),
			code: func(*kit) []bytecode.Instruction {
				code := append(k.abMap(), k.withKey(true, "a", remove)...)
				return append(code, in(bytecode.OpPop), in(bytecode.OpPop), in(bytecode.OpImmBorrowLoc, 0), callF(keys))
			}},
		{name: "remove of a missing key", rets: []tok{strT, k.pv}, locals: mapLocals, abort: pmErr(0x60003),
			code: func(*kit) []bytecode.Instruction { return append(k.abMap(), k.withKey(true, "z", remove)...) }},
		{name: "update_property_value of a missing key", rets: nil, locals: mapLocals, abort: aborts("0x1::simple_map", 0x10002),
			code: func(*kit) []bytecode.Instruction {
				code := append(k.abMap(), k.utf8("z")...)
				code = append(code, in(bytecode.OpStLoc, 1), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.bytes(nil))
				return append(append(code, k.utf8("u8")...), callF(raw), callF(update))
			}},
		{name: "update_property_map", rets: []tok{vs, bs, bytecode.Bool}, locals: mapLocals,
			want: cat([]byte{3}, bcsBytes([]byte("u8")), bcsBytes([]byte("bool")), bcsBytes([]byte("u8")), []byte{3}, bcsBytes([]byte{7}), bcsBytes([]byte{1}), bcsBytes([]byte{9}), []byte{1}),
			code: func(*kit) []bytecode.Instruction {
				code := append(k.abMap(), in(bytecode.OpMutBorrowLoc, 0))
				code = append(code, k.strVec("a", "n")...)
				code = append(code, k.bytesVec([]byte{7}, []byte{9}))
				code = append(code, k.strVec("u8", "u8")...)
				code = append(code, callF(updateMap), in(bytecode.OpImmBorrowLoc, 0), callF(types), in(bytecode.OpImmBorrowLoc, 0), callF(values))
				return append(code, k.withKey(false, "n", contains)...)
			}},
		{name: "update_property_map counts", rets: nil, locals: mapLocals, abort: pmErr(0x30004),
			code: func(*kit) []bytecode.Instruction {
				code := append(k.abMap(), in(bytecode.OpMutBorrowLoc, 0))
				code = append(code, k.strVec("a")...)
				code = append(code, k.bytesVec())
				return append(append(code, k.strVec("u8")...), callF(updateMap))
			}},
		{name: "new with fewer values", rets: nil, locals: mapLocals, abort: pmErr(0x10004),
			code: func(*kit) []bytecode.Instruction { return k.newMap([]string{"a"}, nil, []string{"u8"}) }},
		{name: "new with a key twice", rets: nil, locals: mapLocals, abort: aborts("0x1::simple_map", 0x10001),
			code: func(*kit) []bytecode.Instruction {
				return k.newMap([]string{"a", "a"}, [][]byte{{1}, {2}}, []string{"u8", "u8"})
			}},
		{name: "create_property_value u64", rets: []tok{k.pv}, locals: []tok{u64T}, want: cat(bcsBytes(le64(7)), bcsBytes([]byte("u64"))),
			code: func(*kit) []bytecode.Instruction {
				return []bytecode.Instruction{in(bytecode.OpLdU64, 7), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(create, u64T)}
			}},
		{name: "create_property_value u16", rets: []tok{k.pv}, locals: []tok{bytecode.U16}, want: cat(bcsBytes([]byte{7, 0}), bcsBytes([]byte("vector<u8>"))),
			code: func(*kit) []bytecode.Instruction {
				return []bytecode.Instruction{in(bytecode.OpLdU16, 7), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(create, bytecode.U16)}
			}},
		{name: "token id fields", rets: []tok{bytecode.Address, strT, strT, u64T}, locals: []tok{k.tokenID},
			want: cat(a[:], bcsBytes([]byte("C")), bcsBytes([]byte("T")), le64(2)),
			code: func(*kit) []bytecode.Instruction {
				code := append([]bytecode.Instruction{ldAddr}, k.utf8("C")...)
				code = append(append(code, k.utf8("T")...), in(bytecode.OpLdU64, 2), callF(idRaw), in(bytecode.OpStLoc, 0))
				return append(code, in(bytecode.OpImmBorrowLoc, 0), callF(idFields))
			}},
		{name: "token name too long", rets: nil, abort: aborts("0x3::token", 0x1001a),
			code: func(*kit) []bytecode.Instruction {
				code := append([]bytecode.Instruction{ldAddr}, k.utf8("C")...)
				return append(append(code, k.utf8(long)...), callF(tdid), in(bytecode.OpPop))
			}},
		{name: "royalty above 1", rets: nil, abort: aborts("0x3::token", 0x10022),
			code: func(*kit) []bytecode.Instruction {
				return []bytecode.Instruction{in(bytecode.OpLdU64, 3), in(bytecode.OpLdU64, 2), ldAddr, callF(royalty), in(bytecode.OpPop)}
			}},
		{name: "short token mutate_setting", rets: nil, locals: []tok{bytecode.Vector(bytecode.Bool)}, failed: true,
			code: func(*kit) []bytecode.Instruction {
				return []bytecode.Instruction{in(bytecode.OpLdTrue), in(bytecode.OpVecPack, uint64(k.b.Signature(bytecode.Bool)), 1), in(bytecode.OpStLoc, 0),
					in(bytecode.OpImmBorrowLoc, 0), callF(tokMut), in(bytecode.OpPop)}
			}},
	}
}

// legacyDeps are a package's dependencies on the framework and AptosToken.
var legacyDeps = append([]onchain.PackageDep{{Account: three, PackageName: "AptosToken"}}, stdDeps...)

// TestLegacyTokenFromMoveViews runs the view cases.
func TestLegacyTokenFromMoveViews(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newV1Kit(t, a.Address, "legacy")
	cases := legacyViewCases(a.Address, k)
	for i, tc := range cases {
		code, rets := tc.code(k.kit), tc.rets
		if rets == nil { // a view returns something: these abort first
			code, rets = append(code, in(bytecode.OpLdU64, 0)), []tok{u64T}
		}
		k.view(fmt.Sprintf("case_%d", i), rets, tc.locals, append(code, in(bytecode.OpRet)))
	}
	if out := c.publish(a, packageMeta("Legacy", onchain.UpgradeCompatible, []string{"legacy"}, legacyDeps...), k.code()); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "legacy"}, Name: fmt.Sprintf("case_%d", i)}
			vals, _, _, err := c.vm.View(c, fn, nil, nil)
			checkOutcome(t, tc, vals, err)
		})
	}
}

// tokenMover is a module of entry functions moving Token values of the
// signer's token "T" (and "U") of collection "C":
//
//	shuffle: withdraw 3, split 1 off, merge it back (amount 3, token_id
//	the id), deposit; a capability for 2, partially used for 1 then
//	wholly for the rest, each deposited back.
//	bad_split: split all of 2 off (ETOKEN_SPLIT_AMOUNT_LARGER_OR_EQUAL_TO_TOKEN_AMOUNT).
//	bad_merge: merge a U into a T (EINVALID_TOKEN_MERGE).
//	expired: a capability expiring at second 1 (EWITHDRAW_PROOF_EXPIRES).
//	overdrawn: 3 taken with a capability for 2 (EINSUFFICIENT_WITHDRAW_CAPABILITY_AMOUNT).
func tokenMover(t *testing.T, addr ledgerapi.Address) []byte {
	k := newV1Kit(t, addr, "mover")
	sig := bytecode.Ref(bytecode.Signer)
	addrOf := k.fn("signer", "address_of", nil, []tok{sig}, []tok{bytecode.Address})
	idRaw := k.f3("token", "create_token_id_raw", []tok{bytecode.Address, strT, strT, u64T}, []tok{k.tokenID})
	withdraw := k.f3("token", "withdraw_token", []tok{sig, k.tokenID, u64T}, []tok{k.token})
	split := k.f3("token", "split", []tok{bytecode.MutRef(k.token), u64T}, []tok{k.token})
	merge := k.f3("token", "merge", []tok{bytecode.MutRef(k.token), k.token}, nil)
	amount := k.f3("token", "get_token_amount", []tok{bytecode.Ref(k.token)}, []tok{u64T})
	tokenID := k.f3("token", "token_id", []tok{bytecode.Ref(k.token)}, []tok{bytecode.Ref(k.tokenID)})
	deposit := k.f3("token", "deposit_token", []tok{sig, k.token}, nil)
	mkCap := k.f3("token", "create_withdraw_capability", []tok{sig, k.tokenID, u64T, u64T}, []tok{k.cap})
	partial := k.f3("token", "partial_withdraw_with_capability", []tok{k.cap, u64T}, []tok{k.token, optOf(k.cap)})
	whole := k.f3("token", "withdraw_with_capability", []tok{k.cap}, []tok{k.token})
	destroySome := k.fn("option", "destroy_some", anyTP, []tok{optOf(bytecode.TypeParameter(0))}, []tok{bytecode.TypeParameter(0)})
	locals := []tok{k.tokenID, k.token, k.token, k.cap, optOf(k.cap)}
	var code []bytecode.Instruction
	add := func(is ...bytecode.Instruction) { code = append(code, is...) }
	check := func(reason uint64) { // the bool on the stack must be true
		at := uint64(len(code))
		add(in(bytecode.OpBrTrue, at+3), in(bytecode.OpLdU64, reason), in(bytecode.OpAbort))
	}
	id := func(name string) { // local 1: the id of name
		add(in(bytecode.OpCopyLoc, 0), callF(addrOf))
		add(k.utf8("C")...)
		add(k.utf8(name)...)
		add(in(bytecode.OpLdU64, 0), callF(idRaw), in(bytecode.OpStLoc, 1))
	}
	take := func(n uint64, local uint64) {
		add(in(bytecode.OpCopyLoc, 0), in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU64, n), callF(withdraw), in(bytecode.OpStLoc, local))
	}
	putBack := func(local uint64) { add(in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, local), callF(deposit)) }
	capFor := func(n, expires uint64) {
		add(in(bytecode.OpCopyLoc, 0), in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU64, n), in(bytecode.OpLdU64, expires), callF(mkCap), in(bytecode.OpStLoc, 4))
	}
	entry := func(name string) {
		add(in(bytecode.OpRet))
		k.b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Locals: locals, Code: code})
		code = nil
	}
	id("T")
	take(3, 2)
	add(in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpLdU64, 1), callF(split), in(bytecode.OpStLoc, 3))
	add(in(bytecode.OpImmBorrowLoc, 2), callF(amount), in(bytecode.OpLdU64, 2), in(bytecode.OpEq))
	check(100)
	add(in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpMoveLoc, 3), callF(merge))
	add(in(bytecode.OpImmBorrowLoc, 2), callF(amount), in(bytecode.OpLdU64, 3), in(bytecode.OpEq))
	check(101)
	add(in(bytecode.OpImmBorrowLoc, 2), callF(tokenID), in(bytecode.OpReadRef), in(bytecode.OpCopyLoc, 1), in(bytecode.OpEq))
	check(102)
	putBack(2)
	capFor(2, 1<<40)
	add(in(bytecode.OpMoveLoc, 4), in(bytecode.OpLdU64, 1), callF(partial), in(bytecode.OpStLoc, 5), in(bytecode.OpStLoc, 2))
	putBack(2)
	add(in(bytecode.OpMoveLoc, 5), k.callG(destroySome, k.cap), callF(whole), in(bytecode.OpStLoc, 2))
	add(in(bytecode.OpImmBorrowLoc, 2), callF(amount), in(bytecode.OpLdU64, 1), in(bytecode.OpEq))
	check(103)
	putBack(2)
	entry("shuffle")

	id("T")
	take(2, 2)
	add(in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpLdU64, 2), callF(split), in(bytecode.OpStLoc, 3))
	putBack(2)
	putBack(3)
	entry("bad_split")

	id("T")
	take(1, 2)
	id("U")
	take(1, 3)
	add(in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpMoveLoc, 3), callF(merge))
	putBack(2)
	entry("bad_merge")

	id("T")
	capFor(1, 1)
	add(in(bytecode.OpMoveLoc, 4), callF(whole), in(bytecode.OpStLoc, 2))
	putBack(2)
	entry("expired")

	id("T")
	capFor(2, 1<<40)
	add(in(bytecode.OpMoveLoc, 4), in(bytecode.OpLdU64, 3), callF(partial), in(bytecode.OpStLoc, 5), in(bytecode.OpStLoc, 2))
	putBack(2)
	add(in(bytecode.OpMoveLoc, 5), k.callG(destroySome, k.cap), callF(whole), in(bytecode.OpStLoc, 2))
	putBack(2)
	entry("overdrawn")
	return k.code()
}

// TestLegacyTokenValuesFromMove: Token values withdrawn, split, merged,
// taken with capabilities and deposited by Move code; the balance is
// back where it was, each move emitted; the checks abort with Aptos's codes.
func TestLegacyTokenValuesFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Mover", onchain.UpgradeCompatible, []string{"mover"}, legacyDeps...), tokenMover(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	for _, p := range []txn.TransactionPayload{createCollectionV1("C", 0), createTokenV1(a.Address, "C", "T", 3, 0, false), createTokenV1(a.Address, "C", "U", 1, 0, false)} {
		if _, out := c.run(t, a, p); !out.Info.Success() {
			t.Fatalf("setup: %s", out.Info.Status.String())
		}
	}
	js, out := c.run(t, a, vmstub.EntryPayload(a.Address, "mover", "shuffle", nil))
	if !out.Info.Success() {
		t.Fatalf("shuffle: %s", out.Info.Status.String())
	}
	var moves []string
	for i := range 6 {
		for _, ev := range []string{"TokenWithdraw", "TokenDeposit"} {
			if got, ok := js["event 0x3::token::"+ev+"#"+u(uint64(i))]; ok {
				_, amt, _ := strings.Cut(got, `"amount":"`)
				amt, _, _ = strings.Cut(amt, `"`)
				moves = append(moves, ev+" "+amt)
			}
		}
	}
	if got, want := strings.Join(moves, ", "), "TokenWithdraw 3, TokenDeposit 3, TokenWithdraw 1, TokenDeposit 1, TokenWithdraw 1, TokenDeposit 1"; got != want {
		t.Errorf("events %s, want %s", got, want)
	}
	tokA := handleIn(t, c.json(a.Address, "0x3::token::TokenStore"), "tokens")
	if got := c.tableJSON(t, tokA, tokenIDBCS(a.Address, "C", "T"), "0x3::token::Token"); !strings.HasPrefix(got, `{"amount":"3"`) {
		t.Errorf("T after the shuffle: %s", got)
	}
	for fn, want := range map[string]string{
		"bad_split": "0x3::token: ETOKEN_SPLIT_AMOUNT_LARGER_OR_EQUAL_TO_TOKEN_AMOUNT(0x1000c)",
		"bad_merge": "0x3::token: EINVALID_TOKEN_MERGE(0x10006)",
		"expired":   "0x3::token: EWITHDRAW_PROOF_EXPIRES(0x10027)",
		"overdrawn": "0x3::token: EINSUFFICIENT_WITHDRAW_CAPABILITY_AMOUNT(0x10026)",
	} {
		_, out := c.run(t, a, vmstub.EntryPayload(a.Address, "mover", fn, nil))
		wantAbort(t, out, fn, want)
	}
}

// legacyGetters is a module of views over creator's collection "C"
// (maximum 5, fully mutable) and token "T" of it (3 of at most 10,
// properties {"p": u8 1}, royalty 1/10), and of entries mutating them.
func legacyGetters(t *testing.T, a, other ledgerapi.Address) (*v1Kit, []viewCase) {
	k := newV1Kit(t, a, "getters")
	b := k.b
	cds := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	tmod := b.ModuleRef(three, "token")
	tdidT := bytecode.StructOf(b.ImportStruct(tmod, "TokenDataId", cds))
	royaltyT := bytecode.StructOf(b.ImportStruct(tmod, "Royalty", cds))
	tokMutT := bytecode.StructOf(b.ImportStruct(tmod, "TokenMutabilityConfig", cds))
	collMutT := bytecode.StructOf(b.ImportStruct(tmod, "CollectionMutabilityConfig", cds))
	A, O := bytecode.Address, optOf(u64T)
	ld := func(x ledgerapi.Address) bytecode.Instruction {
		return in(bytecode.OpLdConst, uint64(b.Constant(A, x[:])))
	}
	tdidH := k.f3("token", "create_token_data_id", []tok{A, strT, strT}, []tok{tdidT})
	idH := k.f3("token", "create_token_id_raw", []tok{A, strT, strT, u64T}, []tok{k.tokenID})
	data := func(name string) []bytecode.Instruction { // TokenDataId of a's C::name
		return append(append(append([]bytecode.Instruction{ld(a)}, k.utf8("C")...), k.utf8(name)...), callF(tdidH))
	}
	tokenID := func() []bytecode.Instruction {
		return append(append(append([]bytecode.Instruction{ld(a)}, k.utf8("C")...), k.utf8("T")...), in(bytecode.OpLdU64, 0), callF(idH))
	}
	coll := func(who ledgerapi.Address, name string) []bytecode.Instruction {
		return append([]bytecode.Instruction{ld(who)}, k.utf8(name)...)
	}
	call := func(name string, params []tok, ret tok, args ...[]bytecode.Instruction) []bytecode.Instruction {
		var code []bytecode.Instruction
		for _, x := range args {
			code = append(code, x...)
		}
		return append(code, callF(k.f3("token", name, params, []tok{ret})))
	}
	v := func(name string, ret tok, want []byte, code []bytecode.Instruction) viewCase {
		return viewCase{name: name, rets: []tok{ret}, want: want, code: func(*kit) []bytecode.Instruction { return code }}
	}
	fail := func(name string, code uint64, body []bytecode.Instruction) viewCase {
		return viewCase{name: name, rets: []tok{u64T}, abort: aborts("0x3::token", code), code: func(*kit) []bytecode.Instruction {
			return append(body, in(bytecode.OpPop), in(bytecode.OpLdU64, 0))
		}}
	}
	props := cat([]byte{1}, bcsBytes([]byte("p")), bcsBytes([]byte{1}), bcsBytes([]byte("u8")))
	royalty := cat(le64(1), le64(10), a[:])
	cases := []viewCase{
		v("balance_of", u64T, le64(3), call("balance_of", []tok{A, k.tokenID}, u64T, []bytecode.Instruction{ld(a)}, tokenID())),
		v("balance_of without a store", u64T, le64(0), call("balance_of", []tok{A, k.tokenID}, u64T, []bytecode.Instruction{ld(other)}, tokenID())),
		v("get_collection_supply", O, cat([]byte{1}, le64(1)), call("get_collection_supply", []tok{A, strT}, O, coll(a, "C"))),
		v("get_collection_description", strT, bcsBytes([]byte("A collection")), call("get_collection_description", []tok{A, strT}, strT, coll(a, "C"))),
		v("get_collection_uri", strT, bcsBytes([]byte("https://coll")), call("get_collection_uri", []tok{A, strT}, strT, coll(a, "C"))),
		v("get_collection_maximum", u64T, le64(5), call("get_collection_maximum", []tok{A, strT}, u64T, coll(a, "C"))),
		v("get_collection_mutability_config", collMutT, []byte{1, 1, 1}, call("get_collection_mutability_config", []tok{A, strT}, collMutT, coll(a, "C"))),
		v("get_token_supply", O, cat([]byte{1}, le64(3)), call("get_token_supply", []tok{A, tdidT}, O, []bytecode.Instruction{ld(a)}, data("T"))),
		v("get_tokendata_largest_property_version", u64T, le64(0), call("get_tokendata_largest_property_version", []tok{A, tdidT}, u64T, []bytecode.Instruction{ld(a)}, data("T"))),
		v("get_tokendata_maximum", u64T, le64(10), call("get_tokendata_maximum", []tok{tdidT}, u64T, data("T"))),
		v("get_tokendata_uri", strT, bcsBytes([]byte("https://tok")), call("get_tokendata_uri", []tok{A, tdidT}, strT, []bytecode.Instruction{ld(a)}, data("T"))),
		v("get_tokendata_description", strT, bcsBytes([]byte("A token")), call("get_tokendata_description", []tok{tdidT}, strT, data("T"))),
		v("get_tokendata_royalty", royaltyT, royalty, call("get_tokendata_royalty", []tok{tdidT}, royaltyT, data("T"))),
		v("get_royalty", royaltyT, royalty, call("get_royalty", []tok{k.tokenID}, royaltyT, tokenID())),
		v("get_tokendata_mutability_config", tokMutT, []byte{1, 1, 1, 1, 1}, call("get_tokendata_mutability_config", []tok{tdidT}, tokMutT, data("T"))),
		v("get_property_map", k.pm, props, call("get_property_map", []tok{A, k.tokenID}, k.pm, []bytecode.Instruction{ld(a)}, tokenID())),
		v("check_collection_exists", bytecode.Bool, []byte{1}, call("check_collection_exists", []tok{A, strT}, bytecode.Bool, coll(a, "C"))),
		v("check_tokendata_exists", bytecode.Bool, []byte{0}, call("check_tokendata_exists", []tok{A, strT, strT}, bytecode.Bool, coll(a, "C"), k.utf8("X"))),
		v("has_token_store", bytecode.Bool, []byte{1}, call("has_token_store", []tok{A}, bytecode.Bool, []bytecode.Instruction{ld(a)})),
		v("get_direct_transfer", bytecode.Bool, []byte{0}, call("get_direct_transfer", []tok{A}, bytecode.Bool, []bytecode.Instruction{ld(a)})),
		fail("get_property_map without a balance", 0x60005, call("get_property_map", []tok{A, k.tokenID}, k.pm, []bytecode.Instruction{ld(other)}, tokenID())),
		fail("a missing collection", 0x60002, call("get_collection_uri", []tok{A, strT}, strT, coll(a, "X"))),
		fail("no collections", 0x60001, call("get_collection_uri", []tok{A, strT}, strT, coll(other, "C"))),
		fail("a missing token data", 0x6000a, call("get_tokendata_maximum", []tok{tdidT}, u64T, data("X"))),
	}
	// Entries: mutate(s) changes every mutable field of C and T (and adds
	// property "q"); the others each fail a check.
	sig := bytecode.Ref(bytecode.Signer)
	ent := func(name string, code ...[]bytecode.Instruction) {
		var all []bytecode.Instruction
		for _, c := range code {
			all = append(all, c...)
		}
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Code: append(all, in(bytecode.OpRet))})
	}
	s0 := []bytecode.Instruction{in(bytecode.OpCopyLoc, 0)}
	mut := func(name string, param tok, args ...[]bytecode.Instruction) []bytecode.Instruction {
		code := append([]bytecode.Instruction{}, s0...)
		for _, x := range args {
			code = append(code, x...)
		}
		second := tdidT
		if strings.HasPrefix(name, "mutate_collection") {
			second = strT
		}
		return append(code, callF(k.f3("token", name, []tok{sig, second, param}, nil)))
	}
	vs, bs := bytecode.Vector(strT), bytecode.Vector(bytecode.Vector(bytecode.U8))
	prop := append(append(append(append([]bytecode.Instruction{in(bytecode.OpCopyLoc, 0)}, data("T")...), k.strVec("q")...), k.bytesVec([]byte{2})), k.strVec("u8")...)
	prop = append(prop, callF(k.f3("token", "mutate_tokendata_property", []tok{sig, tdidT, vs, bs, vs}, nil)))
	newRoyalty := []bytecode.Instruction{in(bytecode.OpLdU64, 1), in(bytecode.OpLdU64, 4), ld(a),
		callF(k.f3("token", "create_royalty", []tok{u64T, u64T, A}, []tok{royaltyT}))}
	ent("mutate",
		mut("mutate_collection_description", strT, k.utf8("C"), k.utf8("d2")),
		mut("mutate_collection_uri", strT, k.utf8("C"), k.utf8("u2")),
		mut("mutate_collection_maximum", u64T, k.utf8("C"), []bytecode.Instruction{in(bytecode.OpLdU64, 7)}),
		mut("mutate_tokendata_maximum", u64T, data("T"), []bytecode.Instruction{in(bytecode.OpLdU64, 20)}),
		mut("mutate_tokendata_uri", strT, data("T"), k.utf8("tu2")),
		mut("mutate_tokendata_royalty", royaltyT, data("T"), newRoyalty),
		mut("mutate_tokendata_description", strT, data("T"), k.utf8("td2")),
		prop)
	ent("max_below_supply", mut("mutate_tokendata_maximum", u64T, data("T"), []bytecode.Instruction{in(bytecode.OpLdU64, 2)}))
	ent("max_zero", mut("mutate_collection_maximum", u64T, k.utf8("C"), []bytecode.Instruction{in(bytecode.OpLdU64, 0)}))
	ent("fixed_uri", mut("mutate_collection_uri", strT, k.utf8("F"), k.utf8("u3")))
	ent("reserved", append(append(append(append([]bytecode.Instruction{in(bytecode.OpCopyLoc, 0)}, data("T")...), k.strVec("TOKEN_X")...),
		k.bytesVec([]byte{2})), append(k.strVec("u8"), callF(k.f3("token", "mutate_tokendata_property", []tok{sig, tdidT, vs, bs, vs}, nil)))...))
	return k, cases
}

// TestLegacyTokenGettersAndMutators: the getters read what the entries
// wrote; the mutators change the collection's and token data's fields as
// the items show, and refuse with Aptos's codes.
func TestLegacyTokenGettersAndMutators(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, o := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	all := bools(true, true, true, true, true)
	for _, p := range []txn.TransactionPayload{
		at3("token", "create_collection_script", vmstub.StringValue("C"), vmstub.StringValue("A collection"), vmstub.StringValue("https://coll"),
			vmstub.U64Value(5), bools(true, true, true)),
		at3("token", "create_collection_script", vmstub.StringValue("F"), vmstub.StringValue(""), vmstub.StringValue(""),
			vmstub.U64Value(5), bools(false, false, false)),
		at3("token", "create_token_script", vmstub.StringValue("C"), vmstub.StringValue("T"), vmstub.StringValue("A token"),
			vmstub.U64Value(3), vmstub.U64Value(10), vmstub.StringValue("https://tok"), vmstub.AddressValue(a.Address), vmstub.U64Value(10), vmstub.U64Value(1),
			all, strs("p"), seqOf(vmstub.BytesValue([]byte{1})), strs("u8")),
	} {
		if _, out := c.run(t, a, p); !out.Info.Success() {
			t.Fatalf("setup: %s", out.Info.Status.String())
		}
	}
	k, cases := legacyGetters(t, a.Address, o.Address)
	for i, tc := range cases {
		k.view(fmt.Sprintf("case_%d", i), tc.rets, tc.locals, append(tc.code(k.kit), in(bytecode.OpRet)))
	}
	if out := c.publish(a, packageMeta("Getters", onchain.UpgradeCompatible, []string{"getters"}, legacyDeps...), k.code()); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "getters"}, Name: fmt.Sprintf("case_%d", i)}
			vals, _, _, err := c.vm.View(c, fn, nil, nil)
			checkOutcome(t, tc, vals, err)
		})
	}
	entry := func(fn string) txn.TransactionPayload {
		return vmstub.EntryPayload(a.Address, "getters", fn, nil)
	}
	for fn, want := range map[string]string{
		"max_below_supply": "0x3::token: EINVALID_MAXIMUM(0x10024)",
		"max_zero":         "0x3::token: EINVALID_MAXIMUM(0x10024)",
		"fixed_uri":        "0x3::token: EFIELD_NOT_MUTABLE(0x5000d)",
		"reserved":         "0x3::token: EPROPERTY_RESERVED_BY_STANDARD(0x50028)",
	} {
		_, out := c.run(t, a, entry(fn))
		wantAbort(t, out, fn, want)
	}
	_, out := c.run(t, o, entry("mutate"))
	wantAbort(t, out, "mutate by another", "ECOLLECTIONS_NOT_PUBLISHED(0x60001)")
	if _, out = c.run(t, a, entry("mutate")); !out.Info.Success() {
		t.Fatalf("mutate: %s", out.Info.Status.String())
	}
	colls := c.json(a.Address, "0x3::token::Collections")
	wantJSON(t, "CollectionData", c.tableJSON(t, handleIn(t, colls, "collection_data"), vmstub.StringValue("C"), "0x3::token::CollectionData"),
		`{"description":"d2","maximum":"7","mutability_config":{"description":true,"maximum":true,"uri":true},"name":"C","supply":"1","uri":"u2"}`)
	wantJSON(t, "TokenData", c.tableJSON(t, handleIn(t, colls, "token_data"), cat(a.Address[:], vmstub.StringValue("C"), vmstub.StringValue("T")), "0x3::token::TokenData"),
		`{"default_properties":{"map":{"data":[{"key":"p","value":{"type":"u8","value":"0x01"}},{"key":"q","value":{"type":"u8","value":"0x02"}}]}},`+
			`"description":"td2","largest_property_version":"0","maximum":"20","mutability_config":{"description":true,"maximum":true,"properties":true,"royalty":true,"uri":true},`+
			`"name":"T","royalty":{"payee_address":"`+a.Address.String()+`","royalty_points_denominator":"4","royalty_points_numerator":"1"},"supply":"3","uri":"tu2"}`)
}
