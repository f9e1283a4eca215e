package vmstub

import (
	"errors"
	"fmt"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Session is a transaction's window on state: reads see the session's own
// writes first, then the underlying view; writes and events are collected
// in order and become the transaction's output. Funcs reach it through
// native.Host. A Session implements storage.View. It is not safe for concurrent use.
type Session struct {
	rt      *runtime
	base    storage.View
	nowUsec uint64
	haveNow bool

	entries []stateEntry
	index   map[string]int // encoded key → entries index, once entries grow
	order   []int          // written entries, in first-write order
	events  []storage.Event
	reads   int
	charged uint64      // execution units charged by natives beyond their call cost
	authGas uint64      // execution gas of account abstraction authentication
	mods    modules.Set // the modules stored in base, once asked for
	hasMods bool

	// txn is the user transaction being executed (nil in views and
	// system transactions), for transaction_context (whose counter of
	// unique addresses is in states).
	txn     *txn.SignedTransaction
	hash    ledgerapi.HashValue // txn's hash, once asked for
	hasHash bool
	// running is the entry function a multisig transaction runs (its
	// stored or provided payload), for TxnInfo.Running.
	running *txn.EntryFunction
	// simulation marks the session of a simulated transaction (no
	// std::debug output).
	simulation bool

	// publish is the package publication the payload requested, carried
	// out after it returns (publishreq.go).
	publish *pendingPublish

	// states holds the per-session state of framework modules declared
	// through the native contract (native.State).
	states native.States
	// fw is the native.Host of the executor's calls into the framework
	// tree (framework).
	fw moveHost

	// readErr is the first failed read of the underlying state (a store
	// that is unavailable, not a missing key): what the transaction did
	// from then on proves nothing, and no outcome of it may be kept.
	readErr error
}

// stateReadError is a failed read of the state under a session: the store
// could not answer. It is never a transaction's outcome.
type stateReadError struct{ err error }

func (e *stateReadError) Error() string { return "vmstub: reading state: " + e.err.Error() }
func (e *stateReadError) Unwrap() error { return e.err }

// readFailure returns the session's first failed read of the underlying
// state as a *stateReadError, or nil.
func (s *Session) readFailure() error {
	if s.readErr == nil {
		return nil
	}
	return &stateReadError{s.readErr}
}

// txnHash returns the hash of the transaction being executed (zero in
// views), computed once per session: unique addresses and table handles
// derive from it.
func (s *Session) txnHash() ledgerapi.HashValue {
	if !s.hasHash && s.txn != nil {
		s.hash, s.hasHash = s.txn.Hash(), true
	}
	return s.hash
}

type stateEntry struct {
	key     storage.StateKey
	value   []byte
	exists  bool // after this session's writes
	existed bool // in the underlying view
	dirty   bool
}

// indexThreshold is the entry count above which lookups use a map.
const indexThreshold = 16

var errNotInSession = fmt.Errorf("%w (vmstub session)", storage.ErrNotFound)

// modules is the set of modules stored in the session's underlying state
// (reads of modules are not the transaction's reads: they cost no gas).
func (s *Session) modules() *modules.Set {
	if !s.hasMods {
		s.mods.Init(s.rt.mods, (*baseSource)(s))
		s.hasMods = true
	}
	return &s.mods
}

// baseSource reads modules from a session's underlying state.
type baseSource Session

func (b *baseSource) ModuleCode(id ledgerapi.ModuleId) ([]byte, bool, error) {
	code, ok, err := viewSource{b.base}.ModuleCode(id)
	if err != nil && b.readErr == nil && storage.ModuleKey(id.Address, id.Name).Validate() == nil {
		b.readErr = err
	}
	return code, ok, err
}

func newSession(vm *VM, base storage.View) *Session {
	s := sessions.Get().(*Session)
	s.rt, s.base = vm.runtime, base
	return s
}

// sessions recycles the sessions of validation and execution, the hot
// paths; their entries array is most of a transaction's allocation.
var sessions = sync.Pool{New: func() any { return &Session{entries: make([]stateEntry, 0, 8)} }}

// release returns s to the pool. The caller must not use s afterwards, and
// nothing of s's may be retained but what it handed out: values, changes
// and events are fresh slices, while entries and order are cleared and
// reused.
func (s *Session) release() {
	if cap(s.entries) > 4*indexThreshold {
		return // an unusually large session is left to the collector
	}
	clear(s.entries)
	*s = Session{entries: s.entries[:0], order: s.order[:0]}
	sessions.Put(s)
}

func (s *Session) find(key *storage.StateKey) (int, error) {
	if s.index != nil {
		k, err := key.Encode()
		if err != nil {
			return -1, err
		}
		if i, ok := s.index[string(k)]; ok {
			return i, nil
		}
		return -1, nil
	}
	for i := range s.entries {
		if s.entries[i].key.Equal(key) {
			return i, nil
		}
	}
	return -1, nil
}

// load returns the index of key's entry, reading the underlying view the
// first time.
func (s *Session) load(key storage.StateKey) (int, error) {
	i, err := s.find(&key)
	if err != nil || i >= 0 {
		return i, err
	}
	v, err := s.base.StateValue(key)
	exists := err == nil
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		// A key that does not validate is refused whatever the store:
		// the transaction's own doing. Anything else is the store's.
		if s.readErr == nil && key.Validate() == nil {
			s.readErr = err
		}
		return -1, err
	}
	s.reads++
	s.entries = append(s.entries, stateEntry{key: key, value: v, exists: exists, existed: exists})
	i = len(s.entries) - 1
	switch {
	case s.index != nil:
		k, err := key.Encode()
		if err != nil {
			return -1, err
		}
		s.index[string(k)] = i
	case len(s.entries) > indexThreshold:
		s.index = make(map[string]int, 2*len(s.entries))
		for j := range s.entries {
			k, err := s.entries[j].key.Encode()
			if err != nil {
				return -1, err
			}
			s.index[string(k)] = j
		}
	}
	return i, nil
}

// StateValue implements storage.View over the session.
func (s *Session) StateValue(key storage.StateKey) ([]byte, error) {
	i, err := s.load(key)
	if err != nil {
		return nil, err
	}
	if !s.entries[i].exists {
		return nil, errNotInSession
	}
	return s.entries[i].value, nil
}

func (s *Session) set(key storage.StateKey, value []byte, exists bool) error {
	if err := key.Validate(); err != nil {
		return err
	}
	i, err := s.load(key)
	if err != nil {
		return err
	}
	e := &s.entries[i]
	e.value, e.exists = value, exists
	if !e.dirty {
		e.dirty = true
		s.order = append(s.order, i)
	}
	return nil
}

// Resource returns the BCS value of resource tag at addr, and false when it
// does not exist.
func (s *Session) Resource(addr ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error) {
	return s.value(storage.ResourceKey(addr, tag))
}

// SetResource writes resource tag at addr.
func (s *Session) SetResource(addr ledgerapi.Address, tag ledgerapi.StructTag, value []byte) error {
	return s.set(storage.ResourceKey(addr, tag), value, true)
}

// DeleteResource removes resource tag from addr.
func (s *Session) DeleteResource(addr ledgerapi.Address, tag ledgerapi.StructTag) error {
	return s.set(storage.ResourceKey(addr, tag), nil, false)
}

// TableItem returns the value stored under the BCS key of table handle.
func (s *Session) TableItem(handle ledgerapi.Address, key []byte) ([]byte, bool, error) {
	return s.value(storage.TableItemKey(handle, key))
}

// SetTableItem writes the value under the BCS key of table handle.
func (s *Session) SetTableItem(handle ledgerapi.Address, key, value []byte) error {
	return s.set(storage.TableItemKey(handle, key), value, true)
}

// DeleteTableItem removes the item under the BCS key of table handle.
func (s *Session) DeleteTableItem(handle ledgerapi.Address, key []byte) error {
	return s.set(storage.TableItemKey(handle, key), nil, false)
}

func (s *Session) value(key storage.StateKey) ([]byte, bool, error) {
	i, err := s.load(key)
	if err != nil {
		return nil, false, err
	}
	return s.entries[i].value, s.entries[i].exists, nil
}

// Emit emits a module (v2) event of type typ with BCS data.
func (s *Session) Emit(typ ledgerapi.TypeTag, data []byte) {
	s.emit(storage.Event{Type: typ, Data: data})
}

// emit appends e to the session's events. Every transaction emits some
// (its FeeStatement last), most a few: the first takes room for four.
func (s *Session) emit(e storage.Event) {
	if s.events == nil {
		s.events = make([]storage.Event, 0, 4)
	}
	s.events = append(s.events, e)
}

// EmitHandle emits a v1 event on handle h and increments its counter; the
// caller must then write back the resource that holds h.
func (s *Session) EmitHandle(h *EventHandle, typ ledgerapi.TypeTag, data []byte) {
	s.emit(storage.Event{Key: h.Key(), SequenceNumber: h.Counter, Type: typ, Data: data})
	h.Counter++
}

// Charge adds execution gas units to the running call (for natives whose
// cost grows with their input).
func (s *Session) Charge(units uint64) { s.charged += units }

// NowMicros returns the chain time in microseconds: the block timestamp
// during execution, the on-chain timestamp in views.
func (s *Session) NowMicros() (uint64, error) {
	if !s.haveNow {
		var t u64Res
		if _, err := readResource(s, ledgerapi.AddressOne, timestampTag, &t); err != nil {
			return 0, err
		}
		s.nowUsec, s.haveNow = t.Microseconds, true
	}
	return s.nowUsec, nil
}

// putResource encodes v and writes it as resource tag at addr.
func (s *Session) putResource(addr ledgerapi.Address, tag ledgerapi.StructTag, v bcs.Marshaler) error {
	return s.SetResource(addr, tag, encode(v))
}

// changes returns the write set in first-write order. Items created and
// deleted within the session are left out; a value for a key that had none
// is a creation (one deleted and written again is a modification).
func (s *Session) changes() []storage.WriteOp {
	out := make([]storage.WriteOp, 0, len(s.order))
	for _, i := range s.order {
		e := &s.entries[i]
		if !e.existed && !e.exists {
			continue
		}
		out = append(out, storage.WriteOp{Key: e.key, Value: e.value, Deleted: !e.exists, Created: !e.existed && e.exists})
	}
	return out
}

// slotUsage counts the state slots written and the slots created. The
// resources of one object (members of 0x1::object::ObjectGroup at one
// address) share a slot, as in Aptos resource groups; the group is new when
// none of its written members existed before.
func (s *Session) slotUsage() (written, created uint64) {
	// A transaction mostly writes few objects: the groups are a short
	// list (on the stack up to its capacity), indexed by a map only when
	// it grows long.
	type group struct {
		addr            ledgerapi.Address
		existed, exists bool
	}
	const scanGroups = 8
	var buf [4]group
	groups := buf[:0]
	var index map[ledgerapi.Address]int
	for _, i := range s.order {
		e := &s.entries[i]
		if !e.existed && !e.exists {
			continue
		}
		if e.key.Kind == storage.StateResource && s.rt.reg.inObjectGroup(e.key.Resource) {
			j := -1
			if index != nil {
				if k, ok := index[e.key.Address]; ok {
					j = k
				}
			} else {
				for k := range groups {
					if groups[k].addr == e.key.Address {
						j = k
						break
					}
				}
			}
			if j < 0 {
				j = len(groups)
				groups = append(groups, group{addr: e.key.Address})
				switch {
				case index != nil:
					index[e.key.Address] = j
				case len(groups) > scanGroups:
					index = make(map[ledgerapi.Address]int, 2*len(groups))
					for k := range groups {
						index[groups[k].addr] = k
					}
				}
			}
			g := &groups[j]
			g.existed = g.existed || e.existed
			g.exists = g.exists || e.exists
			continue
		}
		written++
		if !e.existed && e.exists {
			created++
		}
	}
	for _, g := range groups {
		written++
		if !g.existed && g.exists {
			created++
		}
	}
	return written, created
}
