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
	// Entries: mutate(s) changes every mutable field of C and T (updates
	// property "p", adds "q"); the others each fail a check.
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
	prop := append(append(append(append([]bytecode.Instruction{in(bytecode.OpCopyLoc, 0)}, data("T")...), k.strVec("p", "q")...), k.bytesVec([]byte{2}, []byte{3})), k.strVec("u8", "u8")...)
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
	dup := append(append(append(append([]bytecode.Instruction{in(bytecode.OpCopyLoc, 0)}, data("T")...), k.strVec("r", "r")...), k.bytesVec([]byte{1}, []byte{2})), k.strVec("u8", "u8")...)
	ent("dup_key", append(dup, callF(k.f3("token", "mutate_tokendata_property", []tok{sig, tdidT, vs, bs, vs}, nil))))
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
	js, out := c.run(t, a, entry("mutate"))
	if !out.Info.Success() {
		t.Fatalf("mutate: %s", out.Info.Status.String())
	}
	wantMutationEvents(t, js, a.Address.String())
	colls := c.json(a.Address, "0x3::token::Collections")
	wantJSON(t, "CollectionData", c.tableJSON(t, handleIn(t, colls, "collection_data"), vmstub.StringValue("C"), "0x3::token::CollectionData"),
		`{"description":"d2","maximum":"7","mutability_config":{"description":true,"maximum":true,"uri":true},"name":"C","supply":"1","uri":"u2"}`)
	wantJSON(t, "TokenData", c.tableJSON(t, handleIn(t, colls, "token_data"), cat(a.Address[:], vmstub.StringValue("C"), vmstub.StringValue("T")), "0x3::token::TokenData"),
		`{"default_properties":{"map":{"data":[{"key":"p","value":{"type":"u8","value":"0x02"}},{"key":"q","value":{"type":"u8","value":"0x03"}}]}},`+
			`"description":"td2","largest_property_version":"0","maximum":"20","mutability_config":{"description":true,"maximum":true,"properties":true,"royalty":true,"uri":true},`+
			`"name":"T","royalty":{"payee_address":"`+a.Address.String()+`","royalty_points_denominator":"4","royalty_points_numerator":"1"},"supply":"3","uri":"tu2"}`)
	// A key given twice: added, then updated; its second old value is the
	// first new one, as Aptos's loop reads the map as it goes.
	js, out = c.run(t, a, entry("dup_key"))
	if !out.Info.Success() {
		t.Fatalf("dup_key: %s", out.Info.Status.String())
	}
	wantJSON(t, "DefaultPropertyMutate (dup)", js["event 0x3::token_event_store::DefaultPropertyMutate#0"],
		`{"collection":"C","creator":"`+a.Address.String()+`","keys":["r","r"],"new_values":[{"type":"u8","value":"0x01"},{"type":"u8","value":"0x02"}],`+
			`"old_values":[{"vec":[]},{"vec":[{"type":"u8","value":"0x01"}]}],"token":"T"}`)
	if got := c.tableJSON(t, handleIn(t, colls, "token_data"), cat(a.Address[:], vmstub.StringValue("C"), vmstub.StringValue("T")), "0x3::token::TokenData"); !strings.Contains(got,
		`{"key":"q","value":{"type":"u8","value":"0x03"}},{"key":"r","value":{"type":"u8","value":"0x02"}}]`) {
		t.Errorf("TokenData after dup_key: %s", got)
	}
}
