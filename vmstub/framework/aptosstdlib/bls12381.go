package aptosstdlib

// 0x1::bls12381: the whole module as on Aptos (without its #[test_only]
// SecretKey and signing helpers) — PublicKey, ProofOfPossession,
// PublicKeyWithPoP, AggrPublicKeysWithPoP, Signature, AggrOrMultiSignature,
// their constructors and accessors, proofs of possession, aggregation of
// keys and signatures, and verification of normal, share, multi- and
// aggregate signatures, with the private natives of Aptos's module
// (…_internal). The group operations are in bls12381_crypto.go.
//
// One divergence, declared: aggregate_signatures on a signature that is a
// point of the curve outside the prime-order subgroup aborts with
// EBLS_UNSUPPORTED (0xC0064) where Aptos returns the sum, which no
// verification accepts.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::bls12381.
const (
	EZeroPubkeys                = 1   // EZERO_PUBKEYS
	EWrongSize                  = 2   // EWRONG_SIZE
	ENumSignersMustEqNumMessges = 3   // E_NUM_SIGNERS_MUST_EQ_NUM_MESSAGES (test-only signing on Aptos)
	EBLSUnsupported             = 100 // ours: see the file comment
)

// blsSignatureSize is SIGNATURE_SIZE, aggr_or_multi_signature_from_bytes's
// required length.
const blsSignatureSize = 96

// Gas of the BLS natives, in interpreter units of about 7 ns on the
// reference machine (see ed25519.go). Measured with the BenchmarkBLS*
// benchmarks (bls12381_test.go) against BenchmarkEd25519VerifyForBLS on
// the same machine (2 shared cores; Ed25519 about 52 µs there, so a unit
// is about 3.3 ns of it), each rate is ed25519VerifyCost × (its time / an
// Ed25519 verification's), rounded up: a verification under one key (two
// pairings sharing a final exponentiation, a hash-to-curve, two decodings)
// took 4.5–6 ms, about 100 Ed25519 verifications, and is charged about
// 1.7M units (34,000 gas at MoveUnitsPerGas 50). Decoding includes the
// subgroup check, which circl does on every decode. Each message's bytes
// are charged on top as bytes read.
const (
	blsG1DecodeCost = 45000  // decompress and subgroup-check a key (~150 µs)
	blsG2DecodeCost = 105000 // decompress and subgroup-check a signature (~350 µs)
	blsG1AddCost    = 5000   // add a key to an aggregate (and encode it)
	blsG2AddCost    = 60000  // add a signature to an aggregate (and encode it; ~200 µs)
	blsHashCost     = 230000 // hash a message to G2 (0.7–0.85 ms)
	blsPairingCost  = 650000 // a Miller loop and a share of the final exponentiation
)

// Bls12381 declares 0x1::bls12381.
func Bls12381() native.Module {
	const q, b = "0x1::bls12381::", "vector<u8>"
	pk, pop, pkPop, apk, sig, ams := q+"PublicKey", q+"ProofOfPossession", q+"PublicKeyWithPoP", q+"AggrPublicKeysWithPoP", q+"Signature", q+"AggrOrMultiSignature"
	opt := func(t string) string { return "0x1::option::Option<" + t + ">" }
	bytesStruct := func(name string) native.Struct {
		return native.Struct{Name: name, Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}, Fields: []string{"bytes: vector<u8>"}}
	}
	priv := native.Private
	fns := []native.Function{
		{Name: "public_key_from_bytes", Params: []string{b}, Return: []string{opt(pk)}, Impl: blsKeyIfValid("PublicKey")},
		{Name: "public_key_to_bytes", Params: []string{"&" + pk}, Return: []string{b}, Impl: keyToBytes},
		{Name: "proof_of_possession_from_bytes", Params: []string{b}, Return: []string{pop}, Impl: rewrap("bls12381", "ProofOfPossession")},
		{Name: "proof_of_possession_to_bytes", Params: []string{"&" + pop}, Return: []string{b}, Impl: keyToBytes},
		{Name: "public_key_from_bytes_with_pop", Params: []string{b, "&" + pop}, Return: []string{opt(pkPop)}, Impl: blsKeyWithPoP},
		{Name: "public_key_from_bytes_with_pop_externally_verified", Params: []string{b}, Return: []string{opt(pkPop)}, Impl: blsKeyIfValid("PublicKeyWithPoP")},
		{Name: "public_key_with_pop_to_normal", Params: []string{"&" + pkPop}, Return: []string{pk}, Impl: rewrap("bls12381", "PublicKey")},
		{Name: "public_key_with_pop_to_bytes", Params: []string{"&" + pkPop}, Return: []string{b}, Impl: keyToBytes},
		{Name: "signature_from_bytes", Params: []string{b}, Return: []string{sig}, Impl: rewrap("bls12381", "Signature")},
		{Name: "signature_to_bytes", Params: []string{"&" + sig}, Return: []string{b}, Impl: keyToBytes},
		{Name: "signature_subgroup_check", Params: []string{"&" + sig}, Return: []string{"bool"}, Impl: blsSubgroupCheck},
		{Name: "aggregate_pubkeys", Params: []string{"vector<" + pkPop + ">"}, Return: []string{apk}, Impl: blsAggregatePubkeys},
		{Name: "aggregate_pubkey_to_bytes", Params: []string{"&" + apk}, Return: []string{b}, Impl: keyToBytes},
		{Name: "aggregate_signatures", Params: []string{"vector<" + sig + ">"}, Return: []string{opt(ams)}, Impl: blsAggregateSignatures},
		{Name: "aggr_or_multi_signature_to_bytes", Params: []string{"&" + ams}, Return: []string{b}, Impl: keyToBytes},
		{Name: "aggr_or_multi_signature_from_bytes", Params: []string{b}, Return: []string{ams},
			Impl: keyFromBytes("bls12381", "AggrOrMultiSignature", func(n int) bool { return n == blsSignatureSize }, EWrongSize)},
		{Name: "aggr_or_multi_signature_subgroup_check", Params: []string{"&" + ams}, Return: []string{"bool"}, Impl: blsSubgroupCheck},
		{Name: "verify_aggregate_signature", Params: []string{"&" + ams, "vector<" + pkPop + ">", "vector<vector<u8>>"}, Return: []string{"bool"}, Impl: blsVerifyAggregate},
		{Name: "verify_multisignature", Params: []string{"&" + ams, "&" + apk, b}, Return: []string{"bool"}, Impl: blsVerifyOne},
		{Name: "verify_normal_signature", Params: []string{"&" + sig, "&" + pk, b}, Return: []string{"bool"}, Impl: blsVerifyOne},
		{Name: "verify_signature_share", Params: []string{"&" + sig, "&" + pkPop, b}, Return: []string{"bool"}, Impl: blsVerifyOne},
		{Name: "aggregate_pubkeys_internal", Visibility: priv, Params: []string{"vector<" + pkPop + ">"}, Return: []string{b, "bool"}, Impl: blsAggregatePubkeysInternal},
		{Name: "aggregate_signatures_internal", Visibility: priv, Params: []string{"vector<" + sig + ">"}, Return: []string{b, "bool"}, Impl: blsAggregateSignaturesInternal},
		{Name: "validate_pubkey_internal", Visibility: priv, Params: []string{b}, Return: []string{"bool"}, Impl: blsValidateInternal},
		{Name: "signature_subgroup_check_internal", Visibility: priv, Params: []string{b}, Return: []string{"bool"}, Impl: blsSubgroupCheck},
		{Name: "verify_aggregate_signature_internal", Visibility: priv, Params: []string{b, "vector<" + pkPop + ">", "vector<vector<u8>>"}, Return: []string{"bool"}, Impl: blsVerifyAggregate},
		{Name: "verify_multisignature_internal", Visibility: priv, Params: []string{b, b, b}, Return: []string{"bool"}, Impl: blsVerifyOne},
		{Name: "verify_normal_signature_internal", Visibility: priv, Params: []string{b, b, b}, Return: []string{"bool"}, Impl: blsVerifyOne},
		{Name: "verify_proof_of_possession_internal", Visibility: priv, Params: []string{b, b}, Return: []string{"bool"}, Impl: blsVerifyPoPInternal},
		{Name: "verify_signature_share_internal", Visibility: priv, Params: []string{b, b, b}, Return: []string{"bool"}, Impl: blsVerifyOne},
	}
	return native.Module{Address: addr, Name: "bls12381", Functions: fns,
		Structs: []native.Struct{bytesStruct("PublicKey"), bytesStruct("ProofOfPossession"), bytesStruct("PublicKeyWithPoP"),
			bytesStruct("AggrPublicKeysWithPoP"), bytesStruct("Signature"), bytesStruct("AggrOrMultiSignature")},
		Errors: []native.AbortReason{
			{Reason: EZeroPubkeys, Name: "EZERO_PUBKEYS", Description: "The caller was supposed to input one or more public keys."},
			{Reason: EWrongSize, Name: "EWRONG_SIZE", Description: "One of the given inputs has the wrong size."},
			{Reason: ENumSignersMustEqNumMessges, Name: "E_NUM_SIGNERS_MUST_EQ_NUM_MESSAGES", Description: "The number of signers does not match the number of messages to be signed."},
			{Reason: EBLSUnsupported, Name: "EBLS_UNSUPPORTED", Description: "aggregate_signatures was given a signature on the BLS12-381 curve but outside its prime-order subgroup: Aptos would return its sum, which this node's group library cannot compute."},
		}}
}

// blsOption is Some(bls12381::name { bytes }) when ok, else None.
func blsOption(c *native.Context, name string, bytes []byte, ok bool) ([]movevm.Value, error) {
	if !ok {
		t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "bls12381", Name: name}))
		if err != nil {
			return nil, err
		}
		v, err := movestdlib.None(c, t)
		return []movevm.Value{v}, err
	}
	k, err := keyBytesStruct(c, "bls12381", name, bytes)
	if err != nil {
		return nil, err
	}
	v, err := movestdlib.Some(c, k)
	return []movevm.Value{v}, err
}

// blsValidateCharged is validate_pubkey_internal, charged.
func blsValidateCharged(c *native.Context, pk []byte) (bool, error) {
	if err := c.Charge(blsG1DecodeCost); err != nil {
		return false, err
	}
	return blsValidatePK(pk), nil
}

// blsKeyIfValid is public_key_from_bytes and
// public_key_from_bytes_with_pop_externally_verified: Some(name) when the
// key validates.
func blsKeyIfValid(name string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		pk := args[0].Bytes()
		ok, err := blsValidateCharged(c, pk)
		if err != nil {
			return nil, err
		}
		return blsOption(c, name, pk, ok)
	}
}

// blsValidateInternal is validate_pubkey_internal.
func blsValidateInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := blsValidateCharged(c, args[0].Bytes())
	return []movevm.Value{movevm.Bool(ok)}, err
}

// blsPoPCharged is verify_proof_of_possession_internal, charged: two
// pairings, a hash-to-curve of the key's 48 bytes, both decodings.
func blsPoPCharged(c *native.Context, pk, pop []byte) (bool, error) {
	if err := c.Charge(blsG1DecodeCost + blsG2DecodeCost + blsHashCost + 2*blsPairingCost); err != nil {
		return false, err
	}
	return blsVerifyPoP(pk, pop), nil
}

// blsKeyWithPoP is public_key_from_bytes_with_pop.
func blsKeyWithPoP(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	pk := args[0].Bytes()
	ok, err := blsPoPCharged(c, pk, keyBytesOf(args[1]))
	if err != nil {
		return nil, err
	}
	return blsOption(c, "PublicKeyWithPoP", pk, ok)
}

// blsVerifyPoPInternal is verify_proof_of_possession_internal.
func blsVerifyPoPInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := blsPoPCharged(c, args[0].Bytes(), args[1].Bytes())
	return []movevm.Value{movevm.Bool(ok)}, err
}

// blsSubgroupCheck is signature_subgroup_check_internal and the public
// subgroup checks of Signature and AggrOrMultiSignature.
func blsSubgroupCheck(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.Charge(blsG2DecodeCost); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(blsSigSubgroupCheck(keyBytesOf(args[0])))}, nil
}

// blsBytesOfEach returns the bytes field of each struct of a vector.
func blsBytesOfEach(c *native.Context, v movevm.Value) ([][]byte, error) {
	n := v.Len()
	if err := c.ChargeElems(n); err != nil {
		return nil, err
	}
	out := make([][]byte, n)
	for i := range n {
		out[i] = keyBytesOf(v.Elem(i))
	}
	return out, nil
}

// blsAggregatePKsCharged is aggregate_pubkeys_internal, charged.
func blsAggregatePKsCharged(c *native.Context, v movevm.Value) ([]byte, bool, error) {
	keys, err := blsBytesOfEach(c, v)
	if err != nil {
		return nil, false, err
	}
	if err := c.Charge(uint64(len(keys)) * (blsG1DecodeCost + blsG1AddCost)); err != nil {
		return nil, false, err
	}
	b, ok := blsAggregatePKs(keys)
	return b, ok, nil
}

// blsAggregatePubkeys is aggregate_pubkeys: aborts with
// invalid_argument(EZERO_PUBKEYS) when the aggregation fails.
func blsAggregatePubkeys(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, ok, err := blsAggregatePKsCharged(c, args[0])
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(native.Code(native.InvalidArgument, EZeroPubkeys))
	}
	v, err := keyBytesStruct(c, "bls12381", "AggrPublicKeysWithPoP", b)
	return []movevm.Value{v}, err
}

// blsAggregatePubkeysInternal is aggregate_pubkeys_internal: (bytes, ok).
func blsAggregatePubkeysInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, ok, err := blsAggregatePKsCharged(c, args[0])
	if err != nil {
		return nil, err
	}
	return blsBytesAndBool(c, b, ok)
}

// blsBytesAndBool returns (vector<u8>, bool).
func blsBytesAndBool(c *native.Context, b []byte, ok bool) ([]movevm.Value, error) {
	r, err := movestdlib.BytesResult(c, b)
	if err != nil {
		return nil, err
	}
	return append(r, movevm.Bool(ok)), nil
}

// blsAggregateSigsCharged is aggregate_signatures_internal, charged; it
// aborts with EBLS_UNSUPPORTED on a point outside the subgroup.
func blsAggregateSigsCharged(c *native.Context, v movevm.Value) ([]byte, bool, error) {
	sigs, err := blsBytesOfEach(c, v)
	if err != nil {
		return nil, false, err
	}
	if err := c.Charge(uint64(len(sigs)) * (blsG2DecodeCost + blsG2AddCost)); err != nil {
		return nil, false, err
	}
	b, out := blsAggregateSigs(sigs)
	if out == blsAggUnsupported {
		return nil, false, c.Abort(native.Code(native.NotImplemented, EBLSUnsupported))
	}
	return b, out == blsAggOK, nil
}

// blsAggregateSignatures is aggregate_signatures: Some(sum) or None.
func blsAggregateSignatures(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, ok, err := blsAggregateSigsCharged(c, args[0])
	if err != nil {
		return nil, err
	}
	return blsOption(c, "AggrOrMultiSignature", b, ok)
}

// blsAggregateSignaturesInternal is aggregate_signatures_internal.
func blsAggregateSignaturesInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, ok, err := blsAggregateSigsCharged(c, args[0])
	if err != nil {
		return nil, err
	}
	return blsBytesAndBool(c, b, ok)
}

// blsVerifyOne is verify_{normal_signature,signature_share,multisignature}
// and their natives, on structs or bytes: (signature, key, message). All
// three check here that the key is a non-identity point of the subgroup
// (circl decodes only subgroup points); on Aptos only the normal one
// checks it, the others' keys having been validated when they were made,
// so the answers agree on every key Move code can build.
func blsVerifyOne(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	msg := args[2].Bytes()
	if err := c.Charge(blsG1DecodeCost + blsG2DecodeCost + blsHashCost + 2*blsPairingCost); err != nil {
		return nil, err
	}
	if err := native.ChargeRead(c.NativeContext, len(msg)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(blsVerify(keyBytesOf(args[0]), keyBytesOf(args[1]), msg))}, nil
}

// blsVerifyAggregate is verify_aggregate_signature and its native:
// false unless there are as many keys as messages, at least one.
func blsVerifyAggregate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	sig := keyBytesOf(args[0])
	if args[1].Len() != args[2].Len() {
		return []movevm.Value{movevm.Bool(false)}, nil
	}
	keys, err := blsBytesOfEach(c, args[1])
	if err != nil {
		return nil, err
	}
	n := len(keys)
	msgs := make([][]byte, n)
	total := 0
	for i := range n {
		msgs[i] = args[2].Elem(i).Bytes()
		total += len(msgs[i])
	}
	if err := c.Charge(uint64(n)*(blsG1DecodeCost+blsHashCost+blsPairingCost) + blsG2DecodeCost + blsPairingCost); err != nil {
		return nil, err
	}
	if err := native.ChargeRead(c.NativeContext, total); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(blsPairingCheck(sig, keys, msgs, blsSigDST))}, nil
}
