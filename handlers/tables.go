package handlers

import (
	"encoding/json"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/storage"
)

type tableItemRequest struct {
	KeyType   *string         `json:"key_type" validate:"required"`
	ValueType *string         `json:"value_type" validate:"required"`
	Key       json.RawMessage `json:"key" validate:"required"`
}

type rawTableItemRequest struct {
	Key *ledgerapi.HexBytes `json:"key" validate:"required"`
}

// pathHandle parses a table handle (32 bytes, hex).
func pathHandle(r *http.Request) (ledgerapi.Address, error) {
	return pathAddress(r, "table_handle")
}

// getTableItem serves POST /tables/{table_handle}/item: the value of a key
// given as JSON with its type, rendered as JSON by value_type.
func (a *API) getTableItem(r *http.Request) (*reply, error) {
	handle, err := pathHandle(r)
	if err != nil {
		return nil, err
	}
	var req tableItemRequest
	if err := a.readJSON(r, &req); err != nil {
		return nil, err
	}
	if err := checkRequest(&req); err != nil {
		return nil, err
	}
	kt, err := ledgerapi.ParseTypeTag(*req.KeyType)
	if err != nil {
		return nil, ledgerapi.InvalidInput("key_type: %v", err)
	}
	vt, err := ledgerapi.ParseTypeTag(*req.ValueType)
	if err != nil {
		return nil, ledgerapi.InvalidInput("value_type: %v", err)
	}
	info, v, err := a.tableVersion(r)
	if err != nil {
		return nil, err
	}
	// Keys and values convert by the layouts stored at the version read.
	rd := a.renderAt(v)
	codec := movevalue.Codec{Resolver: movevalue.MapResolver{}}
	if res := rd.resolver(); res != nil {
		codec.Resolver = res
	}
	key, err := codec.JSONToBCS(kt, req.Key)
	if err != nil {
		return nil, ledgerapi.InvalidInput("key: %v", err)
	}
	b, err := a.tableValue(r, handle, key, v)
	if err != nil {
		return nil, err
	}
	if wantsBCS(r) {
		return &reply{info: &info, raw: b}, nil
	}
	out, err := codec.BCSToJSON(vt, b)
	if err != nil {
		return nil, ledgerapi.InvalidInput("the stored value does not decode as %s: %v", vt, err)
	}
	return &reply{info: &info, body: json.RawMessage(out)}, nil
}

// getRawTableItem serves POST /tables/{table_handle}/raw_item: the stored
// BCS bytes of the value whose key is given as hex of its BCS. Only BCS is
// returned; a client that asks for JSON first gets 403 api_disabled.
func (a *API) getRawTableItem(r *http.Request) (*reply, error) {
	if acceptsJSONFirst(r) {
		return nil, ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "Get raw table item is not allowed. Only BCS is supported as an AcceptType.")
	}
	handle, err := pathHandle(r)
	if err != nil {
		return nil, err
	}
	var req rawTableItemRequest
	if err := a.readJSON(r, &req); err != nil {
		return nil, err
	}
	if err := checkRequest(&req); err != nil {
		return nil, err
	}
	info, v, err := a.tableVersion(r)
	if err != nil {
		return nil, err
	}
	b, err := a.tableValue(r, handle, *req.Key, v)
	if err != nil {
		return nil, err
	}
	return &reply{info: &info, raw: b}, nil
}

// tableVersion reads the request's snapshot and ledger_version.
func (a *API) tableVersion(r *http.Request) (storage.LedgerInfo, uint64, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return info, 0, err
	}
	v, err := readVersion(r, info)
	return info, v, err
}

func (a *API) tableValue(r *http.Request, handle ledgerapi.Address, key []byte, v uint64) ([]byte, error) {
	b, err := a.deps.Store.StateValue(r.Context(), storage.TableItemKey(handle, key), v)
	if err != nil {
		return nil, storageError(err, func() error {
			return ledgerapi.NewError(ledgerapi.CodeTableItemNotFound,
				"Table Item not found by Table handle(%s), Table key(%s) and Ledger version(%d)", handle, ledgerapi.HexBytes(key), v)
		})
	}
	return b, nil
}
