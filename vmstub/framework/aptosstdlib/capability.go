package aptosstdlib

// 0x1::capability: capability classes kept at their owner's address as
// CapState<Feature> (the delegates' addresses), delegations as
// CapDelegateState<Feature> (the root's address) at the delegate's.
// create (ECAPABILITY_ALREADY_EXISTS when the class exists), acquire and
// acquire_linear (the owner, or a delegate the root still lists:
// EDELEGATE otherwise, ECAPABILITY_NOT_FOUND for a signer with neither
// resource), root_addr, linear_root_addr, delegate and revoke (both
// without effect when the delegation exists, resp. does not). As on
// Aptos, delegate and revoke fail with MISSING_DATA when the Cap's root
// holds no CapState (which they write back even when its list is
// unchanged, as a mutable borrow does), and revoke takes any delegation
// of the Feature at the address, whatever root it names.

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::capability.
const (
	ECapabilityAlreadyExists = 1
	ECapabilityNotFound      = 2
	EDelegate                = 3
)

// Capability declares 0x1::capability.
func Capability() native.Module {
	phantom := []native.TypeParam{{Phantom: true}}
	feature := []native.TypeParam{{}}
	cap, lin := "0x1::capability::Cap<T0>", "0x1::capability::LinearCap<T0>"
	return native.Module{Address: addr, Name: "capability",
		Structs: []native.Struct{
			{Name: "Cap", TypeParams: phantom, Abilities: []string{native.AbilityCopy, native.AbilityDrop}, Fields: []string{"root: address"}},
			{Name: "LinearCap", TypeParams: phantom, Abilities: []string{native.AbilityDrop}, Fields: []string{"root: address"}},
			{Name: "CapState", TypeParams: phantom, Abilities: []string{native.AbilityKey}, Fields: []string{"delegates: vector<address>"}},
			{Name: "CapDelegateState", TypeParams: phantom, Abilities: []string{native.AbilityKey}, Fields: []string{"root: address"}},
		},
		Functions: []native.Function{
			{Name: "create", TypeParams: feature, Params: []string{"&signer", "&T0"}, Impl: capCreate},
			{Name: "acquire", TypeParams: feature, Params: []string{"&signer", "&T0"}, Return: []string{cap}, Impl: capAcquire("Cap")},
			{Name: "acquire_linear", TypeParams: feature, Params: []string{"&signer", "&T0"}, Return: []string{lin}, Impl: capAcquire("LinearCap")},
			{Name: "root_addr", TypeParams: feature, Params: []string{cap, "&T0"}, Return: []string{"address"}, Impl: capRoot},
			{Name: "linear_root_addr", TypeParams: feature, Params: []string{lin, "&T0"}, Return: []string{"address"}, Impl: capRoot},
			{Name: "delegate", TypeParams: feature, Params: []string{cap, "&T0", "&signer"}, Impl: capDelegate},
			{Name: "revoke", TypeParams: feature, Params: []string{cap, "&T0", "address"}, Impl: capRevoke},
		},
		Errors: []native.AbortReason{
			{Reason: ECapabilityAlreadyExists, Name: "ECAPABILITY_ALREADY_EXISTS", Description: "Capability resource already exists on the specified account"},
			{Reason: ECapabilityNotFound, Name: "ECAPABILITY_NOT_FOUND", Description: "Capability resource not found"},
			{Reason: EDelegate, Name: "EDELEGATE", Description: "Account does not have delegated permissions"},
		},
	}
}

// capTags are the tags of CapState<Feature> and CapDelegateState<Feature>.
func capTags(c *native.Context, feature *movevm.Type) (state, delegate ledgerapi.StructTag, err error) {
	f, err := native.TypeTagCharged(c.NativeContext, feature)
	if err != nil {
		return state, delegate, err
	}
	tag := func(name string) ledgerapi.StructTag {
		return ledgerapi.StructTag{Address: addr, Module: "capability", Name: name, TypeArgs: []ledgerapi.TypeTag{f}}
	}
	return tag("CapState"), tag("CapDelegateState"), nil
}

// readDelegates returns the delegates of the CapState at a, and false when
// there is none; it charges per address read.
func readDelegates(c *native.Context, h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag) ([]ledgerapi.Address, bool, error) {
	b, ok, err := h.Resource(a, tag)
	if err != nil || !ok {
		return nil, false, err
	}
	d := bcs.NewDecoder(b)
	n := d.SeqLen("delegates", len(ledgerapi.Address{}))
	if err := c.ChargeElems(n + 1); err != nil {
		return nil, false, err
	}
	out := make([]ledgerapi.Address, n)
	for i := range out {
		d.Fixed(out[i][:], "delegate")
	}
	if err := d.Finish(); err != nil {
		return nil, false, fmt.Errorf("aptosstdlib: corrupt %s at %s: %w", tag, a, err)
	}
	return out, true, nil
}

// writeDelegates writes the CapState at a with delegates ds.
func writeDelegates(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, ds []ledgerapi.Address) error {
	e := bcs.NewEncoder(bcs.ULEB128Size(len(ds)) + len(ds)*len(ledgerapi.Address{}))
	e.SeqLen(len(ds))
	for _, d := range ds {
		e.Fixed(d[:])
	}
	return h.SetResource(a, tag, e.Bytes())
}

// missingCapState is the failure of borrow_global_mut of a CapState that
// does not exist.
func missingCapState(tag ledgerapi.StructTag, a ledgerapi.Address) error {
	return &movevm.Error{Status: onchain.MISSING_DATA, Message: fmt.Sprintf("%s does not exist at %s", tag, a)}
}

// signerOf is the address of the signer a &signer argument points at.
func signerOf(ref movevm.Value) ledgerapi.Address {
	s, _ := ref.Deref()
	return s.AsAddress()
}

// capCreate is create<Feature>(owner, witness): CapState<Feature> with no
// delegate moved to the owner; ALREADY_EXISTS(ECAPABILITY_ALREADY_EXISTS)
// when the owner has one.
func capCreate(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	state, _, err := capTags(c, targs[0])
	if err != nil {
		return nil, err
	}
	h, a := native.Metered(c), signerOf(args[0])
	if _, ok, err := h.Resource(a, state); err != nil {
		return nil, err
	} else if ok {
		return nil, c.Abort(native.Code(native.AlreadyExists, ECapabilityAlreadyExists))
	}
	return nil, writeDelegates(h, a, state, nil)
}

// capAcquire is acquire<Feature> (name "Cap") or acquire_linear<Feature>
// (name "LinearCap"): a token naming the class's root, the requester when
// it owns the class, the root of its delegation when the root lists it.
func capAcquire(name string) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		root, err := validateAcquire(c, targs[0], signerOf(args[0]))
		if err != nil {
			return nil, err
		}
		t, err := structOf(c, "capability", name, targs[0])
		if err != nil {
			return nil, err
		}
		v, err := c.Struct(t, movevm.Address(root))
		return []movevm.Value{v}, err
	}
}

// validateAcquire returns the root of the class the requester a may
// acquire: with a CapDelegateState, its root, which must hold the class
// and list a (INVALID_STATE(EDELEGATE) otherwise); without, a, which must
// hold the class (NOT_FOUND(ECAPABILITY_NOT_FOUND) otherwise).
func validateAcquire(c *native.Context, feature *movevm.Type, a ledgerapi.Address) (ledgerapi.Address, error) {
	state, delegate, err := capTags(c, feature)
	if err != nil {
		return a, err
	}
	h := native.Metered(c)
	b, ok, err := h.Resource(a, delegate)
	if err != nil {
		return a, err
	}
	if !ok {
		if _, ok, err := h.Resource(a, state); err != nil {
			return a, err
		} else if !ok {
			return a, c.Abort(native.Code(native.NotFound, ECapabilityNotFound))
		}
		return a, nil
	}
	var root ledgerapi.Address
	if len(b) != len(root) {
		return a, fmt.Errorf("aptosstdlib: corrupt %s at %s", delegate, a)
	}
	copy(root[:], b)
	ds, ok, err := readDelegates(c, h, root, state)
	if err != nil {
		return a, err
	}
	if !ok || indexOfAddress(ds, a) < 0 {
		return a, c.Abort(native.Code(native.InvalidState, EDelegate))
	}
	return root, nil
}

// indexOfAddress is the index of a in ds, or -1.
func indexOfAddress(ds []ledgerapi.Address, a ledgerapi.Address) int {
	for i, d := range ds {
		if d == a {
			return i
		}
	}
	return -1
}

// capRoot is root_addr<Feature>(cap, witness) and
// linear_root_addr<Feature>(cap, witness): the token's root.
func capRoot(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Address(args[0].Elem(0).AsAddress())}, nil
}

// capDelegate is delegate<Feature>(cap, witness, to): nothing when to
// holds a delegation of the Feature already; otherwise CapDelegateState
// naming cap's root moved to to, and to added to the root's delegates
// (once).
func capDelegate(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	state, delegate, err := capTags(c, targs[0])
	if err != nil {
		return nil, err
	}
	h, root, to := native.Metered(c), args[0].Elem(0).AsAddress(), signerOf(args[2])
	if _, ok, err := h.Resource(to, delegate); err != nil || ok {
		return nil, err
	}
	if err := h.SetResource(to, delegate, append([]byte(nil), root[:]...)); err != nil {
		return nil, err
	}
	ds, ok, err := readDelegates(c, h, root, state)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, missingCapState(state, root)
	}
	if indexOfAddress(ds, to) < 0 {
		ds = append(ds, to)
	}
	return nil, writeDelegates(h, root, state, ds)
}

// capRevoke is revoke<Feature>(cap, witness, from): nothing when from
// holds no delegation of the Feature; otherwise its CapDelegateState
// removed and from taken out of the delegates of cap's root.
func capRevoke(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	state, delegate, err := capTags(c, targs[0])
	if err != nil {
		return nil, err
	}
	h, root, from := native.Metered(c), args[0].Elem(0).AsAddress(), args[2].AsAddress()
	if _, ok, err := h.Resource(from, delegate); err != nil || !ok {
		return nil, err
	}
	if err := h.DeleteResource(from, delegate); err != nil {
		return nil, err
	}
	ds, ok, err := readDelegates(c, h, root, state)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, missingCapState(state, root)
	}
	if i := indexOfAddress(ds, from); i >= 0 {
		ds = append(ds[:i], ds[i+1:]...)
	}
	return nil, writeDelegates(h, root, state, ds)
}
