package txn

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

func testKey(i byte) ed25519.PrivateKey {
	seed := make([]byte, 32)
	seed[0] = i
	return ed25519.NewKeyFromSeed(seed)
}

func ed25519Account(key ed25519.PrivateKey, msg []byte) AccountAuthenticator {
	return AccountAuthenticator{Variant: AccountEd25519, PublicKey: key.Public().(ed25519.PublicKey), Signature: ed25519.Sign(key, msg)}
}

func singleKeyAccount(key ed25519.PrivateKey, msg []byte) AccountAuthenticator {
	return AccountAuthenticator{Variant: AccountSingleKey, SingleKey: &SingleKeyAuthenticator{
		PublicKey: AnyPublicKey{Scheme: KeyEd25519, Key: key.Public().(ed25519.PublicKey)},
		Signature: AnySignature{Scheme: SigEd25519, Sig: ed25519.Sign(key, msg)},
	}}
}

func addrOf(key ed25519.PrivateKey) ledgerapi.Address {
	return crypto.Ed25519AuthKey(key.Public().(ed25519.PublicKey))
}

// sampleTransactions returns validly signed transactions of every shape.
func sampleTransactions(t testing.TB) map[string]*SignedTransaction {
	alice, bob, carol := testKey(1), testKey(2), testKey(3)
	to := addrOf(bob)
	out := map[string]*SignedTransaction{}

	raw := transferRaw(addrOf(alice), 7, to, 5)
	out["ed25519"] = signEd25519(alice, raw)

	out["single_sender"] = &SignedTransaction{Raw: raw, Auth: TransactionAuthenticator{Variant: AuthSingleSender, Sender: singleKeyAccount(alice, raw.SigningMessage())}}

	// Multi-ed25519 2-of-3 signed by keys 0 and 2.
	keys := []ed25519.PrivateKey{alice, bob, carol}
	var pub []byte
	for _, k := range keys {
		pub = append(pub, k.Public().(ed25519.PublicKey)...)
	}
	pub = append(pub, 2)
	mraw := raw
	mraw.Sender = crypto.AuthKey(crypto.SchemeMultiEd25519, pub)
	mmsg := mraw.SigningMessage()
	sig := append(append(ed25519.Sign(alice, mmsg), ed25519.Sign(carol, mmsg)...), 0xa0, 0, 0, 0)
	out["multi_ed25519"] = &SignedTransaction{Raw: mraw, Auth: TransactionAuthenticator{Variant: AuthMultiEd25519,
		Sender: AccountAuthenticator{Variant: AccountMultiEd25519, PublicKey: pub, Signature: sig}}}

	// Multi-key 2-of-3 over ed25519 keys, signed by keys 1 and 2, with the
	// 1-byte bitmap the node itself builds from JSON (⌈3/8⌉ bytes).
	mk := &MultiKeyAuthenticator{SignaturesRequired: 2, Bitmap: []byte{0x60}}
	for _, k := range keys {
		mk.PublicKeys = append(mk.PublicKeys, AnyPublicKey{Scheme: KeyEd25519, Key: k.Public().(ed25519.PublicKey)})
	}
	kraw := raw
	kacc := AccountAuthenticator{Variant: AccountMultiKey, MultiKey: mk}
	kraw.Sender, _ = kacc.AuthKey()
	kmsg := kraw.SigningMessage()
	mk.Signatures = []AnySignature{{Scheme: SigEd25519, Sig: ed25519.Sign(bob, kmsg)}, {Scheme: SigEd25519, Sig: ed25519.Sign(carol, kmsg)}}
	out["multi_key"] = &SignedTransaction{Raw: kraw, Auth: TransactionAuthenticator{Variant: AuthSingleSender, Sender: kacc}}

	// Multi-agent: alice with bob as secondary.
	secs := []ledgerapi.Address{addrOf(bob)}
	mamsg := raw.MultiAgentSigningMessage(secs, nil)
	out["multi_agent"] = &SignedTransaction{Raw: raw, Auth: TransactionAuthenticator{Variant: AuthMultiAgent,
		Sender: ed25519Account(alice, mamsg), SecondaryAddresses: secs, SecondarySigners: []AccountAuthenticator{singleKeyAccount(bob, mamsg)}}}

	// Fee payer: sender signs with 0x0 as the fee payer (as clients do), carol pays.
	fp := addrOf(carol)
	zeroMsg := raw.MultiAgentSigningMessage(nil, &ledgerapi.AddressZero)
	realMsg := raw.MultiAgentSigningMessage(nil, &fp)
	out["fee_payer"] = &SignedTransaction{Raw: raw, Auth: TransactionAuthenticator{Variant: AuthFeePayer,
		Sender: ed25519Account(alice, zeroMsg), SecondaryAddresses: []ledgerapi.Address{}, SecondarySigners: []AccountAuthenticator{},
		FeePayerAddress: fp, FeePayer: ed25519Account(carol, realMsg)}}

	// Orderless payload V1 with a replay nonce.
	nonce := uint64(13894781796064092640)
	oraw := raw
	oraw.SequenceNumber = OrderlessSequenceNumber
	oraw.Payload = TransactionPayload{Variant: PayloadV1, EntryFunction: raw.Payload.EntryFunction, ReplayProtectionNonce: &nonce}
	out["orderless"] = signEd25519(alice, oraw)

	// Multisig payload with and without an inner payload.
	ms := addrOf(carol)
	msraw := raw
	msraw.Payload = TransactionPayload{Variant: PayloadMultisig, Multisig: &ms, EntryFunction: raw.Payload.EntryFunction}
	out["multisig"] = signEd25519(alice, msraw)
	msraw2 := raw
	msraw2.Payload = TransactionPayload{Variant: PayloadMultisig, Multisig: &ms}
	out["multisig_empty"] = signEd25519(alice, msraw2)
	v1ms := raw
	v1ms.Payload = TransactionPayload{Variant: PayloadV1, Multisig: &ms}
	out["v1_multisig_empty"] = signEd25519(alice, v1ms)

	// Script with every supported argument kind and a type argument.
	sraw := raw
	sraw.Payload = TransactionPayload{Variant: PayloadScript, Script: &Script{
		Code:   []byte{0xa1, 0x1c, 0xeb, 0x0b},
		TyArgs: []ledgerapi.TypeTag{ledgerapi.VectorOf(ledgerapi.TypeU8)},
		Args: []ScriptArgument{
			{Kind: ArgU8, Value: []byte{7}}, {Kind: ArgU64, Value: u64le(9)}, {Kind: ArgU128, Value: make([]byte, 16)},
			{Kind: ArgAddress, Value: to[:]}, {Kind: ArgU8Vector, Value: []byte("hi")}, {Kind: ArgBool, Value: []byte{1}},
			{Kind: ArgU16, Value: []byte{1, 2}}, {Kind: ArgU32, Value: []byte{1, 2, 3, 4}}, {Kind: ArgU256, Value: make([]byte, 32)},
			{Kind: ArgSerialized, Value: []byte{1, 2, 3}},
		},
	}}
	out["script"] = signEd25519(alice, sraw)

	// Type arguments on an entry function.
	craw := raw
	coinType := ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})
	craw.Payload = TransactionPayload{Variant: PayloadEntryFunction, EntryFunction: &EntryFunction{
		Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}, Function: "transfer",
		TyArgs: []ledgerapi.TypeTag{coinType}, Args: raw.Payload.EntryFunction.Args}}
	out["coin_transfer"] = signEd25519(alice, craw)
	return out
}

func TestRoundTripAndVerify(t *testing.T) {
	for name, st := range sampleTransactions(t) {
		t.Run(name, func(t *testing.T) {
			b := st.Bytes()
			dec, err := DecodeSignedTransaction(b)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !reflect.DeepEqual(dec, st) {
				t.Fatalf("decode(encode(x)) != x\n got %#v\nwant %#v", dec, st)
			}
			if again := dec.Bytes(); !bytes.Equal(again, b) {
				t.Fatalf("encode(decode(b)) != b")
			}
			if err := dec.Verify(); err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if dec.Hash() != UserTransactionHash(b) {
				t.Fatal("Hash disagrees with UserTransactionHash")
			}
			// Flipping any byte of the sender's signature must break verification.
			tampered, _ := DecodeSignedTransaction(b)
			flipFirstSignature(tampered)
			if err := tampered.Verify(); !errors.Is(err, crypto.ErrInvalidSignature) {
				t.Fatalf("tampered signature: err = %v, want ErrInvalidSignature", err)
			}
		})
	}
}

func flipFirstSignature(st *SignedTransaction) {
	a := &st.Auth.Sender
	switch a.Variant {
	case AccountEd25519, AccountMultiEd25519:
		a.Signature[0] ^= 1
	case AccountSingleKey:
		a.SingleKey.Signature.Sig[0] ^= 1
	case AccountMultiKey:
		a.MultiKey.Signatures[0].Sig[0] ^= 1
	}
}

func TestFeePayerSenderMaySignRealAddress(t *testing.T) {
	st := sampleTransactions(t)["fee_payer"]
	fp := st.Auth.FeePayerAddress
	st.Auth.Sender = ed25519Account(testKey(1), st.Raw.MultiAgentSigningMessage(nil, &fp))
	if err := st.Verify(); err != nil {
		t.Fatalf("sender signing the real fee payer address: %v", err)
	}
	// The fee payer itself must sign the real address, not 0x0.
	st.Auth.FeePayer = ed25519Account(testKey(3), st.Raw.MultiAgentSigningMessage(nil, &ledgerapi.AddressZero))
	if err := st.Verify(); !errors.Is(err, crypto.ErrInvalidSignature) || !strings.Contains(err.Error(), "fee payer") {
		t.Fatalf("fee payer signing 0x0: err = %v", err)
	}
}

func TestSimulationSignaturesDoNotVerify(t *testing.T) {
	st := sampleTransactions(t)["ed25519"]
	st.Auth.Sender.Signature = make([]byte, 64)
	if err := st.Verify(); !errors.Is(err, crypto.ErrInvalidSignature) {
		t.Fatalf("zero signature: err = %v", err)
	}
	st.Auth = TransactionAuthenticator{Variant: AuthSingleSender, Sender: AccountAuthenticator{Variant: AccountNoAccount}}
	if _, err := DecodeSignedTransaction(st.Bytes()); err != nil {
		t.Fatalf("no-account authenticator must decode: %v", err)
	}
	if err := st.Verify(); !errors.Is(err, crypto.ErrInvalidSignature) {
		t.Fatalf("no-account: err = %v", err)
	}
}

func TestAuthKeys(t *testing.T) {
	key := v3Key(t)
	pub := key.Public().(ed25519.PublicKey)
	acc := AccountAuthenticator{Variant: AccountEd25519, PublicKey: pub}
	if k, ok := acc.AuthKey(); !ok || k.String() != "0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa" {
		t.Fatalf("ed25519 auth key = %s", k)
	}
	sk := AccountAuthenticator{Variant: AccountSingleKey, SingleKey: &SingleKeyAuthenticator{PublicKey: AnyPublicKey{Scheme: KeyEd25519, Key: pub}}}
	if k, ok := sk.AuthKey(); !ok || k.String() != "0x9a2db4ee3cc73e9e0ada07f9a172b907ae746b9bf239cdd8072ecf17f1046572" {
		t.Fatalf("single-key auth key = %s", k)
	}
	if _, ok := (&AccountAuthenticator{Variant: AccountNoAccount}).AuthKey(); ok {
		t.Fatal("no-account authenticator must prove no auth key")
	}
}

func TestDecodeRejects(t *testing.T) {
	good := sampleTransactions(t)["ed25519"].Bytes()
	withPayloadVariant := func(v byte) []byte {
		b := append([]byte{}, good...)
		b[40] = v // sender(32) + seq(8) then the payload variant
		return b
	}
	cases := []struct {
		name string
		in   []byte
		kind error
		text string
	}{
		{"empty", nil, bcs.ErrTruncated, "address"},
		{"truncated", good[:len(good)-1], bcs.ErrTruncated, "Ed25519Signature"},
		{"trailing", append(append([]byte{}, good...), 0), bcs.ErrTrailing, "unread"},
		{"module bundle", withPayloadVariant(1), bcs.ErrInvalidValue, "module bundle"},
		{"encrypted payload", withPayloadVariant(5), bcs.ErrInvalidValue, "encrypted"},
		{"unknown payload", withPayloadVariant(6), bcs.ErrBadVariant, "TransactionPayload"},
		{"unknown authenticator", append(append([]byte{}, good[:len(good)-99]...), 9), bcs.ErrBadVariant, "TransactionAuthenticator"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeSignedTransaction(c.in)
			if !errors.Is(err, c.kind) {
				t.Fatalf("err = %v, want %v", err, c.kind)
			}
			if !strings.Contains(err.Error(), c.text) {
				t.Fatalf("err %q does not mention %q", err, c.text)
			}
		})
	}
}

func TestDecodeRejectsShapes(t *testing.T) {
	base := sampleTransactions(t)
	mut := func(name string, f func(*SignedTransaction)) []byte {
		st, _ := DecodeSignedTransaction(base[name].Bytes())
		f(st)
		return st.Bytes()
	}
	cases := []struct {
		name string
		in   []byte
		text string
	}{
		{"short ed25519 key", mut("ed25519", func(s *SignedTransaction) { s.Auth.Sender.PublicKey = s.Auth.Sender.PublicKey[:31] }), "want 32 bytes"},
		{"long signature", mut("ed25519", func(s *SignedTransaction) { s.Auth.Sender.Signature = append(s.Auth.Sender.Signature, 0) }), "want 64 bytes"},
		{"secondary mismatch", mut("multi_agent", func(s *SignedTransaction) { s.Auth.SecondarySigners = nil }), "secondary"},
		{"bad multi-ed25519 key", mut("multi_ed25519", func(s *SignedTransaction) { s.Auth.Sender.PublicKey = s.Auth.Sender.PublicKey[:40] }), "32·n+1"},
		{"multi-key required zero", mut("multi_key", func(s *SignedTransaction) { s.Auth.Sender.MultiKey.SignaturesRequired = 0 }), "required"},
		{"empty script", mut("script", func(s *SignedTransaction) { s.Raw.Payload.Script.Code = nil }), "empty"},
		{"bad identifier", mut("ed25519", func(s *SignedTransaction) { s.Raw.Payload.EntryFunction.Function = "not-an-ident" }), "identifier"},
		{"script bool 2", mut("script", func(s *SignedTransaction) { s.Raw.Payload.Script.Args[5].Value = []byte{2} }), "bool"},
		{"v1 script via multisig", mut("orderless", func(s *SignedTransaction) {
			a := ledgerapi.AddressOne
			s.Raw.Payload.Multisig = &a
			s.Raw.Payload.Script = &Script{Code: []byte{1}}
			s.Raw.Payload.EntryFunction = nil
		}), "multisig"},
		{"v1 empty without multisig", mut("orderless", func(s *SignedTransaction) { s.Raw.Payload.EntryFunction = nil }), "empty executable"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeSignedTransaction(c.in)
			if err == nil || !strings.Contains(err.Error(), c.text) {
				t.Fatalf("err = %v, want mention of %q", err, c.text)
			}
		})
	}
}

func TestTooManySignatures(t *testing.T) {
	st := sampleTransactions(t)["multi_agent"]
	for len(st.Auth.SecondarySigners) < MaxSignatures {
		st.Auth.SecondaryAddresses = append(st.Auth.SecondaryAddresses, ledgerapi.AddressOne)
		st.Auth.SecondarySigners = append(st.Auth.SecondarySigners, st.Auth.SecondarySigners[0])
	}
	_, err := DecodeSignedTransaction(st.Bytes())
	if err == nil || !strings.Contains(err.Error(), "at most 32") {
		t.Fatalf("33 signatures: err = %v", err)
	}
}
