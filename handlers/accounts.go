package handlers

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

var (
	accountTag        = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "Account"}
	aptosCoinTag      = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"}
	fungibleStoreTag  = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "FungibleStore"}
	aptosFAMetadata   = ledgerapi.AddressA
	maxResourcesLimit = 9999
)

type accountDataJSON struct {
	SequenceNumber    ledgerapi.U64      `json:"sequence_number"`
	AuthenticationKey ledgerapi.HexBytes `json:"authentication_key"`
}

// getAccount serves GET /accounts/{address}: the sequence number and
// authentication key. Accounts without an Account resource are reported as
// fresh (sequence 0, authentication key = address), as with stateless
// accounts on the real network.
func (a *API) getAccount(r *http.Request) (*reply, error) {
	info, addr, v, err := a.accountAt(r)
	if err != nil {
		return nil, err
	}
	out := accountDataJSON{AuthenticationKey: addr[:]}
	b, err := a.deps.Store.StateValue(r.Context(), storage.ResourceKey(addr, accountTag), v)
	if wantsBCS(r) {
		switch {
		case err == nil:
			return &reply{info: &info, raw: b}, nil
		case errors.Is(err, storage.ErrNotFound):
			return &reply{info: &info, raw: synthesizedAccount(addr)}, nil
		}
		return nil, storageError(err, nil)
	}
	switch {
	case err == nil:
		var acc onchain.Account
		if err := bcs.Unmarshal(b, &acc); err != nil {
			return nil, fmt.Errorf("stored Account resource of %s is malformed: %w", addr, err)
		}
		out.AuthenticationKey = acc.AuthKey
		out.SequenceNumber = ledgerapi.U64(acc.SequenceNumber)
	case !errors.Is(err, storage.ErrNotFound):
		return nil, storageError(err, nil)
	}
	return &reply{info: &info, body: out}, nil
}

// getAccountResource serves GET /accounts/{address}/resource/{resource_type}.
func (a *API) getAccountResource(r *http.Request) (*reply, error) {
	info, addr, v, err := a.accountAt(r)
	if err != nil {
		return nil, err
	}
	tag, err := pathStructTag(r, "resource_type")
	if err != nil {
		return nil, err
	}
	b, err := a.deps.Store.StateValue(r.Context(), storage.ResourceKey(addr, tag), v)
	if err != nil {
		return nil, storageError(err, func() error {
			return ledgerapi.NewError(ledgerapi.CodeResourceNotFound,
				"Resource not found by Address(%s), Struct tag(%s) and Ledger version(%d)", addr, tag, v)
		})
	}
	if wantsBCS(r) {
		return &reply{info: &info, raw: b}, nil
	}
	rd := a.renderAt(v)
	return &reply{info: &info, json: a.resourceJSON(&rd, tag, b)}, nil
}

// resourceJSON is MoveResource {"type": tag, "data": value}, assembled
// from the cached value rendering (struct tags need no JSON escaping:
// identifiers, addresses, "::", "<", ">", "," and spaces only).
func (a *API) resourceJSON(rd *renderer, tag ledgerapi.StructTag, b []byte) []byte {
	name := tag.String()
	data := a.value(rd, ledgerapi.StructType(tag), b)
	out := make([]byte, 0, len(name)+len(data)+20)
	out = append(out, `{"type":"`...)
	out = append(out, name...)
	out = append(out, `","data":`...)
	out = append(out, data...)
	return append(out, '}')
}

// getAccountResources serves GET /accounts/{address}/resources with cursor
// paging: X-NODE-CURSOR names the next page's start when more remain.
func (a *API) getAccountResources(r *http.Request) (*reply, error) {
	return a.listState(r, false)
}

// getAccountModules serves GET /accounts/{address}/modules, paged like resources.
func (a *API) getAccountModules(r *http.Request) (*reply, error) {
	return a.listState(r, true)
}

func (a *API) listState(r *http.Request, modules bool) (*reply, error) {
	info, addr, v, err := a.accountAt(r)
	if err != nil {
		return nil, err
	}
	limit, err := queryLimit(r, maxResourcesLimit, maxResourcesLimit)
	if err != nil {
		return nil, err
	}
	var cursor []byte
	if s := r.URL.Query().Get("start"); s != "" {
		if cursor, err = hex.DecodeString(strings.TrimPrefix(s, "0x")); err != nil {
			return nil, ledgerapi.InvalidInput("invalid cursor %q: not hex", truncate(s))
		}
	}
	list := a.deps.Store.Resources
	if modules {
		list = a.deps.Store.Modules
	}
	page, err := list(r.Context(), addr, cursor, limit, v)
	if errors.Is(err, storage.ErrInvalidArgument) {
		return nil, ledgerapi.InvalidInput("invalid cursor: it does not name an item of this account")
	}
	if err != nil {
		return nil, storageError(err, nil)
	}
	rep := &reply{info: &info}
	if page.Next != nil {
		rep.cursor = hex.EncodeToString(page.Next)
	}
	if wantsBCS(r) {
		rep.raw = stateMap(page.Items, modules)
		return rep, nil
	}
	rd := a.renderAt(v)
	if !modules {
		out := make([][]byte, len(page.Items))
		for i, it := range page.Items {
			out[i] = a.resourceJSON(&rd, it.Key.Resource, it.Value)
		}
		rep.json = jsonArray(out)
		return rep, nil
	}
	out := make([]moduleBytecodeJSON, len(page.Items))
	for i, it := range page.Items {
		out[i] = rd.module(it.Value)
	}
	rep.body = out
	return rep, nil
}

// getAccountModule serves GET /accounts/{address}/module/{module_name}.
func (a *API) getAccountModule(r *http.Request) (*reply, error) {
	info, addr, v, err := a.accountAt(r)
	if err != nil {
		return nil, err
	}
	name := pathVar(r, "module_name")
	if err := ledgerapi.CheckIdentifier("module name", name); err != nil {
		return nil, ledgerapi.InvalidInput("%v", err)
	}
	b, err := a.deps.Store.StateValue(r.Context(), storage.ModuleKey(addr, name), v)
	if err != nil {
		return nil, storageError(err, func() error {
			return ledgerapi.NewError(ledgerapi.CodeModuleNotFound,
				"Module not found by Address(%s), Module name(%s) and Ledger version(%d)", addr, name, v)
		})
	}
	if wantsBCS(r) {
		return &reply{info: &info, raw: b}, nil
	}
	rd := a.renderAt(v)
	return &reply{info: &info, body: rd.module(b)}, nil
}

// getAccountBalance serves GET /accounts/{address}/balance/{asset_type}:
// for a coin type, the CoinStore balance plus the primary fungible store
// balance of its paired asset (APT pairs with 0xa); for a fungible asset
// metadata address, that asset's primary store balance. A bare number.
func (a *API) getAccountBalance(r *http.Request) (*reply, error) {
	info, addr, v, err := a.accountAt(r)
	if err != nil {
		return nil, err
	}
	asset, err := url.PathUnescape(pathVar(r, "asset_type"))
	if err != nil {
		return nil, ledgerapi.InvalidInput("invalid asset_type: %v", err)
	}
	var total uint64
	var metadata *ledgerapi.Address
	if strings.Contains(asset, "::") {
		tag, err := ledgerapi.ParseStructTag(asset)
		if err != nil {
			return nil, ledgerapi.InvalidInput("invalid asset_type: %v", err)
		}
		coinStore := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore", TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(tag)}}
		var cs onchain.CoinStore
		if found, err := a.resource(r, storage.ResourceKey(addr, coinStore), v, &cs); err != nil {
			return nil, err
		} else if found {
			total += cs.Value
		}
		if tag.Equal(aptosCoinTag) {
			m := aptosFAMetadata
			metadata = &m
		}
	} else {
		m, err := ledgerapi.ParseAddress(asset)
		if err != nil {
			return nil, ledgerapi.InvalidInput("invalid asset_type: want a coin type or a fungible asset metadata address: %v", err)
		}
		metadata = &m
	}
	if metadata != nil {
		store := crypto.PrimaryStoreAddress(addr, *metadata)
		var fs onchain.FungibleStore
		if found, err := a.resource(r, storage.ResourceKey(store, fungibleStoreTag), v, &fs); err != nil {
			return nil, err
		} else if found {
			total += fs.Balance
		}
	}
	if wantsBCS(r) {
		return &reply{info: &info, raw: u64BCS(total)}, nil
	}
	return &reply{info: &info, body: json.Number(ledgerapi.U64(total).String())}, nil
}

// resource decodes the resource at key as of version v into dst through its
// framework layout, reporting false when it does not exist. A stored value
// that does not decode is an internal error.
func (a *API) resource(r *http.Request, key storage.StateKey, v uint64, dst bcs.Unmarshaler) (bool, error) {
	b, err := a.deps.Store.StateValue(r.Context(), key, v)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return false, nil
	case err != nil:
		return false, storageError(err, nil)
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return false, fmt.Errorf("stored %s is malformed: %w", key, err)
	}
	return true, nil
}

// accountAt reads the request's snapshot, its {address} and its
// ledger_version (latest when absent; 404/410 outside the window).
func (a *API) accountAt(r *http.Request) (storage.LedgerInfo, ledgerapi.Address, uint64, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return info, ledgerapi.Address{}, 0, err
	}
	addr, err := pathAddress(r, "address")
	if err != nil {
		return info, addr, 0, err
	}
	v, err := readVersion(r, info)
	return info, addr, v, err
}

// pathStructTag parses a percent-encoded struct tag path parameter; a bad
// tag is invalid_input.
func pathStructTag(r *http.Request, name string) (ledgerapi.StructTag, error) {
	s, err := url.PathUnescape(pathVar(r, name))
	if err != nil {
		return ledgerapi.StructTag{}, ledgerapi.InvalidInput("invalid %s: %v", name, err)
	}
	tag, err := ledgerapi.ParseStructTag(s)
	if err != nil {
		return tag, ledgerapi.InvalidInput("invalid %s: %v", name, err)
	}
	return tag, nil
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
