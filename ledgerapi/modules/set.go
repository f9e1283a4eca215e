package modules

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

// Errors of module and function lookups.
var (
	// ErrModuleNotFound: no module is stored under the id.
	ErrModuleNotFound = errors.New("module not found")
	// ErrFunctionNotFound: the module does not define the function.
	ErrFunctionNotFound = errors.New("function not found")
	// ErrNotCallable: the function is neither an entry nor a view function,
	// or its signature has types a call cannot pass or return.
	ErrNotCallable = errors.New("function cannot be called from outside")
	// ErrUndecodable: the bytes stored for the module do not deserialize.
	ErrUndecodable = errors.New("stored module does not deserialize")
)

// Resolver is what a ledger's modules as stored at one state tell the
// readers of that state: struct layouts (to render values), function
// signatures (to convert JSON arguments), and the decoded modules
// themselves (ABIs). *Set implements it; executors may wrap a Set to give
// their own errors.
type Resolver interface {
	movevalue.Resolver
	txn.ArgCodec
	// Module returns the module stored under id. Errors wrap
	// ErrModuleNotFound or ErrUndecodable, or come from the state.
	Module(id ledgerapi.ModuleId) (*Module, error)
	// Decode decodes module bytes read from this state (a listing, a
	// write set), through the same cache.
	Decode(code []byte) (*Module, error)
}

// Source reads the modules stored at one state.
type Source interface {
	// ModuleCode returns the bytes stored for module id; found is false
	// when none are stored. Errors are the state's own. The bytes are
	// not modified by the Set or the Cache.
	ModuleCode(id ledgerapi.ModuleId) (code []byte, found bool, err error)
}

// SourceFunc is a Source written as a function.
type SourceFunc func(id ledgerapi.ModuleId) (code []byte, found bool, err error)

// ModuleCode implements Source.
func (f SourceFunc) ModuleCode(id ledgerapi.ModuleId) ([]byte, bool, error) { return f(id) }

// Set is the modules stored at one state, read through a Source and
// decoded through a Cache. It remembers the last modules it loaded, so it
// must only be used while its state does not change (a committed version,
// a transaction's view of its block). A Set is safe for concurrent use.
type Set struct {
	cache *Cache
	src   Source
	mu    sync.Mutex
	memo  [16]*Module
	n     int
}

// At returns the set of modules src reads.
func (c *Cache) At(src Source) *Set {
	s := &Set{}
	s.Init(c, src)
	return s
}

// Init makes s, a zero Set or one used before, the set of modules src reads
// through c (for Sets embedded in a longer-lived value). It must not race
// with other uses of s.
func (s *Set) Init(c *Cache, src Source) {
	s.cache, s.src = c, src
	clear(s.memo[:])
	s.n = 0
}

// Decode implements Resolver.
func (s *Set) Decode(code []byte) (*Module, error) { return s.cache.Decode(code) }

// Module implements Resolver.
func (s *Set) Module(id ledgerapi.ModuleId) (*Module, error) {
	s.mu.Lock()
	for i := range min(s.n, len(s.memo)) {
		if m := s.memo[i]; m.ID == id {
			s.mu.Unlock()
			return m, nil
		}
	}
	s.mu.Unlock()
	code, found, err := s.src.ModuleCode(id)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%w: %s", ErrModuleNotFound, id)
	}
	m, err := s.cache.Decode(code)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrUndecodable, id, err)
	}
	if m.ID != id {
		return nil, fmt.Errorf("%w: %s: the bytes stored there are module %s", ErrUndecodable, id, m.ID)
	}
	s.mu.Lock()
	s.memo[s.n%len(s.memo)] = m
	s.n++
	s.mu.Unlock()
	return m, nil
}

// StructLayout implements movevalue.Resolver: the layout of tag as its
// module declares it in this state. Errors wrap movevalue.ErrUnknownStruct
// unless they come from the state.
func (s *Set) StructLayout(tag ledgerapi.StructTag) (*movevalue.StructLayout, error) {
	m, err := s.Module(tag.ModuleID())
	if err != nil {
		if errors.Is(err, ErrModuleNotFound) || errors.Is(err, ErrUndecodable) {
			return nil, fmt.Errorf("%w %s: %v", movevalue.ErrUnknownStruct, tag, err)
		}
		return nil, err
	}
	return m.Layout(tag)
}

// Function returns the function fn as defined in this state. Errors wrap
// ErrFunctionNotFound when the module or the function is missing (or the
// module's bytes do not deserialize), or come from the state.
func (s *Set) Function(fn ledgerapi.EntryFunctionId) (*Function, error) {
	m, err := s.Module(fn.Module)
	if err != nil {
		if errors.Is(err, ErrModuleNotFound) || errors.Is(err, ErrUndecodable) {
			return nil, fmt.Errorf("%w: %s: %v", ErrFunctionNotFound, fn, err)
		}
		return nil, err
	}
	f := m.Function(fn.Name)
	if f == nil {
		return nil, fmt.Errorf("%w: %s", ErrFunctionNotFound, fn)
	}
	return f, nil
}

// ArgTypes returns the types of the arguments a call of fn with tyArgs
// takes from outside: the parameters after the signers, instantiated. fn
// must be an entry or a view function (ErrNotCallable otherwise).
func (s *Set) ArgTypes(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag) ([]ledgerapi.TypeTag, error) {
	f, err := s.Function(fn)
	if err != nil {
		return nil, err
	}
	switch {
	case !f.IsEntry && !f.IsView:
		return nil, fmt.Errorf("%w: %s is neither an entry nor a view function", ErrNotCallable, fn)
	case f.Err != nil:
		return nil, fmt.Errorf("%w: %s: %v", ErrNotCallable, fn, f.Err)
	}
	return f.Instantiate(f.Params, tyArgs)
}

// EncodeArgs implements txn.ArgCodec: the JSON arguments of an entry or
// view function converted to BCS by its parameter types in this state.
func (s *Set) EncodeArgs(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args []json.RawMessage) ([][]byte, error) {
	params, err := s.ArgTypes(fn, tyArgs)
	if err != nil {
		return nil, err
	}
	return movevalue.Codec{Resolver: s}.EncodeArgs(params, args)
}

// DecodeArgs implements txn.ArgCodec: BCS arguments rendered as JSON.
func (s *Set) DecodeArgs(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([]json.RawMessage, error) {
	params, err := s.ArgTypes(fn, tyArgs)
	if err != nil {
		return nil, err
	}
	return movevalue.Codec{Resolver: s}.DecodeArgs(params, args)
}
