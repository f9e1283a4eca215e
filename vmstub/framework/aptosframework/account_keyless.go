package aptosframework

// 0x1::account's upsert_ed25519_backup_key_on_keyless_account: a keyless
// account (its address the authentication key of its original keyless
// public key) adds an Ed25519 backup key, its key becoming a 1-of-2
// MultiKey of both.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// singleKeyFromBytes is single_key::new_public_key_from_bytes: an
// AnyPublicKey of a known scheme (E_INVALID_PUBLIC_KEY_TYPE of single_key
// otherwise), whole (bcs_stream's EOUT_OF_BYTES when short), with no bytes
// left over (E_INVALID_SINGLE_KEY_EXTRA_BYTES).
func singleKeyFromBytes(b []byte) (txn.AnyPublicKey, error) {
	var k txn.AnyPublicKey
	if len(b) == 0 {
		return k, abortIn("bcs_stream", native.OutOfRange, 2)
	}
	if b[0] > byte(txn.KeySlhDsaSha2_128s) {
		return k, abortIn("single_key", native.InvalidArgument, 1)
	}
	d := bcs.NewDecoder(b)
	k.UnmarshalBCS(d)
	if d.Failed() {
		return k, abortIn("bcs_stream", native.OutOfRange, 2)
	}
	if d.Remaining() != 0 {
		return k, abortIn("single_key", native.InvalidArgument, 2)
	}
	return k, nil
}

// upsertBackupKey is upsert_ed25519_backup_key_on_keyless_account(account,
// keyless_public_key, backup_public_key, backup_key_proof): the keyless
// key (ENOT_A_KEYLESS_PUBLIC_KEY unless keyless or federated keyless) must
// be the account's original (its single-key auth key the address:
// ENOT_THE_ORIGINAL_PUBLIC_KEY), the backup key must sign the account's
// RotationProofChallenge; the account's key becomes the MultiKey { [keyless,
// Ed25519 backup], 1 } (no OriginatingAddress update) and
// KeyRotationToPublicKey records both keys verified.
func upsertBackupKey(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a := hostOf(c), signerAddress(args[0])
	keylessBytes, backup, proof := args[1].Bytes(), args[2].Bytes(), args[3].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(keylessBytes)); err != nil {
		return nil, err
	}
	keyless, err := singleKeyFromBytes(keylessBytes)
	if err != nil {
		return nil, err
	}
	if keyless.Scheme != txn.KeyKeyless && keyless.Scheme != txn.KeyFederatedKeyless {
		return nil, c.Abort(native.Code(native.InvalidArgument, eNotAKeylessPublicKey))
	}
	acc, err := ensureAccount(h, a)
	if err != nil {
		return nil, err
	}
	if crypto.AuthKey(crypto.SchemeSingleKey, keylessBytes) != a {
		return nil, c.Abort(native.Code(native.InvalidArgument, eNotTheOriginalPublicKey))
	}
	var current ledgerapi.Address
	copy(current[:], acc.AuthKey)
	msg := RotationProofChallengeMessage(acc.SequenceNumber, a, current, backup)
	if _, err := verifyProof(c, 0, backup, proof, msg); err != nil {
		return nil, err
	}
	e := bcs.NewEncoder(len(keylessBytes) + 40)
	e.SeqLen(2)
	e.Fixed(keylessBytes)
	(&txn.AnyPublicKey{Scheme: txn.KeyEd25519, Key: backup}).MarshalBCS(e)
	e.U8(1)
	multiKey := e.Bytes()
	newKey := crypto.AuthKey(crypto.SchemeMultiKey, multiKey)
	old := acc.AuthKey
	acc.AuthKey = append([]byte(nil), newKey[:]...)
	if err := putResource(h, a, AccountTag, acc); err != nil {
		return nil, err
	}
	emitKeyRotationToPublicKey(h, a, []byte{0xC0, 0, 0, 0}, 3, multiKey, old, newKey[:])
	return nil, nil
}
