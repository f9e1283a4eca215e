package storagetest

import (
	"bytes"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// model is the obvious, slow implementation of the ledger model the suite
// compares stores against: it keeps every committed transaction and answers
// by scanning.
type model struct {
	txns   []storage.Transaction
	blocks []storage.Block
}

func (m *model) add(b storage.Block, txns []storage.Transaction) {
	m.blocks = append(m.blocks, b)
	for _, t := range txns {
		m.txns = append(m.txns, t.Clone())
	}
}

// state returns the value of key as of version.
func (m *model) state(key storage.StateKey, version uint64) ([]byte, bool) {
	enc := mustEncode(key)
	for v := int(version); v >= 0; v-- {
		for _, w := range m.txns[v].Changes {
			if bytes.Equal(mustEncode(w.Key), enc) {
				return w.Value, !w.Deleted
			}
		}
	}
	return nil, false
}

// keys returns every state key ever written, sorted by encoding.
func (m *model) keys() []storage.StateKey {
	seen := map[string]storage.StateKey{}
	for _, t := range m.txns {
		for _, w := range t.Changes {
			seen[string(mustEncode(w.Key))] = w.Key
		}
	}
	encs := make([]string, 0, len(seen))
	for e := range seen {
		encs = append(encs, e)
	}
	slices.Sort(encs)
	out := make([]storage.StateKey, len(encs))
	for i, e := range encs {
		out[i] = seen[e]
	}
	return out
}

// listing returns addr's items of kind as of version, in cursor order.
func (m *model) listing(kind storage.StateKeyKind, addr ledgerapi.Address, version uint64) []storage.StateItem {
	var out []storage.StateItem
	for _, k := range m.keys() {
		if k.Kind != kind || k.Address != addr {
			continue
		}
		if v, ok := m.state(k, version); ok {
			out = append(out, storage.StateItem{Key: k, Value: v})
		}
	}
	return out
}

// events returns the whole stream key as of version.
func (m *model) events(key storage.EventKey, version uint64) []storage.VersionedEvent {
	var out []storage.VersionedEvent
	for _, t := range m.txns[:version+1] {
		for _, e := range t.Events {
			if e.Key == key && !e.IsV2() {
				out = append(out, storage.VersionedEvent{Version: t.Version, Event: e})
			}
		}
	}
	return out
}

// sent returns the sequence-number transactions of sender as of version.
func (m *model) sent(sender ledgerapi.Address, version uint64) []storage.Transaction {
	var out []storage.Transaction
	for _, t := range m.txns[:version+1] {
		if t.Sender != nil && *t.Sender == sender && t.SequenceNumber != nil {
			out = append(out, t)
		}
	}
	return out
}

// blockOf returns the block holding version.
func (m *model) blockOf(version uint64) storage.Block {
	for _, b := range m.blocks {
		if b.Contains(version) {
			return b
		}
	}
	panic("storagetest: version outside the model")
}

func mustEncode(k storage.StateKey) []byte {
	b, err := k.Encode()
	if err != nil {
		panic(err)
	}
	return b
}
