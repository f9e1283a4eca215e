package vmstub_test

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// proxyModule is <addr>::proxy, calling account's public functions:
//
//	struct Mark has key {}
//	struct G has key { g: guid::GUID }
//	struct Msg has drop { n: u64 }
//	public entry fun act(s: &signer, offerer: address) {
//	    move_to(&account::create_authorized_signer(s, offerer), Mark {})
//	}
//	public entry fun guid(s: &signer) { move_to(s, G { g: account::create_guid(s) }) }
//	public entry fun check(_s: &signer, who: address, pk: vector<u8>, sig: vector<u8>, n: u64) {
//	    account::verify_signed_message<Msg>(who, 0, pk, sig, Msg { n })
//	}
//	public entry fun grant(s: &signer) { account::grant_key_rotation_permission(s, s) }
func proxyModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "proxy")
	acct := b.ModuleRef(one, "account")
	guidT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "guid"), "GUID", bytecode.AbilityDrop|bytecode.AbilityStore))
	mark := b.Struct("Mark", bytecode.AbilityKey, bytecode.Field("dummy_field", bytecode.Bool))
	g := b.Struct("G", bytecode.AbilityKey, bytecode.Field("g", guidT))
	msg := b.Struct("Msg", bytecode.AbilityDrop, bytecode.Field("n", bytecode.U64))
	sig := []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}
	authorized := b.ImportFunction(acct, "create_authorized_signer", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address}, Returns: []bytecode.SignatureToken{bytecode.Signer}})
	createGUID := b.ImportFunction(acct, "create_guid", bytecode.Fn{Params: sig, Returns: []bytecode.SignatureToken{guidT}})
	verify := b.ImportFunction(acct, "verify_signed_message", bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop},
		Params: []bytecode.SignatureToken{bytecode.Address, bytecode.U8, bytecode.Vector(bytecode.U8), bytecode.Vector(bytecode.U8), bytecode.TypeParameter(0)}})
	grant := b.ImportFunction(acct, "grant_key_rotation_permission", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Ref(bytecode.Signer)}})
	I := bytecode.I
	b.Function("act", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address},
		Locals: []bytecode.SignatureToken{bytecode.Signer},
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpMoveLoc, 1), I(bytecode.OpCall, uint64(authorized)), I(bytecode.OpStLoc, 2),
			I(bytecode.OpImmBorrowLoc, 2), I(bytecode.OpLdFalse), I(bytecode.OpPack, uint64(mark)), I(bytecode.OpMoveTo, uint64(mark)), I(bytecode.OpRet)}})
	b.Function("guid", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: sig,
		Code: []bytecode.Instruction{I(bytecode.OpCopyLoc, 0), I(bytecode.OpMoveLoc, 0), I(bytecode.OpCall, uint64(createGUID)),
			I(bytecode.OpPack, uint64(g)), I(bytecode.OpMoveTo, uint64(g)), I(bytecode.OpRet)}})
	b.Function("check", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address,
		bytecode.Vector(bytecode.U8), bytecode.Vector(bytecode.U8), bytecode.U64},
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 1), I(bytecode.OpLdU8, 0), I(bytecode.OpMoveLoc, 2), I(bytecode.OpMoveLoc, 3),
			I(bytecode.OpMoveLoc, 4), I(bytecode.OpPack, uint64(msg)), I(bytecode.OpCallGeneric, uint64(b.FunctionInst(verify, b.StructType(msg)))),
			I(bytecode.OpMoveLoc, 0), I(bytecode.OpPop), I(bytecode.OpRet)}})
	b.Function("grant", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: sig,
		Code: []bytecode.Instruction{I(bytecode.OpCopyLoc, 0), I(bytecode.OpMoveLoc, 0), I(bytecode.OpCall, uint64(grant)), I(bytecode.OpRet)}})
	return mustBytes(t, b)
}

// offerArgs are the arguments of offer_*_capability by from, signing the
// offer challenge for recipient with key k (scheme 0).
func offerArgs(rotate bool, seq uint64, from ledgerapi.Address, k vmstub.DevAccount, recipient ledgerapi.Address) [][]byte {
	msg := aptosframework.OfferChallengeMessage(rotate, 4, seq, from, recipient)
	return [][]byte{vmstub.BytesValue(ed25519.Sign(k.PrivateKey, msg)), vmstub.U8Value(0), vmstub.BytesValue(k.PublicKey), vmstub.AddressValue(recipient)}
}

func view1(t *testing.T, c *chain, fn string, a ledgerapi.Address) ([]byte, error) {
	t.Helper()
	vals, _, _, err := c.vm.View(c, fnID("0x1::account::"+fn), nil, [][]byte{vmstub.AddressValue(a)})
	if err != nil {
		return nil, err
	}
	return vals[0], nil
}

func (c *chain) do(s vmstub.DevAccount, p txn.TransactionPayload) storage.Transaction {
	c.t.Helper()
	return c.mustExec(s.Sign(c.raw(s, p)))
}

const (
	abortAccount = "Move abort in 0x1::account: "
	optionNotSet = "Move abort in 0x1::option: EOPTION_NOT_SET(0x40001): The `Option` is in an invalid state for the operation attempted. The `Option` is `None` while it should be `Some`."
)

// TestSignerCapabilityOffers: a signed offer lets its recipient's Move code
// act as the offerer (create_authorized_signer) until it is revoked; the
// views follow; each abort of the offer functions.
func TestSignerCapabilityOffers(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b, d := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1], c.vm.DevAccounts()[2]
	wantOK(t, c.publish(b, packageMeta("Proxy", onchain.UpgradeCompatible, []string{"proxy"}, stdDeps...), proxyModule(t, b.Address)))
	act := vmstub.EntryPayload(b.Address, "proxy", "act", nil, vmstub.AddressValue(a.Address))
	wantVMStatus(t, c.do(b, act), abortAccount+"ENO_SUCH_SIGNER_CAPABILITY(0x6000e): The signer capability offer doesn't exist at the given address")

	bad := offerArgs(false, 0, a.Address, a, b.Address)
	bad[0][5] ^= 1
	wantVMStatus(t, c.do(a, call("account", "offer_signer_capability", nil, bad...)),
		abortAccount+"EINVALID_PROOF_OF_KNOWLEDGE(0x10008): Specified proof of knowledge required to prove ownership of a public key is invalid")
	wantVMStatus(t, c.do(a, call("account", "offer_signer_capability", nil, offerArgs(false, 1, a.Address, d, b.Address)...)),
		abortAccount+"EWRONG_CURRENT_PUBLIC_KEY(0x10007): Specified current public key is not correct")
	wrongScheme := offerArgs(false, 2, a.Address, a, b.Address)
	wrongScheme[1] = vmstub.U8Value(2)
	wantVMStatus(t, c.do(a, call("account", "offer_signer_capability", nil, wrongScheme...)),
		abortAccount+"EINVALID_SCHEME(0x1000c): Specified scheme required to proceed with the smart contract operation - can only be ED25519_SCHEME(0) OR MULTI_ED25519_SCHEME(1)")

	wantOK(t, c.do(a, call("account", "offer_signer_capability", nil, offerArgs(false, c.seq(a.Address), a.Address, a, b.Address)...)))
	if v, err := view1(t, c, "is_signer_capability_offered", a.Address); err != nil || !bytes.Equal(v, []byte{1}) {
		t.Fatalf("is_signer_capability_offered %x %v", v, err)
	}
	if v, err := view1(t, c, "get_signer_capability_offer_for", a.Address); err != nil || !bytes.Equal(v, b.Address[:]) {
		t.Fatalf("get_signer_capability_offer_for %x %v", v, err)
	}
	wantOK(t, c.do(b, act))
	if _, err := c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: b.Address, Module: "proxy", Name: "Mark"})); err != nil {
		t.Fatalf("Mark not moved to the offerer: %v", err)
	}
	// d holds no offer.
	wantOK(t, c.publish(d, packageMeta("Proxy", onchain.UpgradeCompatible, []string{"proxy"}, stdDeps...), proxyModule(t, d.Address)))
	wantVMStatus(t, c.do(d, vmstub.EntryPayload(d.Address, "proxy", "act", nil, vmstub.AddressValue(a.Address))),
		abortAccount+"ENO_SUCH_SIGNER_CAPABILITY(0x6000e): The signer capability offer doesn't exist at the given address")

	wantVMStatus(t, c.do(a, call("account", "revoke_signer_capability", nil, vmstub.AddressValue(d.Address))),
		abortAccount+"ENO_SUCH_SIGNER_CAPABILITY(0x6000e): The signer capability offer doesn't exist at the given address")
	wantOK(t, c.do(a, call("account", "revoke_signer_capability", nil, vmstub.AddressValue(b.Address))))
	if v, err := view1(t, c, "is_signer_capability_offered", a.Address); err != nil || !bytes.Equal(v, []byte{0}) {
		t.Fatalf("is_signer_capability_offered after revoke %x %v", v, err)
	}
	if _, err := view1(t, c, "get_signer_capability_offer_for", a.Address); err == nil || !bytes.Contains([]byte(err.Error()), []byte("ENO_SIGNER_CAPABILITY_OFFERED")) {
		t.Fatalf("get_signer_capability_offer_for without an offer: %v", err)
	}
	wantVMStatus(t, c.do(a, call("account", "revoke_any_signer_capability", nil)), optionNotSet)
	wantOK(t, c.do(a, call("account", "offer_signer_capability", nil, offerArgs(false, c.seq(a.Address), a.Address, a, d.Address)...)))
	wantOK(t, c.do(a, call("account", "revoke_any_signer_capability", nil)))
	wantVMStatus(t, c.do(b, act), abortAccount+"ENO_SUCH_SIGNER_CAPABILITY(0x6000e): The signer capability offer doesn't exist at the given address")

	// An account that never sent a transaction offers nothing.
	fresh := unfunded(1)[0]
	if v, err := view1(t, c, "is_signer_capability_offered", fresh.Address); err != nil || !bytes.Equal(v, []byte{0}) {
		t.Fatalf("is_signer_capability_offered(stateless) %x %v", v, err)
	}
	if _, err := view1(t, c, "get_rotation_capability_offer_for", fresh.Address); err == nil || !bytes.Contains([]byte(err.Error()), []byte("ENO_SUCH_ROTATION_CAPABILITY_OFFER")) {
		t.Fatalf("get_rotation_capability_offer_for(stateless): %v", err)
	}
}

// TestRotationCapabilityOffers: an offered rotation capability lets the
// delegate rotate the offerer's key with a proof by the new key; the
// OriginatingAddress table follows.
func TestRotationCapabilityOffers(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b, d := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1], c.vm.DevAccounts()[2]
	k1 := unfunded(1)[0]
	rotateArgs := func(seq uint64, current ledgerapi.Address) [][]byte {
		msg := vmstub.RotationProofChallengeMessage(seq, a.Address, current, k1.PublicKey)
		return [][]byte{vmstub.AddressValue(a.Address), vmstub.U8Value(0), vmstub.BytesValue(k1.PublicKey), vmstub.BytesValue(ed25519.Sign(k1.PrivateKey, msg))}
	}
	wantVMStatus(t, c.do(b, call("account", "rotate_authentication_key_with_rotation_capability", nil, rotateArgs(0, a.Address)...)),
		abortAccount+"EOFFERER_ADDRESS_DOES_NOT_EXIST(0x60011): Offerer address doesn't exist")
	wantOK(t, c.do(a, call("account", "offer_rotation_capability", nil, offerArgs(true, c.seq(a.Address), a.Address, a, b.Address)...)))
	if v, err := view1(t, c, "get_rotation_capability_offer_for", a.Address); err != nil || !bytes.Equal(v, b.Address[:]) {
		t.Fatalf("get_rotation_capability_offer_for %x %v", v, err)
	}
	if v, err := view1(t, c, "is_rotation_capability_offered", a.Address); err != nil || !bytes.Equal(v, []byte{1}) {
		t.Fatalf("is_rotation_capability_offered %x %v", v, err)
	}
	wantVMStatus(t, c.do(d, call("account", "rotate_authentication_key_with_rotation_capability", nil, rotateArgs(c.seq(d.Address), a.Address)...)),
		abortAccount+"ENO_SUCH_ROTATION_CAPABILITY_OFFER(0x60012): The specified rotation capability offer does not exist at the specified offerer address")
	// The challenge carries the delegate's sequence number.
	wantVMStatus(t, c.do(b, call("account", "rotate_authentication_key_with_rotation_capability", nil, rotateArgs(c.seq(b.Address)+1, a.Address)...)),
		abortAccount+"EINVALID_PROOF_OF_KNOWLEDGE(0x10008): Specified proof of knowledge required to prove ownership of a public key is invalid")
	out := c.do(b, call("account", "rotate_authentication_key_with_rotation_capability", nil, rotateArgs(c.seq(b.Address), a.Address)...))
	wantOK(t, out)
	if got := eventTypes(out); !equalStrings(got, []string{"0x1::account::KeyRotation", evRotPK, evFee}) {
		t.Fatalf("events %v", got)
	}
	d1 := bcs.NewDecoder(out.Events[1].Data)
	var who ledgerapi.Address
	d1.Fixed(who[:], "account")
	if who != a.Address || !bytes.Equal(d1.ReadBytes("bitmap"), []byte{0x80, 0, 0, 0}) {
		t.Fatalf("KeyRotationToPublicKey %x", out.Events[1].Data)
	}
	wantAuthKey(t, c, a.Address, k1.Address)
	if got := originating(t, c, k1.Address); !bytes.Equal(got, vmstub.OptionValue(a.Address[:])) {
		t.Fatalf("originating_address = %x", got)
	}
	ak := as(k1, a.Address)
	wantVMStatus(t, c.do(ak, call("account", "revoke_rotation_capability", nil, vmstub.AddressValue(d.Address))),
		abortAccount+"ENO_SUCH_ROTATION_CAPABILITY_OFFER(0x60012): The specified rotation capability offer does not exist at the specified offerer address")
	wantOK(t, c.do(ak, call("account", "revoke_rotation_capability", nil, vmstub.AddressValue(b.Address))))
	if v, err := view1(t, c, "is_rotation_capability_offered", a.Address); err != nil || !bytes.Equal(v, []byte{0}) {
		t.Fatalf("is_rotation_capability_offered after revoke %x %v", v, err)
	}
	wantVMStatus(t, c.do(ak, call("account", "revoke_any_rotation_capability", nil)), optionNotSet)
	// The offer is gone: the delegate can no longer rotate.
	wantVMStatus(t, c.do(b, call("account", "rotate_authentication_key_with_rotation_capability", nil, rotateArgs(c.seq(b.Address), k1.Address)...)),
		abortAccount+"ENO_SUCH_ROTATION_CAPABILITY_OFFER(0x60012): The specified rotation capability offer does not exist at the specified offerer address")
}

// TestAccountPublicFunctions: create_guid, verify_signed_message<T>,
// set_originating_address, the keyless backup key's aborts and the
// permission grants (permissioned signers are disabled).
func TestAccountPublicFunctions(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b, d := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1], c.vm.DevAccounts()[2]
	wantOK(t, c.publish(b, packageMeta("Proxy", onchain.UpgradeCompatible, []string{"proxy"}, stdDeps...), proxyModule(t, b.Address)))
	proxy := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(b.Address, "proxy", fn, nil, args...)
	}

	next, err := view1(t, c, "get_guid_next_creation_num", b.Address)
	if err != nil {
		t.Fatal(err)
	}
	wantOK(t, c.do(b, proxy("guid")))
	g, err := c.StateValue(storage.ResourceKey(b.Address, ledgerapi.StructTag{Address: b.Address, Module: "proxy", Name: "G"}))
	if err != nil || !bytes.Equal(g, append(append([]byte(nil), next...), b.Address[:]...)) {
		t.Fatalf("GUID %x (next was %x) %v", g, next, err)
	}
	if after, _ := view1(t, c, "get_guid_next_creation_num", b.Address); leU64(after) != leU64(next)+1 {
		t.Fatalf("next creation num %x after %x", after, next)
	}

	// verify_signed_message<proxy::Msg>: the TypeInfo of Msg, then its BCS.
	e := bcs.NewEncoder(64)
	onchain.TypeInfo{Tag: ledgerapi.StructTag{Address: b.Address, Module: "proxy", Name: "Msg"}}.MarshalBCS(e)
	e.U64(7)
	sig := ed25519.Sign(b.PrivateKey, e.Bytes())
	check := func(who ledgerapi.Address, n uint64) txn.TransactionPayload {
		return proxy("check", vmstub.AddressValue(who), vmstub.BytesValue(b.PublicKey), vmstub.BytesValue(sig), vmstub.U64Value(n))
	}
	wantOK(t, c.do(a, check(b.Address, 7)))
	wantVMStatus(t, c.do(a, check(b.Address, 8)),
		abortAccount+"EINVALID_PROOF_OF_KNOWLEDGE(0x10008): Specified proof of knowledge required to prove ownership of a public key is invalid")
	wantVMStatus(t, c.do(a, check(d.Address, 7)), abortAccount+"EWRONG_CURRENT_PUBLIC_KEY(0x10007): Specified current public key is not correct")

	wantVMStatus(t, c.do(a, proxy("grant")), "Move abort in 0x1::permissioned_signer: EPERMISSION_SIGNER_DISABLED(0x50009): Permissioned signer feature is not activated.")

	// set_originating_address: an account without its Account resource
	// (its first transaction) has none; then its key maps to it, and
	// another account rotated to the same key cannot claim it.
	f := unfunded(1)[0]
	wantOK(t, c.do(a, vmstub.TransferPayload(f.Address, 100_000_000)))
	wantVMStatus(t, c.do(f, call("account", "set_originating_address", nil)), abortAccount+"EACCOUNT_DOES_NOT_EXIST(0x60002): Account does not exist")
	wantOK(t, c.do(f, call("account", "set_originating_address", nil)))
	if got := originating(t, c, f.Address); !bytes.Equal(got, vmstub.OptionValue(f.Address[:])) {
		t.Fatalf("originating_address = %x", got)
	}
	wantOK(t, c.do(f, call("account", "set_originating_address", nil))) // already its own: nothing to do
	wantOK(t, c.do(d, call("account", "rotate_authentication_key_call", nil, vmstub.BytesValue(f.Address[:]))))
	wantVMStatus(t, c.do(as(f, d.Address), call("account", "set_originating_address", nil)),
		abortAccount+"ENEW_AUTH_KEY_ALREADY_MAPPED(0x10015): The new authentication key already has an entry in the `OriginatingAddress` table")

	// rotate_authentication_key_from_public_key with a MultiKey: parsed as
	// multi_key does (extra bytes refused), its auth key Aptos's.
	mk := unhex("02031b68747470733a2f2f6163636f756e74732e676f6f676c652e636f6d2086bc0a0a825eb6337ca1e8a3157e490eac8df23d5cef25d9641ad5e7edc1d51400205da515f392de68080051559c9d9898f5feb377f0b0f15d43fd01c98f0a63b0d801")
	fromPK := func(pk []byte) txn.TransactionPayload {
		return call("account", "rotate_authentication_key_from_public_key", nil, vmstub.U8Value(3), vmstub.BytesValue(pk))
	}
	e2 := append(append([]byte(nil), mk...), 0)
	wantVMStatus(t, c.do(b, fromPK(e2)), "Move abort in 0x1::multi_key: 0x10004")
	wantVMStatus(t, c.do(b, fromPK(append([]byte{2, 9}, mk[2:]...))), "Move abort in 0x1::single_key: 0x10001")
	wantVMStatus(t, c.do(b, fromPK(mk[:40])), "Move abort in 0x1::bcs_stream: EOUT_OF_BYTES(0x20002): There are not enough bytes to deserialize for the given type.")
	wantOK(t, c.do(b, fromPK(mk)))
	wantAuthKey(t, c, b.Address, ledgerapi.MustParseAddress("0xc7ab91daf558b00b1f81207b702349a74029dddfbf0e99d54b3d7675714a61de"))

	// The keyless backup key's checks on the keyless key.
	keyless := unhex("031b68747470733a2f2f6163636f756e74732e676f6f676c652e636f6d2086bc0a0a825eb6337ca1e8a3157e490eac8df23d5cef25d9641ad5e7edc1d514")
	upsert := func(pk []byte) txn.TransactionPayload {
		return call("account", "upsert_ed25519_backup_key_on_keyless_account", nil, vmstub.BytesValue(pk), vmstub.BytesValue(a.PublicKey), vmstub.BytesValue(make([]byte, 64)))
	}
	for _, tc := range []struct {
		pk   []byte
		want string
	}{
		{append([]byte{0, 32}, a.PublicKey...), abortAccount + "ENOT_A_KEYLESS_PUBLIC_KEY(0x10019): The provided public key is not a single Keyless public key"},
		{keyless, abortAccount + "ENOT_THE_ORIGINAL_PUBLIC_KEY(0x1001a): The provided public key is not the original public key for the account"},
		{append([]byte{9}, keyless[1:]...), "Move abort in 0x1::single_key: 0x10001"},
		{append(append([]byte(nil), keyless...), 1), "Move abort in 0x1::single_key: 0x10002"},
		{keyless[:20], "Move abort in 0x1::bcs_stream: EOUT_OF_BYTES(0x20002): There are not enough bytes to deserialize for the given type."},
	} {
		wantVMStatus(t, c.do(a, upsert(tc.pk)), tc.want)
	}
}
