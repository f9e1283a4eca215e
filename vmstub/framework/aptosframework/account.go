package aptosframework

// 0x1::account: the declaration of the module (every struct, enum and
// public, entry and view function as on Aptos); stateless accounts (an
// address without an Account resource is an account with the defaults,
// created when first written), the sequence number, v1 event handles,
// resource accounts and their signer capability, and the views. Key
// rotation and the OriginatingAddress table are in account_rotation.go,
// capability offers in account_capability.go, keyless backup keys in
// account_keyless.go.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::account.
const (
	eAccountAlreadyExists      = 1
	eMalformedAuthKey          = 4
	eCannotReservedAddress     = 5
	eWrongCurrentPublicKey     = 7
	eInvalidProofOfKnowledge   = 8
	eInvalidScheme             = 12
	eInvalidOriginatingAddr    = 13
	eResourceAccountExists     = 15
	eAccountAlreadyUsed        = 16
	eExceededMaxGUIDCreationNo = 20
	eNewAuthKeyAlreadyMapped   = 21
	eNewAuthKeySameAsCurrent   = 22
	eUnrecognizedScheme        = 24
)

// AccountTag is the type of 0x1::account::Account.
var AccountTag = tag1("account", "Account")

var signerCapabilityTag = tag1("account", "SignerCapability")

// Account declares 0x1::account.
func Account() native.Module {
	const tTypeInfo = "0x1::type_info::TypeInfo"
	handle := func(ev string) string { return "0x1::event::EventHandle<0x1::account::" + ev + ">" }
	dropStore := []string{native.AbilityDrop, native.AbilityStore}
	plain := func(name string, abilities []string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: abilities, Fields: fields}
	}
	event := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: dropStore, Fields: fields, IsEvent: true}
	}
	view := func(name, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, IsView: true, Params: []string{"address"}, Return: []string{ret}, Impl: impl}
	}
	const signerCap = "0x1::account::SignerCapability"
	offerParams := []string{"&signer", "vector<u8>", "u8", "vector<u8>", "address"}
	return native.Module{Address: addr, Name: "account",
		Structs: []native.Struct{
			plain("Account", []string{native.AbilityKey, native.AbilityStore}, "authentication_key: vector<u8>", "sequence_number: u64", "guid_creation_num: u64",
				"coin_register_events: "+handle("CoinRegisterEvent"), "key_rotation_events: "+handle("KeyRotationEvent"),
				"rotation_capability_offer: 0x1::account::CapabilityOffer<0x1::account::RotationCapability>",
				"signer_capability_offer: 0x1::account::CapabilityOffer<0x1::account::SignerCapability>"),
			{Name: "CapabilityOffer", Abilities: []string{native.AbilityStore}, TypeParams: []native.TypeParam{{Phantom: true}},
				Fields: []string{"for: 0x1::option::Option<address>"}},
			plain("RotationCapability", dropStore, "account: address"),
			plain("SignerCapability", dropStore, "account: address"),
			plain("CoinRegisterEvent", dropStore, "type_info: "+tTypeInfo),
			event("CoinRegister", "account: address", "type_info: "+tTypeInfo),
			plain("KeyRotationEvent", dropStore, "old_authentication_key: vector<u8>", "new_authentication_key: vector<u8>"),
			event("KeyRotation", "account: address", "old_authentication_key: vector<u8>", "new_authentication_key: vector<u8>"),
			event("KeyRotationToPublicKey", "account: address", "verified_public_key_bit_map: vector<u8>",
				"public_key_scheme: u8", "public_key: vector<u8>", "old_auth_key: vector<u8>", "new_auth_key: vector<u8>"),
			plain("OriginatingAddress", []string{native.AbilityKey}, "address_map: 0x1::table::Table<address, address>"),
			plain("RotationProofChallenge", []string{native.AbilityCopy, native.AbilityDrop}, "sequence_number: u64", "originator: address",
				"current_auth_key: address", "new_public_key: vector<u8>"),
			{Name: "AccountPermission", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
				Variants: []native.Variant{{Name: "KeyRotation"}, {Name: "Offering"}}},
			plain("RotationCapabilityOfferProofChallenge", []string{native.AbilityDrop}, "sequence_number: u64", "recipient_address: address"),
			plain("SignerCapabilityOfferProofChallenge", []string{native.AbilityDrop}, "sequence_number: u64", "recipient_address: address"),
			plain(rotationOfferChallengeV2, []string{native.AbilityDrop}, "chain_id: u8", "sequence_number: u64",
				"source_address: address", "recipient_address: address"),
			plain(signerOfferChallengeV2, []string{native.AbilityCopy, native.AbilityDrop}, "sequence_number: u64",
				"source_address: address", "recipient_address: address"),
		},
		Functions: []native.Function{
			{Name: "grant_key_rotation_permission", Params: []string{"&signer", "&signer"}, Impl: signerDisabled},
			{Name: "grant_key_offering_permission", Params: []string{"&signer", "&signer"}, Impl: signerDisabled},
			{Name: "create_account_if_does_not_exist", Params: []string{"address"}, Impl: createAccountIfDoesNotExist},
			{Name: "upsert_ed25519_backup_key_on_keyless_account", Visibility: native.Private, IsEntry: true,
				Params: []string{"&signer", "vector<u8>", "vector<u8>", "vector<u8>"}, Impl: upsertBackupKey},
			{Name: "rotate_authentication_key", IsEntry: true, Params: []string{"&signer", "u8", "vector<u8>", "u8", "vector<u8>", "vector<u8>", "vector<u8>"}, Impl: rotate},
			{Name: "rotate_authentication_key_call", Visibility: native.Private, IsEntry: true, Params: []string{"&signer", "vector<u8>"}, Impl: rotateCall},
			{Name: "rotate_authentication_key_from_public_key", Visibility: native.Private, IsEntry: true, Params: []string{"&signer", "u8", "vector<u8>"}, Impl: rotateFromPublicKey},
			{Name: "rotate_authentication_key_with_rotation_capability", IsEntry: true,
				Params: []string{"&signer", "address", "u8", "vector<u8>", "vector<u8>"}, Impl: rotateWithCapability},
			{Name: "offer_rotation_capability", IsEntry: true, Params: offerParams, Impl: offerCapability(true)},
			{Name: "set_originating_address", Visibility: native.Private, IsEntry: true, Params: []string{"&signer"}, Impl: setOriginatingAddress},
			view("is_rotation_capability_offered", "bool", isOffered(true)),
			view("get_rotation_capability_offer_for", "address", offerFor(true)),
			{Name: "revoke_rotation_capability", IsEntry: true, Params: []string{"&signer", "address"}, Impl: revokeOffer(true)},
			{Name: "revoke_any_rotation_capability", IsEntry: true, Params: []string{"&signer"}, Impl: revokeOffer(true)},
			{Name: "offer_signer_capability", IsEntry: true, Params: offerParams, Impl: offerCapability(false)},
			view("is_signer_capability_offered", "bool", isOffered(false)),
			view("get_signer_capability_offer_for", "address", offerFor(false)),
			{Name: "revoke_signer_capability", IsEntry: true, Params: []string{"&signer", "address"}, Impl: revokeOffer(false)},
			{Name: "revoke_any_signer_capability", IsEntry: true, Params: []string{"&signer"}, Impl: revokeOffer(false)},
			{Name: "create_authorized_signer", Params: []string{"&signer", "address"}, Return: []string{"signer"}, Impl: createAuthorizedSigner},
			{Name: "create_guid", Params: []string{"&signer"}, Return: []string{"0x1::guid::GUID"}, Impl: accountCreateGUID},
			{Name: "verify_signed_message", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityDrop}}},
				Params: []string{"address", "u8", "vector<u8>", "vector<u8>", "T0"}, Impl: verifySignedMessageFn},
			view("exists_at", "bool", func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
				return []movevm.Value{movevm.Bool(true)}, nil
			}),
			view("get_sequence_number", "u64", viewSequenceNumber),
			view("get_authentication_key", "vector<u8>", viewAuthKey),
			view("get_guid_next_creation_num", "u64", viewGUIDNext),
			view("originating_address", "0x1::option::Option<address>", viewOriginatingAddress),
			{Name: "create_resource_address", Params: []string{"&address", "vector<u8>"}, Return: []string{"address"}, Impl: createResourceAddress},
			{Name: "create_resource_account", Params: []string{"&signer", "vector<u8>"}, Return: []string{"signer", signerCap}, Impl: createResourceAccount},
			{Name: "create_signer_with_capability", Params: []string{"&" + signerCap}, Return: []string{"signer"}, Impl: signerOfRef},
			{Name: "get_signer_capability_address", Params: []string{"&" + signerCap}, Return: []string{"address"}, Impl: addressOfRef},
			{Name: "new_event_handle", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityStore, native.AbilityDrop}}},
				Params: []string{"&signer"}, Return: []string{"0x1::event::EventHandle<T0>"}, Impl: newEventHandle},
		},
		Errors: accountErrors,
	}
}

// accountAbort is an abort of account.
func accountAbort(category, reason uint64) error { return abortIn("account", category, reason) }

// AccountResource reads addr's Account resource; false when the account is
// stateless (it has none).
func AccountResource(h native.Host, a ledgerapi.Address) (*onchain.Account, bool, error) {
	var acc onchain.Account
	ok, err := readResource(h, a, AccountTag, &acc)
	if !ok || err != nil {
		return nil, false, err
	}
	return &acc, true, nil
}

// ensureAccount returns a's Account resource, creating it as
// create_account_unchecked does when the account is stateless.
func ensureAccount(h native.Host, a ledgerapi.Address) (*onchain.Account, error) {
	acc, ok, err := AccountResource(h, a)
	if err != nil || ok {
		return acc, err
	}
	acc = onchain.NewAccount(a)
	return acc, putResource(h, a, AccountTag, acc)
}

// IncrementSequenceNumber is account::increment_sequence_number, which the
// epilogue calls: the account's Account resource is created if it is
// stateless.
func IncrementSequenceNumber(h native.Host, a ledgerapi.Address) error {
	acc, err := ensureAccount(h, a)
	if err != nil {
		return err
	}
	acc.SequenceNumber++
	return putResource(h, a, AccountTag, acc)
}

// NewEventHandle is account::new_event_handle: a v1 event handle owned by
// account a, taking the account's next GUID (and creating its Account
// resource if needed); EEXCEEDED_MAX_GUID_CREATION_NUM once the account's
// GUIDs reach those of objects.
func NewEventHandle(h native.Host, a ledgerapi.Address) (onchain.EventHandle, error) {
	acc, err := ensureAccount(h, a)
	if err != nil {
		return onchain.EventHandle{}, err
	}
	if acc.GUIDCreationNum >= objectInitGUID-1 {
		return onchain.EventHandle{}, accountAbort(native.OutOfRange, eExceededMaxGUIDCreationNo)
	}
	eh := onchain.EventHandle{CreationNum: acc.GUIDCreationNum, Addr: a}
	acc.GUIDCreationNum++
	return eh, putResource(h, a, AccountTag, acc)
}

// newEventHandle is account::new_event_handle<T>(account).
func newEventHandle(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	eh, err := NewEventHandle(hostOf(c), signerAddress(args[0]))
	if err != nil {
		return nil, err
	}
	tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	t, err := typeOf(c, ledgerapi.StructTag{Address: addr, Module: "event", Name: "EventHandle", TypeArgs: []ledgerapi.TypeTag{tag}})
	if err != nil {
		return nil, err
	}
	b := encode(&eh)
	v, err := c.Deserialize(t, b)
	return []movevm.Value{v}, err
}

// accountOrDefault is a's Account resource or, for a stateless account,
// the one create_account_unchecked would write.
func accountOrDefault(h native.Host, a ledgerapi.Address) (*onchain.Account, error) {
	acc, ok, err := AccountResource(h, a)
	if err != nil || ok {
		return acc, err
	}
	return onchain.NewAccount(a), nil
}

func viewSequenceNumber(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	acc, err := accountOrDefault(hostOf(c), args[0].AsAddress())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(acc.SequenceNumber)}, nil
}

func viewAuthKey(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	acc, err := accountOrDefault(hostOf(c), args[0].AsAddress())
	if err != nil {
		return nil, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(acc.AuthKey), len(acc.AuthKey)); err != nil {
		return nil, err
	}
	v, err := c.Bytes(acc.AuthKey)
	return []movevm.Value{v}, err
}

// viewGUIDNext is get_guid_next_creation_num: 0 for a stateless account.
func viewGUIDNext(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	acc, ok, err := AccountResource(hostOf(c), args[0].AsAddress())
	if err != nil || !ok {
		return []movevm.Value{movevm.U64(0)}, err
	}
	return []movevm.Value{movevm.U64(acc.GUIDCreationNum)}, nil
}

// createResourceAddress is create_resource_address(&source, seed).
func createResourceAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	seed := args[1].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(seed)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(crypto.ResourceAccountAddress(derefAddress(args[0]), seed))}, nil
}

// createResourceAccount is create_resource_account(source, seed): it
// returns the resource account's signer and SignerCapability.
func createResourceAccount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	seed := args[1].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(seed)); err != nil {
		return nil, err
	}
	a, err := newResourceAccount(hostOf(c), signerAddress(args[0]), seed)
	if err != nil {
		return nil, err
	}
	capV, err := signerCapValue(c, a)
	return []movevm.Value{movevm.Signer(a), capV}, err
}

// newResourceAccount is create_resource_account's state change: the
// account at the resource address of source and seed (created, or an
// existing one that offers its signer capability to no one, else
// ERESOURCE_ACCCOUNT_EXISTS, and never sent a transaction, else
// EACCOUNT_ALREADY_USED), its authentication key rotated to zero and its
// signer capability offered to itself.
func newResourceAccount(h native.Host, source ledgerapi.Address, seed []byte) (ledgerapi.Address, error) {
	a := crypto.ResourceAccountAddress(source, seed)
	acc, exists, err := AccountResource(h, a)
	if err != nil {
		return a, err
	}
	if exists && acc.SignerOffer != nil {
		return a, accountAbort(native.AlreadyExists, eResourceAccountExists)
	}
	if exists && acc.SequenceNumber != 0 {
		return a, accountAbort(native.InvalidState, eAccountAlreadyUsed)
	}
	if acc, err = rotateAuthKeyInternal(h, a, zeroAuthKey); err != nil {
		return a, err
	}
	acc.SignerOffer = &a
	return a, putResource(h, a, AccountTag, acc)
}

// GenesisFrameworkAccount writes, as genesis creates them, the Account of
// 0x1 (guidCreationNum its next GUID) and the OriginatingAddress resource
// holding the table's handle.
func GenesisFrameworkAccount(h native.Host, guidCreationNum uint64) error {
	acc := onchain.NewAccount(addr)
	acc.GUIDCreationNum = guidCreationNum
	if err := putResource(h, addr, AccountTag, acc); err != nil {
		return err
	}
	return h.SetResource(addr, tag1("account", "OriginatingAddress"), append([]byte(nil), OriginatingAddressTable[:]...))
}

// accountErrors are 0x1::account's abort reasons in reason order, as its
// error map names them (reasons 19 and 20 have no doc comment on Aptos).
var accountErrors = []native.AbortReason{
	{Reason: eAccountAlreadyExists, Name: "EACCOUNT_ALREADY_EXISTS", Description: "Account already exists"},
	{Reason: eAccountDoesNotExist, Name: "EACCOUNT_DOES_NOT_EXIST", Description: "Account does not exist"},
	{Reason: 3, Name: "ESEQUENCE_NUMBER_TOO_BIG", Description: "Sequence number exceeds the maximum value for a u64"},
	{Reason: eMalformedAuthKey, Name: "EMALFORMED_AUTHENTICATION_KEY", Description: "The provided authentication key has an invalid length"},
	{Reason: eCannotReservedAddress, Name: "ECANNOT_RESERVED_ADDRESS", Description: "Cannot create account because address is reserved"},
	{Reason: 6, Name: "EOUT_OF_GAS", Description: "Transaction exceeded its allocated max gas"},
	{Reason: eWrongCurrentPublicKey, Name: "EWRONG_CURRENT_PUBLIC_KEY", Description: "Specified current public key is not correct"},
	{Reason: eInvalidProofOfKnowledge, Name: "EINVALID_PROOF_OF_KNOWLEDGE", Description: "Specified proof of knowledge required to prove ownership of a public key is invalid"},
	{Reason: 9, Name: "ENO_CAPABILITY", Description: "The caller does not have a digital-signature-based capability to call this function"},
	{Reason: 10, Name: "EINVALID_ACCEPT_ROTATION_CAPABILITY", Description: "The caller does not have a valid rotation capability offer from the other account"},
	{Reason: 11, Name: "ENO_VALID_FRAMEWORK_RESERVED_ADDRESS", Description: "Address to create is not a valid reserved address for Aptos framework"},
	{Reason: eInvalidScheme, Name: "EINVALID_SCHEME", Description: "Specified scheme required to proceed with the smart contract operation - can only be ED25519_SCHEME(0) OR MULTI_ED25519_SCHEME(1)"},
	{Reason: eInvalidOriginatingAddr, Name: "EINVALID_ORIGINATING_ADDRESS", Description: "Abort the transaction if the expected originating address is different from the originating address on-chain"},
	{Reason: eNoSuchSignerCapability, Name: "ENO_SUCH_SIGNER_CAPABILITY", Description: "The signer capability offer doesn't exist at the given address"},
	{Reason: eResourceAccountExists, Name: "ERESOURCE_ACCCOUNT_EXISTS", Description: "An attempt to create a resource account on a claimed account"},
	{Reason: eAccountAlreadyUsed, Name: "EACCOUNT_ALREADY_USED", Description: "An attempt to create a resource account on an account that has a committed transaction"},
	{Reason: eOffererAddressDoesNotExist, Name: "EOFFERER_ADDRESS_DOES_NOT_EXIST", Description: "Offerer address doesn't exist"},
	{Reason: eNoSuchRotationCapabilityOffer, Name: "ENO_SUCH_ROTATION_CAPABILITY_OFFER", Description: "The specified rotation capability offer does not exist at the specified offerer address"},
	{Reason: eNoSignerCapabilityOffered, Name: "ENO_SIGNER_CAPABILITY_OFFERED"},
	{Reason: eExceededMaxGUIDCreationNo, Name: "EEXCEEDED_MAX_GUID_CREATION_NUM", Description: "This account has exceeded the allocated GUIDs it can create. It should be impossible to reach this number for real applications."},
	{Reason: eNewAuthKeyAlreadyMapped, Name: "ENEW_AUTH_KEY_ALREADY_MAPPED", Description: "The new authentication key already has an entry in the `OriginatingAddress` table"},
	{Reason: eNewAuthKeySameAsCurrent, Name: "ENEW_AUTH_KEY_SAME_AS_CURRENT", Description: "The current authentication key and the new authentication key are the same"},
	{Reason: 23, Name: "ENO_ACCOUNT_PERMISSION", Description: "Current permissioned signer cannot perform the privilaged operations."},
	{Reason: eUnrecognizedScheme, Name: "EUNRECOGNIZED_SCHEME", Description: "Specified scheme is not recognized. Should be ED25519_SCHEME(0), MULTI_ED25519_SCHEME(1), SINGLE_KEY_SCHEME(2), or MULTI_KEY_SCHEME(3)."},
	{Reason: eNotAKeylessPublicKey, Name: "ENOT_A_KEYLESS_PUBLIC_KEY", Description: "The provided public key is not a single Keyless public key"},
	{Reason: eNotTheOriginalPublicKey, Name: "ENOT_THE_ORIGINAL_PUBLIC_KEY", Description: "The provided public key is not the original public key for the account"},
}
