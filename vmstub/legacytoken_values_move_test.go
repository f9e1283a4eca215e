package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

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

// tokenGiver is a module of entries giving the signer's "T" of "C":
// give(s, to) mint_token_to, send(s, to) transfer, drop_in(s, to)
// withdraw_token then direct_deposit_with_opt_in, pair(s, r)
// direct_transfer, init(s) initialize_token_store, mutate(s, owner)
// mutate_one_token of owner's T, one unit each.
func tokenGiver(t *testing.T, addr ledgerapi.Address) []byte {
	k := newV1Kit(t, addr, "giver")
	b := k.b
	sig, A := bytecode.Ref(bytecode.Signer), bytecode.Address
	cds := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	tdidT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(three, "token"), "TokenDataId", cds))
	ld := in(bytecode.OpLdConst, uint64(b.Constant(A, addr[:])))
	names := append(append([]bytecode.Instruction{ld}, k.utf8("C")...), k.utf8("T")...)
	data := append(append([]bytecode.Instruction{}, names...), callF(k.f3("token", "create_token_data_id", []tok{A, strT, strT}, []tok{tdidT})))
	id := append(append([]bytecode.Instruction{}, names...), in(bytecode.OpLdU64, 0),
		callF(k.f3("token", "create_token_id_raw", []tok{A, strT, strT, u64T}, []tok{k.tokenID})))
	fn := func(name string, second tok, parts ...[]bytecode.Instruction) {
		var code []bytecode.Instruction
		for _, p := range parts {
			code = append(code, p...)
		}
		params := []tok{sig}
		if second.Kind != 0 {
			params = append(params, second)
		}
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: params, Code: append(code, in(bytecode.OpRet))})
	}
	s, to, one := in(bytecode.OpCopyLoc, 0), in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU64, 1)
	fn("give", A, []bytecode.Instruction{s, to}, data, []bytecode.Instruction{one,
		callF(k.f3("token", "mint_token_to", []tok{sig, A, tdidT, u64T}, nil))})
	fn("send", A, []bytecode.Instruction{s}, id, []bytecode.Instruction{to, one,
		callF(k.f3("token", "transfer", []tok{sig, k.tokenID, A, u64T}, nil))})
	fn("drop_in", A, []bytecode.Instruction{to, s}, id, []bytecode.Instruction{one,
		callF(k.f3("token", "withdraw_token", []tok{sig, k.tokenID, u64T}, []tok{k.token})),
		callF(k.f3("token", "direct_deposit_with_opt_in", []tok{A, k.token}, nil))})
	fn("pair", sig, []bytecode.Instruction{s, to}, id, []bytecode.Instruction{one,
		callF(k.f3("token", "direct_transfer", []tok{sig, sig, k.tokenID, u64T}, nil))})
	fn("init", tok{}, []bytecode.Instruction{s, callF(k.f3("token", "initialize_token_store", []tok{sig}, nil))})
	vs := bytecode.Vector(strT)
	fn("mutate", A, []bytecode.Instruction{s, to}, id, k.strVec("k"), []bytecode.Instruction{k.bytesVec([]byte{1})}, k.strVec("u8"),
		[]bytecode.Instruction{callF(k.f3("token", "mutate_one_token", []tok{sig, A, k.tokenID, vs, bytecode.Vector(bytecode.Vector(bytecode.U8)), vs},
			[]tok{k.tokenID})), in(bytecode.OpPop)})
	return k.code()
}

// TestLegacyTokenGivingFromMove: mint_token_to, transfer and
// direct_deposit_with_opt_in need the receiver's store and opt-in;
// direct_transfer takes both signers; mutate_one_token needs the token
// data's properties mutable.
func TestLegacyTokenGivingFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("Giver", onchain.UpgradeCompatible, []string{"giver"}, legacyDeps...), tokenGiver(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	for _, p := range []txn.TransactionPayload{createCollectionV1("C", 0), createTokenV1(a.Address, "C", "T", 3, 0, false)} {
		if _, out := c.run(t, a, p); !out.Info.Success() {
			t.Fatalf("setup: %s", out.Info.Status.String())
		}
	}
	call := func(from vmstub.DevAccount, fn string, args ...[]byte) storage.Transaction {
		_, out := c.run(t, from, vmstub.EntryPayload(a.Address, "giver", fn, nil, args...))
		return out
	}
	toB := vmstub.AddressValue(b.Address)
	wantAbort(t, call(a, "give", toB), "mint_token_to without a store", "ETOKEN_STORE_NOT_PUBLISHED(0x6000b)")
	if out := call(b, "init"); !out.Info.Success() || c.get(b.Address, "0x3::token::TokenStore") == nil {
		t.Fatalf("initialize_token_store: %s", out.Info.Status.String())
	}
	for _, fn := range []string{"give", "send", "drop_in"} {
		wantAbort(t, call(a, fn, toB), fn+" before the opt-in", "EUSER_NOT_OPT_IN_DIRECT_TRANSFER(0x50010)")
	}
	if _, out := c.run(t, b, at3("token", "opt_in_direct_transfer", vmstub.BoolValue(true))); !out.Info.Success() {
		t.Fatalf("opt in: %s", out.Info.Status.String())
	}
	for _, fn := range []string{"give", "send", "drop_in"} {
		if out := call(a, fn, toB); !out.Info.Success() {
			t.Fatalf("%s: %s", fn, out.Info.Status.String())
		}
	}
	out := c.mustExec(multiAgent(c.raw(a, vmstub.EntryPayload(a.Address, "giver", "pair", nil)), a, b))
	if !out.Info.Success() {
		t.Fatalf("pair: %s", out.Info.Status.String())
	}
	tokB := handleIn(t, c.json(b.Address, "0x3::token::TokenStore"), "tokens")
	if got := c.tableJSON(t, tokB, tokenIDBCS(a.Address, "C", "T"), "0x3::token::Token"); !strings.HasPrefix(got, `{"amount":"4"`) {
		t.Errorf("b's T: %s", got)
	}
	wantAbort(t, call(a, "mutate", toB), "mutate_one_token of immutable properties", "EFIELD_NOT_MUTABLE(0x5000d)")
}
