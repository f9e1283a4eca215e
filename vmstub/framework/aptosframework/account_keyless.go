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

// Aborts of the key parsers: bcs_stream's EOUT_OF_BYTES (out_of_range)
// and EMALFORMED_DATA, single_key's E_INVALID_PUBLIC_KEY_TYPE and
// E_INVALID_SINGLE_KEY_EXTRA_BYTES, multi_key's
// E_INVALID_MULTI_KEY_EXTRA_BYTES (invalid_argument).
var (
	errOutOfBytes       = abortIn("bcs_stream", native.OutOfRange, 2)
	errMalformedData    = abortIn("bcs_stream", native.InvalidArgument, 1)
	errKeyType          = abortIn("single_key", native.InvalidArgument, 1)
	errSingleExtraBytes = abortIn("single_key", native.InvalidArgument, 2)
	errMultiExtraBytes  = abortIn("multi_key", native.InvalidArgument, 4)
)

// readAnyPublicKey is single_key::deserialize_any_public_key from d: a
// known scheme (E_INVALID_PUBLIC_KEY_TYPE otherwise), whole (EOUT_OF_BYTES
// when short).
func readAnyPublicKey(d *bcs.Decoder, b []byte) (txn.AnyPublicKey, error) {
	var k txn.AnyPublicKey
	off := d.Offset()
	if off >= len(b) {
		return k, errOutOfBytes
	}
	if b[off] > byte(txn.KeySlhDsaSha2_128s) {
		return k, errKeyType
	}
	k.UnmarshalBCS(d)
	if d.Failed() {
		return k, errOutOfBytes
	}
	return k, nil
}

// singleKeyFromBytes is single_key::new_public_key_from_bytes: one
// AnyPublicKey with no bytes left over (E_INVALID_SINGLE_KEY_EXTRA_BYTES).
func singleKeyFromBytes(b []byte) (txn.AnyPublicKey, error) {
	d := bcs.NewDecoder(b)
	k, err := readAnyPublicKey(d, b)
	if err == nil && d.Remaining() != 0 {
		err = errSingleExtraBytes
	}
	return k, err
}

// checkMultiKeyBytes is multi_key::new_public_key_from_bytes: a vector of
// AnyPublicKeys and a u8 (signatures required), no bytes left over
// (E_INVALID_MULTI_KEY_EXTRA_BYTES); the counts are not checked on this
// path, as on Aptos.
func checkMultiKeyBytes(c *native.Context, b []byte) error {
	if err := native.ChargeRead(c.NativeContext, len(b)); err != nil {
		return err
	}
	d := bcs.NewDecoder(b)
	n := d.ULEB128("MultiKey.public_keys")
	if d.Failed() {
		// Out of bytes when every byte continues the length; malformed
		// (overlong or not canonical) otherwise.
		for _, x := range b {
			if x&0x80 == 0 {
				return errMalformedData
			}
		}
		return errOutOfBytes
	}
	if err := c.ChargeElems(int(min(n, uint32(len(b))))); err != nil {
		return err
	}
	for range n {
		if _, err := readAnyPublicKey(d, b); err != nil {
			return err
		}
	}
	d.U8("MultiKey.signatures_required")
	if d.Failed() {
		return errOutOfBytes
	}
	if d.Remaining() != 0 {
		return errMultiExtraBytes
	}
	return nil
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
	multiKey := backupMultiKey(keylessBytes, backup)
	newKey := crypto.AuthKey(crypto.SchemeMultiKey, multiKey)
	old := acc.AuthKey
	acc.AuthKey = append([]byte(nil), newKey[:]...)
	if err := putResource(h, a, AccountTag, acc); err != nil {
		return nil, err
	}
	emitKeyRotationToPublicKey(h, a, []byte{0xC0, 0, 0, 0}, 3, multiKey, old, newKey[:])
	return nil, nil
}

// backupMultiKey is the BCS of multi_key::MultiKey { [keyless, Ed25519
// backup], signatures_required: 1 } (keyless the BCS of its AnyPublicKey).
func backupMultiKey(keyless, backup []byte) []byte {
	e := bcs.NewEncoder(len(keyless) + 40)
	e.SeqLen(2)
	e.Fixed(keyless)
	(&txn.AnyPublicKey{Scheme: txn.KeyEd25519, Key: backup}).MarshalBCS(e)
	e.U8(1)
	return e.Bytes()
}
