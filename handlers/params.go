package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// parseError is the framework error for an unparsable query parameter,
// worded as the real node's web framework words it.
func parseError(name string, err error) error {
	return frameworkError(http.StatusBadRequest, "failed to parse parameter `%s`: %v", name, err)
}

// pathError is the framework error for an unparsable path parameter,
// worded as the real node's web framework words it.
func pathError(name string, err error) error {
	return frameworkError(http.StatusBadRequest, "failed to parse path `%s`: %v", name, err)
}

// pathU64 parses a u64 path parameter.
func pathU64(r *http.Request, name string) (uint64, error) {
	v, err := ledgerapi.ParseU64(pathVar(r, name))
	if err != nil {
		return 0, pathError(name, err)
	}
	return v, nil
}

// pathAddress parses an address path parameter (0x optional, short or long).
func pathAddress(r *http.Request, name string) (ledgerapi.Address, error) {
	a, err := ledgerapi.ParseAddress(pathVar(r, name))
	if err != nil {
		return a, pathError(name, err)
	}
	return a, nil
}

// errBadHashValue is the real node's words for a string that is no hash
// (the official SDKs' tests match them exactly).
var errBadHashValue = errors.New(`failed to parse "string(HashValue)": unable to parse HashValue`)

// pathHash parses a hash path parameter. The answer has the real node's
// words; why the value is no hash goes to the request log.
func pathHash(r *http.Request, name string) (ledgerapi.HashValue, error) {
	h, err := ledgerapi.ParseHash(pathVar(r, name))
	if err != nil {
		return h, withDetail(pathError(name, errBadHashValue), err)
	}
	return h, nil
}

// queryU64 parses an optional u64 query parameter.
func queryU64(r *http.Request, name string) (uint64, bool, error) {
	q := r.URL.Query()
	if !q.Has(name) {
		return 0, false, nil
	}
	v, err := ledgerapi.ParseU64(q.Get(name))
	if err != nil {
		return 0, false, parseError(name, err)
	}
	return v, true, nil
}

// queryBool parses an optional boolean query parameter ("true"/"false").
func queryBool(r *http.Request, name string) (bool, error) {
	q := r.URL.Query()
	if !q.Has(name) {
		return false, nil
	}
	switch q.Get(name) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, parseError(name, fmt.Errorf("%q is not true or false", q.Get(name)))
}

// queryLimit parses limit (a u16): absent gives def, 0 is invalid_input,
// values above max are clamped to max.
func queryLimit(r *http.Request, def, max int) (int, error) {
	q := r.URL.Query()
	if !q.Has("limit") {
		return def, nil
	}
	v, err := strconv.ParseUint(q.Get("limit"), 10, 16)
	if err != nil {
		return 0, parseError("limit", fmt.Errorf("%q is not a u16", q.Get("limit")))
	}
	if v == 0 {
		return 0, ledgerapi.InvalidInput("Given limit value (0) must not be zero")
	}
	if int(v) > max {
		return max, nil
	}
	return int(v), nil
}

// readVersion resolves the optional ledger_version against the snapshot:
// absent → latest; above latest → 404 version_not_found; below oldest →
// 410 version_pruned.
func readVersion(r *http.Request, info storage.LedgerInfo) (uint64, error) {
	v, ok, err := queryU64(r, "ledger_version")
	if err != nil || !ok {
		return info.Version, err
	}
	return v, checkVersion(info, v)
}

// checkVersion maps a version outside the snapshot's window to its API error.
func checkVersion(info storage.LedgerInfo, v uint64) error {
	if v > info.Version {
		return ledgerapi.NewError(ledgerapi.CodeVersionNotFound, "Ledger version not found by Ledger version(%d)", v)
	}
	if v < info.OldestVersion {
		return ledgerapi.NewError(ledgerapi.CodeVersionPruned, "Ledger version(%d) has been pruned", v)
	}
	return nil
}

// snapshot reads the ledger info once for a request.
func (a *API) snapshot(ctx context.Context) (storage.LedgerInfo, error) {
	info, err := a.deps.Store.LedgerInfo(ctx)
	if errors.Is(err, storage.ErrEmpty) {
		return info, ledgerapi.NewError(ledgerapi.CodeInternalError, "the ledger has no genesis yet")
	}
	return info, err
}
