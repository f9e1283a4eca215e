package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// nftModule is a published module using the token objects as an NFT
// package does: its entry make(s) creates an unlimited collection "Coll"
// as its owner, a named token "Tok" in it, and changes the token's
// description through a MutatorRef it generates.
func nftModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "nft")
	b := k.b
	four := ledgerapi.Address{31: 4}
	ctorH := b.ImportStruct(b.ModuleRef(one, "object"), "ConstructorRef", bytecode.AbilityDrop)
	royaltyH := b.ImportStruct(b.ModuleRef(four, "royalty"), "Royalty", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityKey)
	mutH := b.ImportStruct(b.ModuleRef(four, "token"), "MutatorRef", bytecode.AbilityDrop|bytecode.AbilityStore)
	ctorT, royaltyT, mutT := bytecode.StructOf(ctorH), bytecode.StructOf(royaltyH), bytecode.StructOf(mutH)
	sig := bytecode.Ref(bytecode.Signer)
	none := k.callG(k.fn("option", "none", anyTP, nil, []tok{optOf(bytecode.TypeParameter(0))}), royaltyT)
	createColl := b.ImportFunction(b.ModuleRef(four, "collection"), "create_unlimited_collection_as_owner",
		bytecode.Fn{Params: []tok{sig, strT, strT, optOf(royaltyT), strT}, Returns: []tok{ctorT}})
	createTok := b.ImportFunction(b.ModuleRef(four, "token"), "create_named_token",
		bytecode.Fn{Params: []tok{sig, strT, strT, strT, optOf(royaltyT), strT}, Returns: []tok{ctorT}})
	mutRef := b.ImportFunction(b.ModuleRef(four, "token"), "generate_mutator_ref",
		bytecode.Fn{Params: []tok{bytecode.Ref(ctorT)}, Returns: []tok{mutT}})
	setDesc := b.ImportFunction(b.ModuleRef(four, "token"), "set_description",
		bytecode.Fn{Params: []tok{bytecode.Ref(mutT), strT}})
	var code []bytecode.Instruction
	add := func(is ...bytecode.Instruction) { code = append(code, is...) }
	add(in(bytecode.OpCopyLoc, 0))
	add(k.utf8("a collection")...)
	add(k.utf8("Coll")...)
	add(none)
	add(k.utf8("https://coll")...)
	add(callF(createColl), in(bytecode.OpPop), in(bytecode.OpCopyLoc, 0))
	add(k.utf8("Coll")...)
	add(k.utf8("a token")...)
	add(k.utf8("Tok")...)
	add(none)
	add(k.utf8("https://tok")...)
	add(callF(createTok), in(bytecode.OpStLoc, 1), in(bytecode.OpImmBorrowLoc, 1), callF(mutRef), in(bytecode.OpStLoc, 2),
		in(bytecode.OpImmBorrowLoc, 2))
	add(k.utf8("changed")...)
	add(callF(setDesc), in(bytecode.OpRet))
	b.Function("make", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT, mutT}, Code: code})
	// numbered(s): a token of "Coll" named "Cat #" ‖ index.
	createNumbered := b.ImportFunction(b.ModuleRef(four, "token"), "create_numbered_token",
		bytecode.Fn{Params: []tok{sig, strT, strT, strT, strT, optOf(royaltyT), strT}, Returns: []tok{ctorT}})
	code = nil
	add(in(bytecode.OpCopyLoc, 0))
	add(k.utf8("Coll")...)
	add(k.utf8("a cat")...)
	add(k.utf8("Cat #")...)
	add(k.utf8("")...)
	add(none)
	add(k.utf8("https://cat")...)
	add(callF(createNumbered), in(bytecode.OpPop), in(bytecode.OpRet))
	b.Function("numbered", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Code: code})
	return mustBytes(t, b)
}

// TestTokenObjectsFromMove: a published package calls the token objects'
// public functions (a collection created as its owner, a named token, a
// MutatorRef) and the results are the resources and events Aptos makes;
// the collection, created as owner, can be transferred.
func TestTokenObjectsFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	deps := append([]onchain.PackageDep{{Account: ledgerapi.Address{31: 4}, PackageName: "AptosTokenObjects"}}, stdDeps...)
	if out := c.publish(a, packageMeta("Nft", onchain.UpgradeCompatible, []string{"nft"}, deps...), nftModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	js, out := c.run(t, a, vmstub.EntryPayload(a.Address, "nft", "make", nil))
	if !out.Info.Success() {
		t.Fatalf("make: %s", out.Info.Status.String())
	}
	coll := crypto.ObjectAddressFromSeed(a.Address, []byte("Coll"))
	tok := crypto.ObjectAddressFromSeed(a.Address, []byte("Coll::Tok"))
	// The name is a DerivedStringSnapshot stored at Aptos's width for a
	// constant string: 22 bytes, value (4) and padding (1 + 17 zeros).
	if got := js["0x4::token::TokenIdentifiers@"+tok.String()]; got != `{"index":{"value":"1"},"name":{"padding":"0x0000000000000000000000000000000000","value":"Tok"}}` {
		t.Errorf("TokenIdentifiers %s", got)
	}
	if got, want := js["0x4::token::Token@"+tok.String()], `{"collection":{"inner":"`+coll.String()+`"},"description":"changed","index":"0",`+
		`"mutation_events":{"counter":"0","guid":{"id":{"addr":"`+tok.String()+`","creation_num":"1125899906842625"}}},"name":"","uri":"https://tok"}`; got != want {
		t.Errorf("Token\n got  %s\n want %s", got, want)
	}
	if got, want := js["event 0x4::token::Mutation#1"], `{"mutated_field_name":"description","new_value":"changed","old_value":"a token","token_address":"`+tok.String()+`"}`; got != want {
		t.Errorf("Mutation\n got  %s\n want %s", got, want)
	}
	if got := js["0x1::object::ObjectCore@"+coll.String()]; got == "" || !strings.Contains(got, `"allow_ungated_transfer":true`) {
		t.Errorf("collection created as owner: %s", got)
	}
	// A numbered token: its name holds its index, stored with room for
	// the widest u64 (27 bytes: 7 of value, 1 + 19 of padding).
	js, out = c.run(t, a, vmstub.EntryPayload(a.Address, "nft", "numbered", nil))
	if !out.Info.Success() {
		t.Fatalf("numbered: %s", out.Info.Status.String())
	}
	cat := createdToken(t, js)
	if got, want := js["0x4::token::TokenIdentifiers@"+cat.String()], `{"index":{"value":"2"},"name":{"padding":"0x`+strings.Repeat("00", 19)+`","value":"Cat #2"}}`; got != want {
		t.Errorf("numbered TokenIdentifiers\n got  %s\n want %s", got, want)
	}
	if got := c.mustView("0x4::token::name", []string{"0x4::token::Token"}, addrJSON(cat)); got != `["Cat #2"]` {
		t.Errorf("token::name of the numbered token = %s", got)
	}
	_, out = c.run(t, a, objTransfer(coll, b.Address, "0x4::collection::Collection"))
	if !out.Info.Success() {
		t.Errorf("transfer of a collection created as owner: %s", out.Info.Status.String())
	}
	// The same names again: the collection's object exists.
	_, out = c.run(t, a, vmstub.EntryPayload(a.Address, "nft", "make", nil))
	wantAbort(t, out, "make twice", "0x1::object: EOBJECT_EXISTS(0x80001)")
}
