package aptostoken

// 0x3::property_map: PropertyMap (a SimpleMap<String, PropertyValue>) and
// PropertyValue (BCS bytes and a type name), the declaration, the Go form
// the token module keeps in state, and the functions that build and change
// maps: new, new_with_key_and_property_value, empty, contains_key, add,
// length, borrow (remove and the updates: property_map_update.go).
// Functions given a reference change the map in place, in its own vector.
// Abort codes are Aptos's, raw or with their std::error category as Aptos
// raises each one; a missing key given to update_property_value aborts in
// simple_map as it does there.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Limits and abort reasons of property_map.
const (
	maxPropertyMapSize    = 1000
	maxPropertyNameLength = 128

	eKeyAlreadyExist        = 1
	ePropertyNumberExceed   = 2
	ePropertyNotExist       = 3
	eKeyCountNotMatchValue  = 4
	eKeyCountNotMatchType   = 5
	eTypeNotMatch           = 6
	ePropertyMapNameTooLong = 7
)

var (
	propertyMapTag   = tag3("property_map", "PropertyMap")
	propertyValueTag = tag3("property_map", "PropertyValue")
)

// propEntry is one element of a PropertyMap: the key and its
// PropertyValue {value, type}.
type propEntry struct {
	Key   string
	Value []byte
	Type  string
}

// propMap is a PropertyMap, its elements in order.
type propMap struct{ Entries []propEntry }

func (m *propMap) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(m.Entries))
	for _, p := range m.Entries {
		e.String(p.Key)
		e.WriteBytes(p.Value)
		e.String(p.Type)
	}
}

func (m *propMap) UnmarshalBCS(d *bcs.Decoder) {
	n := d.SeqLen("PropertyMap.map.data", 3)
	if d.Failed() {
		return
	}
	m.Entries = make([]propEntry, 0, n)
	for range n {
		p := propEntry{Key: d.String("Element.key"), Value: d.ReadBytes("PropertyValue.value"), Type: d.String("PropertyValue.type")}
		if d.Failed() {
			return
		}
		m.Entries = append(m.Entries, p)
	}
}

// find is the index of key, -1 when absent.
func (m *propMap) find(key string) int {
	for i, p := range m.Entries {
		if p.Key == key {
			return i
		}
	}
	return -1
}

// pmAbort is an abort of property_map with code.
func pmAbort(code uint64) error { return abortAt(addr, "property_map", code) }

// PropertyMap declares 0x3::property_map.
func PropertyMap() native.Module {
	pm, mpm, pv := "&0x3::property_map::PropertyMap", "&mut 0x3::property_map::PropertyMap", "0x3::property_map::PropertyValue"
	vs, vb := "vector<0x1::string::String>", "vector<vector<u8>>"
	copyDropStore := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	return native.Module{Address: addr, Name: "property_map", Package: pkg,
		Structs: []native.Struct{
			plain("PropertyMap", copyDropStore, "map: 0x1::simple_map::SimpleMap<0x1::string::String, 0x3::property_map::PropertyValue>"),
			plain("PropertyValue", copyDropStore, "value: vector<u8>", "type: 0x1::string::String"),
		},
		Functions: []native.Function{
			fn("new", []string{vs, vb, vs}, []string{"0x3::property_map::PropertyMap"}, pmNew),
			fn("new_with_key_and_property_value", []string{vs, "vector<" + pv + ">"}, []string{"0x3::property_map::PropertyMap"}, pmNewWithValues),
			fn("empty", nil, []string{"0x3::property_map::PropertyMap"}, pmEmpty),
			fn("contains_key", []string{pm, "&" + tString}, []string{"bool"}, pmContainsKey),
			fn("add", []string{mpm, tString, pv}, nil, pmAdd),
			fn("length", []string{pm}, []string{"u64"}, pmLength),
			fn("borrow", []string{pm, "&" + tString}, []string{"&" + pv}, pmBorrow),
			fn("keys", []string{pm}, []string{vs}, pmColumn(0)),
			fn("types", []string{pm}, []string{vs}, pmColumn(2)),
			fn("values", []string{pm}, []string{vb}, pmColumn(1)),
			fn("read_string", []string{pm, "&" + tString}, []string{tString}, pmRead(tString)),
			fn("read_u8", []string{pm, "&" + tString}, []string{"u8"}, pmRead("u8")),
			fn("read_u64", []string{pm, "&" + tString}, []string{"u64"}, pmRead("u64")),
			fn("read_address", []string{pm, "&" + tString}, []string{"address"}, pmRead("address")),
			fn("read_u128", []string{pm, "&" + tString}, []string{"u128"}, pmRead("u128")),
			fn("read_bool", []string{pm, "&" + tString}, []string{"bool"}, pmRead("bool")),
			fn("borrow_value", []string{"&" + pv}, []string{"vector<u8>"}, pvField(0)),
			fn("borrow_type", []string{"&" + pv}, []string{tString}, pvField(1)),
			fn("remove", []string{mpm, "&" + tString}, []string{tString, pv}, pmRemove),
			fn("update_property_map", []string{mpm, vs, vb, vs}, nil, pmUpdateMap),
			fn("update_property_value", []string{mpm, "&" + tString, pv}, nil, pmUpdateValue),
			fn("create_property_value_raw", []string{"vector<u8>", tString}, []string{pv}, pvRaw),
			{Name: "create_property_value", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityCopy}}},
				Params: []string{"&T0"}, Return: []string{pv}, Impl: pvCreate},
		},
		Errors: []native.AbortReason{
			{Reason: eKeyAlreadyExist, Name: "EKEY_AREADY_EXIST_IN_PROPERTY_MAP", Description: "The property key already exists"},
			{Reason: ePropertyNumberExceed, Name: "EPROPERTY_NUMBER_EXCEED_LIMIT", Description: "The number of property exceeds the limit"},
			{Reason: ePropertyNotExist, Name: "EPROPERTY_NOT_EXIST", Description: "The property doesn't exist"},
			{Reason: eKeyCountNotMatchValue, Name: "EKEY_COUNT_NOT_MATCH_VALUE_COUNT", Description: "Property key and value count don't match"},
			{Reason: eKeyCountNotMatchType, Name: "EKEY_COUNT_NOT_MATCH_TYPE_COUNT", Description: "Property key and type count don't match"},
			{Reason: eTypeNotMatch, Name: "ETYPE_NOT_MATCH", Description: "Property type doesn't match"},
			{Reason: ePropertyMapNameTooLong, Name: "EPROPERTY_MAP_NAME_TOO_LONG", Description: "The name (key) of the property is too long"},
		},
	}
}

// pmData is the data vector of the map a reference points at.
func pmData(ref movevm.Value) movevm.Value { return deref(ref).Elem(0).Elem(0) }

// pmFind is the index of key in the map ref points at (-1 when absent),
// charged per element and per byte of the keys compared.
func pmFind(c *native.Context, ref movevm.Value, key string) (int, error) {
	data := pmData(ref)
	for i := range data.Len() {
		k := data.Elem(i).Elem(0).Elem(0).Bytes()
		if err := native.ChargeRead(c.NativeContext, 1+min(len(k), len(key))); err != nil {
			return -1, err
		}
		if string(k) == key {
			return i, nil
		}
	}
	return -1, nil
}

// stringsOf reads a vector<String> argument, charged per byte.
func stringsOf(c *native.Context, v movevm.Value) ([]string, error) {
	v = deref(v)
	out := make([]string, v.Len())
	for i := range out {
		s, err := str(c, v.Elem(i))
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// bytesOf reads a vector<vector<u8>> argument, charged per byte.
func bytesOf(c *native.Context, v movevm.Value) ([][]byte, error) {
	v = deref(v)
	out := make([][]byte, v.Len())
	for i := range out {
		out[i] = v.Elem(i).Bytes()
		if err := native.ChargeRead(c.NativeContext, len(out[i])+1); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// newPropMap is property_map::new on Go values.
func newPropMap(keys []string, values [][]byte, types []string) (*propMap, error) {
	n := len(keys)
	switch {
	case n > maxPropertyMapSize:
		return nil, pmAbort(native.Code(native.InvalidArgument, ePropertyNumberExceed))
	case n != len(values):
		return nil, pmAbort(native.Code(native.InvalidArgument, eKeyCountNotMatchValue))
	case n != len(types):
		return nil, pmAbort(native.Code(native.InvalidArgument, eKeyCountNotMatchType))
	}
	m := &propMap{Entries: make([]propEntry, 0, n)}
	for i, k := range keys {
		if len(k) > maxPropertyNameLength {
			return nil, pmAbort(native.Code(native.InvalidArgument, ePropertyMapNameTooLong))
		}
		if m.find(k) >= 0 {
			return nil, aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyAlreadyExists)
		}
		m.Entries = append(m.Entries, propEntry{Key: k, Value: values[i], Type: types[i]})
	}
	return m, nil
}

func pmNew(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	keys, err := stringsOf(c, args[0])
	if err != nil {
		return nil, err
	}
	values, err := bytesOf(c, args[1])
	if err != nil {
		return nil, err
	}
	types, err := stringsOf(c, args[2])
	if err != nil {
		return nil, err
	}
	if err := c.ChargeElems(len(keys) * len(keys)); err != nil { // key comparisons
		return nil, err
	}
	m, err := newPropMap(keys, values, types)
	if err != nil {
		return nil, err
	}
	return ret1(structValue(c, propertyMapTag, m))
}

func pmNewWithValues(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	keys, err := stringsOf(c, args[0])
	if err != nil {
		return nil, err
	}
	pvs := args[1]
	switch {
	case len(keys) > maxPropertyMapSize:
		return nil, c.Abort(native.Code(native.InvalidArgument, ePropertyNumberExceed))
	case len(keys) != pvs.Len():
		return nil, c.Abort(native.Code(native.InvalidArgument, eKeyCountNotMatchValue))
	}
	if err := c.ChargeElems(len(keys) * len(keys)); err != nil {
		return nil, err
	}
	m := &propMap{}
	for i, k := range keys {
		if len(k) > maxPropertyNameLength {
			return nil, c.Abort(native.Code(native.InvalidArgument, ePropertyMapNameTooLong))
		}
		if m.find(k) >= 0 {
			return nil, aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyAlreadyExists)
		}
		p := pvs.Elem(i)
		v, t := p.Elem(0).Bytes(), string(p.Elem(1).Elem(0).Bytes())
		if err := native.ChargeRead(c.NativeContext, len(v)+len(t)); err != nil {
			return nil, err
		}
		m.Entries = append(m.Entries, propEntry{Key: k, Value: v, Type: t})
	}
	return ret1(structValue(c, propertyMapTag, m))
}

func pmEmpty(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return ret1(structValue(c, propertyMapTag, &propMap{}))
}

func pmContainsKey(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	i, err := pmFind(c, args[0], key)
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

func pmLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(uint64(pmData(args[0]).Len()))}, nil
}

// pmAddValue is property_map::add of key and the PropertyValue value to
// the map ref (a &mut PropertyMap) points at.
func pmAddValue(c *native.Context, ref movevm.Value, key movevm.Value, value movevm.Value) error {
	k, err := str(c, key)
	if err != nil {
		return err
	}
	if len(k) > maxPropertyNameLength {
		return pmAbort(native.Code(native.InvalidArgument, ePropertyMapNameTooLong))
	}
	data := pmData(ref)
	if data.Len() >= maxPropertyMapSize {
		return pmAbort(native.Code(native.InvalidState, ePropertyNumberExceed))
	}
	if i, err := pmFind(c, ref, k); err != nil {
		return err
	} else if i >= 0 {
		return aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyAlreadyExists)
	}
	vec, err := c.InnerRef(ref, true, 0, 0)
	if err != nil {
		return err
	}
	return c.VecPushBack(vec, movevm.NewStruct(data.Type().Elem, []movevm.Value{key, value}))
}

func pmAdd(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, pmAddValue(c, args[0], args[1], args[2])
}

// pmBorrowRef is borrow: a reference to the PropertyValue of key
// (EPROPERTY_NOT_EXIST, raw, when absent).
func pmBorrowRef(c *native.Context, ref movevm.Value, key string) (movevm.Value, error) {
	i, err := pmFind(c, ref, key)
	if err != nil {
		return movevm.Value{}, err
	}
	if i < 0 {
		return movevm.Value{}, pmAbort(ePropertyNotExist)
	}
	return c.InnerRef(ref, false, 0, 0, i, 1)
}

func pmBorrow(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	return ret1(pmBorrowRef(c, args[0], key))
}
