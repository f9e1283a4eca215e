package devapi

import (
	"net/http"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

type timeOut struct {
	// NowUsec is the node's clock: the next block's timestamp unless one
	// is pinned, and the time submissions are checked against.
	NowUsec ledgerapi.U64 `json:"now_usec"`
	// LedgerTimestampUsec is the latest block's timestamp.
	LedgerTimestampUsec ledgerapi.U64 `json:"ledger_timestamp_usec"`
}

// latest reads the latest ledger info through the node.
func (a *API) latest(r *http.Request) (storage.LedgerInfo, error) {
	_, info, err := a.node.LatestState(r.Context())
	return info, err
}

func (a *API) timeJSON(r *http.Request) (any, error) {
	info, err := a.latest(r)
	if err != nil {
		return nil, err
	}
	return timeOut{NowUsec: ledgerapi.U64(a.node.Now().UnixMicro()), LedgerTimestampUsec: ledgerapi.U64(info.TimestampUsec)}, nil
}

func (a *API) getTime(r *http.Request) (any, error) { return a.timeJSON(r) }

// maxIncreaseSeconds bounds one increase (100 years).
const maxIncreaseSeconds = 100 * 365 * 24 * 3600

func (a *API) increaseTime(r *http.Request) (any, error) {
	var in struct {
		Seconds *ledgerapi.U64 `json:"seconds"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	if in.Seconds == nil || *in.Seconds < 1 || *in.Seconds > maxIncreaseSeconds {
		return nil, invalid("seconds is required, within 1..%d", maxIncreaseSeconds)
	}
	if err := a.node.IncreaseTime(time.Duration(*in.Seconds) * time.Second); err != nil {
		return nil, nodeError(err)
	}
	return a.timeJSON(r)
}

func (a *API) setNextBlockTimestamp(r *http.Request) (any, error) {
	var in struct {
		TimestampUsec *ledgerapi.U64 `json:"timestamp_usec"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	if in.TimestampUsec == nil {
		return nil, invalid("timestamp_usec is required: microseconds since the Unix epoch, above the latest block's")
	}
	if err := a.node.SetNextBlockTimestamp(r.Context(), uint64(*in.TimestampUsec)); err != nil {
		return nil, nodeError(err)
	}
	return a.timeJSON(r)
}
