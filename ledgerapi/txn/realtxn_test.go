package txn

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// Real on-chain user transactions, rebuilt field by field from the API JSON
// the node returned for them (facts recorded in the public
// aptos-labs/aptos-go-sdk test fixtures, see the reference doc §8, V4 and
// V5). Nothing here is signed locally: the public keys, signatures and hashes
// are the ones the chain accepted, so these tests pin our BCS layout, hashing
// and signing message to the real network.

// realTxnFacts is the subset of a user transaction's API JSON needed to
// rebuild its SignedTransaction.
type realTxnFacts struct {
	hash       string
	chainID    uint8
	sender     string
	seq        uint64
	maxGas     uint64
	gasPrice   uint64
	expiration uint64
	function   string   // "0x1::aptos_account::transfer"
	typeArgs   []string // type_arguments
	args       [][]byte // BCS bytes of each argument
	nonce      *uint64  // replay_protection_nonce, nil when absent
	publicKey  string   // signature.public_key (ed25519_signature)
	signature  string   // signature.signature
}

func realHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

func realAddr(t testing.TB, s string) ledgerapi.Address {
	t.Helper()
	a, err := ledgerapi.ParseAddress(s)
	if err != nil {
		t.Fatalf("bad address %q: %v", s, err)
	}
	return a
}

// realAddrArg is the BCS of an address (or Object<T>) argument: 32 raw bytes.
func realAddrArg(t testing.TB, s string) []byte {
	t.Helper()
	a := realAddr(t, s)
	return a[:]
}

// realU64Arg is the BCS of a u64 argument: 8 bytes little-endian.
func realU64Arg(v uint64) []byte {
	return binary.LittleEndian.AppendUint64(nil, v)
}

// build rebuilds the signed transaction from the facts.
func (f *realTxnFacts) build(t testing.TB) *SignedTransaction {
	t.Helper()
	fn, err := ledgerapi.ParseEntryFunctionId(f.function)
	if err != nil {
		t.Fatal(err)
	}
	// The decoder yields an empty (non-nil) slice; build the same shape so the
	// round trip can be compared with reflect.DeepEqual.
	tyArgs := make([]ledgerapi.TypeTag, 0, len(f.typeArgs))
	for _, s := range f.typeArgs {
		tt, err := ledgerapi.ParseTypeTag(s)
		if err != nil {
			t.Fatalf("type argument %q: %v", s, err)
		}
		tyArgs = append(tyArgs, tt)
	}
	ef := &EntryFunction{Module: fn.Module, Function: fn.Name, TyArgs: tyArgs, Args: f.args}
	payload := TransactionPayload{Variant: PayloadEntryFunction, EntryFunction: ef}
	if f.nonce != nil {
		n := *f.nonce
		payload = TransactionPayload{Variant: PayloadV1, EntryFunction: ef, ReplayProtectionNonce: &n}
	}
	return &SignedTransaction{
		Raw: RawTransaction{
			Sender:                  realAddr(t, f.sender),
			SequenceNumber:          f.seq,
			Payload:                 payload,
			MaxGasAmount:            f.maxGas,
			GasUnitPrice:            f.gasPrice,
			ExpirationTimestampSecs: f.expiration,
			ChainID:                 f.chainID,
		},
		Auth: TransactionAuthenticator{
			Variant: AuthEd25519,
			Sender: AccountAuthenticator{
				Variant:   AccountEd25519,
				PublicKey: realHex(t, f.publicKey),
				Signature: realHex(t, f.signature),
			},
		},
	}
}

// v4Facts: testnet version 6781425728, an orderless (nonce-protected)
// 0x1::aptos_account::transfer sent with Payload V1 on chain id 2 (testnet).
// Source: aptos-labs/aptos-go-sdk api/marshal_test.go,
// TestRoundTrip_UserTransaction_WithReplayNonce.
func v4Facts(t testing.TB) *realTxnFacts {
	nonce := uint64(13894781796064092640)
	return &realTxnFacts{
		hash:       "0x650da387b6e7de0e9a83ca5f7c12e41ef865d0d12c38e793b55091da7ec90b39",
		chainID:    2,
		sender:     "0xa5b2dd0b5fe37a06f151d424cc880f67458c6fe3d8dbf44a55c6021cd111c10d",
		seq:        18446744073709551615,
		maxGas:     85,
		gasPrice:   100,
		expiration: 1749521012,
		function:   "0x1::aptos_account::transfer",
		typeArgs:   nil,
		args: [][]byte{
			realAddrArg(t, "0x49ffe7968750a5ffea80af6fd7657bb246ff8ce6657cbf2c8ed13d9276096b3f"),
			realU64Arg(20000),
		},
		nonce:     &nonce,
		publicKey: "0xd782a5d884d64b26d73670109669f309224c553768a517fa0ebcce08ffedaa09",
		signature: "0xc76ec8b8024497d0a70932da7b9e3ba9effff96e24626cb8bc6133c4b1544b54df6ea9fec05c53910034d341ef8424a502761df1ed658abba22b15a084224c06",
	}
}

// v5Facts: mainnet version 1010733903 (chain id 1),
// 0x1::object::transfer<0x4::token::Token>(object, to). The Object<Token>
// argument is BCS-encoded as a bare address.
// Source: aptos-labs/aptos-go-sdk api/transactions_test.go,
// TestTransaction_UserTransaction.
func v5Facts(t testing.TB) *realTxnFacts {
	return &realTxnFacts{
		hash:       "0xae3f1f751c6cacd61f46054a5e9e39ca9f094802875befbc54ceecbcdf6eff69",
		chainID:    1,
		sender:     "0xa46c6c7a65d605685e23055a6a906fb7284ba87849cbeb579d5c07424938241e",
		seq:        242217,
		maxGas:     2018,
		gasPrice:   100,
		expiration: 1719968695,
		function:   "0x1::object::transfer",
		typeArgs:   []string{"0x4::token::Token"},
		args: [][]byte{
			realAddrArg(t, "0x2932a152328163661f0ae591911270d0edfe0a765beb48a270b9b8a70e766572"), // {"inner": ...}
			realAddrArg(t, "0x8038df5e61a19a5f86ad01f4389736b08250dad1b4aa864afc4fc639a2581ca8"),
		},
		publicKey: "0x5e10e3db4e3c700142b9a3e18c40038db5903f2dedfe41d09aca74a8c68565d6",
		signature: "0xa95686dab2c93cf1720e300b929e3656cc6cdc3a8389dc12bb9bd5a17ae3af975bee9d618f080266e3a60f1e2968220a83d773e2b3902edfe54127ed0a7b290b",
	}
}

// checkRealTxn runs the checks common to every real transaction: hash,
// signature, sender = Ed25519 auth key, chain-id binding and BCS round trip.
func checkRealTxn(t *testing.T, f *realTxnFacts, wrongChain uint8) *SignedTransaction {
	t.Helper()
	st := f.build(t)

	want, err := ledgerapi.ParseHash(f.hash)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Hash(); got != want {
		t.Fatalf("hash = %s, the chain recorded %s\nsigned BCS %x", got, want, st.Bytes())
	}

	if err := st.Verify(); err != nil {
		t.Fatalf("Verify: %v", err)
	}

	if ak := crypto.Ed25519AuthKey(st.Auth.Sender.PublicKey); ak != st.Raw.Sender {
		t.Fatalf("Ed25519AuthKey(pub) = %s, sender = %s", ak, st.Raw.Sender)
	}
	if ak, ok := st.Auth.Sender.AuthKey(); !ok || ak != st.Raw.Sender {
		t.Fatalf("AccountAuthenticator.AuthKey() = %s, %v; sender = %s", ak, ok, st.Raw.Sender)
	}

	// The signature binds the chain id: the same transaction on another
	// chain must not verify (and must hash differently).
	other := f.build(t)
	other.Raw.ChainID = wrongChain
	if err := other.Verify(); !errors.Is(err, crypto.ErrInvalidSignature) {
		t.Fatalf("chain id %d → %d: Verify = %v, want ErrInvalidSignature", f.chainID, wrongChain, err)
	}
	if other.Hash() == want {
		t.Fatalf("chain id %d → %d left the hash unchanged", f.chainID, wrongChain)
	}

	b := st.Bytes()
	dec, err := DecodeSignedTransaction(b)
	if err != nil {
		t.Fatalf("DecodeSignedTransaction: %v", err)
	}
	if !reflect.DeepEqual(dec, st) {
		t.Fatalf("round trip differs\n got %#v\nwant %#v", dec, st)
	}
	if !bytes.Equal(dec.Bytes(), b) {
		t.Fatalf("re-encode differs")
	}
	if dec.Hash() != want {
		t.Fatalf("decoded hash = %s, want %s", dec.Hash(), want)
	}
	return st
}

// TestRealTxnV4OrderlessPayloadV1 checks the real testnet orderless
// transaction (version 6781425728): its hash and signature, the sender's
// auth key, chain-id binding, BCS round trip, the Payload V1 wire layout and
// its JSON rendering.
func TestRealTxnV4OrderlessPayloadV1(t *testing.T) {
	f := v4Facts(t)
	st := checkRealTxn(t, f, 1)

	if st.Raw.SequenceNumber != math.MaxUint64 {
		t.Fatalf("sequence number = %d, want u64::MAX", st.Raw.SequenceNumber)
	}
	if st.Raw.SequenceNumber != OrderlessSequenceNumber {
		t.Fatalf("sequence number = %d, want OrderlessSequenceNumber", st.Raw.SequenceNumber)
	}
	if !st.Raw.Payload.Orderless() || *st.Raw.Payload.ReplayProtectionNonce != 13894781796064092640 {
		t.Fatalf("payload is not orderless with the real nonce: %+v", st.Raw.Payload)
	}

	// Wire layout of the raw transaction (doc §8 V4):
	// sender ‖ ff×8 ‖ 04 00 01 <entry function> ‖ 00 00 01 <nonce LE> ‖
	// max_gas ‖ price ‖ expiration ‖ chain id.
	raw := bcs.Marshal(&st.Raw)
	sender := realAddr(t, f.sender)
	prefix := append(append([]byte{}, sender[:]...), realHex(t, "ffffffffffffffff"+"040001")...)
	if !bytes.HasPrefix(raw, prefix) {
		t.Fatalf("raw BCS prefix = %x, want %x", raw[:len(prefix)], prefix)
	}
	suffix := realHex(t, "000001"+"e0e1f6016d2ed4c0"+"5500000000000000"+"6400000000000000"+"7492476800000000"+"02")
	if !bytes.HasSuffix(raw, suffix) {
		t.Fatalf("raw BCS suffix = %x, want %x", raw[len(raw)-len(suffix):], suffix)
	}
	efBytes := bcs.Marshal(st.Raw.Payload.EntryFunction)
	if got := raw[len(prefix) : len(raw)-len(suffix)]; !bytes.Equal(got, efBytes) {
		t.Fatalf("entry function bytes = %x, want %x", got, efBytes)
	}

	// JSON: Payload V1 renders as the entry function payload it wraps.
	pj, ok := PayloadJSON(&st.Raw.Payload, nil).(EntryFunctionPayloadJSON)
	if !ok {
		t.Fatalf("PayloadJSON returned %T, want EntryFunctionPayloadJSON", PayloadJSON(&st.Raw.Payload, nil))
	}
	if pj.Type != "entry_function_payload" {
		t.Fatalf("payload JSON type = %q, want entry_function_payload", pj.Type)
	}
	if pj.Function != "0x1::aptos_account::transfer" {
		t.Fatalf("payload JSON function = %q", pj.Function)
	}
	if len(pj.TypeArguments) != 0 || len(pj.Arguments) != 2 {
		t.Fatalf("payload JSON has %d type args and %d args, want 0 and 2", len(pj.TypeArguments), len(pj.Arguments))
	}
}

// TestRealTxnV5ObjectTransfer checks the real mainnet transaction
// 0x1::object::transfer<0x4::token::Token> (version 1010733903): its hash
// and signature, the sender's auth key, chain-id binding and BCS round trip.
func TestRealTxnV5ObjectTransfer(t *testing.T) {
	f := v5Facts(t)
	st := checkRealTxn(t, f, 2)

	if st.Raw.Payload.Variant != PayloadEntryFunction || st.Raw.Payload.Orderless() {
		t.Fatalf("payload = %+v, want a plain entry function", st.Raw.Payload)
	}
	ef := st.Raw.Payload.EntryFunction
	if len(ef.TyArgs) != 1 || ef.TyArgs[0].String() != "0x4::token::Token" {
		t.Fatalf("type args = %v, want [0x4::token::Token]", ef.TyArgs)
	}
	// The raw transaction starts with sender ‖ seq 242217 ‖ 02 (EntryFunction).
	raw := bcs.Marshal(&st.Raw)
	sender := realAddr(t, f.sender)
	prefix := append(append(append([]byte{}, sender[:]...), realU64Arg(242217)...), 0x02)
	if !bytes.HasPrefix(raw, prefix) {
		t.Fatalf("raw BCS prefix = %x, want %x", raw[:len(prefix)], prefix)
	}
}
