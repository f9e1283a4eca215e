package devapi

import (
	"errors"
	"net/http"
	"sort"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
)

type route struct {
	method, path string
	handler      handlerFunc
}

// table is the single route table of the dev API (paths below PathPrefix).
func (a *API) table() []route {
	return []route{
		{http.MethodGet, "/", a.index},
		{http.MethodPost, "/snapshot", a.snapshot},
		{http.MethodPost, "/revert", a.revert},
		{http.MethodPost, "/mine", a.mine},
		{http.MethodGet, "/mining", a.getMining},
		{http.MethodPost, "/mining", a.setMining},
		{http.MethodPost, "/pause", a.pause},
		{http.MethodPost, "/resume", a.resume},
		{http.MethodGet, "/time", a.getTime},
		{http.MethodPost, "/time/increase", a.increaseTime},
		{http.MethodPost, "/time/next_block_timestamp", a.setNextBlockTimestamp},
		{http.MethodGet, "/impersonation", a.getImpersonation},
		{http.MethodPost, "/impersonate", a.impersonate},
		{http.MethodPost, "/stop_impersonating", a.stopImpersonating},
		{http.MethodPost, "/auto_impersonate", a.autoImpersonate},
		{http.MethodPost, "/set_balance", a.setBalance},
		{http.MethodPost, "/set_sequence_number", a.setSequenceNumber},
		{http.MethodPost, "/set_resource", a.setResource},
		{http.MethodPost, "/randomness_seed", a.setRandomnessSeed},
		{http.MethodGet, "/dump", a.dump},
	}
}

// nodeError maps the node's control errors to API errors.
func nodeError(err error) error {
	switch {
	case errors.Is(err, node.ErrCannotRevert):
		return ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "snapshots are not available: this node's ledger store cannot revert")
	case errors.Is(err, storage.ErrPruned):
		return ledgerapi.NewError(ledgerapi.CodeVersionPruned, "%v", err)
	case errors.Is(err, node.ErrInvalidMining), errors.Is(err, node.ErrInvalidTime):
		return invalid("%v", err)
	}
	return err
}

type indexOut struct {
	Routes []string `json:"routes"`
}

func (a *API) index(*http.Request) (any, error) {
	var out indexOut
	for _, rt := range a.table() {
		out.Routes = append(out.Routes, rt.method+" "+a.opts.PathPrefix+rt.path)
	}
	sort.Strings(out.Routes)
	return out, nil
}

// snapshotOut is a snapshot as the API writes it.
type snapshotOut struct {
	ID          ledgerapi.U64 `json:"id"`
	Version     ledgerapi.U64 `json:"version"`
	BlockHeight ledgerapi.U64 `json:"block_height"`
}

func snapshotJSON(s node.Snapshot) snapshotOut {
	return snapshotOut{ID: ledgerapi.U64(s.ID), Version: ledgerapi.U64(s.Version), BlockHeight: ledgerapi.U64(s.BlockHeight)}
}

func (a *API) snapshot(r *http.Request) (any, error) {
	var in struct{}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	s, err := a.node.Snapshot(r.Context())
	if err != nil {
		return nil, nodeError(err)
	}
	return snapshotJSON(s), nil
}

func (a *API) revert(r *http.Request) (any, error) {
	var in struct {
		ID *ledgerapi.U64 `json:"id"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	if in.ID == nil {
		return nil, invalid("id is required: the id a snapshot returned")
	}
	s, err := a.node.Revert(r.Context(), uint64(*in.ID))
	if errors.Is(err, node.ErrUnknownSnapshot) {
		return nil, invalid("snapshot %d is unknown: it was never taken, or a revert to an earlier snapshot invalidated it", *in.ID)
	}
	if err != nil {
		return nil, nodeError(err)
	}
	return snapshotJSON(s), nil
}

type mineOut struct {
	BlockHeights  []ledgerapi.U64 `json:"block_heights"`
	LedgerVersion ledgerapi.U64   `json:"ledger_version"`
}

func (a *API) mine(r *http.Request) (any, error) {
	in := struct {
		Blocks         *ledgerapi.U64 `json:"blocks"`
		IncludePending *bool          `json:"include_pending"`
	}{}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	count, pending := uint64(1), true
	if in.Blocks != nil {
		count = uint64(*in.Blocks)
	}
	if in.IncludePending != nil {
		pending = *in.IncludePending
	}
	if count < 1 || count > node.MaxMineBlocks {
		return nil, invalid("blocks must be within 1..%d, got %d", node.MaxMineBlocks, count)
	}
	heights, err := a.node.Mine(r.Context(), int(count), pending)
	if err != nil {
		return nil, nodeError(err)
	}
	out := mineOut{BlockHeights: make([]ledgerapi.U64, len(heights))}
	for i, h := range heights {
		out.BlockHeights[i] = ledgerapi.U64(h)
	}
	if info, err := a.latest(r); err == nil {
		out.LedgerVersion = ledgerapi.U64(info.Version)
	}
	return out, nil
}

// Mining modes.
const (
	ModeInstant      = "instant"
	ModeInterval     = "interval"
	ModeIdleInterval = "idle_interval"
)

// maxInterval bounds the intervals of the mining modes.
const maxInterval = 24 * time.Hour

type miningOut struct {
	Mode       string        `json:"mode"`
	IntervalMS ledgerapi.U64 `json:"interval_ms"`
	Paused     bool          `json:"paused"`
}

func miningJSON(m node.Mining) miningOut {
	switch {
	case m.BlockInterval > 0:
		return miningOut{Mode: ModeInterval, IntervalMS: ledgerapi.U64(m.BlockInterval.Milliseconds()), Paused: m.Paused}
	case m.IdleBlockInterval > 0:
		return miningOut{Mode: ModeIdleInterval, IntervalMS: ledgerapi.U64(m.IdleBlockInterval.Milliseconds()), Paused: m.Paused}
	}
	return miningOut{Mode: ModeInstant, Paused: m.Paused}
}

func (a *API) getMining(*http.Request) (any, error) { return miningJSON(a.node.Mining()), nil }

func (a *API) setMining(r *http.Request) (any, error) {
	var in struct {
		Mode       *string        `json:"mode"`
		IntervalMS *ledgerapi.U64 `json:"interval_ms"`
		Paused     *bool          `json:"paused"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	m := a.node.Mining()
	if in.Paused != nil {
		m.Paused = *in.Paused
	}
	if in.Mode != nil {
		var d time.Duration
		if in.IntervalMS != nil {
			if uint64(*in.IntervalMS) > uint64(maxInterval.Milliseconds()) {
				return nil, invalid("interval_ms must be at most %d", maxInterval.Milliseconds())
			}
			d = time.Duration(*in.IntervalMS) * time.Millisecond
		}
		switch *in.Mode {
		case ModeInstant:
			if d != 0 {
				return nil, invalid("the instant mode takes no interval_ms")
			}
			m.BlockInterval, m.IdleBlockInterval = 0, 0
		case ModeInterval, ModeIdleInterval:
			if d == 0 {
				return nil, invalid("the %s mode needs a positive interval_ms", *in.Mode)
			}
			m.BlockInterval, m.IdleBlockInterval = d, 0
			if *in.Mode == ModeIdleInterval {
				m.BlockInterval, m.IdleBlockInterval = 0, d
			}
		default:
			return nil, invalid("unknown mode %q: use %s, %s or %s", *in.Mode, ModeInstant, ModeInterval, ModeIdleInterval)
		}
	} else if in.IntervalMS != nil {
		return nil, invalid("interval_ms needs a mode")
	}
	if err := a.node.SetMining(m); err != nil {
		return nil, nodeError(err)
	}
	return miningJSON(a.node.Mining()), nil
}

func (a *API) pause(r *http.Request) (any, error) {
	if err := decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	a.node.Pause()
	return miningJSON(a.node.Mining()), nil
}

func (a *API) resume(r *http.Request) (any, error) {
	if err := decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	a.node.Resume()
	return miningJSON(a.node.Mining()), nil
}
