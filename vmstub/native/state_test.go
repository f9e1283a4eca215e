package native

import "testing"

// cells is a Committer that records what it committed.
type cells struct{ committed *[]string }

func (c *cells) Commit(Host) error { *c.committed = append(*c.committed, "cells"); return nil }

// TestStateFirstUseAndCommit: a key's value is made once per States and
// shared by every Get; Committer values are committed in first-use order
// and dropped (made afresh next time), others kept; Abandon drops
// Committers without committing.
func TestStateFirstUseAndCommit(t *testing.T) {
	made := 0
	counter := NewState(func() *int { made++; return new(int) })
	var log []string
	table := NewState(func() *cells { return &cells{committed: &log} })
	var s States
	*counter.In(&s) += 2
	*counter.In(&s)++
	if got := *counter.In(&s); got != 3 || made != 1 {
		t.Fatalf("counter %d, made %d times", got, made)
	}
	c1 := table.In(&s)
	if err := s.Commit(nil); err != nil || len(log) != 1 {
		t.Fatalf("commit: %v %v", err, log)
	}
	if table.In(&s) == c1 {
		t.Fatal("a Committer survived its commit")
	}
	if *counter.In(&s) != 3 {
		t.Fatal("plain state was dropped by Commit")
	}
	s.Abandon()
	if err := s.Commit(nil); err != nil || len(log) != 1 {
		t.Fatalf("abandoned Committer was committed: %v", log)
	}
	var other States
	if *counter.In(&other) != 0 {
		t.Fatal("state leaked between sessions")
	}
}
