package aptosframework

// 0x1::account's key rotation: rotate_authentication_key (proofs of both
// keys over a RotationProofChallenge), rotate_authentication_key_call (no
// proof, no table), rotate_authentication_key_from_public_key (any
// scheme, unverified), their KeyRotation and KeyRotationToPublicKey
// events, and the OriginatingAddress table mapping authentication keys to
// the accounts that rotated to them (the originating_address view).

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// OriginatingAddressTable is the handle of the OriginatingAddress table:
// the handle of a table created at genesis by 0x1 under the name
// "account::OriginatingAddress" (sha3-256("ledgernode::table" ‖ 0x1 ‖
// name), as vmstub.TableHandle derives it).
var OriginatingAddressTable = ledgerapi.Address(crypto.SHA3_256([]byte("ledgernode::table"), addr[:], []byte("account::OriginatingAddress")))

var (
	keyRotationType     = ledgerapi.StructType(tag1("account", "KeyRotation"))
	keyRotationToPKType = ledgerapi.StructType(tag1("account", "KeyRotationToPublicKey"))
)

// RotationProofChallengeMessage returns the bytes both key-rotation proofs
// sign: BCS(TypeInfo{0x1, "account", "RotationProofChallenge"}) followed by
// BCS(RotationProofChallenge{sequence_number, originator, current_auth_key,
// new_public_key}), Move's SignedMessage<T> scheme (no APTOS:: salt).
func RotationProofChallengeMessage(seq uint64, originator, currentAuthKey ledgerapi.Address, newPublicKey []byte) []byte {
	e := bcs.NewEncoder(128 + len(newPublicKey))
	onchain.TypeInfo{Tag: tag1("account", "RotationProofChallenge")}.MarshalBCS(e)
	e.U64(seq)
	e.Fixed(originator[:])
	e.Fixed(currentAuthKey[:])
	e.WriteBytes(newPublicKey)
	return e.Bytes()
}

// schemeAuthKey derives the auth key of a public key for the rotation
// schemes 0 (Ed25519) and 1 (MultiEd25519), checking it as the
// framework's unvalidated constructors do (E_WRONG_PUBKEY_SIZE of ed25519
// and multi_ed25519: 32 bytes; n sub-keys, 1 ≤ n ≤ 32, and a threshold
// between 1 and n), EINVALID_SCHEME for another scheme.
func schemeAuthKey(scheme uint8, pk []byte) (ledgerapi.Address, error) {
	switch scheme {
	case 0:
		if len(pk) != crypto.Ed25519PublicKeyLength {
			return ledgerapi.Address{}, abortIn("ed25519", native.InvalidArgument, 1)
		}
		return crypto.AuthKey(crypto.SchemeEd25519, pk), nil
	case 1:
		n := len(pk) / 32
		if len(pk)%32 != 1 || n == 0 || n > crypto.MaxMultiEd25519Keys || pk[len(pk)-1] == 0 || int(pk[len(pk)-1]) > n {
			return ledgerapi.Address{}, abortIn("multi_ed25519", native.InvalidArgument, 1)
		}
		return crypto.AuthKey(crypto.SchemeMultiEd25519, pk), nil
	}
	return ledgerapi.Address{}, accountAbort(native.InvalidArgument, eInvalidScheme)
}

// verifySig is the signature constructor and signature_verify_strict_t
// of scheme 0 or 1 (pk already checked by schemeAuthKey): the signature's
// size abort (E_WRONG_SIGNATURE_SIZE of ed25519 or multi_ed25519), then
// whether sig signs msg under pk, charged as those natives charge.
func verifySig(c *native.Context, scheme uint8, pk, sig, msg []byte) (bool, error) {
	if scheme == 0 {
		if len(sig) != crypto.Ed25519SignatureLength {
			return false, abortIn("ed25519", native.InvalidArgument, 2)
		}
		if err := aptosstdlib.ChargeVerify(c, 1, 1, len(msg)); err != nil {
			return false, err
		}
		return crypto.VerifyEd25519(pk, msg, sig) == nil, nil
	}
	if len(sig)%crypto.Ed25519SignatureLength != crypto.BitmapLength {
		return false, abortIn("multi_ed25519", native.InvalidArgument, 2)
	}
	if err := aptosstdlib.ChargeVerify(c, len(pk)/32, len(sig)/crypto.Ed25519SignatureLength, len(msg)); err != nil {
		return false, err
	}
	return crypto.VerifyMultiEd25519(pk, msg, sig) == nil, nil
}

// verifyProof checks a rotation proof (EINVALID_PROOF_OF_KNOWLEDGE) and
// returns the signing key's auth key.
func verifyProof(c *native.Context, scheme uint8, pk, sig, msg []byte) (ledgerapi.Address, error) {
	key, err := schemeAuthKey(scheme, pk)
	if err != nil {
		return key, err
	}
	ok, err := verifySig(c, scheme, pk, sig, msg)
	if err == nil && !ok {
		err = accountAbort(native.InvalidArgument, eInvalidProofOfKnowledge)
	}
	return key, err
}

// verifiedBitmap is the verified_public_key_bit_map of a rotation to a
// key of scheme proven by sig: the one key of an Ed25519 key, the
// signature's bitmap for a MultiEd25519 key.
func verifiedBitmap(scheme uint8, sig []byte) []byte {
	if scheme == 0 {
		return []byte{0x80, 0, 0, 0}
	}
	return append([]byte(nil), sig[len(sig)-4:]...)
}

// u8Arg is the u8 argument v.
func u8Arg(v movevm.Value) uint8 { return uint8(v.AsU64()) }

// rotate is account::rotate_authentication_key(account, from_scheme,
// from_public_key_bytes, to_scheme, to_public_key_bytes,
// cap_rotate_key, cap_update_table).
func rotate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a := hostOf(c), signerAddress(args[0])
	fromScheme, fromPK, toScheme, toPK := u8Arg(args[1]), args[2].Bytes(), u8Arg(args[3]), args[4].Bytes()
	capRotate, capUpdate := args[5].Bytes(), args[6].Bytes()
	acc, err := ensureAccount(h, a)
	if err != nil {
		return nil, err
	}
	fromKey, err := schemeAuthKey(fromScheme, fromPK)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(acc.AuthKey, fromKey[:]) {
		return nil, c.Abort(native.Code(native.Unauthenticated, eWrongCurrentPublicKey))
	}
	var current ledgerapi.Address
	copy(current[:], acc.AuthKey)
	msg := RotationProofChallengeMessage(acc.SequenceNumber, a, current, toPK)
	if _, err := verifyProof(c, fromScheme, fromPK, capRotate, msg); err != nil {
		return nil, err
	}
	newKey, err := verifyProof(c, toScheme, toPK, capUpdate, msg)
	if err != nil {
		return nil, err
	}
	old := acc.AuthKey
	if err := updateOriginatingAddress(h, a, acc, newKey); err != nil {
		return nil, err
	}
	emitKeyRotationToPublicKey(h, a, verifiedBitmap(toScheme, capUpdate), toScheme, toPK, old, newKey[:])
	return nil, nil
}

// updateOriginatingAddress is update_auth_key_and_originating_address_table:
// it moves the OriginatingAddress entry from the current key to newKey,
// emits KeyRotation and sets the account's key.
func updateOriginatingAddress(h native.Host, a ledgerapi.Address, acc *onchain.Account, newKey ledgerapi.Address) error {
	if bytes.Equal(acc.AuthKey, newKey[:]) {
		return accountAbort(native.InvalidArgument, eNewAuthKeySameAsCurrent)
	}
	if v, ok, err := h.TableItem(OriginatingAddressTable, acc.AuthKey); err != nil {
		return err
	} else if ok {
		if !bytes.Equal(v, a[:]) {
			return accountAbort(native.NotFound, eInvalidOriginatingAddr)
		}
		if err := h.DeleteTableItem(OriginatingAddressTable, acc.AuthKey); err != nil {
			return err
		}
	}
	if _, ok, err := h.TableItem(OriginatingAddressTable, newKey[:]); err != nil {
		return err
	} else if ok {
		return accountAbort(native.InvalidArgument, eNewAuthKeyAlreadyMapped)
	}
	if err := h.SetTableItem(OriginatingAddressTable, append([]byte(nil), newKey[:]...), append([]byte(nil), a[:]...)); err != nil {
		return err
	}
	e := bcs.NewEncoder(100)
	e.Fixed(a[:])
	e.WriteBytes(acc.AuthKey)
	e.WriteBytes(newKey[:])
	h.EmitBCS(keyRotationType, e.Bytes())
	acc.AuthKey = append([]byte(nil), newKey[:]...)
	return putResource(h, a, AccountTag, acc)
}

// emitKeyRotationToPublicKey emits KeyRotationToPublicKey.
func emitKeyRotationToPublicKey(h native.Host, a ledgerapi.Address, bitmap []byte, scheme uint8, pk, old, newKey []byte) {
	e := bcs.NewEncoder(160 + len(pk))
	e.Fixed(a[:])
	e.WriteBytes(bitmap)
	e.U8(scheme)
	e.WriteBytes(pk)
	e.WriteBytes(old)
	e.WriteBytes(newKey)
	h.EmitBCS(keyRotationToPKType, e.Bytes())
}

// rotateCall is account::rotate_authentication_key_call(account,
// new_auth_key): it sets the key without proofs, events or a table update
// (EMALFORMED_AUTHENTICATION_KEY unless it is 32 bytes).
func rotateCall(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := signerAddress(args[0])
	acc, err := ensureAccount(hostOf(c), a)
	if err != nil {
		return nil, err
	}
	key := args[1].Bytes()
	if len(key) != 32 {
		return nil, c.Abort(native.Code(native.InvalidArgument, eMalformedAuthKey))
	}
	acc.AuthKey = append([]byte(nil), key...)
	return nil, putResource(hostOf(c), a, AccountTag, acc)
}

// rotateFromPublicKey is
// account::rotate_authentication_key_from_public_key(account, scheme,
// new_public_key_bytes): the key of any scheme, unverified, no table
// update, one KeyRotationToPublicKey event with an empty bitmap.
func rotateFromPublicKey(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a, scheme, pk := hostOf(c), signerAddress(args[0]), u8Arg(args[1]), args[2].Bytes()
	acc, err := ensureAccount(h, a)
	if err != nil {
		return nil, err
	}
	var newKey ledgerapi.Address
	switch scheme {
	case 0, 1:
		if newKey, err = schemeAuthKey(scheme, pk); err != nil {
			return nil, err
		}
	case 2:
		if _, err := singleKeyFromBytes(pk); err != nil {
			return nil, err
		}
		newKey = crypto.AuthKey(crypto.SchemeSingleKey, pk)
	case 3:
		newKey = crypto.AuthKey(crypto.SchemeMultiKey, pk)
	default:
		return nil, c.Abort(native.Code(native.InvalidArgument, eUnrecognizedScheme))
	}
	old := acc.AuthKey
	acc.AuthKey = append([]byte(nil), newKey[:]...)
	if err := putResource(h, a, AccountTag, acc); err != nil {
		return nil, err
	}
	emitKeyRotationToPublicKey(h, a, []byte{0, 0, 0, 0}, scheme, pk, old, newKey[:])
	return nil, nil
}

// viewOriginatingAddress is originating_address(auth_key): the account
// that rotated to the key, if any.
func viewOriginatingAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key := args[0].AsAddress()
	v, ok, err := hostOf(c).TableItem(OriginatingAddressTable, key[:])
	if err != nil {
		return nil, err
	}
	tag := ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindAddress}}})
	if !ok {
		return valueOf(c, tag, []byte{0})
	}
	return valueOf(c, tag, append([]byte{1}, v...))
}

// rotateWithCapability is
// rotate_authentication_key_with_rotation_capability(delegate_signer,
// rotation_cap_offerer_address, new_scheme, new_public_key_bytes,
// cap_update_table): the offerer (EOFFERER_ADDRESS_DOES_NOT_EXIST without
// an Account) must offer its rotation capability to the delegate
// (ENO_SUCH_ROTATION_CAPABILITY_OFFER); the new key proves itself over a
// RotationProofChallenge with the delegate's sequence number and the
// offerer as originator, and becomes the offerer's key, the
// OriginatingAddress table following.
func rotateWithCapability(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, delegate, offerer := hostOf(c), signerAddress(args[0]), args[1].AsAddress()
	scheme, pk, proof := u8Arg(args[2]), args[3].Bytes(), args[4].Bytes()
	acc, err := offeredAccount(h, offerer, eOffererAddressDoesNotExist)
	if err != nil {
		return nil, err
	}
	if acc.RotationOffer == nil || *acc.RotationOffer != delegate {
		return nil, c.Abort(native.Code(native.NotFound, eNoSuchRotationCapabilityOffer))
	}
	del, err := accountOrDefault(h, delegate)
	if err != nil {
		return nil, err
	}
	var current ledgerapi.Address
	copy(current[:], acc.AuthKey)
	msg := RotationProofChallengeMessage(del.SequenceNumber, offerer, current, pk)
	newKey, err := verifyProof(c, scheme, pk, proof, msg)
	if err != nil {
		return nil, err
	}
	old := acc.AuthKey
	if err := updateOriginatingAddress(h, offerer, acc, newKey); err != nil {
		return nil, err
	}
	emitKeyRotationToPublicKey(h, offerer, verifiedBitmap(scheme, proof), scheme, pk, old, newKey[:])
	return nil, nil
}

// setOriginatingAddress is set_originating_address(account): the
// OriginatingAddress table maps the account's authentication key to it
// (EACCOUNT_DOES_NOT_EXIST without an Account resource;
// ENEW_AUTH_KEY_ALREADY_MAPPED when the key maps to another account).
func setOriginatingAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a := hostOf(c), signerAddress(args[0])
	acc, err := offeredAccount(h, a, eAccountDoesNotExist)
	if err != nil {
		return nil, err
	}
	if len(acc.AuthKey) != 32 {
		return nil, abortIn("from_bcs", native.InvalidArgument, 1)
	}
	v, ok, err := h.TableItem(OriginatingAddressTable, acc.AuthKey)
	if err != nil {
		return nil, err
	}
	if ok {
		if !bytes.Equal(v, a[:]) {
			return nil, c.Abort(native.Code(native.InvalidArgument, eNewAuthKeyAlreadyMapped))
		}
		return nil, nil
	}
	return nil, h.SetTableItem(OriginatingAddressTable, append([]byte(nil), acc.AuthKey...), append([]byte(nil), a[:]...))
}
