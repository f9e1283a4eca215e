package native

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/storage"
)

// Host is what the framework needs of the transaction it runs in: the
// state the transaction sees (its own writes first), its events, the
// chain's time and id, the transaction's context, the modules in state,
// and requests the executor carries out after the call. The executor
// implements it; a Func reaches it through Context.Host.
//
// Values in state are BCS: a Func reading a resource decodes it, one
// writing it encodes it. Reads that fail (the store could not answer)
// return errors that must be returned as they are: the executor then keeps
// nothing of the transaction.
type Host interface {
	// Resource returns the BCS of resource tag at addr, and false when it
	// does not exist. Members of a resource group (0x1::object::ObjectGroup)
	// are addressed by their own tag like any resource.
	Resource(addr ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error)
	// SetResource writes resource tag at addr.
	SetResource(addr ledgerapi.Address, tag ledgerapi.StructTag, value []byte) error
	// DeleteResource removes resource tag from addr.
	DeleteResource(addr ledgerapi.Address, tag ledgerapi.StructTag) error

	// TableItem returns the value under the BCS key of table handle.
	TableItem(handle ledgerapi.Address, key []byte) ([]byte, bool, error)
	// SetTableItem writes the value under the BCS key of table handle.
	SetTableItem(handle ledgerapi.Address, key, value []byte) error
	// DeleteTableItem removes the item under the BCS key of table handle.
	DeleteTableItem(handle ledgerapi.Address, key []byte) error

	// EmitBCS records a module event of type typ with BCS data (Funcs
	// holding a Move value use Context.Emit instead).
	EmitBCS(typ ledgerapi.TypeTag, data []byte)
	// EmitOnHandle records a v1 event with sequence number seq in the
	// stream key of an EventHandle; the caller moves the handle's counter.
	EmitOnHandle(key storage.EventKey, seq uint64, typ ledgerapi.TypeTag, data []byte)

	// NowMicros is the chain time in microseconds: the block's timestamp
	// during execution, the on-chain timestamp in views.
	NowMicros() (uint64, error)
	// ChainID is the chain's id.
	ChainID() uint8

	// Txn describes the user transaction being executed (zero in views
	// and system transactions).
	Txn() TxnInfo
	// Module returns a module as stored in state (modules.ErrModuleNotFound
	// when there is none).
	Module(id ledgerapi.ModuleId) (*modules.Module, error)
	// RequestPublish records a package publication the executor carries out
	// after the call returns (checking, storing and running init_module),
	// as 0x1::code does on Aptos.
	RequestPublish(r PublishRequest) error

	// States holds the per-session state of the modules (see State).
	States() *States
}

// TxnInfo is the context of the transaction being executed.
type TxnInfo struct {
	// Present is false in views and system transactions.
	Present bool
	// Sender is the transaction's sender.
	Sender ledgerapi.Address
	// Hash is the transaction's hash.
	Hash ledgerapi.HashValue
	// MaxGasAmount and GasUnitPrice are the transaction's.
	MaxGasAmount, GasUnitPrice uint64
	// ScriptHash is the sha3-256 of a script payload's code (nil for
	// other payloads).
	ScriptHash []byte
	// SecondarySigners are the addresses of a multi-agent transaction's
	// secondary signers; GasPayer is the fee payer's address, the sender's
	// without one.
	SecondarySigners []ledgerapi.Address
	GasPayer         ledgerapi.Address
	// Entry is the entry function the payload calls (nil for a script or
	// an empty multisig executable); Multisig is the multisig account of a
	// multisig payload (nil otherwise).
	Entry    *EntryCall
	Multisig *ledgerapi.Address
	// Running is the entry function the transaction runs: Entry, or the
	// payload a multisig transaction executes (stored on chain or
	// provided); 0x1::randomness checks its #[randomness] attribute.
	Running *EntryCall
	// Print, when set, writes a line of std::debug output to the node's
	// log, naming the transaction; it is nil in simulations, views and
	// genesis, and when the node does not log it (vmstub.Options.DebugPrint).
	Print func(msg string)
}

// EntryCall is an entry function call of a transaction's payload: the
// function, its type arguments and the BCS of its arguments.
type EntryCall struct {
	Module   ledgerapi.ModuleId
	Function string
	TyArgs   []ledgerapi.TypeTag
	Args     [][]byte
}

// PublishRequest is a package publication 0x1::code asks of the executor.
type PublishRequest struct {
	// Publisher is the address the modules are published at.
	Publisher ledgerapi.Address
	// Metadata is the BCS of the package's PackageMetadata.
	Metadata []byte
	// Code is the modules' bytecode, in the order given.
	Code [][]byte
}
