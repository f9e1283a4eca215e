package pebblestore

import (
	"context"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/v2"

	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// TestFormatRefused checks that a data directory written in another record
// format (the first one had no format key) is refused at Open, not misread,
// and that a directory of this format opens again.
func TestFormatRefused(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, txns := storagetest.NewChain(2).Genesis()
	if err := s.CommitBlock(context.Background(), b, txns); err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, tc := range []struct {
		name  string
		set   func(db *pebble.DB) error
		error string // "" opens
	}{
		{"this format", func(*pebble.DB) error { return nil }, ""},
		{"the first format", func(db *pebble.DB) error { return db.Delete([]byte{pFormat}, pebble.Sync) }, "record format 1,"},
		{"a later format", func(db *pebble.DB) error { return db.Set([]byte{pFormat}, be(format+1), pebble.Sync) }, "record format 3,"},
		{"a malformed key", func(db *pebble.DB) error { return db.Set([]byte{pFormat}, []byte{1}, pebble.Sync) }, "format key"},
	} {
		db, err := pebble.Open(dir, &pebble.Options{Logger: quietLogger{}})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Set([]byte{pFormat}, be(format), pebble.Sync); err != nil {
			t.Fatal(err)
		}
		if err := tc.set(db); err != nil {
			t.Fatal(err)
		}
		db.Close()
		s, err := Open(dir, Options{})
		switch {
		case tc.error == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.error != "" && (err == nil || !strings.Contains(err.Error(), tc.error)):
			t.Errorf("%s: error %v, want one naming %q", tc.name, err, tc.error)
		}
		if err == nil {
			if info, err := s.LedgerInfo(context.Background()); err != nil || info.Version != 0 {
				t.Errorf("%s: ledger info %+v, %v", tc.name, info, err)
			}
			s.Close()
		}
	}
}
