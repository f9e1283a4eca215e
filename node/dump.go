package node

import (
	"context"
	"io"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/statefile"
)

// Dump writes the whole ledger (every block, with its transactions and so
// the state and history) to w in the statefile format, holding block
// production and the other controls meanwhile, and returns the ledger info
// written. statefile.Load fills an empty store from it, which a node
// started over that store continues. A ledger with pruned history gives
// statefile.ErrPrunedHistory.
func (n *Node) Dump(ctx context.Context, w io.Writer) (storage.LedgerInfo, error) {
	n.prod.Lock()
	defer n.prod.Unlock()
	return statefile.Write(ctx, n.store, w)
}
