package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Issue V1: a reference taken into a container before a native replaced
// the container saw a stale copy, so a coin could be extracted twice. The
// scripts below are the attack, assembled by hand. The verifier refuses
// them (a reference into the container lives across the call that
// replaces it); run without a verifier, they must still end without
// minted value.

// v1Script builds the attack. With option false it is
//
//	v = vector[coin::withdraw(s, amount)];
//	repeat rounds: r = &mut v[0]; vector::reverse(&mut v); c = coin::extract_all(r);
//	               coin::merge(&mut c, vector::pop_back(&mut v)); vector::push_back(&mut v, c);
//	coin::deposit(signer::address_of(s), vector::pop_back(&mut v)); vector::destroy_empty(v)
//
// and with option true
//
//	o = option::some(coin::withdraw(s, amount)); r = option::borrow_mut(&mut o);
//	c = option::extract(&mut o); coin::merge(&mut c, coin::extract_all(r));
//	option::destroy_none(o); coin::deposit(signer::address_of(s), c)
func v1Script(t *testing.T, amount uint64, rounds int, option bool) []byte {
	b := bytecode.NewScriptBuilder()
	coinH := b.ImportStruct(b.ModuleRef(one, "coin"), "Coin", bytecode.AbilityStore, bytecode.StructTypeParameter{IsPhantom: true})
	optH := b.ImportStruct(b.ModuleRef(one, "option"), "Option", stringAbil, bytecode.StructTypeParameter{})
	apt := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "aptos_coin"), "AptosCoin", bytecode.AbilityKey))
	coinT0, coinAPT := bytecode.StructOf(coinH, tp0), bytecode.StructOf(coinH, apt)
	signerRef := bytecode.Ref(bytecode.Signer)
	call := func(mod, name string, params, rets []tok, targ tok) bytecode.Instruction {
		h := b.ImportFunction(b.ModuleRef(one, mod), name, bytecode.Fn{TypeParams: anyTP, Params: params, Returns: rets})
		return in(bytecode.OpCallGeneric, uint64(b.FunctionInst(h, targ)))
	}
	withdraw := call("coin", "withdraw", []tok{signerRef, u64T}, []tok{coinT0}, apt)
	extractAll := call("coin", "extract_all", []tok{bytecode.MutRef(coinT0)}, []tok{coinT0}, apt)
	merge := call("coin", "merge", []tok{bytecode.MutRef(coinT0), coinT0}, nil, apt)
	deposit := call("coin", "deposit", []tok{bytecode.Address, coinT0}, nil, apt)
	addressOf := in(bytecode.OpCall, uint64(b.ImportFunction(b.ModuleRef(one, "signer"), "address_of",
		bytecode.Fn{Params: []tok{signerRef}, Returns: []tok{bytecode.Address}})))
	sig := uint64(b.Signature(coinAPT))
	code := []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), in(bytecode.OpLdU64, amount), withdraw}
	var locals []tok
	if !option {
		locals = []tok{bytecode.Vector(coinAPT), bytecode.MutRef(coinAPT), coinAPT}
		reverse := call("vector", "reverse", []tok{bytecode.MutRef(bytecode.Vector(tp0))}, nil, coinAPT)
		code = append(code, in(bytecode.OpVecPack, sig, 1), in(bytecode.OpStLoc, 1))
		for range rounds {
			code = append(code, in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpLdU64, 0), in(bytecode.OpVecMutBorrow, sig), in(bytecode.OpStLoc, 2),
				in(bytecode.OpMutBorrowLoc, 1), reverse,
				in(bytecode.OpMoveLoc, 2), extractAll, in(bytecode.OpStLoc, 3),
				in(bytecode.OpMutBorrowLoc, 3), in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpVecPopBack, sig), merge,
				in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpMoveLoc, 3), in(bytecode.OpVecPushBack, sig))
		}
		code = append(code, in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpVecPopBack, sig), in(bytecode.OpStLoc, 3),
			in(bytecode.OpMoveLoc, 1), in(bytecode.OpVecUnpack, sig, 0))
	} else {
		optT0 := bytecode.StructOf(optH, tp0)
		locals = []tok{bytecode.StructOf(optH, coinAPT), bytecode.MutRef(coinAPT), coinAPT}
		code = append(code, call("option", "some", []tok{tp0}, []tok{optT0}, coinAPT), in(bytecode.OpStLoc, 1),
			in(bytecode.OpMutBorrowLoc, 1), call("option", "borrow_mut", []tok{bytecode.MutRef(optT0)}, []tok{bytecode.MutRef(tp0)}, coinAPT),
			in(bytecode.OpStLoc, 2),
			in(bytecode.OpMutBorrowLoc, 1), call("option", "extract", []tok{bytecode.MutRef(optT0)}, []tok{tp0}, coinAPT), in(bytecode.OpStLoc, 3),
			in(bytecode.OpMutBorrowLoc, 3), in(bytecode.OpMoveLoc, 2), extractAll, merge,
			in(bytecode.OpMoveLoc, 1), call("option", "destroy_none", []tok{optT0}, nil, coinAPT))
	}
	code = append(code, in(bytecode.OpMoveLoc, 0), addressOf, in(bytecode.OpMoveLoc, 3), deposit, in(bytecode.OpRet))
	b.Main(bytecode.Fn{Params: []tok{signerRef}, Locals: locals, Code: code})
	out, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestV1StaleReferencesMintNothing(t *testing.T) {
	for _, tc := range []struct {
		name    string
		option  bool
		ok      bool   // unverified, the script runs to its end (it finds nothing to take twice)
		refused string // the verifier's status for the script
	}{
		{"vector::reverse then extract_all through v[0]", false, true, "CALL_BORROWED_MUTABLE_REFERENCE_ERROR"},
		{"option::borrow_mut then extract then extract_all", true, false, "CALL_BORROWED_MUTABLE_REFERENCE_ERROR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newChain(t, vmstub.Options{})
			a := c.vm.DevAccounts()[0]
			const amount = 100_000_000 // 1 APT
			script := v1Script(t, amount, 10, tc.option)

			// Submitted, the script is refused by the verifier: kept as
			// failed, charged, nothing minted.
			before := c.balance(a.Address)
			raw := c.raw(a, scriptPayload(t, script, nil))
			c.checkRefused(c.mustExec(a.Sign(raw)), raw, before, tc.refused)

			// Run without the verifier, the interpreter's own checks
			// keep the coin from being taken twice.
			vmstub.RunUnverifiedCode(c.vm)
			before, supply := c.balance(a.Address), c.supply()
			raw = c.raw(a, scriptPayload(t, script, nil))
			out := c.mustExec(a.Sign(raw))
			if out.Info.Status.Success() != tc.ok {
				t.Fatalf("status %s, want success %v", out.Info.Status.String(), tc.ok)
			}
			if !tc.ok && out.Info.Status.String() != "UNKNOWN_INVARIANT_VIOLATION_ERROR" {
				t.Fatalf("status %s, want the dangling reference refused", out.Info.Status.String())
			}
			fee := out.Info.GasUsed * raw.GasUnitPrice
			if after := c.balance(a.Address); after != before-fee {
				t.Fatalf("balance %d → %d with a fee of %d: %d minted", before, after, fee, int64(after)-int64(before-fee))
			}
			if after := c.supply(); after > supply {
				t.Fatalf("supply %d → %d", supply, after)
			}
			c.checkSupply("after the unverified attack")
		})
	}
}
