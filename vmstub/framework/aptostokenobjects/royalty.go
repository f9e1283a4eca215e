package aptostokenobjects

// 0x4::royalty: the Royalty a collection or a token may carry (a fraction
// and a payee), created checked, moved to an object at creation (init) or
// replaced with a MutatorRef (update), read with get and its accessors.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x4::royalty.
const (
	eRoyaltyDoesNotExist      = 1
	eRoyaltyExceedsMaximum    = 2
	eRoyaltyDenominatorIsZero = 3
)

var royaltyTag = tag4("royalty", "Royalty")

// royaltyRes is 0x4::royalty::Royalty.
type royaltyRes struct {
	Numerator, Denominator uint64
	Payee                  ledgerapi.Address
}

func (r *royaltyRes) MarshalBCS(e *bcs.Encoder) {
	e.U64(r.Numerator)
	e.U64(r.Denominator)
	e.Fixed(r.Payee[:])
}

func (r *royaltyRes) UnmarshalBCS(d *bcs.Decoder) {
	r.Numerator = d.U64("Royalty.numerator")
	r.Denominator = d.U64("Royalty.denominator")
	d.Fixed(r.Payee[:], "Royalty.payee_address")
}

// Royalty declares 0x4::royalty.
func Royalty() native.Module {
	const (
		tRoyalty = "0x4::royalty::Royalty"
		tMutator = "0x4::royalty::MutatorRef"
	)
	return native.Module{Address: addr, Name: "royalty", Package: pkg, Friends: []string{"0x4::token"},
		Structs: []native.Struct{
			group("Royalty", []string{native.AbilityCopy, native.AbilityDrop, native.AbilityKey},
				"numerator: u64", "denominator: u64", "payee_address: address"),
			plain("MutatorRef", dropStore, "inner: 0x1::object::ExtendRef"),
		},
		Functions: []native.Function{
			fn("init", []string{tCtor, tRoyalty}, nil, royaltyInit),
			fn("update", []string{"&" + tMutator, tRoyalty}, nil, royaltyUpdate),
			fn("create", []string{"u64", "u64", "address"}, []string{tRoyalty}, royaltyCreateFn),
			fn("generate_mutator_ref", []string{"0x1::object::ExtendRef"}, []string{tMutator}, royaltyMutatorRef),
			fn("exists_at", []string{"address"}, []string{"bool"}, royaltyExistsAt),
			friend(fn("delete", []string{"address"}, nil, royaltyDelete)),
			generic(fn("get", []string{tObjT}, []string{"0x1::option::Option<0x4::royalty::Royalty>"}, royaltyGetFn)),
			fn("denominator", []string{"&" + tRoyalty}, []string{"u64"}, royaltyField(1)),
			fn("numerator", []string{"&" + tRoyalty}, []string{"u64"}, royaltyField(0)),
			fn("payee_address", []string{"&" + tRoyalty}, []string{"address"}, royaltyField(2)),
		},
		Errors: []native.AbortReason{
			{Reason: eRoyaltyDoesNotExist, Name: "EROYALTY_DOES_NOT_EXIST", Description: "Royalty does not exist"},
			{Reason: eRoyaltyExceedsMaximum, Name: "EROYALTY_EXCEEDS_MAXIMUM", Description: "The royalty cannot be greater than 100%"},
			{Reason: eRoyaltyDenominatorIsZero, Name: "EROYALTY_DENOMINATOR_IS_ZERO", Description: "The royalty denominator cannot be 0"},
		},
	}
}

// newRoyalty is royalty::create's check: a non-zero denominator
// (EROYALTY_DENOMINATOR_IS_ZERO), then at most 100%
// (EROYALTY_EXCEEDS_MAXIMUM).
func newRoyalty(num, den uint64, payee ledgerapi.Address) (*royaltyRes, error) {
	if den == 0 {
		return nil, abortIn("royalty", native.OutOfRange, eRoyaltyDenominatorIsZero)
	}
	if num > den {
		return nil, abortIn("royalty", native.OutOfRange, eRoyaltyExceedsMaximum)
	}
	return &royaltyRes{Numerator: num, Denominator: den, Payee: payee}, nil
}

// readRoyalty reads the Royalty at a.
func readRoyalty(h native.Host, a ledgerapi.Address) (*royaltyRes, bool, error) {
	var r royaltyRes
	ok, err := readRes(h, a, royaltyTag, &r)
	return &r, ok, err
}

// royaltyOption is Option<Royalty> of r (none when nil).
func royaltyOption(c *native.Context, r *royaltyRes) (movevm.Value, error) {
	if r == nil {
		t, err := c.TypeOf(ledgerapi.StructType(royaltyTag))
		if err != nil {
			return movevm.Value{}, err
		}
		return movestdlib.None(c, t)
	}
	v, err := toValue(c, royaltyTag, r)
	if err != nil {
		return movevm.Value{}, err
	}
	return movestdlib.Some(c, v)
}

// royaltyOf decodes an Option<Royalty> argument (nil for none).
func royaltyOf(c *native.Context, v movevm.Value) (*royaltyRes, error) {
	x, ok := movestdlib.OptionElem(v)
	if !ok {
		return nil, nil
	}
	var r royaltyRes
	return &r, fromValue(c, x, &r)
}

func royaltyInit(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var r royaltyRes
	if err := fromValue(c, args[1], &r); err != nil {
		return nil, err
	}
	return nil, moveTo(aptosframework.HostOf(c), inner(args[0]), royaltyTag, &r)
}

func royaltyUpdate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var r royaltyRes
	if err := fromValue(c, args[1], &r); err != nil {
		return nil, err
	}
	a := deref(args[0]).Elem(0).Elem(0).AsAddress() // MutatorRef.inner.self
	return nil, putRes(aptosframework.HostOf(c), a, royaltyTag, &r)
}

func royaltyCreateFn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := newRoyalty(args[0].AsU64(), args[1].AsU64(), args[2].AsAddress())
	if err != nil {
		return nil, err
	}
	return ret1(toValue(c, royaltyTag, r))
}

func royaltyMutatorRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := c.TypeOf(ledgerapi.StructType(tag4("royalty", "MutatorRef")))
	if err != nil {
		return nil, err
	}
	return ret1(c.Struct(t, args[0]))
}

func royaltyExistsAt(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return boolRet(has(aptosframework.HostOf(c), args[0].AsAddress(), royaltyTag))
}

// deleteRoyalty is royalty::delete (EROYALTY_DOES_NOT_EXIST).
func deleteRoyalty(h native.Host, a ledgerapi.Address) error {
	if ok, err := has(h, a, royaltyTag); err != nil {
		return err
	} else if !ok {
		return abortIn("royalty", native.NotFound, eRoyaltyDoesNotExist)
	}
	return h.DeleteResource(a, royaltyTag)
}

func royaltyDelete(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, deleteRoyalty(aptosframework.HostOf(c), args[0].AsAddress())
}

func royaltyGetFn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, ok, err := readRoyalty(aptosframework.HostOf(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	if !ok {
		r = nil
	}
	return ret1(royaltyOption(c, r))
}

// royaltyField is the accessor of field i of a &Royalty.
func royaltyField(i int) native.Func {
	return func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		return []movevm.Value{deref(args[0]).Elem(i)}, nil
	}
}
