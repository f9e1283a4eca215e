package aptosframework

// 0x1::multisig_account: the few operations of 0x1::account (and the
// table handle of 0x1::table) the module needs, over the BCS of the
// Account resource. Temporary: each is to be replaced by the account and
// table modules' own functions once they are ported to the framework tree.

import (
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::account used here.
const (
	eAccountDoesNotExist   = 2
	eAccountWrongPublicKey = 7
	eAccountInvalidProof   = 8
	eAccountInvalidScheme  = 12
	eAccountAlreadyUsed    = 16
	eAccountMaxGUID        = 20
	accountMaxGUIDCreation = 0x4000000000000 // object::INIT_GUID_CREATION_NUM
)

// The key schemes account::verify_signed_message accepts.
const (
	schemeEd25519      = 0
	schemeMultiEd25519 = 1
)

var accountTag = tag1("account", "Account")

// accountAbort is an abort located in 0x1::account.
func accountAbort(category, reason uint64) error {
	return &movevm.Abort{Module: ledgerapi.ModuleId{Address: addr, Name: "account"}, Code: native.Code(category, reason)}
}

// readAccount reads addr's Account resource (nil when there is none).
// Until account.go lands.
func readAccount(h native.Host, a ledgerapi.Address) (*onchain.Account, error) {
	b, ok, err := h.Resource(a, accountTag)
	if err != nil || !ok {
		return nil, err
	}
	var acc onchain.Account
	if err := bcs.Unmarshal(b, &acc); err != nil {
		return nil, err
	}
	return &acc, nil
}

// writeAccount writes addr's Account resource. Until account.go lands.
func writeAccount(h native.Host, a ledgerapi.Address, acc *onchain.Account) error {
	return h.SetResource(a, accountTag, bcs.Marshal(acc))
}

// accountSequence is account::get_sequence_number (0 for an address
// without an Account resource). Until account.go lands.
func accountSequence(h native.Host, a ledgerapi.Address) (uint64, error) {
	acc, err := readAccount(h, a)
	if err != nil || acc == nil {
		return 0, err
	}
	return acc.SequenceNumber, nil
}

// createResourceAccount is account::create_resource_account(source,
// seed): the account at the resource address (new, or one that never
// sent a transaction), its authentication key zero and its signer
// capability offered to itself; it returns the address, the
// SignerCapability's. Until account.go lands.
func createResourceAccount(h native.Host, source ledgerapi.Address, seed []byte) (ledgerapi.Address, error) {
	a := crypto.ResourceAccountAddress(source, seed)
	acc, err := readAccount(h, a)
	if err != nil {
		return a, err
	}
	if acc != nil && acc.SequenceNumber != 0 {
		return a, accountAbort(native.InvalidState, eAccountAlreadyUsed)
	}
	if acc == nil {
		acc = onchain.NewAccount(a)
	}
	acc.AuthKey = make([]byte, 32)
	acc.SignerOffer = &a
	return a, writeAccount(h, a, acc)
}

// newEventHandles is n calls of account::new_event_handle for the
// account at a: consecutive GUIDs from its guid_creation_num (its Account
// resource made if it has none). Until account.go lands.
func newEventHandles(h native.Host, a ledgerapi.Address, n int) ([]onchain.EventHandle, error) {
	acc, err := readAccount(h, a)
	if err != nil {
		return nil, err
	}
	if acc == nil {
		acc = onchain.NewAccount(a)
	}
	out := make([]onchain.EventHandle, n)
	for i := range out {
		if acc.GUIDCreationNum >= accountMaxGUIDCreation-1 {
			return nil, accountAbort(native.OutOfRange, eAccountMaxGUID)
		}
		out[i] = onchain.EventHandle{CreationNum: acc.GUIDCreationNum, Addr: a}
		acc.GUIDCreationNum++
	}
	return out, writeAccount(h, a, acc)
}

// verifySignedMessage is account::verify_signed_message: the public key
// of scheme (Ed25519 0, MultiEd25519 1) must be the account's
// authentication key, and sig its signature of msg (the BCS of the
// message's TypeInfo and of the message). Until account.go lands.
func verifySignedMessage(h native.Host, a ledgerapi.Address, scheme uint8, pk, sig, msg []byte) error {
	acc, err := readAccount(h, a)
	if err != nil {
		return err
	}
	if acc == nil {
		return &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::account::Account does not exist"}
	}
	var key ledgerapi.Address
	var verify func(pub, msg, sig []byte) error
	switch scheme {
	case schemeEd25519:
		key, verify = crypto.AuthKey(crypto.SchemeEd25519, pk), crypto.VerifyEd25519
	case schemeMultiEd25519:
		key, verify = crypto.AuthKey(crypto.SchemeMultiEd25519, pk), crypto.VerifyMultiEd25519
	default:
		return accountAbort(native.InvalidArgument, eAccountInvalidScheme)
	}
	if string(acc.AuthKey) != string(key[:]) {
		return accountAbort(native.InvalidArgument, eAccountWrongPublicKey)
	}
	if verify(pk, msg, sig) != nil {
		return accountAbort(native.InvalidArgument, eAccountInvalidProof)
	}
	return nil
}

// revokeAuthKey rotates the account's authentication key to zero
// (rotate_authentication_key_internal) and revokes any signer or rotation
// capability offer. Until account.go lands.
func revokeAuthKey(h native.Host, a ledgerapi.Address) error {
	acc, err := readAccount(h, a)
	if err != nil {
		return err
	}
	if acc == nil {
		return accountAbort(native.NotFound, eAccountDoesNotExist)
	}
	acc.AuthKey = make([]byte, 32)
	acc.SignerOffer, acc.RotationOffer = nil, nil
	return writeAccount(h, a, acc)
}

// NewTableHandle returns the handle of the next table the transaction
// makes, from the same counter table::new uses. The executor sets it
// (the counter is the session's) until the table module is ported to the
// framework tree; then this is replaced by the table module's function.
var NewTableHandle func(h native.Host) ledgerapi.Address

// newTableHandle is table::new's handle. Until table.go lands.
func newTableHandle(h native.Host) (ledgerapi.Address, error) {
	if NewTableHandle == nil {
		return ledgerapi.Address{}, errors.New("aptosframework: no table handle source (NewTableHandle unset)")
	}
	return NewTableHandle(h), nil
}
