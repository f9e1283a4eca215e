package txn

import "github.com/ledgernode/ledgernode/ledgerapi/bcs"

// Keyless signatures. An AnySignature of scheme keyless carries the BCS
// of a KeylessSignature, read here only to check its shape and to keep its
// exact bytes (Sig): the certificate (a zero-knowledge proof, or an OpenID
// signature), the JWT header JSON, the expiry date, and the ephemeral key
// and its signature. This node does not verify keyless signatures (see
// verifyAny): they pass where signatures are not checked, in simulation.

// Variants of the enums of a keyless signature.
const (
	numEphemeralCertificates = 2 // ZeroKnowledgeSig, OpenIdSig
	numZKProofs              = 1 // Groth16
	numEphemeralKeys         = 2 // Ed25519, Secp256r1Ecdsa
	numEphemeralSigs         = 2 // Ed25519, WebAuthn
)

// Sizes of the fixed-size fields of a keyless signature.
const (
	g1Bytes     = 32 // a compressed BN254 G1 point (Groth16 a, c)
	g2Bytes     = 64 // a compressed BN254 G2 point (Groth16 b)
	pepperBytes = 31 // an OpenID signature's pepper
)

// readKeylessSignature reads a KeylessSignature.
func readKeylessSignature(d *bcs.Decoder) {
	switch d.Variant("KeylessSignature.cert", numEphemeralCertificates) {
	case 0:
		readZeroKnowledgeSig(d)
	case 1:
		readOpenIDSig(d)
	}
	d.String("KeylessSignature.jwt_header_json")
	d.U64("KeylessSignature.exp_date_secs")
	switch d.Variant("KeylessSignature.ephemeral_pubkey", numEphemeralKeys) {
	case 0:
		readSized(d, "EphemeralPublicKey.ed25519", keySizes[KeyEd25519])
	case 1:
		readSized(d, "EphemeralPublicKey.secp256r1_ecdsa", keySizes[KeySecp256r1])
	}
	readEphemeralSignature(d, "KeylessSignature.ephemeral_signature")
}

// readZeroKnowledgeSig reads {proof: Groth16 {a, b, c}, exp_horizon_secs,
// extra_field: Option<String>, override_aud_val: Option<String>,
// training_wheels_signature: Option<EphemeralSignature>}.
func readZeroKnowledgeSig(d *bcs.Decoder) {
	d.Variant("ZeroKnowledgeSig.proof", numZKProofs)
	var g1 [g1Bytes]byte
	var g2 [g2Bytes]byte
	d.Fixed(g1[:], "Groth16Proof.a")
	d.Fixed(g2[:], "Groth16Proof.b")
	d.Fixed(g1[:], "Groth16Proof.c")
	d.U64("ZeroKnowledgeSig.exp_horizon_secs")
	if d.Option("ZeroKnowledgeSig.extra_field") {
		d.String("ZeroKnowledgeSig.extra_field")
	}
	if d.Option("ZeroKnowledgeSig.override_aud_val") {
		d.String("ZeroKnowledgeSig.override_aud_val")
	}
	if d.Option("ZeroKnowledgeSig.training_wheels_signature") {
		readEphemeralSignature(d, "ZeroKnowledgeSig.training_wheels_signature")
	}
}

// readOpenIDSig reads {jwt_sig: bytes, jwt_payload_json: String, uid_key:
// String, epk_blinder: bytes, pepper: [u8; 31], idc_aud_val: Option<String>}.
func readOpenIDSig(d *bcs.Decoder) {
	d.ReadBytes("OpenIdSig.jwt_sig")
	d.String("OpenIdSig.jwt_payload_json")
	d.String("OpenIdSig.uid_key")
	d.ReadBytes("OpenIdSig.epk_blinder")
	var pepper [pepperBytes]byte
	d.Fixed(pepper[:], "OpenIdSig.pepper")
	if d.Option("OpenIdSig.idc_aud_val") {
		d.String("OpenIdSig.idc_aud_val")
	}
}

// readEphemeralSignature reads an Ed25519 signature or a WebAuthn
// assertion.
func readEphemeralSignature(d *bcs.Decoder, what string) {
	switch d.Variant(what, numEphemeralSigs) {
	case 0:
		readSized(d, what+".ed25519", sigSizes[SigEd25519])
	case 1:
		readWebAuthnAssertion(d)
	}
}
