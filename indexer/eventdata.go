package indexer

import (
	"bytes"
	"context"
	"encoding/json"
	"sync/atomic"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/storage"
)

// eventLayouts renders the events table's data column: an event's data
// decoded with its module's struct layouts, as JSON. Rendering is most
// of what indexing an event costs and the column is seldom read, so a row
// holds a deferred cell (gql.NewDeferredCell) that renders it when first
// read — by a query, a checkpoint or the PostgreSQL writer — and keeps it.
//
// What a deferred cell renders is what rendering at once gave: layouts
// never change incompatibly (an upgrade keeps every struct's fields and
// only appends enum variants), so the modules of any later version decode
// the events of every earlier one, as the indexer relies on already. The
// renderer reads them at the last version indexed, and at the ledger's
// latest when that state is gone (pruned since); bytes that still do not
// decode are rendered as hex, as without layouts.
type eventLayouts struct {
	store   storage.Reader
	modules Modules
	// lends says the store lends its transactions: their event data
	// stays as it is for as long as a row refers to it. Data read from
	// another store is copied, so a row does not keep the whole
	// transaction it was decoded with.
	lends bool
	cur   atomic.Pointer[resolverAt]
}

// resolverAt is the module layouts stored at one version.
type resolverAt struct {
	version uint64
	r       modules.Resolver
}

func newEventLayouts(store storage.Reader, m Modules) *eventLayouts {
	_, lends := store.(storage.TransactionLender)
	return &eventLayouts{store: store, modules: m, lends: lends}
}

// follow makes the layouts at version the ones deferred cells render
// with from now on, and returns them for the catch-up to that version.
func (l *eventLayouts) follow(version uint64) modules.Resolver {
	if cur := l.cur.Load(); cur != nil && cur.version == version {
		return cur.r
	}
	next := l.at(version)
	l.cur.Store(next)
	return next.r
}

func (l *eventLayouts) at(version uint64) *resolverAt {
	return &resolverAt{version, l.modules.ModulesAt(storage.StateAt{Ctx: context.Background(), Reader: l.store, Version: version})}
}

// cell returns the cell of an event's data, rendered when first read.
func (l *eventLayouts) cell(typ ledgerapi.TypeTag, data []byte) *gql.Cell {
	if !l.lends {
		data = bytes.Clone(data)
	}
	e := &eventData{l: l, typ: typ, data: data}
	return gql.NewDeferredCell(&e.Deferred, e)
}

// eventData is an event's data until it is rendered.
type eventData struct {
	gql.Deferred
	l    *eventLayouts
	typ  ledgerapi.TypeTag
	data []byte
}

// Render decodes the data as JSON, then drops what it was rendered from
// (the cell keeps the JSON, and Render runs once).
func (e *eventData) Render() any {
	out := e.render()
	e.l, e.typ, e.data = nil, ledgerapi.TypeTag{}, nil
	return out
}

func (e *eventData) render() json.RawMessage {
	l := e.l
	cur := l.cur.Load()
	if out, err := (movevalue.Codec{Resolver: cur.r}).BCSToJSON(e.typ, e.data); err == nil {
		return out
	}
	// The state the layouts were read in may be pruned since.
	if info, err := l.store.LedgerInfo(context.Background()); err == nil && info.Version != cur.version {
		latest := l.at(info.Version)
		l.cur.CompareAndSwap(cur, latest)
		if out, err := (movevalue.Codec{Resolver: latest.r}).BCSToJSON(e.typ, e.data); err == nil {
			return out
		}
	}
	return rawHexJSON(e.data)
}
