package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// ctxModule records what transaction_context says of the transaction:
//
//	struct Rec has copy, drop, key { aa: address, mn: String, fname: String, tan: vector<String>,
//	    args: vector<vector<u8>>, gp: address, ss: vector<address>, ms: bool }
//	public entry fun record<T>(s: &signer, _x: u64) {
//	    let p = entry_function_payload(); let e = option::borrow(&p); let m = multisig_payload();
//	    move_to(s, Rec { aa: account_address(e), mn: module_name(e), fname: function_name(e),
//	        tan: type_arg_names(e), args: args(e), gp: gas_payer(), ss: secondary_signers(), ms: option::is_some(&m) })
//	}
//	public entry fun record2(s: &signer, _s2: &signer)     // the same, multi-agent
//	#[view] fun get(a: address): Rec
//	#[view] fun payer(): address                            // gas_payer() in a view
func ctxModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "ctx")
	b := k.b
	tc := b.ModuleRef(one, "transaction_context")
	efpT := bytecode.StructOf(b.ImportStruct(tc, "EntryFunctionPayload", copyDropT))
	mspT := bytecode.StructOf(b.ImportStruct(tc, "MultisigPayload", copyDropT))
	addrVec := bytecode.Vector(bytecode.Address)
	rec := b.Struct("Rec", copyDropT|bytecode.AbilityKey, bytecode.Field("aa", bytecode.Address), bytecode.Field("mn", strT),
		bytecode.Field("fname", strT), bytecode.Field("tan", bytecode.Vector(strT)), bytecode.Field("args", bytecode.Vector(bytecode.Vector(bytecode.U8))),
		bytecode.Field("gp", bytecode.Address), bytecode.Field("ss", addrVec), bytecode.Field("ms", bytecode.Bool))
	recT := b.StructType(rec)
	sig := bytecode.Ref(bytecode.Signer)
	ctx := func(name string, params []tok, ret tok) bytecode.Instruction {
		return callF(k.fn("transaction_context", name, nil, params, []tok{ret}))
	}
	e := []tok{bytecode.Ref(efpT)}
	borrow := k.callG(k.fn("option", "borrow", anyTP, []tok{bytecode.Ref(optOf(bytecode.TypeParameter(0)))}, []tok{bytecode.Ref(bytecode.TypeParameter(0))}), efpT)
	isSome := k.callG(k.fn("option", "is_some", anyTP, []tok{bytecode.Ref(optOf(bytecode.TypeParameter(0)))}, []tok{bytecode.Bool}), mspT)
	// locals 2 Option<EntryFunctionPayload>, 3 &EntryFunctionPayload, 4 Option<MultisigPayload>
	record := []bytecode.Instruction{ctx("entry_function_payload", nil, optOf(efpT)), in(bytecode.OpStLoc, 2),
		in(bytecode.OpImmBorrowLoc, 2), borrow, in(bytecode.OpStLoc, 3),
		ctx("multisig_payload", nil, optOf(mspT)), in(bytecode.OpStLoc, 4),
		in(bytecode.OpMoveLoc, 0),
		in(bytecode.OpCopyLoc, 3), ctx("account_address", e, bytecode.Address),
		in(bytecode.OpCopyLoc, 3), ctx("module_name", e, strT),
		in(bytecode.OpCopyLoc, 3), ctx("function_name", e, strT),
		in(bytecode.OpCopyLoc, 3), ctx("type_arg_names", e, bytecode.Vector(strT)),
		in(bytecode.OpMoveLoc, 3), ctx("args", e, bytecode.Vector(bytecode.Vector(bytecode.U8))),
		ctx("gas_payer", nil, bytecode.Address), ctx("secondary_signers", nil, addrVec),
		in(bytecode.OpImmBorrowLoc, 4), isSome,
		in(bytecode.OpPack, uint64(rec)), in(bytecode.OpMoveTo, uint64(rec)), in(bytecode.OpRet)}
	locals := []tok{optOf(efpT), bytecode.Ref(efpT), optOf(mspT)}
	b.Function("record", bytecode.Public|bytecode.Entry, bytecode.Fn{TypeParams: anyTP, Params: []tok{sig, bytecode.U64}, Locals: locals, Code: record})
	b.Function("record2", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, sig}, Locals: locals, Code: record})
	b.Function("get", bytecode.Public, bytecode.Fn{Params: []tok{bytecode.Address}, Returns: []tok{recT}, Acquires: []bytecode.StructDefIndex{rec},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpImmBorrowGlobal, uint64(rec)), in(bytecode.OpReadRef), in(bytecode.OpRet)}})
	k.views = append(k.views, "get")
	k.view("payer", []tok{bytecode.Address}, nil, []bytecode.Instruction{ctx("gas_payer", nil, bytecode.Address), in(bytecode.OpRet)})
	return k.code()
}

// TestTransactionContextPayload: entry_function_payload gives the called
// function with its type argument names and arguments' BCS; gas_payer is
// the sender, or the fee payer of a fee-payer transaction;
// secondary_signers lists a multi-agent transaction's; a non-multisig
// payload has no multisig_payload; in a view the context is not available
// (INVALID_STATE(ETRANSACTION_CONTEXT_NOT_AVAILABLE)).
func TestTransactionContextPayload(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	accts := c.vm.DevAccounts()
	a, b, p := accts[0], accts[1], accts[2]
	if out := c.publish(a, packageMeta("Ctx", onchain.UpgradeCompatible, []string{"ctx"}, stdDeps...), ctxModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	get := func(who vmstub.DevAccount) string {
		return c.mustView(a.Address.String()+"::ctx::get", nil, addrJSON(who.Address))
	}
	coin := ledgerapi.TypeTag{Kind: ledgerapi.KindStruct, Struct: &ledgerapi.StructTag{Address: one, Module: "aptos_coin", Name: "AptosCoin"}}
	pay := vmstub.EntryPayload(a.Address, "ctx", "record", []ledgerapi.TypeTag{coin}, vmstub.U64Value(7))
	if out := c.mustExec(a.Sign(c.raw(a, pay))); !out.Info.Success() {
		t.Fatalf("record: %s", out.Info.Status.String())
	}
	want := `[{"aa":` + addrJSON(a.Address) + `,"args":["0x0700000000000000"],"fname":"record","gp":` + addrJSON(a.Address) +
		`,"mn":"ctx","ms":false,"ss":[],"tan":["0x1::aptos_coin::AptosCoin"]}]`
	if got := get(a); got != want {
		t.Errorf("plain transaction:\n got  %s\n want %s", got, want)
	}
	if out := c.mustExec(feePayer(c.raw(b, pay), b, p)); !out.Info.Success() {
		t.Fatalf("record with a fee payer: %s", out.Info.Status.String())
	}
	if got := get(b); !strings.Contains(got, `"gp":`+addrJSON(p.Address)) {
		t.Errorf("fee payer transaction: %s, want gas payer %s", got, p.Address)
	}
	if out := c.mustExec(multiAgent(c.raw(p, vmstub.EntryPayload(a.Address, "ctx", "record2", nil)), p, b)); !out.Info.Success() {
		t.Fatalf("record2: %s", out.Info.Status.String())
	}
	if got := get(p); !strings.Contains(got, `"ss":[`+addrJSON(b.Address)+`]`) || !strings.Contains(got, `"gp":`+addrJSON(p.Address)) {
		t.Errorf("multi-agent transaction: %s", got)
	}
	if _, err := c.view(a.Address.String()+"::ctx::payer", nil); err == nil || !strings.Contains(err.Error(), "ETRANSACTION_CONTEXT_NOT_AVAILABLE") {
		t.Errorf("gas_payer in a view: %v", err)
	}
}
