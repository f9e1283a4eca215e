package indexer

import (
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// setScan is the size up to which the sets below are searched linearly
// (a transaction names a few accounts); past it they keep a map.
const setScan = 16

// addrSet is a set of addresses in the order first added.
type addrSet struct {
	list []ledgerapi.Address
	big  map[ledgerapi.Address]bool
}

func (s *addrSet) add(a ledgerapi.Address) {
	if s.big != nil {
		if s.big[a] {
			return
		}
		s.big[a] = true
		s.list = append(s.list, a)
		return
	}
	for i := range s.list {
		if s.list[i] == a {
			return
		}
	}
	s.list = append(s.list, a)
	if len(s.list) > setScan {
		s.big = make(map[ledgerapi.Address]bool, 2*len(s.list))
		for _, x := range s.list {
			s.big[x] = true
		}
	}
}

// cellSet is a set of string cells, equal by value, in the order first
// added.
type cellSet struct {
	list []*gql.Cell
	big  map[string]bool
}

func (s *cellSet) add(c *gql.Cell) {
	v, _ := c.Value().(string)
	if s.big != nil {
		if s.big[v] {
			return
		}
		s.big[v] = true
		s.list = append(s.list, c)
		return
	}
	for _, x := range s.list {
		if x == c || x.Value() == c.Value() {
			return
		}
	}
	s.list = append(s.list, c)
	if len(s.list) > setScan {
		s.big = make(map[string]bool, 2*len(s.list))
		for _, x := range s.list {
			xv, _ := x.Value().(string)
			s.big[xv] = true
		}
	}
}
