package aptosframework

// 0x1::multisig_account: the declaration of the module (its structs,
// events, functions and error constants as Aptos declares them) and the
// helpers its Funcs share. The Funcs are in multisig_account_views.go
// (views), multisig_account_create.go (account creation, owner and
// metadata updates), multisig_account_txn.go (proposals, votes,
// rejections, and the validation and cleanup the executor runs for a
// multisig transaction).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Error constants of 0x1::multisig_account.
const (
	msEDuplicateOwner                 = 1
	msEAccountNotMultisig             = 2002
	msENotOwner                       = 2003
	msEPayloadCannotBeEmpty           = 4
	msENotEnoughOwners                = 5
	msETransactionNotFound            = 2006
	msEPayloadDoesNotMatchHash        = 2008
	msENotEnoughApprovals             = 2009
	msENotEnoughRejections            = 10
	msEInvalidSignaturesRequired      = 11
	msEInvalidPayloadHash             = 12
	msEOwnerCannotBeMultisig          = 13
	msEMultisigNotEnabled             = 14
	msEMetadataLengthMismatch         = 15
	msEDuplicateMetadataKey           = 16
	msEInvalidSequenceNumber          = 17
	msEOwnersOverlap                  = 18
	msEMaxPendingTransactionsExceeded = 19
	msEMultisigV2NotEnabled           = 20
)

// MaxPendingTransactions bounds the transactions waiting in a multisig
// account (MAX_PENDING_TRANSACTIONS).
const MaxPendingTransactions = 20

// msDomainSeparator prefixes the seed of a multisig account's resource
// address (DOMAIN_SEPARATOR).
var msDomainSeparator = []byte("aptos_framework::multisig_account")

const (
	msTMS       = "0x1::multisig_account::"
	msTMSTxn    = msTMS + "MultisigTransaction"
	msTMeta     = "0x1::simple_map::SimpleMap<0x1::string::String, vector<u8>>"
	msTAddrs    = "vector<address>"
	msTStrings  = "vector<0x1::string::String>"
	msTByteVecs = "vector<vector<u8>>"
)

// MultisigAccount declares 0x1::multisig_account.
func MultisigAccount() native.Module {
	ds := []string{native.AbilityDrop, native.AbilityStore}
	cds := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	plain := func(name string, abilities []string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: abilities, Fields: fields}
	}
	ev := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: ds, Fields: append([]string{"multisig_account: address"}, fields...), IsEvent: true}
	}
	accountFields := []string{"owners: vector<address>", "num_signatures_required: u64",
		"transactions: 0x1::table::Table<u64, " + msTMSTxn + ">", "last_executed_sequence_number: u64",
		"next_sequence_number: u64", "signer_cap: 0x1::option::Option<0x1::account::SignerCapability>",
		"metadata: " + msTMeta}
	handleFields := []string{"add_owners_events", "remove_owners_events", "update_signature_required_events",
		"create_transaction_events", "vote_events", "execute_rejected_transaction_events", "execute_transaction_events",
		"transaction_execution_failed_events", "metadata_updated_events"}
	for i, f := range handleFields {
		accountFields = append(accountFields, f+": 0x1::event::EventHandle<"+msTMS+msHandleEvents[i]+">")
	}
	creation := []string{"chain_id: u8", "account_address: address", "sequence_number: u64", "owners: vector<address>", "num_signatures_required: u64"}
	payloadFields := []string{"executor: address", "sequence_number: u64", "transaction_payload: vector<u8>", "num_approvals: u64"}
	failedFields := append(append([]string{}, payloadFields...), "execution_error: "+msTMS+"ExecutionError")
	return native.Module{Address: addr, Name: "multisig_account",
		Structs: []native.Struct{
			plain("MultisigAccount", []string{native.AbilityKey}, accountFields...),
			plain("MultisigTransaction", cds, "payload: 0x1::option::Option<vector<u8>>", "payload_hash: 0x1::option::Option<vector<u8>>",
				"votes: 0x1::simple_map::SimpleMap<address, bool>", "creator: address", "creation_time_secs: u64"),
			plain("ExecutionError", cds, "abort_location: 0x1::string::String", "error_type: 0x1::string::String", "error_code: u64"),
			plain("MultisigAccountCreationMessage", []string{native.AbilityCopy, native.AbilityDrop}, creation...),
			plain("MultisigAccountCreationWithAuthKeyRevocationMessage", []string{native.AbilityCopy, native.AbilityDrop}, creation...),
			plain("AddOwnersEvent", ds, "owners_added: vector<address>"),
			ev("AddOwners", "owners_added: vector<address>"),
			plain("RemoveOwnersEvent", ds, "owners_removed: vector<address>"),
			ev("RemoveOwners", "owners_removed: vector<address>"),
			plain("UpdateSignaturesRequiredEvent", ds, "old_num_signatures_required: u64", "new_num_signatures_required: u64"),
			ev("UpdateSignaturesRequired", "old_num_signatures_required: u64", "new_num_signatures_required: u64"),
			plain("CreateTransactionEvent", ds, "creator: address", "sequence_number: u64", "transaction: "+msTMSTxn),
			ev("CreateTransaction", "creator: address", "sequence_number: u64", "transaction: "+msTMSTxn),
			plain("VoteEvent", ds, "owner: address", "sequence_number: u64", "approved: bool"),
			ev("Vote", "owner: address", "sequence_number: u64", "approved: bool"),
			plain("ExecuteRejectedTransactionEvent", ds, "sequence_number: u64", "num_rejections: u64", "executor: address"),
			ev("ExecuteRejectedTransaction", "sequence_number: u64", "num_rejections: u64", "executor: address"),
			plain("TransactionExecutionSucceededEvent", ds, payloadFields...),
			ev("TransactionExecutionSucceeded", payloadFields...),
			plain("TransactionExecutionFailedEvent", ds, failedFields...),
			ev("TransactionExecutionFailed", failedFields...),
			plain("MetadataUpdatedEvent", ds, "old_metadata: "+msTMeta, "new_metadata: "+msTMeta),
			ev("MetadataUpdated", "old_metadata: "+msTMeta, "new_metadata: "+msTMeta),
		},
		Functions: append(append(msViews(), msCreation()...), msTransactions()...),
		Errors: []native.AbortReason{
			{Reason: msEDuplicateOwner, Name: "EDUPLICATE_OWNER", Description: "Owner list cannot contain the same address more than once."},
			{Reason: msEAccountNotMultisig, Name: "EACCOUNT_NOT_MULTISIG", Description: "Specified account is not a multisig account."},
			{Reason: msENotOwner, Name: "ENOT_OWNER", Description: "Account executing this operation is not an owner of the multisig account."},
			{Reason: msEPayloadCannotBeEmpty, Name: "EPAYLOAD_CANNOT_BE_EMPTY", Description: "Transaction payload cannot be empty."},
			{Reason: msENotEnoughOwners, Name: "ENOT_ENOUGH_OWNERS", Description: "Multisig account must have at least one owner."},
			{Reason: msETransactionNotFound, Name: "ETRANSACTION_NOT_FOUND", Description: "Transaction with specified id cannot be found."},
			{Reason: msEPayloadDoesNotMatchHash, Name: "EPAYLOAD_DOES_NOT_MATCH_HASH", Description: "Provided target function does not match the hash stored in the on-chain transaction."},
			{Reason: msENotEnoughApprovals, Name: "ENOT_ENOUGH_APPROVALS", Description: "Transaction has not received enough approvals to be executed."},
			{Reason: msENotEnoughRejections, Name: "ENOT_ENOUGH_REJECTIONS", Description: "Transaction has not received enough rejections to be officially rejected."},
			{Reason: msEInvalidSignaturesRequired, Name: "EINVALID_SIGNATURES_REQUIRED", Description: "Number of signatures required must be more than zero and at most the total number of owners."},
			{Reason: msEInvalidPayloadHash, Name: "EINVALID_PAYLOAD_HASH", Description: "Payload hash must be exactly 32 bytes (sha3-256)."},
			{Reason: msEOwnerCannotBeMultisig, Name: "EOWNER_CANNOT_BE_MULTISIG_ACCOUNT_ITSELF", Description: "The multisig account itself cannot be an owner."},
			{Reason: msEMultisigNotEnabled, Name: "EMULTISIG_ACCOUNTS_NOT_ENABLED_YET", Description: "Multisig accounts has not been enabled on this current network yet."},
			{Reason: msEMetadataLengthMismatch, Name: "ENUMBER_OF_METADATA_KEYS_AND_VALUES_DONT_MATCH", Description: "The number of metadata keys and values don't match."},
			{Reason: msEDuplicateMetadataKey, Name: "EDUPLICATE_METADATA_KEY", Description: "The specified metadata contains duplicate attributes (keys)."},
			{Reason: msEInvalidSequenceNumber, Name: "EINVALID_SEQUENCE_NUMBER", Description: "The sequence number provided is invalid. It must be between [1, next pending transaction - 1]."},
			{Reason: msEOwnersOverlap, Name: "EOWNERS_TO_REMOVE_NEW_OWNERS_OVERLAP", Description: "Provided owners to remove and new owners overlap."},
			{Reason: msEMaxPendingTransactionsExceeded, Name: "EMAX_PENDING_TRANSACTIONS_EXCEEDED", Description: "The number of pending transactions has exceeded the maximum allowed."},
			{Reason: msEMultisigV2NotEnabled, Name: "EMULTISIG_V2_ENHANCEMENT_NOT_ENABLED", Description: "The multisig v2 enhancement feature is not enabled."},
		},
	}
}

// abortMS is an abort of 0x1::multisig_account with category and reason.
func abortMS(category, reason uint64) error {
	return &movevm.NativeAbort{Code: native.Code(category, reason)}
}

// msEntryFn declares an entry function; private ones are only callable by
// transactions.
func msEntryFn(name string, vis native.Visibility, params []string, impl native.Func) native.Function {
	return native.Function{Name: name, IsEntry: true, Visibility: vis, Params: params, Impl: impl}
}

// msViewFn declares a #[view] function.
func msViewFn(name string, params, ret []string, impl native.Func) native.Function {
	return native.Function{Name: name, IsView: true, Params: params, Return: ret, Impl: impl}
}

// msPrivateFn declares a private function (the VM calls some of them).
func msPrivateFn(name string, params, ret []string, impl native.Func) native.Function {
	return native.Function{Name: name, Visibility: native.Private, Params: params, Return: ret, Impl: impl}
}

// The arguments of the module's functions as Go values.

func msArgAddrs(v movevm.Value) []ledgerapi.Address {
	out := make([]ledgerapi.Address, v.Len())
	for i := range out {
		out[i] = v.Elem(i).AsAddress()
	}
	return out
}

func msArgSigner(v movevm.Value) ledgerapi.Address {
	s, _ := v.Deref()
	return s.AsAddress()
}

// msArgStrings reads a vector<String> as the strings' bytes.
func msArgStrings(v movevm.Value) [][]byte {
	out := make([][]byte, v.Len())
	for i := range out {
		out[i] = v.Elem(i).Elem(0).Bytes()
	}
	return out
}

func msArgByteVecs(v movevm.Value) [][]byte {
	out := make([][]byte, v.Len())
	for i := range out {
		out[i] = v.Elem(i).Bytes()
	}
	return out
}

// msArgOptU64 reads an Option<u64>.
func msArgOptU64(v movevm.Value) *uint64 {
	vec := v.Elem(0)
	if vec.Len() == 0 {
		return nil
	}
	x := vec.Elem(0).AsU64()
	return &x
}

// msChargeIn charges the bytes of a vector of n elements of size bytes an
// argument brings (they are read into Go values).
func msChargeIn(c *native.Context, n int) error { return native.ChargeRead(c.NativeContext, n) }

// serializeArgs is the BCS of args one after the other, each charged:
// the BCS of a struct whose fields they are, in order.
func serializeArgs(c *native.Context, args []movevm.Value) ([]byte, error) {
	var data []byte
	for _, a := range args {
		b, err := native.SerializeCharged(c.NativeContext, a)
		if err != nil {
			return nil, err
		}
		data = append(data, b...)
	}
	return data, nil
}

// msResult builds a value of Move type typ (a type string) from its BCS,
// charged as output.
func msResult(c *native.Context, typ string, b []byte) (movevm.Value, error) {
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return movevm.Value{}, err
	}
	tag, err := ledgerapi.ParseTypeTag(typ)
	if err != nil {
		return movevm.Value{}, err
	}
	t, err := c.TypeOf(tag)
	if err != nil {
		return movevm.Value{}, err
	}
	return c.Deserialize(t, b)
}
