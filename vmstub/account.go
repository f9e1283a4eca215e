package vmstub

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

// 0x1::account: stateless accounts, key rotation and the OriginatingAddress
// table.

var accountModuleID = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "account"}

// Abort reasons of 0x1::account.
const (
	eMalformedAuthKey        = 4
	eWrongCurrentPublicKey   = 7
	eInvalidProofOfKnowledge = 8
	eInvalidScheme           = 12
	eInvalidOriginatingAddr  = 13
	eNewAuthKeyAlreadyMapped = 21
	eNewAuthKeySameAsCurrent = 22
	eUnrecognizedScheme      = 24
)

// originatingTable is the handle of the OriginatingAddress table.
var originatingTable = TableHandle(ledgerapi.AddressOne, "account::OriginatingAddress")

func accountModuleDef() Module {
	handle := func(ev string) string { return tEventHandle + "0x1::account::" + ev + ">" }
	return mod1("account", []Struct{
		sKey("Account", "authentication_key: vector<u8>", "sequence_number: u64", "guid_creation_num: u64",
			"coin_register_events: "+handle("CoinRegisterEvent"), "key_rotation_events: "+handle("KeyRotationEvent"),
			"rotation_capability_offer: 0x1::account::CapabilityOffer<0x1::account::RotationCapability>",
			"signer_capability_offer: 0x1::account::CapabilityOffer<0x1::account::SignerCapability>"),
		sGeneric(sPlain("CapabilityOffer", abStore, "for: 0x1::option::Option<address>"), phantom),
		sPlain("RotationCapability", abDropStore, "account: address"),
		sPlain("SignerCapability", abDropStore, "account: address"),
		sPlain("CoinRegisterEvent", abDropStore, "type_info: "+tTypeInfo),
		sEvent("CoinRegister", "account: address", "type_info: "+tTypeInfo),
		sPlain("KeyRotationEvent", abDropStore, "old_authentication_key: vector<u8>", "new_authentication_key: vector<u8>"),
		sEvent("KeyRotation", "account: address", "old_authentication_key: vector<u8>", "new_authentication_key: vector<u8>"),
		sEvent("KeyRotationToPublicKey", "account: address", "verified_public_key_bit_map: vector<u8>",
			"public_key_scheme: u8", "public_key: vector<u8>", "old_auth_key: vector<u8>", "new_auth_key: vector<u8>"),
		sKey("OriginatingAddress", "address_map: 0x1::table::Table<address, address>"),
		sPlain("RotationProofChallenge", abCopyDrop, "sequence_number: u64", "originator: address",
			"current_auth_key: address", "new_public_key: vector<u8>"),
	}, append([]Function{
		entry("rotate_authentication_key", []string{"&signer", "u8", "vector<u8>", "u8", "vector<u8>", "vector<u8>", "vector<u8>"}, nativeRotate),
		private(entry("rotate_authentication_key_call", []string{"&signer", "vector<u8>"}, nativeRotateCall)),
		private(entry("rotate_authentication_key_from_public_key", []string{"&signer", "u8", "vector<u8>"}, nativeRotateFromPublicKey)),
		view("exists_at", []string{"address"}, []string{"bool"}, func(*Call) ([][]byte, error) { return [][]byte{BoolValue(true)}, nil }),
		view("get_sequence_number", []string{"address"}, []string{"u64"}, viewAccountField(func(a *accountRes) []byte { return U64Value(a.SequenceNumber) })),
		view("get_authentication_key", []string{"address"}, []string{"vector<u8>"}, viewAccountField(func(a *accountRes) []byte { return BytesValue(a.AuthKey) })),
		view("get_guid_next_creation_num", []string{"address"}, []string{"u64"}, viewGUIDNext),
		view("originating_address", []string{"address"}, []string{"0x1::option::Option<address>"}, viewOriginatingAddress),
	}, accountFunctions()...),
		AbortReason{Reason: 1, Name: "EACCOUNT_ALREADY_EXISTS", Description: "Account already exists"},
		AbortReason{Reason: 2, Name: "EACCOUNT_DOES_NOT_EXIST", Description: "Account does not exist"},
		AbortReason{Reason: 3, Name: "ESEQUENCE_NUMBER_TOO_BIG", Description: "Sequence number exceeds the maximum value for a u64"},
		AbortReason{Reason: eMalformedAuthKey, Name: "EMALFORMED_AUTHENTICATION_KEY", Description: "The provided authentication key has an invalid length"},
		AbortReason{Reason: 5, Name: "ECANNOT_RESERVED_ADDRESS", Description: "Cannot create account because address is reserved"},
		AbortReason{Reason: eWrongCurrentPublicKey, Name: "EWRONG_CURRENT_PUBLIC_KEY", Description: "Specified current public key is not correct"},
		AbortReason{Reason: eInvalidProofOfKnowledge, Name: "EINVALID_PROOF_OF_KNOWLEDGE", Description: "Specified proof of knowledge required to prove ownership of a public key is invalid"},
		AbortReason{Reason: eInvalidScheme, Name: "EINVALID_SCHEME", Description: "Specified scheme required to proceed with the smart contract operation - can only be ED25519_SCHEME(0) OR MULTI_ED25519_SCHEME(1)"},
		AbortReason{Reason: eInvalidOriginatingAddr, Name: "EINVALID_ORIGINATING_ADDRESS", Description: "Abort the transaction if the expected originating address is different from the originating address on-chain"},
		AbortReason{Reason: 20, Name: "EEXCEEDED_MAX_GUID_CREATION_NUM", Description: "This account has exceeded the allocated GUIDs it can create. It should be impossible to reach this number for real applications."},
		AbortReason{Reason: eNewAuthKeyAlreadyMapped, Name: "ENEW_AUTH_KEY_ALREADY_MAPPED", Description: "The new authentication key already has an entry in the `OriginatingAddress` table"},
		AbortReason{Reason: eAccountAlreadyUsed, Name: "EACCOUNT_ALREADY_USED", Description: "An attempt to create a resource account on an account that has a committed transaction"},
		AbortReason{Reason: eNewAuthKeySameAsCurrent, Name: "ENEW_AUTH_KEY_SAME_AS_CURRENT", Description: "The current authentication key and the new authentication key are the same"},
		AbortReason{Reason: eUnrecognizedScheme, Name: "EUNRECOGNIZED_SCHEME", Description: "Specified scheme is not recognized. Should be ED25519_SCHEME(0), MULTI_ED25519_SCHEME(1), SINGLE_KEY_SCHEME(2), or MULTI_KEY_SCHEME(3)."},
	)
}

func accountAbort(category, reason uint64) error {
	return &Abort{Module: accountModuleID, Code: AbortCode(category, reason)}
}

// RotationProofChallengeMessage returns the bytes both key-rotation proofs
// sign: BCS(TypeInfo{0x1, "account", "RotationProofChallenge"}) followed by
// BCS(RotationProofChallenge{sequence_number, originator, current_auth_key,
// new_public_key}), Move's SignedMessage<T> scheme (no APTOS:: salt).
func RotationProofChallengeMessage(seq uint64, originator, currentAuthKey ledgerapi.Address, newPublicKey []byte) []byte {
	e := bcs.NewEncoder(128 + len(newPublicKey))
	typeInfoBCS(e, tag1("account", "RotationProofChallenge"))
	e.U64(seq)
	e.Fixed(originator[:])
	e.Fixed(currentAuthKey[:])
	e.WriteBytes(newPublicKey)
	return e.Bytes()
}

// schemeAuthKey derives the auth key of a public key for the rotation
// schemes 0 (Ed25519) and 1 (MultiEd25519), checking its size as the
// framework's unvalidated constructors do.
func schemeAuthKey(scheme uint8, pk []byte) (ledgerapi.Address, error) {
	switch scheme {
	case 0:
		if len(pk) != 32 {
			return ledgerapi.Address{}, &Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "ed25519"}, Code: AbortCode(CategoryInvalidArgument, 1)}
		}
		return crypto.AuthKey(crypto.SchemeEd25519, pk), nil
	case 1:
		if len(pk) < 33 || (len(pk)-1)%32 != 0 {
			return ledgerapi.Address{}, &Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "multi_ed25519"}, Code: AbortCode(CategoryInvalidArgument, 1)}
		}
		return crypto.AuthKey(crypto.SchemeMultiEd25519, pk), nil
	}
	return ledgerapi.Address{}, accountAbort(CategoryInvalidArgument, eInvalidScheme)
}

// verifyProof checks a rotation proof and returns the signing key's auth key.
func verifyProof(scheme uint8, pk, sig, msg []byte) (ledgerapi.Address, error) {
	key, err := schemeAuthKey(scheme, pk)
	if err != nil {
		return key, err
	}
	if scheme == 0 {
		if len(sig) != 64 {
			return key, &Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "ed25519"}, Code: AbortCode(CategoryInvalidArgument, 2)}
		}
		err = crypto.VerifyEd25519(pk, msg, sig)
	} else {
		err = crypto.VerifyMultiEd25519(pk, msg, sig)
	}
	if err != nil {
		return key, accountAbort(CategoryInvalidArgument, eInvalidProofOfKnowledge)
	}
	return key, nil
}

// nativeRotate is account::rotate_authentication_key.
func nativeRotate(c *Call) ([][]byte, error) {
	addr := c.Signers[0]
	fromScheme, fromPK, toScheme, toPK := c.ArgU8(0), c.ArgBytes(1), c.ArgU8(2), c.ArgBytes(3)
	capRotate, capUpdate := c.ArgBytes(4), c.ArgBytes(5)
	acc, err := c.ensureAccount(addr)
	if err != nil {
		return nil, err
	}
	fromKey, err := schemeAuthKey(fromScheme, fromPK)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(acc.AuthKey, fromKey[:]) {
		return nil, accountAbort(CategoryUnauthenticated, eWrongCurrentPublicKey)
	}
	var current ledgerapi.Address
	copy(current[:], acc.AuthKey)
	msg := RotationProofChallengeMessage(acc.SequenceNumber, addr, current, toPK)
	if _, err := verifyProof(fromScheme, fromPK, capRotate, msg); err != nil {
		return nil, err
	}
	newKey, err := verifyProof(toScheme, toPK, capUpdate, msg)
	if err != nil {
		return nil, err
	}
	old := acc.AuthKey
	if err := c.updateOriginatingAddress(addr, acc, newKey); err != nil {
		return nil, err
	}
	bitmap := []byte{0x80, 0, 0, 0}
	if toScheme != 0 {
		bitmap = capUpdate[len(capUpdate)-4:]
	}
	c.emitKeyRotationToPublicKey(addr, bitmap, toScheme, toPK, old, newKey[:])
	return nil, nil
}

// updateOriginatingAddress is update_auth_key_and_originating_address_table:
// it moves the OriginatingAddress entry from the current key to newKey,
// emits KeyRotation and sets the account's key.
func (s *Session) updateOriginatingAddress(addr ledgerapi.Address, acc *accountRes, newKey ledgerapi.Address) error {
	if bytes.Equal(acc.AuthKey, newKey[:]) {
		return accountAbort(CategoryInvalidArgument, eNewAuthKeySameAsCurrent)
	}
	if v, ok, err := s.TableItem(originatingTable, acc.AuthKey); err != nil {
		return err
	} else if ok {
		if !bytes.Equal(v, addr[:]) {
			return accountAbort(CategoryNotFound, eInvalidOriginatingAddr)
		}
		if err := s.DeleteTableItem(originatingTable, acc.AuthKey); err != nil {
			return err
		}
	}
	if _, ok, err := s.TableItem(originatingTable, newKey[:]); err != nil {
		return err
	} else if ok {
		return accountAbort(CategoryInvalidArgument, eNewAuthKeyAlreadyMapped)
	}
	if err := s.SetTableItem(originatingTable, AddressValue(newKey), AddressValue(addr)); err != nil {
		return err
	}
	e := bcs.NewEncoder(100)
	e.Fixed(addr[:])
	e.WriteBytes(acc.AuthKey)
	e.WriteBytes(newKey[:])
	s.Emit(keyRotationType, e.Bytes())
	acc.AuthKey = AddressValue(newKey)
	return s.putAccount(addr, acc)
}

func (s *Session) emitKeyRotationToPublicKey(addr ledgerapi.Address, bitmap []byte, scheme uint8, pk, old, newKey []byte) {
	e := bcs.NewEncoder(160 + len(pk))
	e.Fixed(addr[:])
	e.WriteBytes(bitmap)
	e.U8(scheme)
	e.WriteBytes(pk)
	e.WriteBytes(old)
	e.WriteBytes(newKey)
	s.Emit(keyRotationToPKType, e.Bytes())
}

// nativeRotateCall is account::rotate_authentication_key_call: it sets the
// key without proofs, events or a table update.
func nativeRotateCall(c *Call) ([][]byte, error) {
	acc, err := c.ensureAccount(c.Signers[0])
	if err != nil {
		return nil, err
	}
	key := c.ArgBytes(0)
	if len(key) != 32 {
		return nil, accountAbort(CategoryInvalidArgument, eMalformedAuthKey)
	}
	acc.AuthKey = key
	return nil, c.putAccount(c.Signers[0], acc)
}

// nativeRotateFromPublicKey is account::rotate_authentication_key_from_public_key:
// the key of any scheme, unverified, no table update, one
// KeyRotationToPublicKey event with an empty bitmap.
func nativeRotateFromPublicKey(c *Call) ([][]byte, error) {
	addr, scheme, pk := c.Signers[0], c.ArgU8(0), c.ArgBytes(1)
	acc, err := c.ensureAccount(addr)
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
		var k txn.AnyPublicKey
		if bcs.Unmarshal(pk, &k) != nil {
			return nil, accountAbort(CategoryInvalidArgument, eUnrecognizedScheme)
		}
		newKey = crypto.AuthKey(crypto.SchemeSingleKey, pk)
	case 3:
		newKey = crypto.AuthKey(crypto.SchemeMultiKey, pk)
	default:
		return nil, accountAbort(CategoryInvalidArgument, eUnrecognizedScheme)
	}
	old := acc.AuthKey
	acc.AuthKey = AddressValue(newKey)
	if err := c.putAccount(addr, acc); err != nil {
		return nil, err
	}
	c.emitKeyRotationToPublicKey(addr, []byte{0, 0, 0, 0}, scheme, pk, old, newKey[:])
	return nil, nil
}

// viewAccountField answers account views from the Account resource or the
// stateless defaults.
func viewAccountField(get func(*accountRes) []byte) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		addr := c.ArgAddress(0)
		acc, ok, err := c.account(addr)
		if err != nil {
			return nil, err
		}
		if !ok {
			acc = newAccountRes(addr)
		}
		return [][]byte{get(acc)}, nil
	}
}

func viewGUIDNext(c *Call) ([][]byte, error) {
	acc, ok, err := c.account(c.ArgAddress(0))
	if err != nil || !ok {
		return [][]byte{U64Value(0)}, err
	}
	return [][]byte{U64Value(acc.GUIDCreationNum)}, nil
}

func viewOriginatingAddress(c *Call) ([][]byte, error) {
	v, ok, err := c.TableItem(originatingTable, c.Args[0])
	if err != nil || !ok {
		return [][]byte{OptionValue(nil)}, err
	}
	return [][]byte{OptionValue(v)}, nil
}

// TableHandle returns the deterministic handle of a table created at
// genesis by owner under name: the first 32 bytes of
// sha3-256("ledgernode::table" ‖ owner ‖ name). Host modules use it for
// their tables.
func TableHandle(owner ledgerapi.Address, name string) ledgerapi.Address {
	return ledgerapi.Address(crypto.SHA3_256([]byte("ledgernode::table"), owner[:], []byte(name)))
}
