package aptosframework

// 0x1::guid: the GUID and ID structs event handles and objects are
// numbered by (an account's or object's creation number and address):
// create (for account, object and event), create_id and the accessors
// id, creator_address, id_creator_address, creation_num,
// id_creation_num, eq_id.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// GUID declares 0x1::guid.
func GUID() native.Module {
	const (
		guidRef = "&0x1::guid::GUID"
		idRef   = "&0x1::guid::ID"
	)
	fn := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	create := fn("create", []string{"address", "&mut u64"}, []string{"0x1::guid::GUID"}, guidCreate)
	create.Visibility = native.Friend
	return native.Module{Address: addr, Name: "guid", Friends: []string{"0x1::account", "0x1::object", "0x1::event"},
		Structs: []native.Struct{
			{Name: "GUID", Abilities: []string{native.AbilityDrop, native.AbilityStore}, Fields: []string{"id: 0x1::guid::ID"}},
			{Name: "ID", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}, Fields: []string{"creation_num: u64", "addr: address"}},
		},
		Functions: []native.Function{
			create,
			fn("create_id", []string{"address", "u64"}, []string{"0x1::guid::ID"}, guidCreateID),
			fn("id", []string{guidRef}, []string{"0x1::guid::ID"}, guidID),
			fn("creator_address", []string{guidRef}, []string{"address"}, guidField(true, 1)),
			fn("id_creator_address", []string{idRef}, []string{"address"}, guidField(false, 1)),
			fn("creation_num", []string{guidRef}, []string{"u64"}, guidField(true, 0)),
			fn("id_creation_num", []string{idRef}, []string{"u64"}, guidField(false, 0)),
			fn("eq_id", []string{guidRef, idRef}, []string{"bool"}, guidEqID),
		},
		Errors: []native.AbortReason{{Reason: 0, Name: "EGUID_GENERATOR_NOT_PUBLISHED",
			Description: "GUID generator must be published ahead of first usage of `create_with_capability` function."}},
	}
}

// newID builds an ID {creation_num: n, addr: a}.
func newID(c *native.Context, a, n movevm.Value) (movevm.Value, error) {
	t, err := typeOf(c, tag1("guid", "ID"))
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(t, []movevm.Value{movevm.U64(n.AsU64()), movevm.Address(a.AsAddress())}), nil
}

// guidCreate is create(addr, creation_num_ref): a GUID numbered by the
// counter, which moves on by one in place.
func guidCreate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, _ := args[1].Deref()
	id, err := newID(c, args[0], n)
	if err != nil {
		return nil, err
	}
	if _, err := c.WriteThrough(args[1], movevm.U64(n.AsU64()+1)); err != nil {
		return nil, err
	}
	t, err := typeOf(c, tag1("guid", "GUID"))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{id})}, nil
}

// guidCreateID is create_id(addr, creation_num).
func guidCreateID(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := newID(c, args[0], args[1])
	return []movevm.Value{id}, err
}

// idOf is the ID a &GUID (inGUID) or a &ID refers to.
func idOf(ref movevm.Value, inGUID bool) movevm.Value {
	v, _ := ref.Deref()
	if inGUID {
		return v.Elem(0)
	}
	return v
}

// guidID is id(&GUID): a copy of its ID.
func guidID(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id := idOf(args[0], true)
	v, err := newID(c, id.Elem(1), id.Elem(0))
	return []movevm.Value{v}, err
}

// guidField reads field i (0 creation_num, 1 addr) of the ID of a &GUID
// (inGUID) or of a &ID.
func guidField(inGUID bool, i int) native.Func {
	return func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		f := idOf(args[0], inGUID).Elem(i)
		if i == 0 {
			return []movevm.Value{movevm.U64(f.AsU64())}, nil
		}
		return []movevm.Value{movevm.Address(f.AsAddress())}, nil
	}
}

// guidEqID is eq_id(&GUID, &ID): whether the GUID's ID is the ID.
func guidEqID(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	g, id := idOf(args[0], true), idOf(args[1], false)
	return []movevm.Value{movevm.Bool(g.Elem(0).AsU64() == id.Elem(0).AsU64() && g.Elem(1).AsAddress() == id.Elem(1).AsAddress())}, nil
}
