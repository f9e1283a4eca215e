package aptostokenobjects

// 0x4::property_map, reads and mutations: contains_key, length, read and
// the typed read_<type> (ETYPE_MISMATCH when the stored type is another),
// add, add_typed, update, update_typed, remove
// through a MutatorRef; a missing map aborts with
// EPROPERTY_MAP_DOES_NOT_EXIST, a missing key as simple_map does.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// readPropertyMap reads the PropertyMap at a (EPROPERTY_MAP_DOES_NOT_EXIST).
func readPropertyMap(h native.Host, a ledgerapi.Address) (*propMap, error) {
	var m propMap
	ok, err := readRes(h, a, propertyMapTag, &m)
	if err == nil && !ok {
		err = abortIn("property_map", native.NotFound, ePropertyMapDoesNotExist)
	}
	return &m, err
}

// readProperty is read: the property's type name and value (EKEY_NOT_FOUND).
func readProperty(h native.Host, a ledgerapi.Address, key string) (string, []byte, error) {
	m, err := readPropertyMap(h, a)
	if err != nil {
		return "", nil, err
	}
	i := m.find(key)
	if i < 0 {
		return "", nil, aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyNotFound)
	}
	p := m.Entries[i]
	if int(p.Type) >= len(propTypes) {
		return "", nil, abortIn("property_map", native.InvalidArgument, eTypeInvalid)
	}
	return propTypes[p.Type], p.Value, nil
}

func propContainsKey(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	m, err := readPropertyMap(native.Metered(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(m.find(key) >= 0)}, nil
}

func propLength(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := readPropertyMap(native.Metered(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(uint64(len(m.Entries)))}, nil
}

func propRead(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	t, v, err := readProperty(native.Metered(c), inner(args[0]), key)
	if err != nil {
		return nil, err
	}
	s, err := newString(c, t)
	if err != nil {
		return nil, err
	}
	b, err := c.Bytes(v)
	return []movevm.Value{s, b}, err
}

// readTyped is read_<type> for the Move type name ret.
func readTyped(ret string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		key, err := str(c, args[1])
		if err != nil {
			return nil, err
		}
		t, v, err := readProperty(native.Metered(c), inner(args[0]), key)
		if err != nil {
			return nil, err
		}
		if t != ret {
			return nil, abortIn("property_map", native.InvalidArgument, eTypeMismatch)
		}
		tag, err := ledgerapi.ParseTypeTag(ret)
		if err != nil {
			return nil, err
		}
		ty, err := c.TypeOf(tag)
		if err != nil {
			return nil, err
		}
		if err := native.ChargeOutput(c.NativeContext, len(v), len(v)); err != nil {
			return nil, err
		}
		x, err := c.Deserialize(ty, v)
		if err != nil {
			return nil, fromBCSAbort(0x10001)
		}
		return []movevm.Value{x}, nil
	}
}

// typedValue is type_info_to_internal_type<T> and the BCS of v.
func typedValue(c *native.Context, t *movevm.Type, v movevm.Value) (uint8, []byte, error) {
	tag, err := native.TypeTagCharged(c.NativeContext, t)
	if err != nil {
		return 0, nil, err
	}
	it, err := internalType(aptosstdlib.TypeName(tag))
	if err != nil {
		return 0, nil, err
	}
	b, err := native.SerializeCharged(c.NativeContext, v)
	return it, b, err
}

// addProperty is add_internal on the map at a (simple_map's
// EKEY_ALREADY_EXISTS for a key there).
func addProperty(h native.Host, a ledgerapi.Address, p propEntry) error {
	m, err := readPropertyMap(h, a)
	if err != nil {
		return err
	}
	if err := m.add(p); err != nil {
		return err
	}
	return putRes(h, a, propertyMapTag, m)
}

// updateProperty is update_internal (EKEY_NOT_FOUND).
func updateProperty(h native.Host, a ledgerapi.Address, p propEntry) error {
	m, err := readPropertyMap(h, a)
	if err != nil {
		return err
	}
	i := m.find(p.Key)
	if i < 0 {
		return aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyNotFound)
	}
	m.Entries[i] = p
	return putRes(h, a, propertyMapTag, m)
}

// removeProperty is remove: simple_map::remove swaps the last element in.
func removeProperty(h native.Host, a ledgerapi.Address, key string) error {
	m, err := readPropertyMap(h, a)
	if err != nil {
		return err
	}
	i := m.find(key)
	if i < 0 {
		return aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyNotFound)
	}
	last := len(m.Entries) - 1
	m.Entries[i] = m.Entries[last]
	m.Entries = m.Entries[:last]
	return putRes(h, a, propertyMapTag, m)
}

// checkedProperty is to_internal_type and validate_type of an encoded value.
func checkedProperty(key, typ string, value []byte) (propEntry, error) {
	t, err := internalType(typ)
	if err == nil {
		err = validateValue(t, value)
	}
	return propEntry{Key: key, Type: t, Value: value}, err
}

// propChange is add or update (change: addProperty or updateProperty)
// given the key, the type name and the value's BCS.
func propChange(change func(native.Host, ledgerapi.Address, propEntry) error) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		ss, err := strings(c, args[1], args[2])
		if err != nil {
			return nil, err
		}
		p, err := checkedProperty(ss[0], ss[1], args[3].Bytes())
		if err != nil {
			return nil, err
		}
		return nil, change(native.Metered(c), inner(args[0]), p)
	}
}

// propChangeTyped is add_typed or update_typed: the key and a value of
// type T0.
func propChangeTyped(change func(native.Host, ledgerapi.Address, propEntry) error) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		key, err := str(c, args[1])
		if err != nil {
			return nil, err
		}
		t, b, err := typedValue(c, targs[0], args[2])
		if err != nil {
			return nil, err
		}
		return nil, change(native.Metered(c), inner(args[0]), propEntry{Key: key, Type: t, Value: b})
	}
}

func propRemove(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	return nil, removeProperty(native.Metered(c), inner(args[0]), key)
}
