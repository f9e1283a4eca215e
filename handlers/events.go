package handlers

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
)

// getEventsByCreationNumber serves GET
// /accounts/{address}/events/{creation_number}?start=&limit=.
func (a *API) getEventsByCreationNumber(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	addr, err := pathAddress(r, "address")
	if err != nil {
		return nil, err
	}
	cn, err := pathU64(r, "creation_number")
	if err != nil {
		return nil, err
	}
	return a.events(r, info, storage.EventKey{CreationNumber: cn, Account: addr})
}

// getEventsByEventHandle serves GET
// /accounts/{address}/events/{event_handle}/{field_name}: the stream of the
// EventHandle held in field field_name of resource event_handle at address.
// 404 resource_not_found / struct_field_not_found; 400 when the field is
// not an event handle.
func (a *API) getEventsByEventHandle(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	addr, err := pathAddress(r, "address")
	if err != nil {
		return nil, err
	}
	tag, err := pathStructTag(r, "event_handle")
	if err != nil {
		return nil, err
	}
	field := pathVar(r, "field_name")
	if err := ledgerapi.CheckIdentifier("field name", field); err != nil {
		return nil, ledgerapi.InvalidInput("%v", err)
	}
	b, err := a.deps.Store.StateValue(r.Context(), storage.ResourceKey(addr, tag), info.Version)
	if err != nil {
		return nil, storageError(err, func() error {
			return ledgerapi.NewError(ledgerapi.CodeResourceNotFound,
				"Resource not found by Address(%s), Struct tag(%s) and Ledger version(%d)", addr, tag, info.Version)
		})
	}
	var fields map[string]json.RawMessage
	rd := a.renderAt(info.Version)
	if err := json.Unmarshal(rd.valueJSON(ledgerapi.StructType(tag), b), &fields); err != nil {
		return nil, ledgerapi.InvalidInput("the layout of %s is unknown to this node", tag)
	}
	raw, ok := fields[field]
	if !ok {
		return nil, ledgerapi.NewError(ledgerapi.CodeStructFieldNotFound,
			"Struct Field not found by Address(%s), Struct tag(%s), Field name(%s) and Ledger version(%d)", addr, tag, field, info.Version)
	}
	var handle struct {
		Counter ledgerapi.U64 `json:"counter"`
		GUID    struct {
			ID struct {
				Addr        ledgerapi.Address `json:"addr"`
				CreationNum ledgerapi.U64     `json:"creation_num"`
			} `json:"id"`
		} `json:"guid"`
	}
	if err := json.Unmarshal(raw, &handle); err != nil || handle.GUID.ID.Addr == (ledgerapi.Address{}) {
		return nil, ledgerapi.InvalidInput("field %s of %s is not an event handle", field, tag)
	}
	return a.events(r, info, storage.EventKey{CreationNumber: uint64(handle.GUID.ID.CreationNum), Account: handle.GUID.ID.Addr})
}

// events lists a stream: from start, or the latest page when start is absent.
func (a *API) events(r *http.Request, info storage.LedgerInfo, key storage.EventKey) (*reply, error) {
	limit, err := queryLimit(r, a.opts.DefaultPageSize, a.opts.MaxEventsPageSize)
	if err != nil {
		return nil, err
	}
	start, ok, err := queryU64(r, "start")
	if err != nil {
		return nil, err
	}
	var evs []storage.VersionedEvent
	if ok {
		evs, err = a.deps.Store.Events(r.Context(), key, start, limit, info.Version)
	} else {
		evs, err = storage.LatestEvents(r.Context(), a.deps.Store, key, limit, info.Version)
	}
	if errors.Is(err, storage.ErrPruned) {
		return nil, ledgerapi.NewError(ledgerapi.CodeVersionPruned, "the requested events have been pruned")
	}
	if err != nil {
		return nil, storageError(err, nil)
	}
	if wantsBCS(r) {
		var e bcs.Encoder
		e.SeqLen(len(evs))
		for i := range evs {
			e.U64(evs[i].Version)
			evs[i].Event.MarshalBCS(&e)
		}
		return &reply{info: &info, raw: e.Bytes()}, nil
	}
	out := make([]eventJSON, len(evs))
	rd := a.renderAt(info.Version) // layouts are kept once stored: the latest serve every event
	for i := range evs {
		v := evs[i].Version
		out[i] = rd.event(evs[i].Event, &v)
	}
	return &reply{info: &info, body: out}, nil
}
