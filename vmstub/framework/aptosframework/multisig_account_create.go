package aptosframework

// 0x1::multisig_account: creating a multisig account (a new resource
// account of an owner, or an existing account that signed its consent),
// and the updates only the multisig account itself may make through a
// multisig transaction: owners, signatures required, metadata. The account
// operations creation needs (a resource account, a signed consent, the key
// revoked) work on Go values over account.go's helpers.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// msCreation are the creation and self-update functions, in Aptos's order.
func msCreation() []native.Function {
	pub, priv := native.Public, native.Private
	existing := []string{"address", msTAddrs, "u64", "u8", "vector<u8>", "vector<u8>", msTStrings, msTByteVecs}
	owners := func(c *native.Context, args []movevm.Value, add, remove []ledgerapi.Address, k *uint64) ([]movevm.Value, error) {
		return nil, msUpdateOwners(msStore(c, msArgSigner(args[0])), add, remove, k)
	}
	return []native.Function{
		msEntryFn("create_with_existing_account", pub, existing, msCreateWithExisting(false)),
		msEntryFn("create_with_existing_account_and_revoke_auth_key", pub, existing, msCreateWithExisting(true)),
		msEntryFn("create", pub, []string{"&signer", "u64", msTStrings, msTByteVecs}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			_, err := msCreateWithOwners(c, msArgSigner(args[0]), nil, args[1].AsU64(), args[2], args[3])
			return nil, err
		}),
		msEntryFn("create_with_owners", pub, []string{"&signer", msTAddrs, "u64", msTStrings, msTByteVecs}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			_, err := msCreateWithOwners(c, msArgSigner(args[0]), msArgAddrs(args[1]), args[2].AsU64(), args[3], args[4])
			return nil, err
		}),
		msEntryFn("create_with_owners_then_remove_bootstrapper", pub, []string{"&signer", msTAddrs, "u64", msTStrings, msTByteVecs}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			boot := msArgSigner(args[0])
			ms, err := msCreateWithOwners(c, boot, msArgAddrs(args[1]), args[2].AsU64(), args[3], args[4])
			if err != nil {
				return nil, err
			}
			return nil, msUpdateOwners(msStore(c, ms), nil, []ledgerapi.Address{boot}, nil)
		}),
		msPrivateFn("create_with_owners_internal", []string{"&signer", msTAddrs, "u64", "0x1::option::Option<0x1::account::SignerCapability>", msTStrings, msTByteVecs}, nil,
			func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				var signerCap *ledgerapi.Address
				if opt := args[3].Elem(0); opt.Len() == 1 {
					a := opt.Elem(0).Elem(0).AsAddress()
					signerCap = &a
				}
				return nil, msCreateInternal(c, msArgSigner(args[0]), msArgAddrs(args[1]), args[2].AsU64(), signerCap, args[4], args[5])
			}),
		msEntryFn("add_owner", priv, []string{"&signer", "address"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return owners(c, args, []ledgerapi.Address{args[1].AsAddress()}, nil, nil)
		}),
		msEntryFn("add_owners", priv, []string{"&signer", msTAddrs}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return owners(c, args, msArgAddrs(args[1]), nil, nil)
		}),
		msEntryFn("add_owners_and_update_signatures_required", priv, []string{"&signer", msTAddrs, "u64"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			k := args[2].AsU64()
			return owners(c, args, msArgAddrs(args[1]), nil, &k)
		}),
		msEntryFn("remove_owner", priv, []string{"&signer", "address"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return owners(c, args, nil, []ledgerapi.Address{args[1].AsAddress()}, nil)
		}),
		msEntryFn("remove_owners", priv, []string{"&signer", msTAddrs}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return owners(c, args, nil, msArgAddrs(args[1]), nil)
		}),
		msEntryFn("swap_owner", priv, []string{"&signer", "address", "address"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return owners(c, args, []ledgerapi.Address{args[1].AsAddress()}, []ledgerapi.Address{args[2].AsAddress()}, nil)
		}),
		msEntryFn("swap_owners", priv, []string{"&signer", msTAddrs, msTAddrs}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return owners(c, args, msArgAddrs(args[1]), msArgAddrs(args[2]), nil)
		}),
		msEntryFn("swap_owners_and_update_signatures_required", priv, []string{"&signer", msTAddrs, msTAddrs, "u64"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			k := args[3].AsU64()
			return owners(c, args, msArgAddrs(args[1]), msArgAddrs(args[2]), &k)
		}),
		msEntryFn("update_signatures_required", priv, []string{"&signer", "u64"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			k := args[1].AsU64()
			return owners(c, args, nil, nil, &k)
		}),
		msEntryFn("update_metadata", priv, []string{"&signer", msTStrings, msTByteVecs}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, msUpdateMetadata(c, msArgSigner(args[0]), args[1], args[2], true)
		}),
		msPrivateFn("update_metadata_internal", []string{"&signer", msTStrings, msTByteVecs, "bool"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, msUpdateMetadata(c, msArgSigner(args[0]), args[1], args[2], args[3].AsBool())
		}),
	}
}

// msCreateWithOwners is create_with_owners: a new resource account of owner
// (seeded by its sequence number) with owner and additional as owners.
// It returns the multisig account's address.
func msCreateWithOwners(c *native.Context, owner ledgerapi.Address, additional []ledgerapi.Address, k uint64, keys, values movevm.Value) (ledgerapi.Address, error) {
	h := hostOf(c)
	owned, err := accountOrDefault(h, owner)
	if err != nil {
		return ledgerapi.Address{}, err
	}
	nonce := owned.SequenceNumber
	ms, err := msCreateResourceAccount(h, owner, msSeed(nonce))
	if err != nil {
		return ms, err
	}
	// No coin::register<AptosCoin>: with new accounts defaulting to the
	// APT fungible store, coin::is_account_registered<AptosCoin> holds for
	// every address, so Aptos skips it (the primary store is made on the
	// first deposit).
	return ms, msCreateInternal(c, ms, append(additional, owner), k, &ms, keys, values)
}

// msCreateInternal is create_with_owners_internal: it checks the owners and
// the threshold, publishes the MultisigAccount at ms (a new transactions
// table, nine event handles) and sets its metadata without an event.
func msCreateInternal(c *native.Context, ms ledgerapi.Address, owners []ledgerapi.Address, k uint64, signerCap *ledgerapi.Address, keys, values movevm.Value) error {
	if k == 0 || k > uint64(len(owners)) {
		return abortMS(native.InvalidArgument, msEInvalidSignaturesRequired)
	}
	if err := msValidateOwners(owners, ms); err != nil {
		return err
	}
	s := msStore(c, ms)
	if _, ok, err := s.load(); err != nil {
		return err
	} else if ok {
		return &movevm.Error{Status: onchain.RESOURCE_ALREADY_EXISTS, Message: "0x1::multisig_account::MultisigAccount already exists"}
	}
	h := hostOf(c)
	a := &msAccount{Owners: owners, NumRequired: k, Transactions: aptosstdlib.NewTableHandle(h.States(), h.Txn().Hash),
		Next: 1, SignerCap: signerCap, Metadata: []msMetaEntry{}}
	for i := range a.Handles {
		eh, err := NewEventHandle(h, ms)
		if err != nil {
			return err
		}
		a.Handles[i] = eh
	}
	if err := s.save(a); err != nil {
		return err
	}
	return msUpdateMetadata(c, ms, keys, values, false)
}

// msValidateOwners is validate_owners: no owner is the multisig account
// itself, none appears twice.
func msValidateOwners(owners []ledgerapi.Address, ms ledgerapi.Address) error {
	for i, o := range owners {
		if o == ms {
			return abortMS(native.InvalidArgument, msEOwnerCannotBeMultisig)
		}
		for _, p := range owners[:i] {
			if p == o {
				return abortMS(native.InvalidArgument, msEDuplicateOwner)
			}
		}
	}
	return nil
}

// msCreateWithExisting is create_with_existing_account (revoke false) or
// create_with_existing_account_and_revoke_auth_key: the account's key
// signed the creation message; the MultisigAccount is published at it.
func msCreateWithExisting(revoke bool) native.Func {
	msg := "MultisigAccountCreationMessage"
	if revoke {
		msg = "MultisigAccountCreationWithAuthKeyRevocationMessage"
	}
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h := hostOf(c)
		ms, owners, k := args[0].AsAddress(), msArgAddrs(args[1]), args[2].AsU64()
		pk, sig := args[4].Bytes(), args[5].Bytes()
		if err := msChargeIn(c, len(pk)+len(sig)); err != nil {
			return nil, err
		}
		chain, err := msChainID(h)
		if err != nil {
			return nil, err
		}
		acc, err := accountOrDefault(h, ms)
		if err != nil {
			return nil, err
		}
		seq := acc.SequenceNumber
		e := bcs.NewEncoder(128)
		onchain.TypeInfo{Tag: tag1("multisig_account", msg)}.MarshalBCS(e)
		e.U8(chain)
		e.Fixed(ms[:])
		e.U64(seq)
		msWriteAddrs(e, owners)
		e.U64(k)
		if err := verifySignedMessage(c, ms, u8Arg(args[3]), pk, sig, e.Bytes()); err != nil {
			return nil, err
		}
		if err := msCreateInternal(c, ms, owners, k, nil, args[6], args[7]); err != nil {
			return nil, err
		}
		if revoke {
			return nil, msRevokeAuthKey(h, ms)
		}
		return nil, nil
	}
}

// msChainID is chain_id::get.
func msChainID(h native.Host) (uint8, error) {
	b, ok, err := h.Resource(addr, ChainIDTag)
	switch {
	case err != nil:
		return 0, err
	case !ok || len(b) != 1:
		return 0, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::chain_id::ChainId does not exist"}
	}
	return b[0], nil
}

// msUpdateOwners is update_owner_schema: add owners, remove owners (those
// that are owners), then set the signatures required, with an event for
// each change; the owners must remain at least as many as required.
func msUpdateOwners(s msState, add, remove []ledgerapi.Address, k *uint64) error {
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	for _, n := range add {
		for _, r := range remove {
			if n == r {
				return abortMS(native.InvalidArgument, msEOwnersOverlap)
			}
		}
	}
	if len(add) > 0 {
		a.Owners = append(a.Owners, add...)
		if err := msValidateOwners(a.Owners, s.addr); err != nil {
			return err
		}
		data := msEvent(func(e *bcs.Encoder) { msWriteAddrs(e, add) })
		s.emit("AddOwners", msWithAccount(s.addr, data))
		s.emitOn(a, msHAddOwners, data)
	}
	if len(remove) > 0 {
		var removed []ledgerapi.Address
		for _, r := range remove {
			for i, o := range a.Owners {
				if o == r { // vector::swap_remove
					last := len(a.Owners) - 1
					a.Owners[i] = a.Owners[last]
					a.Owners = a.Owners[:last]
					removed = append(removed, r)
					break
				}
			}
		}
		if len(removed) > 0 {
			data := msEvent(func(e *bcs.Encoder) { msWriteAddrs(e, removed) })
			s.emit("RemoveOwners", msWithAccount(s.addr, data))
			s.emitOn(a, msHRemoveOwners, data)
		}
	}
	if k != nil {
		if *k == 0 {
			return abortMS(native.InvalidArgument, msEInvalidSignaturesRequired)
		}
		if old := a.NumRequired; *k != old {
			a.NumRequired = *k
			data := msEvent(func(e *bcs.Encoder) { e.U64(old); e.U64(*k) })
			s.emit("UpdateSignaturesRequired", msWithAccount(s.addr, data))
			s.emitOn(a, msHUpdateSignaturesRequired, data)
		}
	}
	if uint64(len(a.Owners)) < a.NumRequired {
		return abortMS(native.InvalidState, msENotEnoughOwners)
	}
	return s.save(a)
}

// msUpdateMetadata is update_metadata_internal: the metadata replaced by
// keys → values (no key twice), with MetadataUpdated when emit is set.
func msUpdateMetadata(c *native.Context, ms ledgerapi.Address, keys, values movevm.Value, emit bool) error {
	if keys.Len() != values.Len() {
		return abortMS(native.InvalidArgument, msEMetadataLengthMismatch)
	}
	s := msStore(c, ms)
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	ks, vs := msArgStrings(keys), msArgByteVecs(values)
	n := 0
	for i := range ks {
		n += len(ks[i]) + len(vs[i])
	}
	if err := msChargeIn(c, n); err != nil {
		return err
	}
	old := a.Metadata
	a.Metadata = make([]msMetaEntry, 0, len(ks))
	for i := range ks {
		for _, m := range a.Metadata {
			if string(m.Key) == string(ks[i]) {
				return abortMS(native.InvalidArgument, msEDuplicateMetadataKey)
			}
		}
		a.Metadata = append(a.Metadata, msMetaEntry{Key: ks[i], Value: vs[i]})
	}
	if emit {
		data := msEvent(func(e *bcs.Encoder) { msWriteMeta(e, old); msWriteMeta(e, a.Metadata) })
		s.emit("MetadataUpdated", msWithAccount(ms, data))
		s.emitOn(a, msHMetadataUpdated, data)
	}
	return s.save(a)
}

// msCreateResourceAccount is account::create_resource_account(source,
// seed) on Go values (account.go's Func works on Move values): the account
// at the resource address (new, or one that never sent a transaction),
// its authentication key zero and its signer capability offered to
// itself; it returns the address.
func msCreateResourceAccount(h native.Host, source ledgerapi.Address, seed []byte) (ledgerapi.Address, error) {
	a := crypto.ResourceAccountAddress(source, seed)
	acc, exists, err := AccountResource(h, a)
	if err != nil {
		return a, err
	}
	if exists && acc.SequenceNumber != 0 {
		return a, accountAbort(native.InvalidState, eAccountAlreadyUsed)
	}
	if !exists {
		acc = onchain.NewAccount(a)
	}
	acc.AuthKey = make([]byte, 32)
	acc.SignerOffer = &a
	return a, putResource(h, a, AccountTag, acc)
}

// msRevokeAuthKey rotates the account's authentication key to zero
// (account::rotate_authentication_key_internal) and revokes any signer or
// rotation capability offer.
func msRevokeAuthKey(h native.Host, a ledgerapi.Address) error {
	acc, err := ensureAccount(h, a)
	if err != nil {
		return err
	}
	acc.AuthKey = make([]byte, 32)
	acc.SignerOffer, acc.RotationOffer = nil, nil
	return putResource(h, a, AccountTag, acc)
}
