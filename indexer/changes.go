package indexer

import (
	"context"
	"errors"
	"slices"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// The change feed: with Options.ChangeFeed every table records the
// position of each row put (table.changes), and Changes hands out the
// rows at those positions, so a copy of the index elsewhere (package
// indexer/pgindex) is kept by upserting them. Rows are never deleted
// from a table, only replaced by key, so upserting the rows put is exact;
// a state built anew (the first catch-up, a revert, pruning past what was
// indexed) is handed out whole instead (Changes.Full).

// feed is the Indexer's change feed.
type feed struct {
	// sent is the state whose changes the last Changes call handed out;
	// a different ix.st means the index was rebuilt since.
	sent *state
}

// track makes st's tables record their changes when on (once: a state
// already tracked keeps what it recorded).
func (f *feed) track(st *state, on bool) {
	if !on {
		return
	}
	for _, t := range st.tables {
		if t.changes == nil {
			t.changes = new([]int32)
		}
	}
}

// changed records that the row at position i was put.
func (t *table) changed(i int) {
	if t.changes != nil {
		*t.changes = append(*t.changes, int32(i))
	}
}

// Changes is what the indexer put since the previous Changes call.
type Changes struct {
	// Full says the index was built anew since (the first call, or a
	// revert or pruning past what was indexed made the indexer start
	// over): Tables hold every row, and a copy must be replaced whole.
	Full bool
	// Tables maps a table's name to the rows put since the previous
	// call, the latest row of each primary key, in no particular order.
	// current_collection_ownership_v2_view, derived and keyless, is
	// there whole whenever a token table changed: replace it whole.
	// ledger_infos is there when Full.
	Tables map[string][]gql.Row
	// Indexed is false while nothing is indexed (an empty ledger).
	Indexed bool
	// Last is the last indexed version and LastTimestamp its timestamp
	// in microseconds, when Indexed.
	Last, LastTimestamp uint64
}

// errNoFeed is Changes' error without Options.ChangeFeed.
var errNoFeed = errors.New("indexer: Changes needs Options.ChangeFeed")

// Changes catches up with the store and returns the rows put since the
// previous call, which it forgets: a caller that fails to apply them
// calls Resend, making the next call Full.
func (ix *Indexer) Changes(ctx context.Context) (Changes, error) {
	if !ix.opts.ChangeFeed {
		return Changes{}, errNoFeed
	}
	arrived := ix.arrivals.Add(1)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	info, err := ix.catchUpSince(ctx, arrived)
	if err != nil {
		return Changes{}, err
	}
	st := ix.st
	c := Changes{Full: st != ix.feed.sent, Tables: map[string][]gql.Row{}}
	ix.feed.sent = st
	if st == nil {
		return c, nil
	}
	c.Indexed, c.Last, c.LastTimestamp = st.indexed, st.last, st.lastTimestamp
	tokens := c.Full
	for name, t := range st.tables {
		pos := *t.changes
		*t.changes = pos[:0]
		switch {
		case c.Full:
			if t.all.len() > 0 {
				c.Tables[name] = t.all.appendTo(nil)
			}
			continue
		case len(pos) == 0:
			continue
		}
		slices.Sort(pos)
		pos = slices.Compact(pos)
		rows := make([]gql.Row, len(pos))
		for i, p := range pos {
			rows[i] = t.all.at(int(p))
		}
		c.Tables[name] = rows
		tokens = tokens || name == tTokenOwnerships || name == tTokenDatas || name == tCollections
	}
	if tokens {
		c.Tables[tCollectionOwnerVw] = st.collectionOwnership()
	}
	if c.Full && st.indexed {
		c.Tables[tLedgerInfos] = []gql.Row{gql.NewRow(ledgerInfoLayout, []any{num(uint64(info.ChainID))})}
	}
	return c, nil
}

// Resend makes the next Changes call Full: for a caller that could not
// apply the changes it was handed.
func (ix *Indexer) Resend() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.feed.sent = nil
}

// Timestamp renders microseconds since the epoch as the indexer renders
// timestamps (Hasura's timestamp without zone).
func Timestamp(usec uint64) string { return timestamp(usec) }
