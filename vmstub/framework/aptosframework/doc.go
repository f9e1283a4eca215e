// Package aptosframework implements, in Go, the modules of Aptos's
// AptosFramework package at 0x1, one file per module named after it:
//
//	account.go (+ _rotation, 0x1::account            Account, resource accounts,
//	_capability, _keyless)                            event handles, GUIDs, key
//	                                                  rotation, OriginatingAddress,
//	                                                  rotation and signer capability
//	                                                  offers, verify_signed_message,
//	                                                  keyless backup keys, views
//	account_abstraction.go  0x1::account_abstraction  DispatchableAuthenticator;
//	                                                  add/remove_authentication_function,
//	                                                  remove_authenticator, views,
//	                                                  derived addresses; the checks of
//	                                                  abstraction authenticators
//	aggregator.go           0x1::aggregator           complete (v1): Aggregator,
//	                                                  AggregatorSnapshot, add, sub,
//	                                                  read, deferred_read, destroy
//	aggregator_v2.go        0x1::aggregator_v2        complete: Aggregator<T>,
//	                                                  snapshots, derived strings
//	aptos_account.go        0x1::aptos_account        transfer, batch_transfer,
//	(+ _coins.go)                                     transfer_coins, deposit_coins,
//	                                                  batch_transfer_coins,
//	                                                  (batch_)transfer_fungible_assets,
//	                                                  create_account, the direct-
//	                                                  transfer opt-out
//	aptos_coin.go           0x1::aptos_coin           complete: AptosCoin; (_mint.go)
//	                                                  MintCapStore, delegations, mint
//	auth_data.go            0x1::auth_data            AbstractionAuthData and its
//	                                                  accessors
//	block.go (+ _admin.go)  0x1::block                complete: BlockResource,
//	                                                  CommitHistory, the events;
//	                                                  get_current_block_height,
//	                                                  get_epoch_interval_secs,
//	                                                  initialize_commit_history,
//	                                                  update_epoch_interval_microsecs,
//	                                                  emit_writeset_block_event
//	chain_id.go             0x1::chain_id             ChainId; get
//	chain_status.go         0x1::chain_status         complete: GenesisEndMarker;
//	                                                  is_genesis, is_operating,
//	                                                  assert_operating, assert_genesis
//	code.go                 0x1::code                 PackageRegistry, PackageMetadata,
//	                                                  PublishPackage, …;
//	                                                  publish_package(_txn) (a request
//	                                                  the executor carries out),
//	                                                  freeze_code_object,
//	                                                  upgrade policies; complete
//	coin.go (+ coin_*.go)   0x1::coin                 the whole module: Coin, CoinStore,
//	                                                  CoinInfo, capabilities; initialize,
//	                                                  mint, burn, register, withdraw,
//	                                                  deposit, transfer, freeze, views,
//	                                                  the pairing with fungible assets
//	                                                  (CoinConversionMap), migration
//	dispatchable_fungible_  0x1::dispatchable_fungible_asset
//	asset.go (+ _funcs.go)                            TransferRefStore; hooks'
//	                                                  registration, withdraw,
//	                                                  deposit, transfers, derived
//	                                                  balance and supply calling
//	                                                  the issuer's Move hooks
//	event.go                0x1::event                complete: EventHandle; emit,
//	                                                  emit_event, guid, counter,
//	                                                  destroy_handle
//	function_info.go        0x1::function_info        FunctionInfo; new_function_info(_from_address),
//	                                                  dispatch compatibility (friends)
//	fungible_asset.go       0x1::fungible_asset       complete: Metadata, supplies,
//	(+ fungible_asset_*.go)                           stores, refs, mint/burn,
//	                                                  dispatch hooks, views,
//	                                                  FungibleAsset values
//	guid.go                 0x1::guid                 complete: GUID, ID and their
//	                                                  functions
//	jwks.go (+ _patch,      0x1::jwks                 complete: OIDC providers, JWKs,
//	_funcs, _observed)                                patches, PatchedJWKs (genesis
//	                                                  patches in the test key of
//	                                                  test.oidc.provider),
//	                                                  FederatedJWKs; the next-epoch
//	                                                  changes need config_buffer
//	keyless_account.go      0x1::keyless_account      complete: Groth16VerificationKey,
//	(+ _genesis)                                      Configuration (both in genesis),
//	                                                  constructors, genesis setters;
//	                                                  the next-epoch changes need
//	                                                  config_buffer
//	managed_coin.go         0x1::managed_coin         Capabilities; initialize, mint,
//	                                                  burn, register, destroy_caps,
//	                                                  remove_caps
//	multisig_account.go     0x1::multisig_account     MultisigAccount and its
//	                                                  transactions, events, views;
//	                                                  the validation and cleanup
//	                                                  of multisig transactions
//	nonce_validation*.go    0x1::nonce_validation     whole (NonceHistory buckets of big ordered maps)
//	object.go               0x1::object               ObjectCore, Object<T>, the refs;
//	                                                  creation, ownership, transfers,
//	                                                  deletion
//	object_create.go                                  derived and GUID addresses,
//	                                                  onchain signers, GUIDs and
//	                                                  event handles of objects
//	object_transfer.go                                untransferable objects, linear
//	                                                  transfers, owns, root_owner
//	object_burn.go                                    burn, unburn, is_burnt
//	object_code_deployment.go
//	                        0x1::object_code_deployment
//	                                                  ManagingRefs, Publish, Upgrade,
//	                                                  Freeze; publish, upgrade,
//	                                                  freeze_code_object
//	optional_aggregator.go  0x1::optional_aggregator  complete: OptionalAggregator,
//	                                                  Integer; add, sub, read, destroy
//	permissioned_delegation 0x1::permissioned_delegation
//	.go                                               complete: AccountDelegation,
//	                                                  DelegationKey, RegisteredDelegations;
//	                                                  gen_ed25519_key; authenticate checks
//	                                                  the bundle; no delegation can exist
//	permissioned_signer.go  0x1::permissioned_signer  complete, as Aptos's deprecated
//	                                                  module: no signer is permissioned,
//	                                                  the rest aborts
//	                                                  EPERMISSION_SIGNER_DISABLED
//	primary_fungible_store  0x1::primary_fungible_store
//	.go (+ _ops.go, _fee.go)                          complete: primary stores,
//	                                                  transfers, refs, views; the
//	                                                  fee's burn
//	randomness.go           0x1::randomness           complete: PerBlockRandomness (seeded
//	                                                  by the block prologue), integers,
//	                                                  ranges, bytes, permutation;
//	                                                  #[randomness] entry functions only
//	rate_limiter.go         0x1::rate_limiter      complete: RateLimiter (token
//	                                                  bucket over the chain's seconds);
//	                                                  initialize, request
//	resource_account.go     0x1::resource_account     Container; create_resource_account
//	                                                  (_and_fund, _and_publish_package),
//	                                                  retrieve_resource_account_cap
//	system_addresses.go     0x1::system_addresses     complete: is_*/assert_* of the
//	                                                  core resources, framework,
//	                                                  framework reserved and VM
//	                                                  addresses
//	timestamp.go            0x1::timestamp            complete: CurrentTimeMicroseconds;
//	                                                  now_microseconds, now_seconds,
//	                                                  update_global_time (the VM's)
//	transaction_context.go  0x1::transaction_context  AUID; get_transaction_hash,
//	                                                  generate_auid(_address),
//	                                                  auid_address, get_script_hash,
//	(+ _payload.go)                                   sender, max_gas_amount,
//	                                                  gas_unit_price, chain_id; the
//	                                                  signers and the payload;
//	                                                  complete
//	transaction_fee.go      0x1::transaction_fee      complete: FeeStatement, the
//	                                                  capabilities; deprecated
//	                                                  functions abort
//
// Each module is declared through the native contract (vmstub/native) by
// a function named after it (ChainID for 0x1::chain_id); Modules lists
// them for the executor.
//
// The executor reaches the framework's state only through the exported Go
// functions, named after what the modules do, with a native.Host: the
// fee (PrepareFee, Fee.Burn), balances (PrimaryStoreBalance,
// CoinBalance), transfers it runs without an interpreter
// (TransferFungible, TransferCoins, BatchTransfer), coin's generic
// functions (CoinInfo, CoinSupply, IsAPT, IsAccountRegistered,
// PairedMetadata, TransferCoinsToAccount, MigrateToFungibleStore),
// accounts (AccountResource, IncrementSequenceNumber, NewEventHandle),
// genesis (GenesisFrameworkAccount, GenesisAPT, GenesisPrimaryStore,
// GenesisAPTSupply) and objects (CreateObject, ObjectOwner).
package aptosframework

import (
	"fmt"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// addr is the package's address.
var addr = ledgerapi.AddressOne

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module {
	// One module per line, in registration order.
	return []native.Module{
		ChainID(),
		Event(),
		Timestamp(),
		TransactionContext(),
		ChainStatus(),
		SystemAddresses(),
		Block(),
		TransactionFee(),
		NonceValidation(),
		Aggregator(),
		AggregatorV2(),
		OptionalAggregator(),
		Object(),
		Code(),
		ObjectCodeDeployment(),
		GUID(),
		FunctionInfo(),
		FungibleAsset(),
		DispatchableFungibleAsset(),
		PrimaryFungibleStore(),
		Coin(),
		AptosCoin(),
		AptosAccount(),
		ManagedCoin(),
		Account(),
		AuthData(),
		AccountAbstraction(),
		RateLimiter(),
		PermissionedSigner(),
		PermissionedDelegation(),
		ResourceAccount(),
		Randomness(),
		MultisigAccount(),
		JWKs(),
		KeylessAccount(),
	}
}

// tag1 is the tag of struct name of module at 0x1.
func tag1(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: module, Name: name}
}

// Helpers the modules share: resources read and written as BCS through
// the Host and aborts located in a named module.
//
// Gas: the Funcs of this package charge for the work their inputs make
// (bytes hashed, elements walked) and for the state they touch (hostOf).

// module1 is the id of module name at 0x1.
func module1(name string) ledgerapi.ModuleId { return ledgerapi.ModuleId{Address: addr, Name: name} }

// abortIn is an abort of module (at 0x1) with the code std::error gives
// category and reason. Functions shared by several modules (a withdrawal
// aborting in fungible_asset whoever calls it) abort with it, whatever
// module the calling Func belongs to.
func abortIn(module string, category, reason uint64) error {
	return &movevm.Abort{Module: module1(module), Code: native.Code(category, reason)}
}

// readResource decodes resource tag at a into dst and reports whether it
// exists.
func readResource(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, dst bcs.Unmarshaler) (bool, error) {
	b, ok, err := h.Resource(a, tag)
	if err != nil || !ok {
		return false, err
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return false, fmt.Errorf("aptosframework: corrupt %s at %s: %w", tag, a, err)
	}
	return true, nil
}

// moveTo is move_to: v written as resource tag at a, failing with
// RESOURCE_ALREADY_EXISTS when one is there.
func moveTo(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, v bcs.Marshaler) error {
	if _, ok, err := h.Resource(a, tag); err != nil {
		return err
	} else if ok {
		return &movevm.Error{Status: onchain.RESOURCE_ALREADY_EXISTS, Message: fmt.Sprintf("%s already exists at %s", tag, a)}
	}
	return putResource(h, a, tag, v)
}

// missingData is the failure of borrow_global or move_from of resource
// tag at a that does not exist.
func missingData(tag ledgerapi.StructTag, a ledgerapi.Address) error {
	return &movevm.Error{Status: onchain.MISSING_DATA, Message: fmt.Sprintf("%s does not exist at %s", tag, a)}
}

// addressResource is a resource (or value) of one address field, such as
// DeriveRefPod's DeriveRef.
type addressResource ledgerapi.Address

func (a addressResource) MarshalBCS(e *bcs.Encoder) { e.Fixed(a[:]) }

// putResource encodes v and writes it as resource tag at a.
func putResource(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, v bcs.Marshaler) error {
	return h.SetResource(a, tag, encode(v))
}

// encode returns the BCS of v in a slice of its own, exactly sized, built
// in a pooled scratch encoder (one allocation per value).
func encode(v bcs.Marshaler) []byte {
	e := scratch.Get().(*bcs.Encoder)
	e.Reset()
	v.MarshalBCS(e)
	out := make([]byte, e.Len())
	copy(out, e.Bytes())
	if e.Len() <= maxScratch {
		scratch.Put(e)
	}
	return out
}

// maxScratch is the largest scratch buffer returned to the pool.
const maxScratch = 4096

var scratch = sync.Pool{New: func() any { return bcs.NewEncoder(512) }}

// typeOf returns the interpreter type of the struct tag t.
func typeOf(c *native.Context, t ledgerapi.StructTag) (*movevm.Type, error) {
	return c.TypeOf(ledgerapi.StructType(t))
}

// hostOf is the Host a Func of this package works through: its state
// accesses charged (native.Metered).
func hostOf(c *native.Context) native.Host { return native.Metered(c) }
