package aptosframework

// 0x1::keyless_account (continued): what genesis publishes at 0x1.
//
// Configuration: Aptos's devnet configuration, which every Aptos genesis
// installs: override aud "test.recovery.aud", 3 keyless signatures per
// transaction, an expiry horizon of 10,000,000 s, no training wheels key,
// and the circuit's limits (93-byte committed EPK, 120-byte iss value,
// 350-byte extra field, 300-byte base64url JWT header).
//
// Groth16VerificationKey: the key aptos-core keeps for keyless tests
// (VERIFICATION_KEY_FOR_TESTING, which earlier genesis code installed on
// every non-mainnet chain as its devnet key), its points in arkworks'
// compressed serialization (x little-endian, the top bit of the last byte
// set when y is the larger of ±y). An Aptos localnet started with
// ENABLE_KEYLESS_DEFAULT=1 copies devnet's live key instead; that key is
// not a constant of aptos-core.

import (
	"encoding/hex"

	"github.com/ledgernode/ledgernode/vmstub/native"
)

// The genesis verification key's points, hex.
const (
	keylessAlphaG1 = "e2f26dbea299f5223b646cb1fb33eadb059d9407559d7441dfd902e3a79a4d2d"
	keylessBetaG2  = "abb73dc17fbc13021e2471e0c08bd67d8401f52b73d6d07483794cad4778180e" +
		"0c06f33bbc4c79a9cadef253a68084d382f17788f885c9afd176f7cb2f036789"
	keylessGammaG2 = "edf692d95cbdde46ddda5ef7d422436779445c5e66006a42761e1f12efde0018" +
		"c212f3aeb785e49712e7a9353349aaf1255dfb31b7bf60723a480d9293938e19"
	keylessDeltaG2 = "6176de7d77e614e09ef5e8e19cbf785ffed405d6531cee13cd71a46e2b4ef30d" +
		"eb18f6976c172bdcd7ea8ab2b509991bb5ce34f9fbb42486b78aac62a894a480"
	keylessGammaABC0 = "7e92d0c6818f2e51248cd1e8e82eb14521d990b0bb155ab0e3cf99b888bc5387"
	keylessGammaABC1 = "be1ad9f5fec081770956f846e1d0ea97219a3f6499acc33e1a67aef6d6e16898"
)

// keylessGenesisVK is the verification key genesis publishes.
func keylessGenesisVK() *groth16VK {
	b := func(s string) []byte {
		out, err := hex.DecodeString(s)
		if err != nil {
			panic(err)
		}
		return out
	}
	return &groth16VK{alphaG1: b(keylessAlphaG1), betaG2: b(keylessBetaG2), gammaG2: b(keylessGammaG2),
		deltaG2: b(keylessDeltaG2), gammaABCG1: [][]byte{b(keylessGammaABC0), b(keylessGammaABC1)}}
}

// keylessGenesisConfig is the configuration genesis publishes.
func keylessGenesisConfig() *keylessConfig {
	return &keylessConfig{overrideAudVals: []string{"test.recovery.aud"}, maxSignaturesPerTxn: 3,
		maxExpHorizonSecs: 10_000_000, maxCommitedEPKBytes: 93, maxIssValBytes: 120,
		maxExtraFieldBytes: 350, maxJWTHeaderB64Bytes: 300}
}

// keylessGenesis publishes the Configuration and the verification key at
// 0x1, as update_configuration and update_groth16_verification_key do
// during an Aptos genesis.
func keylessGenesis(h native.Host) error {
	if err := putResource(h, addr, KeylessConfigurationTag, keylessGenesisConfig()); err != nil {
		return err
	}
	return putResource(h, addr, Groth16VerificationKeyTag, keylessGenesisVK())
}
