package replica

import "sync"

// Signal is a commit signal (a handlers.Commits): the channel CommitSignal
// returns is closed at the next Fire. The zero value is not usable; create
// it with NewSignal. It is safe for concurrent use.
type Signal struct {
	mu sync.Mutex
	ch chan struct{}
}

// NewSignal returns a Signal.
func NewSignal() *Signal { return &Signal{ch: make(chan struct{})} }

// CommitSignal returns a channel closed at the next Fire.
func (s *Signal) CommitSignal() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ch
}

// Fire reports a commit: it wakes everyone waiting on a channel
// CommitSignal returned.
func (s *Signal) Fire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.ch)
	s.ch = make(chan struct{})
}
