package aptosframework

// 0x1::account's capability offers: an account offers its rotation
// capability or its signer capability to one other address, proving with
// a signature of its current key over a RotationCapabilityOfferProofChallengeV2
// or SignerCapabilityOfferProofChallengeV2 (verify_signed_message), the
// views of the offers, their revocation, create_authorized_signer for the
// recipient of a signer capability; and create_guid,
// create_account_if_does_not_exist. The permission grants
// (grant_key_rotation_permission, grant_key_offering_permission) abort as
// object's grant_permission does (object_permission.go): permissioned
// signers are disabled, as on Aptos.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::account beyond key rotation.
const (
	eAccountDoesNotExist           = 2
	eNoSuchSignerCapability        = 14
	eOffererAddressDoesNotExist    = 17
	eNoSuchRotationCapabilityOffer = 18
	eNoSignerCapabilityOffered     = 19
	eNotAKeylessPublicKey          = 25
	eNotTheOriginalPublicKey       = 26
)

// eOptionNotSet is option's EOPTION_NOT_SET (a raw code), the abort of
// revoking an offer that does not exist.
const eOptionNotSet = 0x40001

// The offer challenges' struct names.
const (
	rotationOfferChallengeV2 = "RotationCapabilityOfferProofChallengeV2"
	signerOfferChallengeV2   = "SignerCapabilityOfferProofChallengeV2"
)

// OfferChallengeMessage returns the bytes an offer of a capability signs:
// the BCS of SignedMessage<T> for T RotationCapabilityOfferProofChallengeV2
// { chain_id, sequence_number, source_address, recipient_address } (rotate
// true) or SignerCapabilityOfferProofChallengeV2 { sequence_number,
// source_address, recipient_address }.
func OfferChallengeMessage(rotate bool, chainID uint8, seq uint64, source, recipient ledgerapi.Address) []byte {
	e := bcs.NewEncoder(128)
	if rotate {
		onchain.TypeInfo{Tag: tag1("account", rotationOfferChallengeV2)}.MarshalBCS(e)
		e.U8(chainID)
	} else {
		onchain.TypeInfo{Tag: tag1("account", signerOfferChallengeV2)}.MarshalBCS(e)
	}
	e.U64(seq)
	e.Fixed(source[:])
	e.Fixed(recipient[:])
	return e.Bytes()
}

// verifySignedMessage is account::verify_signed_message's check: the
// public key of scheme (Ed25519 0, MultiEd25519 1) must be a's
// authentication key (EWRONG_CURRENT_PUBLIC_KEY; a stateless account's is
// its address), then sig its signature of msg, the BCS of the message's
// TypeInfo and of the message (EINVALID_PROOF_OF_KNOWLEDGE).
func verifySignedMessage(c *native.Context, a ledgerapi.Address, scheme uint8, pk, sig, msg []byte) error {
	acc, err := accountOrDefault(hostOf(c), a)
	if err != nil {
		return err
	}
	key, err := schemeAuthKey(scheme, pk)
	if err != nil {
		return err
	}
	if string(acc.AuthKey) != string(key[:]) {
		return accountAbort(native.InvalidArgument, eWrongCurrentPublicKey)
	}
	ok, err := verifySig(c, scheme, pk, sig, msg)
	if err == nil && !ok {
		err = accountAbort(native.InvalidArgument, eInvalidProofOfKnowledge)
	}
	return err
}

// verifySignedMessageFn is verify_signed_message<T>(account,
// account_scheme, account_public_key, signed_message_bytes, message).
func verifySignedMessageFn(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	msg, err := aptosstdlib.SignedMessageBCS(c, targs[0], args[4])
	if err != nil {
		return nil, err
	}
	return nil, verifySignedMessage(c, args[0].AsAddress(), u8Arg(args[1]), args[2].Bytes(), args[3].Bytes(), msg)
}

// offerCapability is offer_rotation_capability (rotate) and
// offer_signer_capability(account, sig, account_scheme,
// account_public_key_bytes, recipient_address): the challenge signed by
// the account's current key, then the offer set to the recipient
// (replacing any other).
func offerCapability(rotate bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h, a := hostOf(c), signerAddress(args[0])
		sig, scheme, pk, recipient := args[1].Bytes(), u8Arg(args[2]), args[3].Bytes(), args[4].AsAddress()
		acc, err := ensureAccount(h, a)
		if err != nil {
			return nil, err
		}
		msg := OfferChallengeMessage(rotate, h.ChainID(), acc.SequenceNumber, a, recipient)
		if err := verifySignedMessage(c, a, scheme, pk, sig, msg); err != nil {
			return nil, err
		}
		if rotate {
			acc.RotationOffer = &recipient
		} else {
			acc.SignerOffer = &recipient
		}
		return nil, putResource(h, a, AccountTag, acc)
	}
}

// offerOf is the rotation (rotate) or signer capability offer of acc.
func offerOf(acc *onchain.Account, rotate bool) **ledgerapi.Address {
	if rotate {
		return &acc.RotationOffer
	}
	return &acc.SignerOffer
}

// isOffered is is_rotation_capability_offered (rotate) and
// is_signer_capability_offered(account_addr): false for a stateless
// account.
func isOffered(rotate bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		acc, ok, err := AccountResource(hostOf(c), args[0].AsAddress())
		if err != nil || !ok {
			return []movevm.Value{movevm.Bool(false)}, err
		}
		return []movevm.Value{movevm.Bool(*offerOf(acc, rotate) != nil)}, nil
	}
}

// offeredAccount reads a's Account for an offer's function: missing, it
// aborts with not_found(reason).
func offeredAccount(h native.Host, a ledgerapi.Address, reason uint64) (*onchain.Account, error) {
	acc, ok, err := AccountResource(h, a)
	if err == nil && !ok {
		err = accountAbort(native.NotFound, reason)
	}
	return acc, err
}

// offerFor is get_rotation_capability_offer_for (rotate; a stateless
// account aborts ENO_SUCH_ROTATION_CAPABILITY_OFFER) and
// get_signer_capability_offer_for(account_addr); no offer aborts
// ENO_SIGNER_CAPABILITY_OFFERED for both, as on Aptos.
func offerFor(rotate bool) native.Func {
	missing := uint64(eNoSignerCapabilityOffered)
	if rotate {
		missing = eNoSuchRotationCapabilityOffer
	}
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		acc, err := offeredAccount(hostOf(c), args[0].AsAddress(), missing)
		if err != nil {
			return nil, err
		}
		to := *offerOf(acc, rotate)
		if to == nil {
			return nil, c.Abort(native.Code(native.NotFound, eNoSignerCapabilityOffered))
		}
		return []movevm.Value{movevm.Address(*to)}, nil
	}
}

// revokeReason is the not_found reason of revoking an offer that does not
// exist.
func revokeReason(rotate bool) uint64 {
	if rotate {
		return eNoSuchRotationCapabilityOffer
	}
	return eNoSuchSignerCapability
}

// revokeOffer is revoke_rotation_capability (rotate) and
// revoke_signer_capability(account, to_be_revoked_address): the offer
// must be for that address; revoke_any_* (no address, args of one) takes
// any offer away, option::extract's EOPTION_NOT_SET when there is none.
func revokeOffer(rotate bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h, a := hostOf(c), signerAddress(args[0])
		acc, err := offeredAccount(h, a, revokeReason(rotate))
		if err != nil {
			return nil, err
		}
		offer := offerOf(acc, rotate)
		if len(args) == 2 && (*offer == nil || **offer != args[1].AsAddress()) {
			return nil, c.Abort(native.Code(native.NotFound, revokeReason(rotate)))
		}
		if *offer == nil {
			return nil, &movevm.Abort{Module: module1("option"), Code: eOptionNotSet}
		}
		*offer = nil
		return nil, putResource(h, a, AccountTag, acc)
	}
}

// createAuthorizedSigner is create_authorized_signer(account,
// offerer_address): the offerer's signer when its signer capability is
// offered to the account (ENO_SUCH_SIGNER_CAPABILITY otherwise).
func createAuthorizedSigner(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	offerer := args[1].AsAddress()
	acc, err := offeredAccount(hostOf(c), offerer, eNoSuchSignerCapability)
	if err != nil {
		return nil, err
	}
	if acc.SignerOffer == nil || *acc.SignerOffer != signerAddress(args[0]) {
		return nil, c.Abort(native.Code(native.NotFound, eNoSuchSignerCapability))
	}
	return []movevm.Value{movevm.Signer(offerer)}, nil
}

// accountCreateGUID is account::create_guid(account_signer): the
// account's next GUID (EEXCEEDED_MAX_GUID_CREATION_NUM once GUIDs reach
// objects').
func accountCreateGUID(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	eh, err := NewEventHandle(hostOf(c), signerAddress(args[0]))
	if err != nil {
		return nil, err
	}
	g, err := guidValue(c, eh.CreationNum, eh.Addr)
	return []movevm.Value{g}, err
}

// createAccountIfDoesNotExist is create_account_if_does_not_exist(addr):
// an Account resource for an address without one, unless it is reserved
// (ECANNOT_RESERVED_ADDRESS for 0x0, 0x1 and 0x3).
func createAccountIfDoesNotExist(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := args[0].AsAddress()
	h := hostOf(c)
	if _, ok, err := AccountResource(h, a); err != nil || ok {
		return nil, err
	}
	if a == ledgerapi.AddressZero || a == ledgerapi.AddressOne || a == ledgerapi.AddressThree {
		return nil, c.Abort(native.Code(native.InvalidArgument, eCannotReservedAddress))
	}
	_, err := ensureAccount(h, a)
	return nil, err
}
