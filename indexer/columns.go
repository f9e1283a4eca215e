package indexer

// Column positions of the tables whose rows are built by position
// (vals); TestColumnPositions checks them against the schema.

// The columns of user_transactions.
const (
	utVersion = iota
	utBlockHeight
	utEpoch
	utSender
	utSequenceNumber
	utEntryFunctionIdStr
	utEntryFunctionContractAddress
	utEntryFunctionModuleName
	utEntryFunctionFunctionName
	utExpirationTimestampSecs
	utGasUnitPrice
	utMaxGasAmount
	utParentSignatureType
	utTimestamp
	utReplayProtectionNonce
)

// The columns of account_transactions.
const (
	atAccountAddress = iota
	atTransactionVersion
)

// The columns of events.
const (
	evTransactionVersion = iota
	evEventIndex
	evAccountAddress
	evCreationNumber
	evSequenceNumber
	evType
	evIndexedType
	evData
	evTransactionBlockHeight
)

// The columns of signatures.
const (
	sigTransactionVersion = iota
	sigMultiAgentIndex
	sigMultiSigIndex
	sigIsSenderPrimary
	sigSigner
	sigType
	sigPublicKey
	sigSignature
	sigThreshold
	sigPublicKeyIndices
	sigTransactionBlockHeight
	sigAccountSignatureType
	sigAnySignatureType
	sigPublicKeyType
)

// The columns of current_fungible_asset_balances.
const (
	balStorageId = iota
	balOwnerAddress
	balAssetType
	balAmount
	balIsFrozen
	balIsPrimary
	balLastTransactionTimestamp
	balLastTransactionVersion
	balTokenStandard
	balAmountV1
	balAmountV2
	balAssetTypeV1
	balAssetTypeV2
	balLastTransactionTimestampV1
	balLastTransactionTimestampV2
	balLastTransactionVersionV1
	balLastTransactionVersionV2
)

// The columns of fungible_asset_metadata.
const (
	famAssetType = iota
	famCreatorAddress
	famName
	famSymbol
	famDecimals
	famIconUri
	famProjectUri
	famLastTransactionTimestamp
	famLastTransactionVersion
	famSupplyAggregatorTableHandleV1
	famSupplyAggregatorTableKeyV1
	famTokenStandard
	famIsTokenV2
	famSupplyV2
	famMaximumV2
)

// The columns of fungible_asset_activities.
const (
	faaTransactionVersion = iota
	faaEventIndex
	faaOwnerAddress
	faaStorageId
	faaAssetType
	faaAmount
	faaType
	faaIsFrozen
	faaIsGasFee
	faaGasFeePayerAddress
	faaStorageRefundAmount
	faaIsTransactionSuccess
	faaEntryFunctionIdStr
	faaBlockHeight
	faaTokenStandard
	faaTransactionTimestamp
)

// The columns of current_objects.
const (
	objObjectAddress = iota
	objOwnerAddress
	objStateKeyHash
	objAllowUngatedTransfer
	objLastGuidCreationNum
	objLastTransactionVersion
	objIsDeleted
	objUntransferrable
)

// The columns of auth_key_account_addresses.
const (
	akaAccountAddress = iota
	akaAuthKey
	akaIsAuthKeyUsed
	akaLastTransactionVersion
)

// The columns of public_key_auth_keys.
const (
	pkaAuthKey = iota
	pkaPublicKey
	pkaPublicKeyType
	pkaAccountPublicKey
	pkaIsPublicKeyUsed
	pkaSignatureType
	pkaLastTransactionVersion
)
