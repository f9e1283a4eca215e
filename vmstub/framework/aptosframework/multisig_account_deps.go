package aptosframework

// 0x1::multisig_account: the few operations of 0x1::account the module
// needs, over the BCS of the Account resource, and the handle of a new
// table from the table module. Temporary: the account operations are to be
// replaced by the account module's own functions once it is ported to the
// framework tree.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::account used here.
const (
	msEAccountDoesNotExist   = 2
	msEAccountWrongPublicKey = 7
	msEAccountInvalidProof   = 8
	msEAccountInvalidScheme  = 12
	msEAccountAlreadyUsed    = 16
	msEAccountMaxGUID        = 20
	msAccountMaxGUIDCreation = 0x4000000000000 // object::INIT_GUID_CREATION_NUM
)

// The key schemes account::verify_signed_message accepts.
const (
	msSchemeEd25519      = 0
	msSchemeMultiEd25519 = 1
)

var msAccountTag = tag1("account", "Account")

// msAccountAbort is an abort located in 0x1::account.
func msAccountAbort(category, reason uint64) error { return abortIn("account", category, reason) }

// msReadAccount reads addr's Account resource (nil when there is none).
// Until account.go lands.
func msReadAccount(h native.Host, a ledgerapi.Address) (*onchain.Account, error) {
	var acc onchain.Account
	if ok, err := readResource(h, a, msAccountTag, &acc); err != nil || !ok {
		return nil, err
	}
	return &acc, nil
}

// msWriteAccount writes addr's Account resource. Until account.go lands.
func msWriteAccount(h native.Host, a ledgerapi.Address, acc *onchain.Account) error {
	return putResource(h, a, msAccountTag, acc)
}

// msAccountSequence is account::get_sequence_number (0 for an address
// without an Account resource). Until account.go lands.
func msAccountSequence(h native.Host, a ledgerapi.Address) (uint64, error) {
	acc, err := msReadAccount(h, a)
	if err != nil || acc == nil {
		return 0, err
	}
	return acc.SequenceNumber, nil
}

// msCreateResourceAccount is account::create_resource_account(source,
// seed): the account at the resource address (new, or one that never
// sent a transaction), its authentication key zero and its signer
// capability offered to itself; it returns the address, the
// SignerCapability's. Until account.go lands.
func msCreateResourceAccount(h native.Host, source ledgerapi.Address, seed []byte) (ledgerapi.Address, error) {
	a := crypto.ResourceAccountAddress(source, seed)
	acc, err := msReadAccount(h, a)
	if err != nil {
		return a, err
	}
	if acc != nil && acc.SequenceNumber != 0 {
		return a, msAccountAbort(native.InvalidState, msEAccountAlreadyUsed)
	}
	if acc == nil {
		acc = onchain.NewAccount(a)
	}
	acc.AuthKey = make([]byte, 32)
	acc.SignerOffer = &a
	return a, msWriteAccount(h, a, acc)
}

// msNewEventHandles is n calls of account::new_event_handle for the
// account at a: consecutive GUIDs from its guid_creation_num (its Account
// resource made if it has none). Until account.go lands.
func msNewEventHandles(h native.Host, a ledgerapi.Address, n int) ([]onchain.EventHandle, error) {
	acc, err := msReadAccount(h, a)
	if err != nil {
		return nil, err
	}
	if acc == nil {
		acc = onchain.NewAccount(a)
	}
	out := make([]onchain.EventHandle, n)
	for i := range out {
		if acc.GUIDCreationNum >= msAccountMaxGUIDCreation-1 {
			return nil, msAccountAbort(native.OutOfRange, msEAccountMaxGUID)
		}
		out[i] = onchain.EventHandle{CreationNum: acc.GUIDCreationNum, Addr: a}
		acc.GUIDCreationNum++
	}
	return out, msWriteAccount(h, a, acc)
}

// msVerifySignedMessage is account::verify_signed_message: the public key
// of scheme (Ed25519 0, MultiEd25519 1) must be the account's
// authentication key, and sig its signature of msg (the BCS of the
// message's TypeInfo and of the message). A stateless account's key is its
// address. Until account.go lands.
func msVerifySignedMessage(h native.Host, a ledgerapi.Address, scheme uint8, pk, sig, msg []byte) error {
	acc, err := msReadAccount(h, a)
	if err != nil {
		return err
	}
	if acc == nil {
		acc = onchain.NewAccount(a) // stateless: the address is the key
	}
	var key ledgerapi.Address
	var verify func(pub, msg, sig []byte) error
	switch scheme {
	case msSchemeEd25519:
		key, verify = crypto.AuthKey(crypto.SchemeEd25519, pk), crypto.VerifyEd25519
	case msSchemeMultiEd25519:
		key, verify = crypto.AuthKey(crypto.SchemeMultiEd25519, pk), crypto.VerifyMultiEd25519
	default:
		return msAccountAbort(native.InvalidArgument, msEAccountInvalidScheme)
	}
	if string(acc.AuthKey) != string(key[:]) {
		return msAccountAbort(native.InvalidArgument, msEAccountWrongPublicKey)
	}
	if verify(pk, msg, sig) != nil {
		return msAccountAbort(native.InvalidArgument, msEAccountInvalidProof)
	}
	return nil
}

// msRevokeAuthKey rotates the account's authentication key to zero
// (rotate_authentication_key_internal) and revokes any signer or rotation
// capability offer. Until account.go lands.
func msRevokeAuthKey(h native.Host, a ledgerapi.Address) error {
	acc, err := msReadAccount(h, a)
	if err != nil {
		return err
	}
	if acc == nil {
		return msAccountAbort(native.NotFound, msEAccountDoesNotExist)
	}
	acc.AuthKey = make([]byte, 32)
	acc.SignerOffer, acc.RotationOffer = nil, nil
	return msWriteAccount(h, a, acc)
}

// msNewTableHandle is table::new's handle, from the table module's
// counter of the transaction's tables.
func msNewTableHandle(h native.Host) ledgerapi.Address {
	return aptosstdlib.NewTableHandle(h.States(), h.Txn().Hash)
}
