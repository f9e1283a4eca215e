package movevm

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Limits bound what one session may use. The zero value of a field takes
// the default.
type Limits struct {
	MaxCallDepth  int // frames (default 1024)
	MaxStack      int // operand stack values (default 1024)
	MaxValueDepth int // nesting of values (default 128)
	MaxTypeDepth  int // nesting of types, a primitive being 1 deep (default 20)
	MaxTypeNodes  int // nodes of one type written out as a tree (default 128)
	MaxTypes      int // distinct composite types per session (default 65536)
	MaxModules    int // modules linked per session (default 4096)
	MaxVectorLen  int // elements of a vector built by VecPack (default 1<<20)
	// MaxMemory is the memory quota of one call in units of this
	// interpreter's value representation (default 64 MiB; see memory.go).
	MaxMemory uint64
}

func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.MaxCallDepth, 1024)
	def(&l.MaxStack, 1024)
	def(&l.MaxValueDepth, 128)
	def(&l.MaxTypeDepth, 20)
	def(&l.MaxTypeNodes, 128)
	def(&l.MaxTypes, 65536)
	def(&l.MaxModules, 4096)
	def(&l.MaxVectorLen, 1<<20)
	if l.MaxMemory == 0 {
		l.MaxMemory = 64 << 20
	}
	return l
}

// VM holds what every session shares: the natives and the limits. It is
// safe for concurrent use once built.
type VM struct {
	natives *Natives
	limits  Limits
	mu      sync.Mutex
	indexes map[*bytecode.Module]*moduleIndex
}

// New returns a VM calling natives (nil: none) within limits.
func New(natives *Natives, limits Limits) *VM {
	if natives == nil {
		natives = NewNatives()
	}
	return &VM{natives: natives, limits: limits.withDefaults(), indexes: map[*bytecode.Module]*moduleIndex{}}
}

// Env is the state one session runs against.
type Env struct {
	Modules ModuleLoader
	Storage Storage
	// Gas is charged for every instruction; nil means unmetered.
	Gas GasMeter
	// Host is the embedder's own context for its natives
	// (NativeContext.Host), e.g. its transaction state.
	Host any
}

// Session runs calls against one state, in order, as one transaction runs
// its payload. Each call either succeeds, and its resource changes and
// events join the session's, or fails and leaves nothing behind. A Session
// is not safe for concurrent use.
type Session struct {
	vm         *VM
	env        Env
	types      types
	modules    map[ledgerapi.ModuleId]*loadedModule
	nextStruct int

	// state of the running call
	stack     []Value
	frames    []*frame
	resources map[resKey]*resource
	events    []Event
	mem       uint64 // abstract memory units in use (memory.go)
	// dispatches counts the natives' calls of Move code (Call) under way:
	// while one is, no call may enter a module running below it.
	dispatches int

	layoutNesting int // structs being laid out, one inside the other

	// what earlier successful calls left
	committed map[resKey]*committedWrite
	allEvents []Event
}

// NewSession starts a session against env.
func (vm *VM) NewSession(env Env) *Session {
	if env.Gas == nil {
		env.Gas = unmetered{}
	}
	s := &Session{vm: vm, env: env, modules: map[ledgerapi.ModuleId]*loadedModule{},
		committed: map[resKey]*committedWrite{}}
	s.types = newTypes(&vm.limits, env.Gas)
	return s
}

// Event is an event a native emitted: its type and BCS data.
type Event struct {
	Type ledgerapi.TypeTag
	Data []byte
}

// call runs body as one call of the session: on success its changes are
// kept, on failure (or a panic, turned into an invariant violation) they
// are dropped.
func (s *Session) call(body func() ([]Value, error)) (rets []Value, err error) {
	s.stack, s.frames, s.dispatches = s.stack[:0], s.frames[:0], 0
	s.resources, s.events, s.mem = map[resKey]*resource{}, nil, 0
	defer func() {
		if r := recover(); r != nil {
			rets, err = nil, &Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: fmt.Sprintf("internal error: %v\n%s", r, debug.Stack())}
		}
		if err == nil {
			err = s.keep()
		}
		if err != nil {
			rets = nil
		}
		s.resources, s.events = nil, nil
		s.stack, s.frames = s.stack[:0], s.frames[:0]
	}()
	rets, err = body()
	if err != nil {
		err = asError(err)
	}
	return rets, err
}

// Result is what a session's successful calls did.
type Result struct {
	// Writes are the resource changes in order of address, then struct tag.
	Writes []Write
	// Events in the order they were emitted.
	Events []Event
}

// Finish returns the changes of the session's successful calls.
func (s *Session) Finish() (*Result, error) {
	ws, err := s.writes()
	if err != nil {
		return nil, err
	}
	return &Result{Writes: ws, Events: s.allEvents}, nil
}

// keep moves the running call's changes into the session's.
func (s *Session) keep() error {
	cw, err := s.changes()
	if err != nil {
		return err
	}
	for k, w := range cw {
		if w.deleted && !w.base {
			delete(s.committed, k) // made by an earlier call, gone again: no change
			continue
		}
		s.committed[k] = w
	}
	s.allEvents = append(s.allEvents, s.events...)
	return nil
}

// asError makes any failure an *Error or an *Abort.
func asError(err error) error {
	var e *Error
	var a *Abort
	if errors.As(err, &e) || errors.As(err, &a) {
		return err
	}
	return &Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: err.Error(), Err: err}
}
