package aptostokenobjects

// 0x4::collection, supply: the three supplies a collection may track and
// what minting and burning do to them (increment_supply, decrement_supply,
// with the Mint and Burn module events and, for the older supplies, the
// v1 MintEvent and BurnEvent), count, set_max_supply and
// upgrade_to_concurrent. Aggregators are rendered as their value and
// max_value, the snapshot of an index as its value.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// concurrentSupply is ConcurrentSupply: two Aggregator<u64>.
type concurrentSupply struct {
	Current, CurrentMax, Total, TotalMax uint64
}

func (s *concurrentSupply) MarshalBCS(e *bcs.Encoder) {
	e.U64(s.Current)
	e.U64(s.CurrentMax)
	e.U64(s.Total)
	e.U64(s.TotalMax)
}

func (s *concurrentSupply) UnmarshalBCS(d *bcs.Decoder) {
	s.Current = d.U64("ConcurrentSupply.current_supply.value")
	s.CurrentMax = d.U64("ConcurrentSupply.current_supply.max_value")
	s.Total = d.U64("ConcurrentSupply.total_minted.value")
	s.TotalMax = d.U64("ConcurrentSupply.total_minted.max_value")
}

// oldSupply is FixedSupply (Fixed) or UnlimitedSupply.
type oldSupply struct {
	Fixed                  bool
	Current, Max, Total    uint64
	BurnEvents, MintEvents onchain.EventHandle
}

func (s *oldSupply) MarshalBCS(e *bcs.Encoder) {
	e.U64(s.Current)
	if s.Fixed {
		e.U64(s.Max)
	}
	e.U64(s.Total)
	s.BurnEvents.MarshalBCS(e)
	s.MintEvents.MarshalBCS(e)
}

func (s *oldSupply) UnmarshalBCS(d *bcs.Decoder) {
	s.Current = d.U64("Supply.current_supply")
	if s.Fixed {
		s.Max = d.U64("FixedSupply.max_supply")
	}
	s.Total = d.U64("Supply.total_minted")
	s.BurnEvents.UnmarshalBCS(d)
	s.MintEvents.UnmarshalBCS(d)
}

// readOldSupply reads the FixedSupply or UnlimitedSupply at a.
func readOldSupply(h native.Host, a ledgerapi.Address) (*oldSupply, ledgerapi.StructTag, bool, error) {
	s := &oldSupply{Fixed: true}
	if ok, err := readRes(h, a, fixedSupplyTag, s); err != nil || ok {
		return s, fixedSupplyTag, ok, err
	}
	s = &oldSupply{}
	ok, err := readRes(h, a, unlimitedSupplyTag, s)
	return s, unlimitedSupplyTag, ok, err
}

// indexEvent is Mint {collection, index, token} and MintEvent/BurnEvent
// {index, token} (collection zero and omitted).
type indexEvent struct {
	collection    *ledgerapi.Address
	index         uint64
	token         ledgerapi.Address
	previousOwner *ledgerapi.Address
}

func (m *indexEvent) MarshalBCS(e *bcs.Encoder) {
	if m.collection != nil {
		e.Fixed(m.collection[:])
	}
	e.U64(m.index)
	e.Fixed(m.token[:])
	if m.previousOwner != nil {
		e.Fixed(m.previousOwner[:])
	}
}

// incrementSupply is increment_supply for a token minted in the
// collection at coll: the new index (total minted) and true, or false
// for a collection tracking no supply. A full collection aborts with
// ECOLLECTION_SUPPLY_EXCEEDED.
func incrementSupply(h native.Host, coll, token ledgerapi.Address) (uint64, bool, error) {
	var cs concurrentSupply
	if ok, err := readRes(h, coll, concurrentSupplyTag, &cs); err != nil {
		return 0, false, err
	} else if ok {
		if cs.Current >= cs.CurrentMax {
			return 0, false, abortIn("collection", native.OutOfRange, eCollectionSupplyExceeded)
		}
		cs.Current++
		cs.Total++
		emitEvent(h, tag4("collection", "Mint"), &indexEvent{collection: &coll, index: cs.Total, token: token})
		return cs.Total, true, putRes(h, coll, concurrentSupplyTag, &cs)
	}
	s, tag, ok, err := readOldSupply(h, coll)
	if err != nil || !ok {
		return 0, false, err
	}
	s.Current++
	s.Total++
	if s.Fixed && s.Current > s.Max {
		return 0, false, abortIn("collection", native.OutOfRange, eCollectionSupplyExceeded)
	}
	emitEvent(h, tag4("collection", "Mint"), &indexEvent{collection: &coll, index: s.Total, token: token})
	emitOnHandle(h, &s.MintEvents, tag4("collection", "MintEvent"), &indexEvent{index: s.Total, token: token})
	return s.Total, true, putRes(h, coll, tag, s)
}

// decrementSupply is decrement_supply for the token burnt from the
// collection at coll with its index.
func decrementSupply(h native.Host, coll, token ledgerapi.Address, index uint64, previousOwner ledgerapi.Address) error {
	burn := &indexEvent{collection: &coll, index: index, token: token, previousOwner: &previousOwner}
	var cs concurrentSupply
	if ok, err := readRes(h, coll, concurrentSupplyTag, &cs); err != nil {
		return err
	} else if ok {
		if cs.Current == 0 {
			return &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "aggregator_v2"}, Code: native.Code(native.OutOfRange, 2)}
		}
		cs.Current--
		emitEvent(h, tag4("collection", "Burn"), burn)
		return putRes(h, coll, concurrentSupplyTag, &cs)
	}
	s, tag, ok, err := readOldSupply(h, coll)
	if err != nil || !ok {
		return err
	}
	s.Current--
	emitEvent(h, tag4("collection", "Burn"), burn)
	emitOnHandle(h, &s.BurnEvents, tag4("collection", "BurnEvent"), &indexEvent{index: index, token: token})
	return putRes(h, coll, tag, s)
}

// snapshotOption is Option<AggregatorSnapshot<u64>> of index (none when !ok).
func snapshotOption(c *native.Context, index uint64, ok bool) (movevm.Value, error) {
	st, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aggregator_v2",
		Name: "AggregatorSnapshot", TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindU64}}}))
	if err != nil {
		return movevm.Value{}, err
	}
	if !ok {
		return movestdlib.None(c, st)
	}
	return movestdlib.Some(c, movevm.NewStruct(st, []movevm.Value{movevm.U64(index)}))
}

func incrementSupplyFn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	index, ok, err := incrementSupply(aptosframework.HostOf(c), inner(args[0]), args[1].AsAddress())
	if err != nil {
		return nil, err
	}
	return ret1(snapshotOption(c, index, ok))
}

func decrementSupplyFn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	idx, ok := movestdlib.OptionElem(args[2])
	if !ok {
		return nil, &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "option"}, Code: movestdlib.EOptionNotSet}
	}
	return nil, decrementSupply(aptosframework.HostOf(c), inner(args[0]), args[1].AsAddress(), idx.AsU64(), args[3].AsAddress())
}

// collectionCount is count: the current supply, false when none is
// tracked (ECOLLECTION_DOES_NOT_EXIST without a collection).
func collectionCount(h native.Host, a ledgerapi.Address) (uint64, bool, error) {
	if _, err := readCollection(h, a); err != nil {
		return 0, false, err
	}
	var cs concurrentSupply
	if ok, err := readRes(h, a, concurrentSupplyTag, &cs); err != nil || ok {
		return cs.Current, ok, err
	}
	s, _, ok, err := readOldSupply(h, a)
	return s.Current, ok, err
}

func collCount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, ok, err := collectionCount(aptosframework.HostOf(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	if !ok {
		return ret1(movestdlib.None(c, movevm.TypeU64))
	}
	return ret1(movestdlib.Some(c, movevm.U64(n)))
}

// setMaxSupplyEvent is SetMaxSupply.
type setMaxSupplyEvent struct {
	collection ledgerapi.Address
	old, new   uint64
}

func (s *setMaxSupplyEvent) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(s.collection[:])
	e.U64(s.old)
	e.U64(s.new)
}

func setMaxSupply(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a, max := aptosframework.HostOf(c), inner(args[0]), args[1].AsU64()
	if err := objectWith(c, a, collectionTag); err != nil {
		return nil, err
	}
	var old uint64
	var cs concurrentSupply
	if ok, err := readRes(h, a, concurrentSupplyTag, &cs); err != nil {
		return nil, err
	} else if ok {
		if max < cs.Current {
			return nil, abortIn("collection", native.OutOfRange, eInvalidMaxSupply)
		}
		old, cs.CurrentMax = cs.CurrentMax, max
		if err := putRes(h, a, concurrentSupplyTag, &cs); err != nil {
			return nil, err
		}
	} else {
		s := &oldSupply{Fixed: true}
		ok, err := readRes(h, a, fixedSupplyTag, s)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, abortIn("collection", native.InvalidArgument, eNoMaxSupplyInCollection)
		}
		if max < s.Current {
			return nil, abortIn("collection", native.OutOfRange, eInvalidMaxSupply)
		}
		old, s.Max = s.Max, max
		if err := putRes(h, a, fixedSupplyTag, s); err != nil {
			return nil, err
		}
	}
	emitEvent(h, tag4("collection", "SetMaxSupply"), &setMaxSupplyEvent{collection: a, old: old, new: max})
	return nil, nil
}

func upgradeToConcurrent(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a := aptosframework.HostOf(c), inner(args[0])
	s, tag, ok, err := readOldSupply(h, a)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, abortIn("collection", native.InvalidArgument, eAlreadyConcurrent)
	}
	if err := h.DeleteResource(a, tag); err != nil {
		return nil, err
	}
	cs := &concurrentSupply{Current: s.Current, CurrentMax: maxU64, Total: s.Total, TotalMax: maxU64}
	if s.Fixed {
		cs.CurrentMax = s.Max
	}
	return nil, moveTo(h, a, concurrentSupplyTag, cs)
}
