package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
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
