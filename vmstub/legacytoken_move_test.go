package vmstub_test

import (
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
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
	return append([]viewCase{
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
	}, accessorCases(a, k)...)
}

// accessorCases call the typed reads, new_with_key_and_property_value,
// empty and the accessors of royalties, configs and ids.
func accessorCases(a ledgerapi.Address, k *v1Kit) []viewCase {
	rpm, rs, A := bytecode.Ref(k.pm), bytecode.Ref(strT), bytecode.Address
	cds := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	tmod := k.b.ModuleRef(three, "token")
	royaltyT := bytecode.StructOf(k.b.ImportStruct(tmod, "Royalty", cds))
	tokMutT := bytecode.StructOf(k.b.ImportStruct(tmod, "TokenMutabilityConfig", cds))
	collMutT := bytecode.StructOf(k.b.ImportStruct(tmod, "CollectionMutabilityConfig", cds))
	tdidT := bytecode.StructOf(k.b.ImportStruct(tmod, "TokenDataId", cds))
	ldAddr := in(bytecode.OpLdConst, uint64(k.b.Constant(A, a[:])))
	read := func(name string, ret tok) bytecode.FunctionHandleIndex {
		return k.f3("property_map", name, []tok{rpm, rs}, []tok{ret})
	}
	getters := func(local tok, names ...string) []bytecode.Instruction { // each getter of &local 0
		var code []bytecode.Instruction
		for _, n := range names {
			code = append(code, in(bytecode.OpImmBorrowLoc, 0), callF(k.f3("token", n, []tok{bytecode.Ref(local)}, []tok{bytecode.Bool})))
		}
		return code
	}
	boolVec := func(bs ...bool) []bytecode.Instruction {
		var code []bytecode.Instruction
		for _, b := range bs {
			code = append(code, in(map[bool]bytecode.Opcode{true: bytecode.OpLdTrue, false: bytecode.OpLdFalse}[b]))
		}
		return append(code, in(bytecode.OpVecPack, uint64(k.b.Signature(bytecode.Bool)), uint64(len(bs))), in(bytecode.OpStLoc, 1), in(bytecode.OpImmBorrowLoc, 1))
	}
	u128 := append(le64(7), le64(1)...)
	return []viewCase{
		{name: "typed reads", rets: []tok{A, bytecode.U128, bytecode.U8, strT}, locals: []tok{k.pm, strT}, want: cat(a[:], u128, []byte{9}, bcsBytes([]byte("hi"))),
			code: func(*kit) []bytecode.Instruction {
				code := k.newMap([]string{"a", "b", "c", "s"}, [][]byte{a[:], u128, {9}, bcsBytes([]byte("hi"))}, []string{"address", "u128", "u8", "0x1::string::String"})
				code = append(code, k.withKey(false, "a", read("read_address", A))...)
				code = append(code, k.withKey(false, "b", read("read_u128", bytecode.U128))...)
				code = append(code, k.withKey(false, "c", read("read_u8", bytecode.U8))...)
				return append(code, k.withKey(false, "s", read("read_string", strT))...)
			}},
		{name: "new_with_key_and_property_value and empty", rets: []tok{u64T, u64T}, locals: []tok{k.pm}, want: cat(le64(1), le64(0)),
			code: func(*kit) []bytecode.Instruction {
				length := k.f3("property_map", "length", []tok{rpm}, []tok{u64T})
				code := k.strVec("x")
				code = append(append(append(code, k.bytes([]byte{1})), k.utf8("u8")...), callF(k.f3("property_map", "create_property_value_raw", []tok{bytecode.Vector(bytecode.U8), strT}, []tok{k.pv})))
				code = append(code, in(bytecode.OpVecPack, uint64(k.b.Signature(k.pv)), 1),
					callF(k.f3("property_map", "new_with_key_and_property_value", []tok{bytecode.Vector(strT), bytecode.Vector(k.pv)}, []tok{k.pm})),
					in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(length))
				return append(code, callF(k.f3("property_map", "empty", nil, []tok{k.pm})), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(length))
			}},
		{name: "royalty accessors", rets: []tok{u64T, u64T, A}, locals: []tok{royaltyT}, want: cat(le64(3), le64(10), a[:]),
			code: func(*kit) []bytecode.Instruction {
				code := []bytecode.Instruction{in(bytecode.OpLdU64, 3), in(bytecode.OpLdU64, 10), ldAddr,
					callF(k.f3("token", "create_royalty", []tok{u64T, u64T, A}, []tok{royaltyT})), in(bytecode.OpStLoc, 0)}
				for _, n := range []string{"get_royalty_numerator", "get_royalty_denominator", "get_royalty_payee"} {
					ret := map[bool]tok{true: A, false: u64T}[n == "get_royalty_payee"]
					code = append(code, in(bytecode.OpImmBorrowLoc, 0), callF(k.f3("token", n, []tok{bytecode.Ref(royaltyT)}, []tok{ret})))
				}
				return code
			}},
		{name: "token mutability accessors", rets: []tok{bytecode.Bool, bytecode.Bool, bytecode.Bool, bytecode.Bool, bytecode.Bool},
			locals: []tok{tokMutT, bytecode.Vector(bytecode.Bool)}, want: []byte{1, 0, 1, 0, 1},
			code: func(*kit) []bytecode.Instruction {
				code := append(boolVec(true, false, true, false, true), callF(k.f3("token", "create_token_mutability_config",
					[]tok{bytecode.Ref(bytecode.Vector(bytecode.Bool))}, []tok{tokMutT})), in(bytecode.OpStLoc, 0))
				return append(code, getters(tokMutT, "get_token_mutability_maximum", "get_token_mutability_uri", "get_token_mutability_royalty",
					"get_token_mutability_description", "get_token_mutability_default_properties")...)
			}},
		{name: "collection mutability accessors", rets: []tok{bytecode.Bool, bytecode.Bool, bytecode.Bool},
			locals: []tok{collMutT, bytecode.Vector(bytecode.Bool)}, want: []byte{0, 1, 0},
			code: func(*kit) []bytecode.Instruction {
				code := append(boolVec(false, true, false), callF(k.f3("token", "create_collection_mutability_config",
					[]tok{bytecode.Ref(bytecode.Vector(bytecode.Bool))}, []tok{collMutT})), in(bytecode.OpStLoc, 0))
				return append(code, getters(collMutT, "get_collection_mutability_description", "get_collection_mutability_uri",
					"get_collection_mutability_maximum")...)
			}},
		{name: "get_tokendata_id and its fields", rets: []tok{A, strT, strT}, locals: []tok{tdidT}, want: cat(a[:], bcsBytes([]byte("C")), bcsBytes([]byte("T"))),
			code: func(*kit) []bytecode.Instruction {
				code := append(append([]bytecode.Instruction{ldAddr}, k.utf8("C")...), k.utf8("T")...)
				code = append(code, in(bytecode.OpLdU64, 4), callF(k.f3("token", "create_token_id_raw", []tok{A, strT, strT, u64T}, []tok{k.tokenID})),
					callF(k.f3("token", "get_tokendata_id", []tok{k.tokenID}, []tok{tdidT})), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0))
				return append(code, callF(k.f3("token", "get_token_data_id_fields", []tok{bytecode.Ref(tdidT)}, []tok{A, strT, strT})))
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
