package aptostoken

// 0x3::property_map, changes in place: remove (the last element takes
// the removed one's place, as simple_map does), update_property_value (a
// missing key aborts in simple_map) and update_property_map (each key
// updated when present, added otherwise).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// pmRemove is remove: the key and its value, the last element taking the
// removed one's place (not_found EPROPERTY_NOT_EXIST).
func pmRemove(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	i, err := pmFind(c, args[0], key)
	if err != nil {
		return nil, err
	}
	if i < 0 {
		return nil, c.Abort(native.Code(native.NotFound, ePropertyNotExist))
	}
	vec, err := c.InnerRef(args[0], true, 0, 0)
	if err != nil {
		return nil, err
	}
	e, err := c.VecRemove(vec, uint64(i), true)
	if err != nil {
		return nil, err
	}
	f := movevm.Unpack(e)
	return []movevm.Value{f[0], f[1]}, nil
}

// pmSetValue writes value as the PropertyValue of element i of the map
// ref points at, in place.
func pmSetValue(c *native.Context, ref movevm.Value, i int, value movevm.Value) error {
	slot, err := c.InnerRef(ref, true, 0, 0, i, 1)
	if err != nil {
		return err
	}
	_, err = c.WriteThrough(slot, value)
	return err
}

// pmUpdateValue is update_property_value: simple_map's EKEY_NOT_FOUND for
// a missing key.
func pmUpdateValue(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	i, err := pmFind(c, args[0], key)
	if err != nil {
		return nil, err
	}
	if i < 0 {
		return nil, aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyNotFound)
	}
	return nil, pmSetValue(c, args[0], i, args[2])
}

// pmUpdateMap is update_property_map: each key updated when present,
// added otherwise (invalid_state when the counts differ).
func pmUpdateMap(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	keys, values, types := args[1], args[2], args[3]
	switch {
	case keys.Len() != values.Len():
		return nil, c.Abort(native.Code(native.InvalidState, eKeyCountNotMatchValue))
	case keys.Len() != types.Len():
		return nil, c.Abort(native.Code(native.InvalidState, eKeyCountNotMatchType))
	}
	pvt, err := c.TypeOf(ledgerapi.StructType(propertyValueTag))
	if err != nil {
		return nil, err
	}
	// The vectors are the call's own: their elements move into the map.
	ks, vs, ts := movevm.Unpack(keys), movevm.Unpack(values), movevm.Unpack(types)
	for i, key := range ks {
		k, err := str(c, key)
		if err != nil {
			return nil, err
		}
		pv := movevm.NewStruct(pvt, []movevm.Value{vs[i], ts[i]})
		j, err := pmFind(c, args[0], k)
		if err != nil {
			return nil, err
		}
		if j >= 0 {
			err = pmSetValue(c, args[0], j, pv)
		} else {
			err = pmAddValue(c, args[0], key, pv)
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}
