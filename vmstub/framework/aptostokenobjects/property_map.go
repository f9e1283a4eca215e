package aptostokenobjects

// 0x4::property_map: a token's typed properties, a SimpleMap from names to
// PropertyValue {type, value} holding each value's BCS and its type as a
// number (bool 0, u8 1, u16 2, u32 3, u64 4, u128 5, u256 6, address 7,
// vector<u8> 8, 0x1::string::String 9); prepare_input, init, extend, burn,
// the MutatorRef. Reads and mutations are in property_map_access.go.

import (
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x4::property_map.
const (
	ePropertyMapDoesNotExist   = 1
	eKeyAlreadyExistsInPropMap = 2
	eTooManyProperties         = 3
	eKeyValueCountMismatch     = 4
	eKeyTypeCountMismatch      = 5
	eTypeMismatch              = 6
	eTypeInvalid               = 7
	ePropertyMapKeyTooLong     = 8
	maxPropertyMapSize         = 1000
	maxPropertyNameLength      = 128
)

var (
	propertyMapTag = tag4("property_map", "PropertyMap")
	// propTypes are the external type names, by internal number.
	propTypes = []string{"bool", "u8", "u16", "u32", "u64", "u128", "u256", "address", "vector<u8>", "0x1::string::String"}
	// propSizes are the BCS sizes of the fixed-size types.
	propSizes = []int{1, 1, 2, 4, 8, 16, 32, 32}
)

// propEntry is one simple_map Element<String, PropertyValue>.
type propEntry struct {
	Key   string
	Type  uint8
	Value []byte
}

// propMap is PropertyMap {inner: SimpleMap {data}}.
type propMap struct{ Entries []propEntry }

func (m *propMap) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(m.Entries))
	for _, p := range m.Entries {
		e.String(p.Key)
		e.U8(p.Type)
		e.WriteBytes(p.Value)
	}
}

func (m *propMap) UnmarshalBCS(d *bcs.Decoder) {
	n := d.SeqLen("PropertyMap.inner.data", 3)
	m.Entries = make([]propEntry, 0, n)
	for i := 0; i < n && !d.Failed(); i++ {
		m.Entries = append(m.Entries, propEntry{Key: d.String("Element.key"), Type: d.U8("PropertyValue.type"),
			Value: d.ReadBytes("PropertyValue.value")})
	}
}

// find is the index of key, or -1.
func (m *propMap) find(key string) int {
	for i, p := range m.Entries {
		if p.Key == key {
			return i
		}
	}
	return -1
}

// add is simple_map::add.
func (m *propMap) add(p propEntry) error {
	if m.find(p.Key) >= 0 {
		return aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyAlreadyExists)
	}
	m.Entries = append(m.Entries, p)
	return nil
}

// PropertyMap declares 0x4::property_map.
func PropertyMap() native.Module {
	const (
		tMap     = "0x4::property_map::PropertyMap"
		tMutator = "0x4::property_map::MutatorRef"
		tObjRef  = "&0x1::object::Object<T0>"
		tKey     = "&0x1::string::String"
	)
	read := func(name, ret string) native.Function {
		return generic(fn("read_"+name, []string{tObjRef, tKey}, []string{ret}, readTyped(ret)))
	}
	typed := func(name string, params []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityDrop}}}, Params: params, Impl: impl}
	}
	return native.Module{Address: addr, Name: "property_map", Package: pkg, Friends: []string{"0x4::token"},
		Structs: []native.Struct{
			group("PropertyMap", []string{native.AbilityDrop, native.AbilityKey},
				"inner: 0x1::simple_map::SimpleMap<0x1::string::String, 0x4::property_map::PropertyValue>"),
			plain("PropertyValue", dropStore, "type: u8", "value: vector<u8>"),
			plain("MutatorRef", dropStore, "self: address"),
		},
		Functions: []native.Function{
			fn("init", []string{tCtor, tMap}, nil, propInit),
			fn("extend", []string{"&0x1::object::ExtendRef", tMap}, nil, propInit),
			fn("burn", []string{tMutator}, nil, propBurn),
			fn("prepare_input", []string{"vector<0x1::string::String>", "vector<0x1::string::String>", "vector<vector<u8>>"}, []string{tMap}, prepareInputFn),
			fn("generate_mutator_ref", []string{tCtor}, []string{tMutator}, propGenerateMutatorRef),
			generic(fn("contains_key", []string{tObjRef, tKey}, []string{"bool"}, propContainsKey)),
			generic(fn("length", []string{tObjRef}, []string{"u64"}, propLength)),
			generic(fn("read", []string{tObjRef, tKey}, []string{tString, "vector<u8>"}, propRead)),
			read("bool", "bool"), read("u8", "u8"), read("u16", "u16"), read("u32", "u32"), read("u64", "u64"),
			read("u128", "u128"), read("u256", "u256"), read("address", "address"), read("bytes", "vector<u8>"),
			read("string", tString),
			fn("add", []string{"&" + tMutator, tString, tString, "vector<u8>"}, nil, propChange(addProperty)),
			typed("add_typed", []string{"&" + tMutator, tString, "T0"}, propChangeTyped(addProperty)),
			fn("update", []string{"&" + tMutator, tKey, tString, "vector<u8>"}, nil, propChange(updateProperty)),
			typed("update_typed", []string{"&" + tMutator, tKey, "T0"}, propChangeTyped(updateProperty)),
			fn("remove", []string{"&" + tMutator, tKey}, nil, propRemove),
			friend(fn("exists_at", []string{"address"}, []string{"bool"}, propExistsAt)),
			friend(fn("delete", []string{"address"}, []string{tMap}, propDelete)),
		},
		Errors: []native.AbortReason{
			{Reason: ePropertyMapDoesNotExist, Name: "EPROPERTY_MAP_DOES_NOT_EXIST", Description: "The property map does not exist"},
			{Reason: eKeyAlreadyExistsInPropMap, Name: "EKEY_ALREADY_EXISTS_IN_PROPERTY_MAP", Description: "The property key already exists"},
			{Reason: eTooManyProperties, Name: "ETOO_MANY_PROPERTIES", Description: "The number of properties exceeds the maximum"},
			{Reason: eKeyValueCountMismatch, Name: "EKEY_VALUE_COUNT_MISMATCH", Description: "Property key and value counts do not match"},
			{Reason: eKeyTypeCountMismatch, Name: "EKEY_TYPE_COUNT_MISMATCH", Description: "Property key and type counts do not match"},
			{Reason: eTypeMismatch, Name: "ETYPE_MISMATCH", Description: "Property value does not match expected type"},
			{Reason: eTypeInvalid, Name: "ETYPE_INVALID", Description: "Invalid value type specified"},
			{Reason: ePropertyMapKeyTooLong, Name: "EPROPERTY_MAP_KEY_TOO_LONG", Description: "The key of the property is too long"},
		},
	}
}

// internalType is to_internal_type (ETYPE_INVALID).
func internalType(name string) (uint8, error) {
	for i, t := range propTypes {
		if t == name {
			return uint8(i), nil
		}
	}
	return 0, abortIn("property_map", native.InvalidArgument, eTypeInvalid)
}

// fromBCSAbort is the abort of 0x1::from_bcs on bytes that are not the
// BCS of the type (0x10001), or EINVALID_UTF8 (1) for a string.
func fromBCSAbort(code uint64) error {
	return &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "from_bcs"}, Code: code}
}

// validateValue is validate_type: the value must deserialize as its type,
// as from_bcs checks it.
func validateValue(t uint8, v []byte) error {
	switch {
	case int(t) < len(propSizes):
		if len(v) != propSizes[t] || t == 0 && v[0] > 1 {
			return fromBCSAbort(0x10001)
		}
	case t == 9:
		d := bcs.NewDecoder(v)
		s := d.String("String")
		if d.Finish() != nil {
			return fromBCSAbort(0x10001)
		}
		if !utf8.ValidString(s) {
			return fromBCSAbort(1)
		}
	}
	return nil
}

// prepareInput is prepare_input: the counts checked, then the properties
// taken from the back, each key's length, type and value checked.
func prepareInput(keys, types []string, values [][]byte) (*propMap, error) {
	n := len(keys)
	switch {
	case n > maxPropertyMapSize:
		return nil, abortIn("property_map", native.InvalidArgument, eTooManyProperties)
	case n != len(values):
		return nil, abortIn("property_map", native.InvalidArgument, eKeyValueCountMismatch)
	case n != len(types):
		return nil, abortIn("property_map", native.InvalidArgument, eKeyTypeCountMismatch)
	}
	m := &propMap{}
	for i := n - 1; i >= 0; i-- {
		if charLen(keys[i]) > maxPropertyNameLength {
			return nil, abortIn("property_map", native.InvalidArgument, ePropertyMapKeyTooLong)
		}
		t, err := internalType(types[i])
		if err != nil {
			return nil, err
		}
		if err := validateValue(t, values[i]); err != nil {
			return nil, err
		}
		if err := m.add(propEntry{Key: keys[i], Type: t, Value: values[i]}); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// propertyArgs reads prepare_input's three vectors.
func propertyArgs(c *native.Context, k, t, v movevm.Value) ([]string, []string, [][]byte, error) {
	strs := func(vec movevm.Value) ([]string, error) {
		out := make([]string, vec.Len())
		for i := range out {
			s, err := str(c, vec.Elem(i))
			if err != nil {
				return nil, err
			}
			out[i] = s
		}
		return out, nil
	}
	keys, err := strs(k)
	if err != nil {
		return nil, nil, nil, err
	}
	types, err := strs(t)
	if err != nil {
		return nil, nil, nil, err
	}
	values := make([][]byte, v.Len())
	for i := range values {
		values[i] = v.Elem(i).Bytes()
		if err := native.ChargeRead(c.NativeContext, len(values[i])); err != nil {
			return nil, nil, nil, err
		}
	}
	return keys, types, values, nil
}

func prepareInputFn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	keys, types, values, err := propertyArgs(c, args[0], args[1], args[2])
	if err != nil {
		return nil, err
	}
	m, err := prepareInput(keys, types, values)
	if err != nil {
		return nil, err
	}
	return ret1(toValue(c, propertyMapTag, m))
}

func propInit(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var m propMap
	if err := fromValue(c, args[1], &m); err != nil {
		return nil, err
	}
	return nil, moveTo(native.Metered(c), inner(args[0]), propertyMapTag, &m)
}

// missingData is the failure of move_from or borrow_global on a resource
// that is not there.
func missingData(tag ledgerapi.StructTag, a ledgerapi.Address) error {
	return &movevm.Error{Status: onchain.MISSING_DATA, Message: tag.String() + " does not exist at " + a.String()}
}

func propBurn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := inner(args[0])
	if ok, err := has(native.Metered(c), a, propertyMapTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, missingData(propertyMapTag, a)
	}
	return nil, native.Metered(c).DeleteResource(a, propertyMapTag)
}

func propGenerateMutatorRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return ret1(addrRef(c, tag4("property_map", "MutatorRef"), inner(args[0])))
}

func propExistsAt(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return boolRet(has(native.Metered(c), args[0].AsAddress(), propertyMapTag))
}

func propDelete(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := args[0].AsAddress()
	b, ok, err := native.Metered(c).Resource(a, propertyMapTag)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, missingData(propertyMapTag, a)
	}
	if err := native.Metered(c).DeleteResource(a, propertyMapTag); err != nil {
		return nil, err
	}
	return ret1(structValue(c, propertyMapTag, b))
}
