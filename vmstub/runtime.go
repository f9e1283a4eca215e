package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
)

// runtime is what a session uses of its VM, fixed once the VM is built:
// the gas schedule, the chain id, where std::debug output goes, the registry of framework and host
// modules and the cache of decoded modules with the verifier's verdicts.
// A session holds the runtime, not the VM: it cannot register modules,
// read the VM's options or reach its accounts.
type runtime struct {
	gas     GasSchedule
	chainID uint8
	// debugPrint is Options.DebugPrint.
	debugPrint func(txn ledgerapi.HashValue, msg string)
	reg        *registry
	mods       *modules.Cache // decoded modules, registered ones pinned
	// verified holds the verifier's verdict on each decoded module.
	verified verifiedModules
	// unverified lets code the verifier did not accept run; only tests of
	// the interpreter's own run-time checks set it (export_test.go).
	unverified bool
}
