package aptostoken

// 0x3::token: the declaration of the module: its structs (the token,
// its ids, TokenData, Royalty, the mutability configs, Collections,
// CollectionData, TokenStore, WithdrawCapability, the v1 event structs of
// the EventHandles and the module events), every public and entry
// function and the error constants, as on Aptos.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of token.
const (
	eAlreadyHasBalance                        = 0
	eCollectionsNotPublished                  = 1
	eCollectionNotPublished                   = 2
	eCollectionAlreadyExists                  = 3
	eCreateWouldExceedCollectionMaximum       = 4
	eInsufficientBalance                      = 5
	eInvalidTokenMerge                        = 6
	eMintWouldExceedTokenMaximum              = 7
	eNoBurnCapability                         = 8
	eTokenDataAlreadyExists                   = 9
	eTokenDataNotPublished                    = 10
	eTokenStoreNotPublished                   = 11
	eTokenSplitAmountLargerOrEqualToAmount    = 12
	eFieldNotMutable                          = 13
	eNoMutateCapability                       = 14
	eNoTokenInTokenStore                      = 15
	eUserNotOptInDirectTransfer               = 16
	eWithdrawZero                             = 17
	eNFTNotSplitable                          = 18
	eNoMintCapability                         = 19
	eCollectionNameTooLong                    = 25
	eNFTNameTooLong                           = 26
	eURITooLong                               = 27
	eNoDepositTokenWithZeroAmount             = 28
	eNoBurnTokenWithZeroAmount                = 29
	eOwnerCannotBurnToken                     = 30
	eCreatorCannotBurnToken                   = 31
	eCannotUpdateReservedProperty             = 32
	eTokenCannotHaveZeroAmount                = 33
	eInvalidRoyaltyNumeratorDenominator       = 34
	eRoyaltyPayeeAccountDoesNotExist          = 35
	eInvalidMaximum                           = 36
	eTokenPropertiesCountNotMatch             = 37
	eInsufficientWithdrawCapabilityAmount     = 38
	eWithdrawProofExpires                     = 39
	ePropertyReservedByStandard               = 40
	maxCollectionNameLength, maxNFTNameLength = 128, 128
	maxURILength                              = 512
)

// Property keys of default_properties the module reads.
const (
	burnableByCreator    = "TOKEN_BURNABLE_BY_CREATOR"
	burnableByOwner      = "TOKEN_BURNABLE_BY_OWNER"
	tokenPropertyMutable = "TOKEN_PROPERTY_MUTATBLE"
)

// Types of the module as declared.
const (
	tTokenID     = "0x3::token::TokenId"
	tTokenDataID = "0x3::token::TokenDataId"
	tToken       = "0x3::token::Token"
	tRoyalty     = "0x3::token::Royalty"
	tTokenMut    = "0x3::token::TokenMutabilityConfig"
	tCollMut     = "0x3::token::CollectionMutabilityConfig"
	tWithdrawCap = "0x3::token::WithdrawCapability"
	tPropMap     = "0x3::property_map::PropertyMap"
	tSigner      = "&signer"
	vString      = "vector<0x1::string::String>"
	vBytes       = "vector<vector<u8>>"
)

// enc is a BCS value written by a function (an event's fields).
type enc func(e *bcs.Encoder)

func (f enc) MarshalBCS(e *bcs.Encoder) { f(e) }

// Token declares 0x3::token.
func Token() native.Module {
	copyDropStore := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	eh := func(ev string) string { return "0x1::event::EventHandle<0x3::token::" + ev + ">" }
	idAmount := []string{"id: " + tTokenID, "amount: u64"}
	dataAmount := []string{"id: " + tTokenDataID, "amount: u64"}
	created := []string{"id: " + tTokenDataID, "description: " + tString, "maximum: u64", "uri: " + tString,
		"royalty_payee_address: address", "royalty_points_denominator: u64", "royalty_points_numerator: u64", "name: " + tString,
		"mutability_config: " + tTokenMut, "property_keys: " + vString, "property_values: " + vBytes, "property_types: " + vString}
	mutated := []string{"old_id: " + tTokenID, "new_id: " + tTokenID, "keys: " + vString, "values: " + vBytes, "types: " + vString}
	collCreated := []string{"creator: address", "collection_name: " + tString, "uri: " + tString, "description: " + tString, "maximum: u64"}
	with := func(first string, rest []string) []string { return append([]string{first}, rest...) }
	return native.Module{Address: addr, Name: "token", Package: pkg,
		Structs: []native.Struct{
			plain("Token", []string{native.AbilityStore}, "id: "+tTokenID, "amount: u64", "token_properties: "+tPropMap),
			plain("TokenId", copyDropStore, "token_data_id: "+tTokenDataID, "property_version: u64"),
			plain("TokenDataId", copyDropStore, "creator: address", "collection: "+tString, "name: "+tString),
			plain("TokenData", []string{native.AbilityStore}, "maximum: u64", "largest_property_version: u64", "supply: u64",
				"uri: "+tString, "royalty: "+tRoyalty, "name: "+tString, "description: "+tString, "default_properties: "+tPropMap,
				"mutability_config: "+tTokenMut),
			plain("Royalty", copyDropStore, "royalty_points_numerator: u64", "royalty_points_denominator: u64", "payee_address: address"),
			plain("TokenMutabilityConfig", copyDropStore, "maximum: bool", "uri: bool", "royalty: bool", "description: bool", "properties: bool"),
			plain("TokenStore", []string{native.AbilityKey}, "tokens: 0x1::table::Table<"+tTokenID+", "+tToken+">", "direct_transfer: bool",
				"deposit_events: "+eh("DepositEvent"), "withdraw_events: "+eh("WithdrawEvent"), "burn_events: "+eh("BurnTokenEvent"),
				"mutate_token_property_events: "+eh("MutateTokenPropertyMapEvent")),
			plain("CollectionMutabilityConfig", copyDropStore, "description: bool", "uri: bool", "maximum: bool"),
			plain("Collections", []string{native.AbilityKey}, "collection_data: 0x1::table::Table<0x1::string::String, 0x3::token::CollectionData>",
				"token_data: 0x1::table::Table<"+tTokenDataID+", 0x3::token::TokenData>", "create_collection_events: "+eh("CreateCollectionEvent"),
				"create_token_data_events: "+eh("CreateTokenDataEvent"), "mint_token_events: "+eh("MintTokenEvent")),
			plain("CollectionData", []string{native.AbilityStore}, "description: "+tString, "name: "+tString, "uri: "+tString, "supply: u64",
				"maximum: u64", "mutability_config: "+tCollMut),
			plain("WithdrawCapability", dropStore, "token_owner: address", "token_id: "+tTokenID, "amount: u64", "expiration_sec: u64"),
			plain("DepositEvent", dropStore, idAmount...),
			event("TokenDeposit", with("account: address", idAmount)...),
			event("Deposit", idAmount...),
			plain("WithdrawEvent", dropStore, idAmount...),
			event("Withdraw", idAmount...),
			event("TokenWithdraw", with("account: address", idAmount)...),
			plain("CreateTokenDataEvent", dropStore, created...),
			event("CreateTokenData", created...),
			event("TokenDataCreation", with("creator: address", created)...),
			plain("MintTokenEvent", dropStore, dataAmount...),
			event("MintToken", dataAmount...),
			event("Mint", with("creator: address", dataAmount)...),
			plain("BurnTokenEvent", dropStore, idAmount...),
			event("BurnToken", idAmount...),
			event("Burn", with("account: address", idAmount)...),
			plain("MutateTokenPropertyMapEvent", dropStore, mutated...),
			event("MutateTokenPropertyMap", mutated...),
			event("MutatePropertyMap", with("account: address", mutated)...),
			plain("CreateCollectionEvent", dropStore, collCreated...),
			event("CreateCollection", collCreated...),
		},
		Functions: tokenFunctions(),
		Errors:    tokenErrors,
	}
}

func tokenFunctions() []native.Function {
	s, u := tString, "u64"
	return []native.Function{
		// Entry functions.
		entry(fn("create_collection_script", []string{tSigner, s, s, s, u, "vector<bool>"}, nil, createCollection)),
		entry(fn("create_token_script", []string{tSigner, s, s, s, u, u, s, "address", u, u, "vector<bool>", vString, vBytes, vString}, nil, createTokenScript)),
		entry(fn("mint_script", []string{tSigner, "address", s, s, u}, nil, mintScript)),
		entry(fn("mutate_token_properties", []string{tSigner, "address", "address", s, s, u, u, vString, vBytes, vString}, nil, mutateTokenProperties)),
		entry(fn("direct_transfer_script", []string{tSigner, tSigner, "address", s, s, u, u}, nil, directTransferScript)),
		entry(fn("opt_in_direct_transfer", []string{tSigner, "bool"}, nil, optInDirectTransfer)),
		entry(fn("transfer_with_opt_in", []string{tSigner, "address", s, s, u, "address", u}, nil, transferWithOptIn)),
		entry(fn("burn_by_creator", []string{tSigner, "address", s, s, u, u}, nil, burnByCreator)),
		entry(fn("burn", []string{tSigner, "address", s, s, u, u}, nil, burnByOwner)),
		// Mutators.
		fn("mutate_collection_description", []string{tSigner, s, s}, nil, mutateCollection(cmDescription)),
		fn("mutate_collection_uri", []string{tSigner, s, s}, nil, mutateCollection(cmURI)),
		fn("mutate_collection_maximum", []string{tSigner, s, u}, nil, mutateCollection(cmMaximum)),
		fn("mutate_tokendata_maximum", []string{tSigner, tTokenDataID, u}, nil, mutateTokenData(tmMaximum)),
		fn("mutate_tokendata_uri", []string{tSigner, tTokenDataID, s}, nil, mutateTokenData(tmURI)),
		fn("mutate_tokendata_royalty", []string{tSigner, tTokenDataID, tRoyalty}, nil, mutateTokenData(tmRoyalty)),
		fn("mutate_tokendata_description", []string{tSigner, tTokenDataID, s}, nil, mutateTokenData(tmDescription)),
		fn("mutate_tokendata_property", []string{tSigner, tTokenDataID, vString, vBytes, vString}, nil, mutateTokenDataProperty),
		fn("mutate_one_token", []string{tSigner, "address", tTokenID, vString, vBytes, vString}, []string{tTokenID}, mutateOneToken),
		// Tokens and stores.
		fn("create_royalty", []string{u, u, "address"}, []string{tRoyalty}, createRoyalty),
		fn("deposit_token", []string{tSigner, tToken}, nil, depositToken),
		fn("direct_deposit_with_opt_in", []string{"address", tToken}, nil, directDepositWithOptIn),
		fn("direct_transfer", []string{tSigner, tSigner, tTokenID, u}, nil, directTransfer),
		fn("initialize_token_store", []string{tSigner}, nil, initializeTokenStore),
		fn("merge", []string{"&mut " + tToken, tToken}, nil, merge),
		fn("split", []string{"&mut " + tToken, u}, []string{tToken}, split),
		fn("token_id", []string{"&" + tToken}, []string{"&" + tTokenID}, tokenIDRef),
		fn("transfer", []string{tSigner, tTokenID, "address", u}, nil, transfer),
		fn("create_withdraw_capability", []string{tSigner, tTokenID, u, u}, []string{tWithdrawCap}, createWithdrawCapability),
		fn("withdraw_with_capability", []string{tWithdrawCap}, []string{tToken}, withdrawWithCapability),
		fn("partial_withdraw_with_capability", []string{tWithdrawCap, u}, []string{tToken, "0x1::option::Option<" + tWithdrawCap + ">"}, partialWithdrawWithCapability),
		fn("withdraw_token", []string{tSigner, tTokenID, u}, []string{tToken}, withdrawToken),
		fn("create_collection", []string{tSigner, s, s, s, u, "vector<bool>"}, nil, createCollection),
		fn("check_collection_exists", []string{"address", s}, []string{"bool"}, checkCollectionExists),
		fn("check_tokendata_exists", []string{"address", s, s}, []string{"bool"}, checkTokenDataExists),
		fn("create_tokendata", []string{tSigner, s, s, s, u, s, "address", u, u, tTokenMut, vString, vBytes, vString}, []string{tTokenDataID}, createTokenData),
		// Getters.
		fn("get_collection_supply", []string{"address", s}, []string{"0x1::option::Option<u64>"}, collectionGetter("supply")),
		fn("get_collection_description", []string{"address", s}, []string{s}, collectionGetter("description")),
		fn("get_collection_uri", []string{"address", s}, []string{s}, collectionGetter("uri")),
		fn("get_collection_maximum", []string{"address", s}, []string{u}, collectionGetter("maximum")),
		fn("get_token_supply", []string{"address", tTokenDataID}, []string{"0x1::option::Option<u64>"}, tokenDataGetter("supply", 1)),
		fn("get_tokendata_largest_property_version", []string{"address", tTokenDataID}, []string{u}, tokenDataGetter("largest_property_version", 1)),
		fn("get_token_id", []string{"&" + tToken}, []string{tTokenID}, fieldCopy(0)),
		fn("get_direct_transfer", []string{"address"}, []string{"bool"}, getDirectTransfer),
		fn("create_token_mutability_config", []string{"&vector<bool>"}, []string{tTokenMut}, mutabilityConfig(tTokenMut, 5)),
		fn("create_collection_mutability_config", []string{"&vector<bool>"}, []string{tCollMut}, mutabilityConfig(tCollMut, 3)),
		fn("mint_token", []string{tSigner, tTokenDataID, u}, []string{tTokenID}, mintToken),
		fn("mint_token_to", []string{tSigner, "address", tTokenDataID, u}, nil, mintTokenTo),
		fn("create_token_id", []string{tTokenDataID, u}, []string{tTokenID}, createTokenID),
		fn("create_token_data_id", []string{"address", s, s}, []string{tTokenDataID}, createTokenDataID),
		fn("create_token_id_raw", []string{"address", s, s, u}, []string{tTokenID}, createTokenIDRaw),
		fn("balance_of", []string{"address", tTokenID}, []string{u}, balanceOf),
		fn("has_token_store", []string{"address"}, []string{"bool"}, hasTokenStore),
		fn("get_royalty", []string{tTokenID}, []string{tRoyalty}, getRoyalty),
		fn("get_royalty_numerator", []string{"&" + tRoyalty}, []string{u}, fieldCopy(0)),
		fn("get_royalty_denominator", []string{"&" + tRoyalty}, []string{u}, fieldCopy(1)),
		fn("get_royalty_payee", []string{"&" + tRoyalty}, []string{"address"}, fieldCopy(2)),
		fn("get_token_amount", []string{"&" + tToken}, []string{u}, fieldCopy(1)),
		fn("get_token_id_fields", []string{"&" + tTokenID}, []string{"address", s, s, u}, tokenIDFields),
		fn("get_token_data_id_fields", []string{"&" + tTokenDataID}, []string{"address", s, s}, tokenDataIDFields),
		fn("get_property_map", []string{"address", tTokenID}, []string{tPropMap}, getPropertyMap),
		fn("get_tokendata_maximum", []string{tTokenDataID}, []string{u}, tokenDataGetter("maximum", 0)),
		fn("get_tokendata_uri", []string{"address", tTokenDataID}, []string{s}, tokenDataGetter("uri", 1)),
		fn("get_tokendata_description", []string{tTokenDataID}, []string{s}, tokenDataGetter("description", 0)),
		fn("get_tokendata_royalty", []string{tTokenDataID}, []string{tRoyalty}, tokenDataGetter("royalty", 0)),
		fn("get_tokendata_id", []string{tTokenID}, []string{tTokenDataID}, fieldCopy(0)),
		fn("get_tokendata_mutability_config", []string{tTokenDataID}, []string{tTokenMut}, tokenDataGetter("mutability_config", 0)),
		fn("get_token_mutability_maximum", []string{"&" + tTokenMut}, []string{"bool"}, fieldCopy(tmMaximum)),
		fn("get_token_mutability_royalty", []string{"&" + tTokenMut}, []string{"bool"}, fieldCopy(tmRoyalty)),
		fn("get_token_mutability_uri", []string{"&" + tTokenMut}, []string{"bool"}, fieldCopy(tmURI)),
		fn("get_token_mutability_description", []string{"&" + tTokenMut}, []string{"bool"}, fieldCopy(tmDescription)),
		fn("get_token_mutability_default_properties", []string{"&" + tTokenMut}, []string{"bool"}, fieldCopy(tmProperties)),
		view(fn("get_collection_mutability_config", []string{"address", s}, []string{tCollMut}, collectionGetter("mutability_config"))),
		fn("get_collection_mutability_description", []string{"&" + tCollMut}, []string{"bool"}, fieldCopy(cmDescription)),
		fn("get_collection_mutability_uri", []string{"&" + tCollMut}, []string{"bool"}, fieldCopy(cmURI)),
		fn("get_collection_mutability_maximum", []string{"&" + tCollMut}, []string{"bool"}, fieldCopy(cmMaximum)),
		// Deprecated: both abort 0 as on Aptos.
		entry(fn("initialize_token_script", []string{tSigner}, nil, deprecated)),
		fn("initialize_token", []string{tSigner, tTokenID}, nil, deprecated),
	}
}

// deprecated is initialize_token_script and initialize_token, which
// Aptos keeps as functions that abort with code 0.
func deprecated(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return nil, c.Abort(0)
}

var tokenErrors = []native.AbortReason{
	{Reason: eAlreadyHasBalance, Name: "EALREADY_HAS_BALANCE", Description: "The token has balance and cannot be initialized"},
	{Reason: eCollectionsNotPublished, Name: "ECOLLECTIONS_NOT_PUBLISHED", Description: "There isn't any collection under this account"},
	{Reason: eCollectionNotPublished, Name: "ECOLLECTION_NOT_PUBLISHED", Description: "Cannot find collection in creator's account"},
	{Reason: eCollectionAlreadyExists, Name: "ECOLLECTION_ALREADY_EXISTS", Description: "The collection already exists"},
	{Reason: eCreateWouldExceedCollectionMaximum, Name: "ECREATE_WOULD_EXCEED_COLLECTION_MAXIMUM", Description: "Exceeds the collection's maximal number of token_data"},
	{Reason: eInsufficientBalance, Name: "EINSUFFICIENT_BALANCE", Description: "Insufficient token balance"},
	{Reason: eInvalidTokenMerge, Name: "EINVALID_TOKEN_MERGE", Description: "Cannot merge the two tokens with different token id"},
	{Reason: eMintWouldExceedTokenMaximum, Name: "EMINT_WOULD_EXCEED_TOKEN_MAXIMUM", Description: "Exceed the token data maximal allowed"},
	{Reason: eNoBurnCapability, Name: "ENO_BURN_CAPABILITY", Description: "No burn capability"},
	{Reason: eTokenDataAlreadyExists, Name: "ETOKEN_DATA_ALREADY_EXISTS", Description: "TokenData already exists"},
	{Reason: eTokenDataNotPublished, Name: "ETOKEN_DATA_NOT_PUBLISHED", Description: "TokenData not published"},
	{Reason: eTokenStoreNotPublished, Name: "ETOKEN_STORE_NOT_PUBLISHED", Description: "TokenStore doesn't exist"},
	{Reason: eTokenSplitAmountLargerOrEqualToAmount, Name: "ETOKEN_SPLIT_AMOUNT_LARGER_OR_EQUAL_TO_TOKEN_AMOUNT", Description: "Cannot split token to an amount larger than its amount"},
	{Reason: eFieldNotMutable, Name: "EFIELD_NOT_MUTABLE", Description: "The field is not mutable"},
	{Reason: eNoMutateCapability, Name: "ENO_MUTATE_CAPABILITY", Description: "Not authorized to mutate"},
	{Reason: eNoTokenInTokenStore, Name: "ENO_TOKEN_IN_TOKEN_STORE", Description: "Token not in the token store"},
	{Reason: eUserNotOptInDirectTransfer, Name: "EUSER_NOT_OPT_IN_DIRECT_TRANSFER", Description: "User didn't opt-in direct transfer"},
	{Reason: eWithdrawZero, Name: "EWITHDRAW_ZERO", Description: "Cannot withdraw 0 token"},
	{Reason: eNFTNotSplitable, Name: "ENFT_NOT_SPLITABLE", Description: "Cannot split a token that only has 1 amount"},
	{Reason: eNoMintCapability, Name: "ENO_MINT_CAPABILITY", Description: "No mint capability"},
	{Reason: eCollectionNameTooLong, Name: "ECOLLECTION_NAME_TOO_LONG", Description: "The collection name is too long"},
	{Reason: eNFTNameTooLong, Name: "ENFT_NAME_TOO_LONG", Description: "The NFT name is too long"},
	{Reason: eURITooLong, Name: "EURI_TOO_LONG", Description: "The URI is too long"},
	{Reason: eNoDepositTokenWithZeroAmount, Name: "ENO_DEPOSIT_TOKEN_WITH_ZERO_AMOUNT", Description: "Cannot deposit a Token with 0 amount"},
	{Reason: eNoBurnTokenWithZeroAmount, Name: "ENO_BURN_TOKEN_WITH_ZERO_AMOUNT", Description: "Cannot burn 0 Token"},
	{Reason: eOwnerCannotBurnToken, Name: "EOWNER_CANNOT_BURN_TOKEN", Description: "Token is not burnable by owner"},
	{Reason: eCreatorCannotBurnToken, Name: "ECREATOR_CANNOT_BURN_TOKEN", Description: "Token is not burnable by creator"},
	{Reason: eCannotUpdateReservedProperty, Name: "ECANNOT_UPDATE_RESERVED_PROPERTY", Description: "Reserved fields for token contract; cannot be updated by user"},
	{Reason: eTokenCannotHaveZeroAmount, Name: "ETOKEN_CANNOT_HAVE_ZERO_AMOUNT", Description: "TOKEN with 0 amount is not allowed"},
	{Reason: eInvalidRoyaltyNumeratorDenominator, Name: "EINVALID_ROYALTY_NUMERATOR_DENOMINATOR", Description: "Royalty invalid if the numerator is larger than the denominator"},
	{Reason: eRoyaltyPayeeAccountDoesNotExist, Name: "EROYALTY_PAYEE_ACCOUNT_DOES_NOT_EXIST", Description: "Royalty payee account does not exist"},
	{Reason: eInvalidMaximum, Name: "EINVALID_MAXIMUM", Description: "Collection or tokendata maximum must be larger than supply"},
	{Reason: eTokenPropertiesCountNotMatch, Name: "ETOKEN_PROPERTIES_COUNT_NOT_MATCH", Description: "Token Properties count doesn't match"},
	{Reason: eInsufficientWithdrawCapabilityAmount, Name: "EINSUFFICIENT_WITHDRAW_CAPABILITY_AMOUNT", Description: "Withdraw capability doesn't have sufficient amount"},
	{Reason: eWithdrawProofExpires, Name: "EWITHDRAW_PROOF_EXPIRES", Description: "Withdraw proof expires"},
	{Reason: ePropertyReservedByStandard, Name: "EPROPERTY_RESERVED_BY_STANDARD", Description: "The property is reserved by token standard"},
}
