package indexer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/storage"
)

// Processors are the processor names processor_status lists, the ones the
// SDKs wait on. Every one reports the same last version: the indexer runs
// them all in one pass.
var Processors = []string{
	"account_restoration_processor", "account_transactions_processor", "ans_processor",
	"coin_processor", "default_processor", "events_processor", "fungible_asset_processor",
	"gas_fee_processor", "monitoring_processor", "nft_metadata_processor", "objects_processor",
	"parquet_default_processor", "stake_processor", "token_processor", "token_v2_processor",
	"transaction_metadata_processor", "user_transaction_processor",
}

// batchSize is the number of transactions read from the store at a time.
const batchSize = 1000

// Options configures an Indexer.
type Options struct {
	// Now is the wall clock processor_status.last_updated reads (default
	// time.Now).
	Now func() time.Time
	// Modules, when set, gives the Move struct layouts that decode event
	// data to JSON (the executor implements it); without it, or for a type
	// it does not know, events.data is the BCS as a 0x-hex JSON string.
	Modules Modules
	// Checkpoint, when set, keeps the index across restarts in a file
	// (see CheckpointOptions); without it the index lives in memory only
	// and a new Indexer builds it from the ledger's oldest version.
	Checkpoint *CheckpointOptions
	// ChangeFeed makes Changes available: the indexer records which rows
	// each catch-up puts until Changes hands them out (changes.go).
	ChangeFeed bool
}

// Modules describes the Move modules stored in one state (see
// handlers.Modules; vmstub.VM implements it).
type Modules interface {
	ModulesAt(state storage.View) modules.Resolver
}

// Indexer derives the indexer tables from the transactions committed to a
// store, in memory. It implements gql.Source; Rows indexes every committed
// transaction first, so it is never behind. It is safe for concurrent use.
//
// The catch-up is not charged to a query's MaxRows or MaxScan: the query
// that follows N commits indexes those N transactions (work the node's
// own commits bound, not the client), under the query's context. A
// cancelled catch-up keeps what it indexed, so the next query resumes
// it, and queries waiting meanwhile share one catch-up.
type Indexer struct {
	store storage.Reader
	opts  Options

	// arrivals counts the callers of Rows and LastVersion; a catch-up
	// that began after a caller arrived read a ledger info at least as
	// new as the caller needs, so the caller reuses it instead of
	// reading the store again under mu.
	arrivals atomic.Uint64

	mu      sync.Mutex
	st      *state
	covered uint64             // arrivals when the last successful catch-up began
	info    storage.LedgerInfo // the ledger info it read
	// root is the ledger's accumulator root after st.last and chainID
	// its chain: a checkpoint of st records both.
	root    ledgerapi.HashValue
	chainID uint8
	ck      *checkpointer // nil without Options.Checkpoint
	layouts *eventLayouts // nil without Options.Modules
	feed    feed          // the change feed, when Options.ChangeFeed
}

// New returns an indexer over store. Nothing is read until the first Rows.
func New(store storage.Reader, opts Options) *Indexer {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	ix := &Indexer{store: store, opts: opts}
	if opts.Checkpoint != nil && opts.Checkpoint.Dir != "" {
		ix.ck = newCheckpointer(*opts.Checkpoint)
	}
	if opts.Modules != nil {
		ix.layouts = newEventLayouts(store, opts.Modules)
	}
	return ix
}

var _ gql.Source = (*Indexer)(nil)

// Rows catches up with the store and returns table's rows in primary-key
// order.
func (ix *Indexer) Rows(ctx context.Context, name string) ([]gql.Row, error) {
	def, ok := tableByName(name)
	if !ok {
		return nil, fmt.Errorf("indexer: unknown table %q", name)
	}
	arrived := ix.arrivals.Add(1)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	info, err := ix.catchUpSince(ctx, arrived)
	if err != nil {
		return nil, err
	}
	switch def.Name {
	case tProcessorStatus:
		return ix.processorStatus(), nil
	case tLedgerInfos:
		if ix.st == nil {
			return nil, nil
		}
		return []gql.Row{gql.NewRow(ledgerInfoLayout, []any{num(uint64(info.ChainID))})}, nil
	}
	if ix.st == nil {
		return nil, nil
	}
	if def.Name == tCollectionOwnerVw {
		return ix.st.collectionOwnership(), nil
	}
	return ix.st.tables[def.Name].snapshot(), nil
}

// LastVersion catches up and returns the last indexed version; ok is
// false while the store is empty.
func (ix *Indexer) LastVersion(ctx context.Context) (version uint64, ok bool, err error) {
	arrived := ix.arrivals.Add(1)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if _, err := ix.catchUpSince(ctx, arrived); err != nil {
		return 0, false, err
	}
	if ix.st == nil || !ix.st.indexed {
		return 0, false, nil
	}
	return ix.st.last, true, nil
}

// reverts reads the store's revert counter, zero when it cannot revert.
func (ix *Indexer) reverts() uint64 {
	if r, ok := ix.store.(storage.Reverter); ok {
		return r.Reverts()
	}
	return 0
}

// catchUpSince catches up for a caller that arrived as the arrived-th,
// unless a catch-up that began after it arrived already succeeded:
// concurrent queries waiting on mu then share one store read instead
// of each reading the ledger info in turn. ix.mu must be held.
func (ix *Indexer) catchUpSince(ctx context.Context, arrived uint64) (storage.LedgerInfo, error) {
	if ix.covered >= arrived {
		return ix.info, nil
	}
	began := ix.arrivals.Load()
	info, err := ix.catchUp(ctx)
	if err != nil {
		return info, err
	}
	ix.covered, ix.info = began, info
	return info, nil
}

// catchUp indexes every transaction committed after the last indexed one.
// A ledger that went back (a revert, or pruning past what was indexed) is
// indexed again from its oldest version.
func (ix *Indexer) catchUp(ctx context.Context) (storage.LedgerInfo, error) {
	return ix.catchUpRetrying(ctx, 2)
}

// catchUpRetrying is catchUp, starting over at most retries times when
// the store prunes what it is reading.
func (ix *Indexer) catchUpRetrying(ctx context.Context, retries int) (storage.LedgerInfo, error) {
	reverts := ix.reverts() // before reading any data: see storage.Reverter
	info, err := ix.store.LedgerInfo(ctx)
	if errors.Is(err, storage.ErrEmpty) {
		ix.st = nil
		return info, nil
	}
	if err != nil {
		return info, fmt.Errorf("indexer: ledger info: %w", err)
	}
	if ix.st != nil && (ix.st.reverts != reverts || ix.st.indexed && ix.st.last > info.Version) {
		ix.st = nil
	}
	ix.chainID = info.ChainID
	if ix.st == nil && ix.ck != nil {
		if ix.st, ix.root, err = ix.ck.load(ctx, ix.store, info, reverts, ix.opts.Modules != nil); err != nil {
			return info, fmt.Errorf("indexer: loading the checkpoint: %w", err)
		}
	}
	if ix.st == nil {
		ix.st = newState(ix.store, reverts)
		ix.st.next = info.OldestVersion
	}
	ix.feed.track(ix.st, ix.opts.ChangeFeed) // a new state, or one loaded from a checkpoint
	ix.st.resolver, ix.st.layouts = nil, nil
	if ix.opts.Modules != nil && ix.st.next <= info.Version {
		// Layouts never change incompatibly, so the latest modules
		// decode the events of every version. One resolver serves the
		// catch-up and the event data rendered later (it reads the
		// store without the caller's context, which may end first).
		ix.st.resolver = ix.layouts.follow(info.Version)
		ix.st.layouts = ix.layouts
	}
	for ix.st.next <= info.Version {
		txns, err := ix.transactions(ctx, ix.st.next, info.Version)
		if errors.Is(err, storage.ErrPruned) && retries > 0 {
			// Pruned while catching up: start over from what is kept.
			ix.st = nil
			return ix.catchUpRetrying(ctx, retries-1)
		}
		if err != nil {
			return info, fmt.Errorf("indexer: transactions from %d: %w", ix.st.next, err)
		}
		if len(txns) == 0 {
			return info, fmt.Errorf("indexer: no transaction at version %d of %d", ix.st.next, info.Version)
		}
		for i := range txns {
			if err := ix.st.index(ctx, &txns[i]); err != nil {
				return info, err
			}
			ix.root = txns[i].Info.AccumulatorRootHash
		}
	}
	ix.maybeCheckpoint()
	return info, nil
}

// transactions reads the next batch of committed transactions, borrowing
// them when the store lends them: the derivation only reads a transaction.
func (ix *Indexer) transactions(ctx context.Context, start, ledgerVersion uint64) ([]storage.Transaction, error) {
	if l, ok := ix.store.(storage.TransactionLender); ok {
		return l.LendTransactions(ctx, start, batchSize, ledgerVersion)
	}
	return ix.store.Transactions(ctx, start, batchSize, ledgerVersion)
}

// processorStatus returns one row per processor name.
func (ix *Indexer) processorStatus() []gql.Row {
	if ix.st == nil || !ix.st.indexed {
		return nil
	}
	now := timestamp(uint64(ix.opts.Now().UnixMicro()))
	rows := make([]gql.Row, len(Processors))
	for i, p := range Processors {
		rows[i] = gql.NewRow(processorStatusLayout, []any{p, num(ix.st.last), now, timestamp(ix.st.lastTimestamp)})
	}
	return rows
}

// The layouts of the rows built on demand.
var (
	ledgerInfoLayout      = gql.NewLayout("chain_id")
	processorStatusLayout = gql.NewLayout("processor", "last_success_version", "last_updated", "last_transaction_timestamp")
)

// num renders an unsigned integer as a bigint or numeric value.
func num(v uint64) json.Number { return json.Number(strconv.FormatUint(v, 10)) }

// inum renders a signed integer.
func inum(v int64) json.Number { return json.Number(strconv.FormatInt(v, 10)) }

// timestamp renders microseconds since the epoch as Hasura's timestamp
// without zone.
func timestamp(usec uint64) string {
	if usec > maxTimestampUsec {
		usec = maxTimestampUsec
	}
	return time.UnixMicro(int64(usec)).UTC().Format("2006-01-02T15:04:05.999999")
}

// maxTimestampUsec is 9999-12-31T23:59:59.999999, the latest timestamp
// rendered; later ones (an expiration time is the sender's choice) are
// clamped to it.
const maxTimestampUsec = 253402300799_999999

// timestampSecs renders seconds since the epoch like timestamp.
func timestampSecs(secs uint64) string {
	if secs > maxTimestampUsec/1_000_000 {
		return timestamp(maxTimestampUsec)
	}
	return timestamp(secs * 1_000_000)
}

// addr renders an address as the indexer does: 0x and 64 hex digits.
func addr(a ledgerapi.Address) string { return a.LongString() }

// jsonNumber is the type of bigint and numeric values.
type jsonNumber = json.Number
