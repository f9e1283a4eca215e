package vmstub

import (
	"errors"
	"fmt"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"sync"
	"sync/atomic"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Defaults for Options fields left zero.
const (
	DefaultChainID     = 4
	DefaultDevAccounts = 10
	DefaultSeed        = "ledgernode"
	// DefaultDevBalance is 100 APT in octas: enough for the TS SDK's default
	// gas budget (2,000,000 units × 100 octas) many times over.
	DefaultDevBalance = 10_000_000_000
	// DefaultRootBalance is 10 billion APT in octas, the faucet's reserve.
	DefaultRootBalance = 1_000_000_000_000_000_000
)

// GasSchedule prices transactions. Zero fields take the defaults of
// DefaultGasSchedule. See the package documentation for the formula.
type GasSchedule struct {
	// ExecutionBase is charged to every transaction (execution units).
	ExecutionBase uint64
	// ExecutionPerCall is charged per native function call unless the
	// function sets its own Gas (execution units).
	ExecutionPerCall uint64
	// IOPerWrite is charged per state slot written (io units).
	IOPerWrite uint64
	// IOPerEvent is charged per event, the fee statement excluded (io units).
	IOPerEvent uint64
	// IOBytesPerUnit: one io unit per started IOBytesPerUnit bytes of the
	// raw transaction.
	IOBytesPerUnit uint64
	// StorageFeePerSlot is the storage fee, in octas, of each state slot a
	// transaction creates. It is converted to gas units at the
	// transaction's gas unit price, rounding up.
	StorageFeePerSlot uint64
	// MinGasUnitPrice and MaxGasUnitPrice bound gas_unit_price.
	MinGasUnitPrice uint64
	MaxGasUnitPrice uint64
	// MaxGasAmount bounds max_gas_amount.
	MaxGasAmount uint64
	// MaxTransactionSize bounds the raw transaction's BCS size in bytes.
	MaxTransactionSize uint64
	// MaxViewGas bounds the gas of one view function call; a call that
	// would use more fails with OUT_OF_GAS.
	MaxViewGas uint64
	// ExecutionPerPublishedByte is charged per byte of module code and
	// package metadata published (execution units): reading, checking and
	// linking a package grow with its size.
	ExecutionPerPublishedByte uint64
	// MaxAAGas bounds the execution gas of an account abstraction's
	// authentication function, or the transaction's max_gas_amount when
	// that is less; a function that needs more refuses the transaction
	// with ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED. Aptos's max_aa_gas
	// is 60 of its gas units, which pay for an Ed25519 verification many
	// times over; at this schedule's scale a verification costs about 340
	// gas, so the default, 2000, keeps that room (a few verifications and
	// the parsing around them).
	MaxAAGas uint64
	// MoveUnitsPerGas is how many of the Move interpreter's units (about
	// one per instruction, more for calls, vectors and storage) make one
	// execution gas unit.
	MoveUnitsPerGas uint64
}

// DefaultGasSchedule is the schedule used for zero fields of Options.Gas.
var DefaultGasSchedule = GasSchedule{
	ExecutionBase:      4,
	ExecutionPerCall:   1,
	IOPerWrite:         1,
	IOPerEvent:         1,
	IOBytesPerUnit:     100,
	StorageFeePerSlot:  4_000,
	MinGasUnitPrice:    100,
	MaxGasUnitPrice:    10_000_000_000,
	MaxGasAmount:       2_000_000,
	MaxTransactionSize: 65_536,
	MaxViewGas:         2_000_000,
	MaxAAGas:           2000,

	ExecutionPerPublishedByte: 1,
	MoveUnitsPerGas:           50,
}

func (g GasSchedule) withDefaults() GasSchedule {
	d := DefaultGasSchedule
	set := func(v *uint64, def uint64) {
		if *v == 0 {
			*v = def
		}
	}
	set(&g.ExecutionBase, d.ExecutionBase)
	set(&g.ExecutionPerCall, d.ExecutionPerCall)
	set(&g.IOPerWrite, d.IOPerWrite)
	set(&g.IOPerEvent, d.IOPerEvent)
	set(&g.IOBytesPerUnit, d.IOBytesPerUnit)
	set(&g.StorageFeePerSlot, d.StorageFeePerSlot)
	set(&g.MinGasUnitPrice, d.MinGasUnitPrice)
	set(&g.MaxGasUnitPrice, d.MaxGasUnitPrice)
	set(&g.MaxGasAmount, d.MaxGasAmount)
	set(&g.MaxTransactionSize, d.MaxTransactionSize)
	set(&g.MaxViewGas, d.MaxViewGas)
	set(&g.MaxAAGas, d.MaxAAGas)
	set(&g.ExecutionPerPublishedByte, d.ExecutionPerPublishedByte)
	set(&g.MoveUnitsPerGas, d.MoveUnitsPerGas)
	return g
}

// Options configures a VM. The zero value is usable.
type Options struct {
	// ChainID of the ledger (default 4, a local testing chain).
	ChainID uint8
	// DevAccounts is the number of prefunded dev accounts (default 10; a
	// negative value means none).
	DevAccounts int
	// Seed derives the dev and root keys (default "ledgernode").
	Seed string
	// DevBalance is each dev account's genesis balance in octas (default
	// 100 APT).
	DevBalance uint64
	// RootBalance is the root (faucet) account's genesis balance in octas
	// (default 10 billion APT).
	RootBalance uint64
	// Gas overrides the gas schedule; zero fields keep the defaults.
	Gas GasSchedule
	// Natives are host modules declared through the native contract
	// (vmstub/native), registered with New (see Register).
	Natives []native.Module
	// ModuleCacheEntries bounds the cache of decoded modules other than
	// the registered ones, which stay decoded (default
	// modules.DefaultCacheEntries).
	ModuleCacheEntries int
	// InternalError, when set, is told of each internal error a
	// transaction or a view met: a bug of a native, of the interpreter or
	// of the executor, which the transaction is kept failed and charged
	// for (and the view fails with) but which no code should reach. It
	// gets the transaction's hash (zero for a view) and the error, and
	// must be safe for concurrent use.
	InternalError func(txn ledgerapi.HashValue, err error)
	// DebugPrint, when set, receives each line std::debug::print and
	// print_stack_trace write while a transaction executes, with the
	// transaction's hash (not in simulations, views or genesis); it must
	// be safe for concurrent use. Nil, the default, drops them, as Aptos's
	// production VM does.
	DebugPrint func(txn ledgerapi.HashValue, msg string)
}

// VM is the native executor. It implements the node's Executor interface
// (Genesis, Validate, BlockPrologue, Execute, SequenceNumber), simulation
// and view functions, the module registry (movevalue.Resolver for struct
// layouts, the ABIs) and txn.ArgCodec. A VM is safe for concurrent use once
// its modules are registered.
type VM struct {
	*runtime // what its sessions use of it
	opts     Options
	root     DevAccount
	devs     []DevAccount

	regMu  sync.Mutex // serialises Register
	sealed atomic.Bool

	moveOnce sync.Once
	move     *movevm.VM // the Move interpreter with the registry's natives

	randSeed atomic.Pointer[[32]byte] // the pinned per-block randomness seed, if any
}

// ErrSealed is returned by Register once the VM has started executing.
var ErrSealed = errors.New("vmstub: modules must be registered before genesis and execution")

// New returns a VM with the framework modules and opts.Natives registered.
func New(opts Options) (*VM, error) {
	if opts.ChainID == 0 {
		opts.ChainID = DefaultChainID
	}
	if opts.DevAccounts == 0 {
		opts.DevAccounts = DefaultDevAccounts
	} else if opts.DevAccounts < 0 {
		opts.DevAccounts = 0
	}
	if opts.Seed == "" {
		opts.Seed = DefaultSeed
	}
	if opts.DevBalance == 0 {
		opts.DevBalance = DefaultDevBalance
	}
	if opts.RootBalance == 0 {
		opts.RootBalance = DefaultRootBalance
	}
	vm := &VM{opts: opts, runtime: &runtime{gas: opts.Gas.withDefaults(), chainID: opts.ChainID, debugPrint: opts.DebugPrint,
		reg: newRegistry(), mods: modules.NewCache(opts.ModuleCacheEntries)}}
	if vm.gas.MinGasUnitPrice > vm.gas.MaxGasUnitPrice {
		return nil, fmt.Errorf("vmstub: min gas unit price %d above max %d", vm.gas.MinGasUnitPrice, vm.gas.MaxGasUnitPrice)
	}
	vm.root = RootAccount(opts.Seed)
	vm.devs = DevAccounts(opts.Seed, opts.DevAccounts)
	if err := vm.reg.addAll(frameworkModules()); err != nil {
		return nil, fmt.Errorf("vmstub: framework module %w", err)
	}
	vm.reg.bindDirectCalls()
	for _, m := range vm.reg.order {
		vm.mods.Pin(m.decoded)
		if err := vm.verified.check(m.decoded); err != nil {
			return nil, fmt.Errorf("vmstub: framework module %s: %w", m.id, err)
		}
	}
	for _, m := range opts.Natives {
		if err := vm.Register(m); err != nil {
			return nil, err
		}
	}
	return vm, nil
}

// Register adds a host module. It must be called before Genesis and before
// any transaction is validated or executed (ErrSealed afterwards): modules
// are part of the genesis state, and the registry is read without locks
// once execution starts. A module may not replace an existing one. The
// struct types it names must be declared by the module itself or by a
// module registered before it (the framework's come first): its bytecode
// imports them with their abilities and type parameters.
func (vm *VM) Register(m native.Module) error {
	vm.regMu.Lock()
	defer vm.regMu.Unlock()
	if vm.sealed.Load() {
		return ErrSealed
	}
	if err := vm.reg.add(m); err != nil {
		return fmt.Errorf("vmstub: module %s::%s: %w", m.Address.ShortString(), m.Name, err)
	}
	vm.mods.Pin(vm.reg.order[len(vm.reg.order)-1].decoded)
	return nil
}

// seal stops registration: from here on the registry is read-only.
func (vm *VM) seal() {
	if !vm.sealed.Load() {
		vm.regMu.Lock()
		vm.sealed.Store(true)
		vm.regMu.Unlock()
	}
}

// ChainID returns the chain id the VM validates against.
func (vm *VM) ChainID() uint8 { return vm.opts.ChainID }

// Gas returns the effective gas schedule.
func (vm *VM) Gas() GasSchedule { return vm.gas }

// Root returns the root (faucet) account.
func (vm *VM) Root() DevAccount { return vm.root }

// DevAccounts returns the prefunded dev accounts.
func (vm *VM) DevAccounts() []DevAccount { return append([]DevAccount(nil), vm.devs...) }

// EstimateGasPrice returns the gas price estimates the node reports
// (deprioritized, regular, prioritized): the minimum price for the first
// two and 1.5 times it for the last, as an idle local network does.
func (vm *VM) EstimateGasPrice() (deprioritized, estimate, prioritized uint64) {
	p := vm.gas.MinGasUnitPrice
	return p, p, p + p/2
}

// SequenceNumber returns an account's sequence number: the Account
// resource's, or 0 for a stateless account.
func (vm *VM) SequenceNumber(state storage.View, addr ledgerapi.Address) (uint64, error) {
	s := newSession(vm, state)
	defer s.release()
	acc, ok, err := s.account(addr)
	if err != nil || !ok {
		return 0, err
	}
	return acc.SequenceNumber, nil
}
