// Package vmstub is the native executor: it validates transactions (the
// prologue), runs the most-used framework functions natively in Go with the
// resources, events, gas and statuses a client expects from an Aptos
// fullnode, answers view functions, and lets host programs register their
// own native modules. A *VM implements the node's Executor interface,
// movevalue.Resolver (struct layouts) and txn.ArgCodec (JSON arguments).
//
// # Accounts and APT
//
// Accounts are stateless (DEFAULT_ACCOUNT_RESOURCE on): an address without
// an 0x1::account::Account resource has sequence number 0 and its address as
// authentication key; the first transaction it sends creates the resource
// (guid_creation_num 2). APT is a fungible asset whose metadata object is
// 0xa; balances live only in primary fungible stores at
// sha3-256(owner ‖ 0xa ‖ 0xFC), created silently (FungibleStore and
// ObjectCore, no event) when first needed. No CoinStore<AptosCoin> is ever
// created; a legacy one written by a host (as pre-fungible-asset accounts
// had one) is counted by coin::balance and coin::supply and moved into the
// primary store by coin::migrate_to_fungible_store, while transfers and
// fees use only primary stores. A frozen store (only migration can freeze
// one) refuses withdrawals and deposits (ESTORE_IS_FROZEN). Other coins
// are Aptos's: CoinInfo<T> from coin::initialize, CoinStore<T>s from
// coin::register, and a paired fungible asset (a named object of 0xa
// seeded with the coin's type name) made when first needed and recorded
// in 0x1's CoinConversionMap.
//
// # Objects
//
// The objects the executor creates are APT's metadata object 0xa (owned by
// 0x1, ungated transfers allowed) and primary stores (owned by their
// account, ungated transfers disabled, so object::transfer refuses them
// with ENO_UNGATED_TRANSFERS). object::transfer<T> and transfer_call check
// as Aptos does, in order: the object exists (EOBJECT_DOES_NOT_EXIST) and
// allows ungated transfers (ENO_UNGATED_TRANSFERS); its owners are walked
// up to the signer, each an object (else ENOT_OBJECT_OWNER) allowing
// ungated transfers, at most 7 deep (EMAXIMUM_NESTING). The new owner is
// announced by the module event 0x1::object::Transfer only (the current
// framework no longer emits the handle event TransferEvent); a transfer to
// the current owner writes and emits nothing. Other objects exist only if a
// host writes their ObjectCore (the tests do).
//
// # Genesis
//
// Version 0 writes, in order:
//   - at 0x1: account::Account (guid_creation_num 4), account::OriginatingAddress
//     {address_map: Table{handle: TableHandle(0x1, "account::OriginatingAddress")}},
//     chain_id::ChainId, timestamp::CurrentTimeMicroseconds (0),
//     block::BlockResource (height 0, handles with GUIDs 2 and 3),
//     nonce_validation::NonceHistory {nonce_table: Table{handle:
//     TableHandle(0x1, "nonce_validation::NonceHistory")}, next_key: 0}
//     (Aptos's layout: buckets of big ordered maps, made as orderless
//     transactions need them), coin::CoinInfo<AptosCoin>,
//     coin::CoinConversionMap {coin_to_fungible_asset_map: Table{handle:
//     aptosframework.CoinConversionTable}} and its item AptosCoin's TypeInfo → 0xa;
//   - at 0xa: object::ObjectCore (owner 0x1), fungible_asset::Metadata
//     (Aptos Coin, APT, 8), coin::PairedCoinType, coin::PairedFungibleAssetRefs,
//     primary_fungible_store::DeriveRefPod;
//   - the primary stores of the root account (Options.RootBalance) and the
//     dev accounts (Options.DevBalance each);
//   - fungible_asset::ConcurrentSupply at 0xa, equal to the sum of those
//     balances;
//   - every registered module's bytecode (see ModuleBytecode) under
//     ModuleKey, then what host modules write in Module.Genesis;
//   - last, chain_status::GenesisEndMarker at 0x1 (chain_status::is_operating
//     is true from then on).
//
// Events: block::NewBlockEvent for height 0 (v1, handle 2@0x1) and
// coin::PairCreation (v2). The payload is a documented BCS change set
// (variant 0, the write set, the events; see Genesis). Dev and root keys are
// Ed25519 seeds sha3-256(seed ‖ ":dev:" ‖ i) and sha3-256(seed ‖ ":root").
//
// Each block's metadata transaction (BlockPrologue) sets BlockResource.height
// and the chain time and emits NewBlockEvent, whose stream counter equals
// the height.
//
// # Validation
//
// The prologue (Validate at submission, and again in Execute) checks, in
// order: secondary signer counts (SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH 27)
// and duplicate signers (SIGNERS_CONTAIN_DUPLICATES 28), as aptos_vm does
// before the Move prologue; raw transaction size (EXCEEDED_MAX_TRANSACTION_SIZE
// 10); max_gas_amount above the bound (13) or below the intrinsic gas (14);
// gas_unit_price below 100 (15) or above 10^10 (16); expiration at or before
// the chain time (TRANSACTION_EXPIRED 6); chain id (BAD_CHAIN_ID 23); the
// sender's auth key (INVALID_AUTH_KEY 2); for orderless transactions (replay
// nonce; the sequence number is ignored) an expiration more than 65 s ahead
// (TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE 44) or a nonce already used and
// not expired (NONCE_ALREADY_USED 42), otherwise the sequence number
// (SEQUENCE_NUMBER_TOO_BIG 24 at 2^63, TOO_OLD 3, TOO_NEW 4); the gas
// payer's APT balance against max_gas_amount × gas_unit_price
// (INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE 5); the secondary signers' and
// fee payer's auth keys (2); for a sponsored sender without an Account
// resource, max_gas_amount ≥ 10 + ⌈2 × StorageFeePerSlot ÷ price⌉ (14); and
// finally the payload: a multisig payload is validated by
// multisig_account::validate_multisig_transaction (ACCOUNT_NOT_MULTISIG 31,
// NOT_MULTISIG_OWNER 32, MULTISIG_TRANSACTION_NOT_FOUND 33,
// MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS 34,
// MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH 35; multisig.go); entry
// functions and scripts pass. Rejections are *ledgerapi.VMStatus.
//
// A signer whose authenticator is an account abstraction one proves no
// key: in place of its auth-key check, the Move function the account
// registered with account_abstraction runs on the interpreter with its
// signer and the authenticator's AbstractionAuthData, within
// min(GasSchedule.MaxAAGas, max_gas_amount) gas (ABORTED 4016 when it, or
// account_abstraction's checks, abort; ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED
// 41 when it runs out; abstraction.go). Its gas counts in the transaction's.
//
// Validate accepts a sequence number above the account's: the mempool parks
// it until the gap fills. Execute requires equality and discards the
// transaction otherwise (SEQUENCE_NUMBER_TOO_NEW). Signatures are verified
// by the node at submission, not here.
//
// # Execution
//
// The payload runs in a session over the block's state. Before a native
// runs, the call is checked as the Move VM does, against the function as
// the module stored in that state defines it: unknown function
// (FUNCTION_RESOLUTION_FAILURE 1091), not an entry function (1103), type
// argument count (1076), parameters no call can pass
// (INVALID_PARAM_TYPE_FOR_DESERIALIZATION 1099), signer count (1101;
// functions without signer parameters ignore the signers), argument count
// (NUMBER_OF_ARGUMENTS_MISMATCH 1098), arguments that do not deserialize
// (FAILED_TO_DESERIALIZE_ARGUMENT 1100), Object<T> arguments that name no
// object holding T (abort in 0x1::object). The call then runs on the
// interpreter (see Move code), a registered module's function as its
// native.Func, or as one of the executor's direct calls.
// These failures, Move aborts and out-of-gas are committed with a failed
// onchain.ExecutionStatus (a Move abort with its module, code and the
// module's reason; out of gas; a miscellaneous error with its status code),
// whose vm_status text reads as the API's ("Move abort in
// 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance
// to withdraw or transfer.", "Out of gas", or the status name); the payload's
// changes are rolled back, and the epilogue still runs. The epilogue bumps
// the sender's sequence number (creating its Account resource) or records
// the nonce, burns the fee from the gas payer's APT store (the fee payer of
// fee-payer transactions, else the sender) reducing ConcurrentSupply, and
// emits 0x1::transaction_fee::FeeStatement last.
//
// # Gas schedule
//
// For a transaction with raw BCS size B bytes at price P:
//
//	execution = ExecutionBase (4) + ExecutionPerCall (1) + what the call
//	            metered: nothing more for the executor's direct calls (APT
//	            transfers, coin's generic functions; batch_transfer adds 1
//	            per recipient), the interpreter's meter for every other
//	            function, framework or published (arguments decoded,
//	            instructions, the Funcs' charges)
//	io        = IOPerWrite (1) × state slots written
//	          + IOPerEvent (1) × events (the FeeStatement excluded)
//	          + ⌈B ÷ IOBytesPerUnit (100)⌉
//	storage   = StorageFeePerSlot (4,000 octas) × state slots created
//	gas_used  = execution + io + ⌈storage ÷ P⌉
//
// The resources of one object (ObjectGroup members at one address, e.g. a
// primary store's ObjectCore and FungibleStore) count as one slot, as Aptos
// resource groups do. The write set priced includes the epilogue's writes
// (Account, the payer's store, ConcurrentSupply). A transfer between
// existing accounts costs 13 units (5 execution, 4 writes + 2 events + 2 size
// in io); creating a store or an Account resource adds 40 units at price 100.
// The intrinsic gas (minimum max_gas_amount) is ExecutionBase + ⌈B ÷ 100⌉.
// Gas above max_gas_amount fails the transaction with "Out of gas" and
// charges max_gas_amount; the fee is gas_used × P (no refunds). When the
// payer cannot pay the fee after a successful payload, the transaction fails
// with "Move abort in 0x1::transaction_validation:
// PROLOGUE_ECANT_PAY_GAS_DEPOSIT(0x203ed)" and pays the failure path's fee.
// Simulation (Simulate) computes gas exactly as execution does; it skips
// signatures, the auth-key check of NoAccount authenticators and the fee of
// a fee payer 0x0, can estimate the gas price and max gas, and reports a
// prologue failure both as an error and as a failed output. Views cost the
// call's execution gas plus one unit per state slot read.
//
// # Natives
//
// Entry functions: 0x1::aptos_account::{transfer, transfer_coins<T>,
// batch_transfer, create_account, transfer_fungible_assets},
// 0x1::coin::{transfer<T>, migrate_to_fungible_store<T>},
// 0x1::primary_fungible_store::{transfer<T>,
// transfer_assert_minimum_deposit<T>}, 0x1::fungible_asset::{transfer<T>,
// upgrade_store_to_concurrent<T>}, 0x1::dispatchable_fungible_asset::{
// transfer<T>, transfer_assert_minimum_deposit<T>}, 0x1::object::{transfer<T>,
// transfer_call, transfer_to_object<O, T>, burn<T>, unburn<T>},
// 0x1::account::{rotate_authentication_key,
// rotate_authentication_key_call, rotate_authentication_key_from_public_key},
// 0x4::aptos_token::{create_collection, mint, mint_soul_bound, burn<T>,
// freeze_transfer<T>, unfreeze_transfer<T>, set_description<T>,
// set_name<T>, set_uri<T>, add_property<T>, add_typed_property<T, V>,
// remove_property<T>, update_property<T>, update_typed_property<T, V>,
// set_collection_description<T>, set_collection_uri<T>}.
//
// Views: 0x1::coin::{balance, name, symbol, decimals, supply,
// is_account_registered, paired_metadata, paired_coin},
// 0x1::account::{exists_at, get_sequence_number, get_authentication_key,
// get_guid_next_creation_num, originating_address},
// 0x1::primary_fungible_store::{balance, is_balance_at_least, is_frozen,
// primary_store, primary_store_address, primary_store_exists},
// 0x1::fungible_asset::{balance, is_balance_at_least, is_frozen,
// is_store_dispatchable, store_exists, store_metadata, supply, maximum,
// metadata, name, symbol, decimals, icon_uri, project_uri,
// is_untransferable}, 0x1::dispatchable_fungible_asset::{derived_balance,
// is_derived_balance_at_least, derived_supply}, 0x1::chain_status::{is_operating, is_genesis},
// 0x1::chain_id::get, 0x1::timestamp::{now_seconds, now_microseconds},
// 0x1::block::{get_current_block_height, get_epoch_interval_secs},
// 0x1::aptos_account::can_receive_direct_coin_transfers,
// 0x1::object::{owner, is_owner, owns, root_owner, is_burnt,
// is_untransferable}, the 0x4::collection and 0x4::token views (count,
// creator, name, description, uri, collection_name, collection_object,
// royalty, index, create_token_address_with_seed) and those of
// 0x4::aptos_token (is_burnable, are_properties_mutable, …). Options such as
// fungible_asset::supply render as {"vec": [...]}.
//
// The framework modules are account, aptos_account, coin, aptos_coin,
// fungible_asset, primary_fungible_store, dispatchable_fungible_asset,
// function_info, object, event, guid, type_info,
// table, string, option, aggregator, aggregator_v2, optional_aggregator,
// chain_id, timestamp, block, transaction_fee, nonce_validation and
// chain_status at 0x1, and the token objects at 0x4 (collection, royalty,
// token, property_map, aptos_token; vmstub/framework/aptostokenobjects).
//
// # Modules as bytecode
//
// Every registered module (framework or host) is served as genuine Move
// bytecode generated from its Go declaration (modgen.go): file format
// version 7, its structs with their fields, abilities and type parameters
// (phantom flags included), every function declared native with its
// signature, its friends, and an aptos::metadata_v1 entry holding its
// error map and the #[view], #[event] and resource group attributes.
// Genesis stores these bytes. From then on what a module looks like is
// read from the bytes stored at the version at hand (ledgerapi/modules,
// decoded once per distinct bytes): ABIs, the struct layouts that render
// resources, events, table items and view results, and the signatures
// that check and convert arguments (ModulesAt, which the handlers use). A
// module stored later (as publishing stores one, or StoreModule from a
// host Func) is visible from its version on and absent before it.
//
// A call runs a registered module's Func when the stored module defines
// the function with the signature generated for it. A function of any
// other stored module (one published rather than registered) is Move code.
// A few framework functions (the APT transfers, coin's generic functions)
// transactions and views call are run by the executor directly, without an
// interpreter session, from the arguments it checked (directcalls.go);
// Move code calling them runs their Funcs.
//
// # Move code
//
// Entry functions, views, scripts and init_module of published modules
// run on vmstub/movevm against the transaction's session (movecall.go):
// modules and resources are read from it, a successful call's resource
// writes, events and table items go back to it, a failed one fails the
// transaction (its status from the interpreter: a Move abort explained by
// the module's error map, OUT_OF_GAS, an execution failure at a code
// offset, or a VM status). Gas: MoveUnitsPerGas interpreter units make one
// execution gas unit, within max_gas_amount. Move code calls the framework
// through its natives, native.Funcs over the interpreter's values (they
// write through references in place: vector, option::extract,
// coin::merge, tables). Objects made by
// Move code get transaction-unique addresses (sha3-256 of the transaction
// hash, a counter from 1 and 0xFB), tables handles from the transaction
// hash and a counter, as on Aptos.
//
// # Publishing
//
// 0x1::code::publish_package_txn and 0x1::object_code_deployment's publish,
// upgrade and freeze_code_object take Move packages as Aptos does: the
// checks of package publish (metadata, addresses, linking against the
// modules stored at that version, upgrade policy and compatibility, write
// limits) decide; an accepted package's modules are stored under their
// module state keys, the publisher's 0x1::code::PackageRegistry is written
// and 0x1::code::PublishPackage is emitted. A refusal is a committed
// failure: an abort of 0x1::code (or 0x1::util when the metadata does not
// deserialize) or the VM status of the failed check. Genesis lists the
// registered modules in PackageRegistry resources (the framework at 0x1 as
// MoveStdlib, AptosStdlib and AptosFramework; native.Module.Package for
// host modules), so published packages can name them as dependencies. A new
// module's init_module runs once, with the publisher's signer, after the
// whole package is stored; its failure fails the publication.
//
// # Host modules
//
// Modules implemented in Go are declared through the native contract,
// vmstub/native: exact Move signatures, one Func signature over the
// interpreter's values, per-session state, aborts, events and gas (see
// its package doc and Example). The framework's modules are in the tree
// under vmstub/framework (one folder per Move package, one file per
// module), declared the same way.
//
// A host declares its modules as native.Module values and passes them in
// Options.Natives (or VM.Register), registered before genesis as part of
// the genesis state:
// structs (they become the module's struct definitions, hence the layouts
// values render with and the ABI), functions with their Move signatures,
// each implemented by a native.Func (the interpreter checks a transaction's
// or a view's arguments first; the Func reads and writes resources and
// table items as BCS through native.Host, emits events and aborts with the
// module's error constants), abort reason names, and a Genesis hook
// writing the module's initial state. The structs a module's types name
// must be declared by it or by a module registered before it (the
// framework's come first). examples/custommodule is such a host.
package vmstub
