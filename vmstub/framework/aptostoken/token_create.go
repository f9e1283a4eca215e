package aptostoken

// 0x3::token, creation: create_collection (and its _script entry),
// create_tokendata, mint_token, mint_token_to, create_token_script,
// mint_script (ids, royalty and configs: token_ids.go). A collection is an
// item of the creator's Collections.collection_data table, a token data
// one of Collections.token_data; Collections is made with the creator's
// first collection. Each step checks and aborts in Aptos's order.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var (
	tokenDataIDTag = tag3("token", "TokenDataId")
	tokenIDTag     = tag3("token", "TokenId")
	tokenTag       = tag3("token", "Token")
	royaltyTag     = tag3("token", "Royalty")
)

// newCollection is create_collection.
func newCollection(c *native.Context, creator ledgerapi.Address, name, description, uri string, maximum uint64, setting []bool) error {
	h := native.Metered(c)
	if len(name) > maxCollectionNameLength {
		return tokenAbort(native.InvalidArgument, eCollectionNameTooLong)
	}
	if len(uri) > maxURILength {
		return tokenAbort(native.InvalidArgument, eURITooLong)
	}
	var cs collections
	ok, err := readRes(h, creator, collectionsTag, &cs)
	if err != nil {
		return err
	}
	if !ok {
		cs.CollectionData, cs.TokenData = newTable(h), newTable(h)
		if err := newHandles(h, creator, cs.Handles[:]); err != nil {
			return err
		}
		if err := putRes(h, creator, collectionsTag, &cs); err != nil {
			return err
		}
	}
	if ok, err := tableHas(h, cs.CollectionData, bcsStr(name)); err != nil {
		return err
	} else if ok {
		return tokenAbort(native.AlreadyExists, eCollectionAlreadyExists)
	}
	mut, err := configOf(setting, 3)
	if err != nil {
		return err
	}
	cd := &collectionData{Description: description, Name: name, URI: uri, Maximum: maximum, Mutability: mut}
	if err := tablePut(h, cs.CollectionData, bcsStr(name), cd); err != nil {
		return err
	}
	return emit(c, tag3("token", "CreateCollection"), enc(func(e *bcs.Encoder) {
		e.Fixed(creator[:])
		e.String(name)
		e.String(uri)
		e.String(description)
		e.U64(maximum)
	}))
}

// createCollection is create_collection and create_collection_script.
func createCollection(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, err := stringArgs(c, args[1:4]...)
	if err != nil {
		return nil, err
	}
	setting, err := boolsOf(c, args[5])
	if err != nil {
		return nil, err
	}
	return nil, newCollection(c, signerAddr(args[0]), s[0], s[1], s[2], args[4].AsU64(), setting)
}

// stringArgs reads String arguments in order.
func stringArgs(c *native.Context, vs ...movevm.Value) ([]string, error) {
	out := make([]string, len(vs))
	for i, v := range vs {
		s, err := str(c, v)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// tokenDataSpec is what create_tokendata is given.
type tokenDataSpec struct {
	collection, name, description, uri string
	maximum                            uint64
	royalty                            royalty
	mut                                flags
	keys, types                        []string
	values                             [][]byte
}

// newTokenData is create_tokendata.
func newTokenData(c *native.Context, creator ledgerapi.Address, sp *tokenDataSpec) (*tokenDataID, error) {
	h := native.Metered(c)
	switch {
	case len(sp.name) > maxNFTNameLength:
		return nil, tokenAbort(native.InvalidArgument, eNFTNameTooLong)
	case len(sp.collection) > maxCollectionNameLength:
		return nil, tokenAbort(native.InvalidArgument, eCollectionNameTooLong)
	case len(sp.uri) > maxURILength:
		return nil, tokenAbort(native.InvalidArgument, eURITooLong)
	case sp.royalty.Numerator > sp.royalty.Denominator:
		return nil, tokenAbort(native.InvalidArgument, eInvalidRoyaltyNumeratorDenominator)
	}
	cs, err := readCollections(h, creator)
	if err != nil {
		return nil, err
	}
	id := &tokenDataID{Creator: creator, Collection: sp.collection, Name: sp.name}
	var coll collectionData
	if ok, err := tableGet(h, cs.CollectionData, bcsStr(sp.collection), &coll); err != nil {
		return nil, err
	} else if !ok {
		return nil, tokenAbort(native.NotFound, eCollectionNotPublished)
	}
	if ok, err := tableHas(h, cs.TokenData, id); err != nil {
		return nil, err
	} else if ok {
		return nil, tokenAbort(native.AlreadyExists, eTokenDataAlreadyExists)
	}
	if coll.Maximum > 0 {
		coll.Supply++
		if coll.Supply > coll.Maximum {
			return nil, tokenAbort(native.InvalidArgument, eCreateWouldExceedCollectionMaximum)
		}
		if err := tablePut(h, cs.CollectionData, bcsStr(sp.collection), &coll); err != nil {
			return nil, err
		}
	}
	props, err := newPropMap(sp.keys, sp.values, sp.types)
	if err != nil {
		return nil, err
	}
	td := &tokenData{Maximum: sp.maximum, URI: sp.uri, Royalty: sp.royalty, Name: sp.name, Description: sp.description,
		DefaultProperties: *props, Mutability: sp.mut}
	if err := tablePut(h, cs.TokenData, id, td); err != nil {
		return nil, err
	}
	return id, emit(c, tag3("token", "TokenDataCreation"), enc(func(e *bcs.Encoder) {
		e.Fixed(creator[:])
		id.MarshalBCS(e)
		e.String(sp.description)
		e.U64(sp.maximum)
		e.String(sp.uri)
		e.Fixed(sp.royalty.Payee[:])
		e.U64(sp.royalty.Denominator)
		e.U64(sp.royalty.Numerator)
		e.String(sp.name)
		sp.mut.MarshalBCS(e)
		(&propChange{keys: sp.keys, values: sp.values, types: sp.types}).MarshalBCS(e)
	}))
}

// readSpec reads create_tokendata's arguments from args (collection,
// name, description, maximum, uri, payee, denominator, numerator) and
// the property vectors props (keys, values, types).
func readSpec(c *native.Context, args []movevm.Value, props []movevm.Value) (*tokenDataSpec, error) {
	s, err := stringArgs(c, args[0], args[1], args[2], args[4])
	if err != nil {
		return nil, err
	}
	sp := &tokenDataSpec{collection: s[0], name: s[1], description: s[2], uri: s[3], maximum: args[3].AsU64(),
		royalty: royalty{Payee: args[5].AsAddress(), Denominator: args[6].AsU64(), Numerator: args[7].AsU64()}}
	if sp.keys, err = stringsOf(c, props[0]); err != nil {
		return nil, err
	}
	if sp.values, err = bytesOf(c, props[1]); err != nil {
		return nil, err
	}
	if sp.types, err = stringsOf(c, props[2]); err != nil {
		return nil, err
	}
	return sp, c.ChargeElems(len(sp.keys) * len(sp.keys))
}

// createTokenData is create_tokendata.
func createTokenData(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	sp, err := readSpec(c, args[1:9], args[10:13])
	if err != nil {
		return nil, err
	}
	sp.mut = make(flags, 5)
	if err := fromValue(c, args[9], sp.mut); err != nil {
		return nil, err
	}
	id, err := newTokenData(c, signerAddr(args[0]), sp)
	if err != nil {
		return nil, err
	}
	return ret1(structValue(c, tokenDataIDTag, id))
}

// createTokenScript is create_token_script: the token data, then balance
// tokens minted to the creator.
func createTokenScript(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	setting, err := boolsOf(c, args[10])
	if err != nil {
		return nil, err
	}
	mut, err := configOf(setting, 5)
	if err != nil {
		return nil, err
	}
	spArgs := []movevm.Value{args[1], args[2], args[3], args[5], args[6], args[7], args[8], args[9]}
	sp, err := readSpec(c, spArgs, args[11:14])
	if err != nil {
		return nil, err
	}
	sp.mut = mut
	creator := signerAddr(args[0])
	id, err := newTokenData(c, creator, sp)
	if err != nil {
		return nil, err
	}
	_, err = mint(c, creator, id, args[4].AsU64(), nil)
	return nil, err
}

// mint is mint_token (to nil: the signer's store, made if needed) and
// mint_token_to (the receiver's store, which must exist and be opted in).
func mint(c *native.Context, signer ledgerapi.Address, id *tokenDataID, amount uint64, to *ledgerapi.Address) (*tokenID, error) {
	h := native.Metered(c)
	if to != nil {
		s, ok, err := readStore(h, *to)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, tokenAbort(native.NotFound, eTokenStoreNotPublished)
		}
		if !s.DirectTransfer {
			return nil, tokenAbort(native.PermissionDenied, eUserNotOptInDirectTransfer)
		}
	}
	if id.Creator != signer {
		return nil, tokenAbort(native.PermissionDenied, eNoMintCapability)
	}
	var cs collections
	if ok, err := readRes(h, id.Creator, collectionsTag, &cs); err != nil {
		return nil, err
	} else if !ok {
		return nil, missing(collectionsTag, id.Creator)
	}
	var td tokenData
	if ok, err := tableGet(h, cs.TokenData, id, &td); err != nil {
		return nil, err
	} else if !ok {
		return nil, tokenAbort(native.NotFound, eTokenDataNotPublished)
	}
	if td.Maximum > 0 {
		if td.Supply+amount < td.Supply {
			return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "token::mint_token: supply overflows"}
		}
		if td.Supply+amount > td.Maximum {
			return nil, tokenAbort(native.InvalidArgument, eMintWouldExceedTokenMaximum)
		}
		td.Supply += amount
		if err := tablePut(h, cs.TokenData, id, &td); err != nil {
			return nil, err
		}
	}
	tid := &tokenID{Data: *id}
	if err := emit(c, tag3("token", "Mint"), enc(func(e *bcs.Encoder) {
		e.Fixed(id.Creator[:])
		id.MarshalBCS(e)
		e.U64(amount)
	})); err != nil {
		return nil, err
	}
	dst := signer
	if to != nil {
		dst = *to
	} else if err := initStore(h, signer); err != nil {
		return nil, err
	}
	return tid, deposit(c, dst, &token{ID: *tid, Amount: amount})
}

// mintToken is mint_token.
func mintToken(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenDataID
	if err := fromValue(c, args[1], &id); err != nil {
		return nil, err
	}
	tid, err := mint(c, signerAddr(args[0]), &id, args[2].AsU64(), nil)
	if err != nil {
		return nil, err
	}
	return ret1(structValue(c, tokenIDTag, tid))
}

// mintTokenTo is mint_token_to.
func mintTokenTo(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenDataID
	if err := fromValue(c, args[2], &id); err != nil {
		return nil, err
	}
	to := args[1].AsAddress()
	_, err := mint(c, signerAddr(args[0]), &id, args[3].AsU64(), &to)
	return nil, err
}

// mintScript is mint_script: only the creator mints.
func mintScript(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, err := stringArgs(c, args[2], args[3])
	if err != nil {
		return nil, err
	}
	if err := checkNames(s[0], s[1]); err != nil {
		return nil, err
	}
	id := &tokenDataID{Creator: args[1].AsAddress(), Collection: s[0], Name: s[1]}
	_, err = mint(c, signerAddr(args[0]), id, args[4].AsU64(), nil)
	return nil, err
}
