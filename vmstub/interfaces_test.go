package vmstub_test

import (
	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/vmstub"
)

// The VM plugs into every consumer interface as is.
var (
	_ node.Executor     = (*vmstub.VM)(nil)
	_ handlers.Executor = (*vmstub.VM)(nil)
	_ handlers.Modules  = (*vmstub.VM)(nil)
)
