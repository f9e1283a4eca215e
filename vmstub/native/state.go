package native

// State is a key to per-session state a module owns: a value of type T
// that lives as long as the transaction's session (or the view's), made on
// first use and discarded with the session. A module declares its key once,
// as a package variable, and reaches its value from any of its Funcs:
//
//	var storeCache = native.NewState(func() *storeAddrs { return &storeAddrs{} })
//
//	func deposit(c *native.Context, ...) { cache := storeCache.Get(c); ... }
//
// Only the module declaring a key can reach its value: the executor holds
// the values without knowing their types.
type State[T any] struct {
	init func() *T
}

// NewState returns a new key whose value init makes (a zero T when init is
// nil).
func NewState[T any](init func() *T) *State[T] {
	return &State[T]{init: init}
}

// Get returns the value of k in the call's session, making it on first use.
func (k *State[T]) Get(c *Context) *T { return k.In(c.Host().States()) }

// In returns the value of k in s, making it on first use.
func (k *State[T]) In(s *States) *T {
	if v, ok := s.m[k]; ok {
		return v.(*T)
	}
	var v *T
	if k.init != nil {
		v = k.init()
	} else {
		v = new(T)
	}
	if s.m == nil {
		s.m = map[any]any{}
	}
	s.m[k] = v
	s.order = append(s.order, k)
	return v
}

// States holds the per-session values of State keys. The zero value is
// empty and ready; the executor keeps one per session.
type States struct {
	m     map[any]any
	order []any // keys in first-use order
}

// Committer is per-call state: values Move code holds references into
// (table items) that are written to the host when the Move call succeeds
// and forgotten when it fails. A State value implementing it is committed
// (in first-use order) and then dropped at the end of every Move call, so
// the next call makes it afresh.
type Committer interface {
	Commit(h Host) error
}

// Commit writes the Committer values of s to h in first-use order and
// drops them. The executor calls it when a Move call succeeds.
func (s *States) Commit(h Host) error {
	for _, k := range s.order {
		if c, ok := s.m[k].(Committer); ok {
			if err := c.Commit(h); err != nil {
				return err
			}
		}
	}
	s.Abandon()
	return nil
}

// Abandon drops the Committer values of s without writing them. The
// executor calls it when a Move call fails.
func (s *States) Abandon() {
	kept := s.order[:0]
	for _, k := range s.order {
		if _, ok := s.m[k].(Committer); ok {
			delete(s.m, k)
		} else {
			kept = append(kept, k)
		}
	}
	s.order = kept
}
