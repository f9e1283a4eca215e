package pgstore

import (
	"context"
	"math"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// StateValue implements storage.StateReader: one backward index seek on
// state_values (key, version).
func (s *Store) StateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	var buf [storage.KeyBufferSize]byte
	enc, err := storage.EncodeKey(buf[:0], key)
	if err != nil {
		return nil, err
	}
	var found *bool
	var value []byte
	info, err := s.query(ctx, `SELECT `+infoCols+`, v.found, v.value FROM ledger_info li
		LEFT JOIN LATERAL (SELECT true AS found, value FROM state_values
			WHERE key = $1 AND version <= $2 ORDER BY version DESC LIMIT 1) v ON true`,
		[]any{enc, i64(version)}, []any{&found, &value}, func() error { return nil })
	if err == nil {
		err = storage.CheckVersion(info, version)
	}
	if err != nil {
		return nil, err
	}
	if found == nil || value == nil {
		return nil, &storage.StateNotFoundError{Key: key, Version: version}
	}
	return value, nil
}

// Resources implements storage.StateReader.
func (s *Store) Resources(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return s.list(ctx, storage.StateResource, addr, cursor, limit, version)
}

// Modules implements storage.StateReader.
func (s *Store) Modules(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return s.list(ctx, storage.StateModule, addr, cursor, limit, version)
}

// listQuery walks the distinct keys of addr's access paths from the cursor
// (a recursive skip scan over the primary key, pulled only as far as the
// limit needs), reads each one's value as of the version, and keeps the
// live values of the listed kind.
const listQuery = `WITH RECURSIVE keys(key) AS (
		(SELECT key FROM state_values WHERE key >= $1 AND key < $2 ORDER BY key LIMIT 1)
		UNION ALL
		SELECT (SELECT s.key FROM state_values s WHERE s.key > keys.key AND s.key < $2 ORDER BY s.key LIMIT 1)
		FROM keys WHERE keys.key IS NOT NULL)
	SELECT ` + infoCols + `, v.key, v.value FROM ledger_info li LEFT JOIN LATERAL (
		SELECT k.key, sv.value FROM keys k CROSS JOIN LATERAL (
			SELECT kind, value FROM state_values s WHERE s.key = k.key AND s.version <= $3
			ORDER BY s.version DESC LIMIT 1) sv
		WHERE k.key IS NOT NULL AND sv.kind = $4 AND sv.value IS NOT NULL
		LIMIT $5) v ON true
	ORDER BY v.key`

func (s *Store) list(ctx context.Context, kind storage.StateKeyKind, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	if err := storage.CheckListing(limit, cursor, kind, addr); err != nil {
		return storage.StatePage{}, err
	}
	lo := append([]byte{0}, addr[:]...) // the AccessPath variant, then the address
	hi := prefixEnd(lo)
	from := lo
	if cursor != nil {
		from = cursor
	}
	fetch := limit + 1
	if limit == math.MaxInt {
		fetch = limit
	}
	var key, value []byte
	page := storage.StatePage{Items: []storage.StateItem{}}
	var keys [][]byte
	info, err := s.query(ctx, listQuery, []any{from, hi, i64(version), int16(kind), fetch},
		[]any{&key, &value}, func() error {
			if key != nil {
				keys = append(keys, key)
				page.Items = append(page.Items, storage.StateItem{Value: value})
			}
			return nil
		})
	if err == nil {
		err = storage.CheckVersion(info, version)
	}
	if err != nil {
		return storage.StatePage{}, err
	}
	if len(page.Items) > limit {
		page.Next = keys[limit]
		page.Items, keys = page.Items[:limit], keys[:limit]
	}
	for i, enc := range keys {
		k, err := storage.ParseStateKey(enc)
		if err != nil {
			return storage.StatePage{}, corrupt("state key", err)
		}
		page.Items[i].Key = k
	}
	return page, nil
}

// prefixEnd is the smallest byte string above every one starting with p.
func prefixEnd(p []byte) []byte {
	end := append([]byte(nil), p...)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
}

// creation is an event stream's creation number as a column value; -1,
// which no stored stream has, for numbers beyond the column.
func creation(k storage.EventKey) int64 {
	if k.CreationNumber > math.MaxInt64 {
		return -1
	}
	return int64(k.CreationNumber)
}

// Events implements storage.EventReader.
func (s *Store) Events(ctx context.Context, key storage.EventKey, start uint64, limit int, ledgerVersion uint64) ([]storage.VersionedEvent, error) {
	if err := storage.CheckLimit(limit); err != nil {
		return nil, err
	}
	var prunedBelow int64
	var ver *int64
	var rec []byte
	out := []storage.VersionedEvent{}
	var decodeErr error
	info, err := s.query(ctx, `SELECT `+infoCols+`,
			COALESCE((SELECT pruned_below FROM streams WHERE account = $1 AND creation_number = $2), 0), e.version, e.record
		FROM ledger_info li LEFT JOIN LATERAL (
			SELECT sequence_number, version, record FROM events
			WHERE account = $1 AND creation_number = $2 AND sequence_number >= $3 AND version <= $4
			ORDER BY sequence_number LIMIT $5) e ON true
		ORDER BY e.sequence_number`,
		[]any{key.Account[:], creation(key), i64(start), i64(ledgerVersion), limit},
		[]any{&prunedBelow, &ver, &rec}, func() error {
			if rec != nil && decodeErr == nil {
				ev, err := record.DecodeEvent(rec)
				decodeErr = corrupt("event", err)
				out = append(out, storage.VersionedEvent{Version: uint64(*ver), Event: ev})
			}
			return nil
		})
	if err == nil {
		err = storage.CheckVersion(info, ledgerVersion)
	}
	if err != nil {
		return nil, err
	}
	if key.IsZero() {
		return []storage.VersionedEvent{}, nil
	}
	if err := storage.CheckStreamStart(info, key, start, uint64(prunedBelow)); err != nil {
		return nil, err
	}
	if decodeErr != nil {
		return nil, decodeErr
	}
	if start > math.MaxInt64 {
		return []storage.VersionedEvent{}, nil
	}
	return out, nil
}

// EventCount implements storage.EventReader: one past the sequence number
// of the stream's last event at or below ledgerVersion, or the number
// pruned when none is left.
func (s *Store) EventCount(ctx context.Context, key storage.EventKey, ledgerVersion uint64) (uint64, error) {
	var prunedBelow int64
	var last *int64
	info, err := s.query(ctx, `SELECT `+infoCols+`,
			COALESCE((SELECT pruned_below FROM streams WHERE account = $1 AND creation_number = $2), 0),
			(SELECT sequence_number FROM events WHERE account = $1 AND creation_number = $2 AND version <= $3
				ORDER BY sequence_number DESC LIMIT 1)
		FROM ledger_info li`, []any{key.Account[:], creation(key), i64(ledgerVersion)},
		[]any{&prunedBelow, &last}, func() error { return nil })
	if err == nil {
		err = storage.CheckVersion(info, ledgerVersion)
	}
	if err != nil {
		return 0, err
	}
	if last != nil {
		return uint64(*last) + 1, nil
	}
	return uint64(prunedBelow), nil
}
