package aptostoken

// 0x3::property_map, reads: keys, types and values (copies, in the
// order the properties were added), the typed read_<type> (raw
// EPROPERTY_NOT_EXIST for a missing key, invalid_state ETYPE_NOT_MATCH for
// another type name, from_bcs's aborts for bytes that are not the type's
// BCS), borrow_value, borrow_type, and the PropertyValue constructors.

import (
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// fromBCSAbort is an abort of 0x1::from_bcs: 0x10001 for bytes that are
// not the BCS of the type, EINVALID_UTF8 (1) for a string.
func fromBCSAbort(code uint64) error { return abortAt(ledgerapi.AddressOne, "from_bcs", code) }

// pmColumn is keys (0), values (1) or types (2): copies of that part of
// each element, in order.
func pmColumn(col int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		data := pmData(args[0])
		out := make([]movevm.Value, data.Len())
		total := 0
		for i := range out {
			e := data.Elem(i)
			var b []byte
			switch col {
			case 0:
				b = e.Elem(0).Elem(0).Bytes()
			case 1:
				b = e.Elem(1).Elem(0).Bytes()
			default:
				b = e.Elem(1).Elem(1).Elem(0).Bytes()
			}
			total += len(b)
			if err := native.ChargeOutput(c.NativeContext, len(b)+1, total); err != nil {
				return nil, err
			}
			var err error
			if col == 1 {
				out[i], err = c.Bytes(b)
			} else {
				out[i], err = newString(c, string(b))
			}
			if err != nil {
				return nil, err
			}
		}
		var et *movevm.Type
		if col == 1 {
			v, err := c.Bytes(nil)
			if err != nil {
				return nil, err
			}
			et = v.Type()
		} else {
			s, err := newString(c, "")
			if err != nil {
				return nil, err
			}
			et = s.Type()
		}
		vt, err := c.VectorOf(et)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.NewVector(vt, out)}, nil
	}
}

// pmRead is read_<type> of the Move type named ret.
func pmRead(ret string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		key, err := str(c, args[1])
		if err != nil {
			return nil, err
		}
		r, err := pmBorrowRef(c, args[0], key)
		if err != nil {
			return nil, err
		}
		pv := deref(r)
		if string(pv.Elem(1).Elem(0).Bytes()) != ret {
			return nil, c.Abort(native.Code(native.InvalidState, eTypeNotMatch))
		}
		b := pv.Elem(0).Bytes()
		if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
			return nil, err
		}
		if ret == tString {
			// from_bcs::to_string: the BCS of a byte vector, then UTF-8.
			bt, err := c.Bytes(nil)
			if err != nil {
				return nil, err
			}
			v, err := c.Deserialize(bt.Type(), b)
			if err != nil {
				return nil, fromBCSAbort(0x10001)
			}
			if !utf8.Valid(v.Bytes()) {
				return nil, fromBCSAbort(1)
			}
			return ret1(newString(c, string(v.Bytes())))
		}
		tag, err := ledgerapi.ParseTypeTag(ret)
		if err != nil {
			return nil, err
		}
		ty, err := c.TypeOf(tag)
		if err != nil {
			return nil, err
		}
		v, err := c.Deserialize(ty, b)
		if err != nil {
			return nil, fromBCSAbort(0x10001)
		}
		return []movevm.Value{v}, nil
	}
}

// pvField is borrow_value (0) and borrow_type (1): a copy of that field.
func pvField(i int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		f := deref(args[0]).Elem(i)
		if i == 1 {
			f = f.Elem(0)
		}
		b := f.Bytes()
		if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
			return nil, err
		}
		if i == 1 {
			return ret1(newString(c, string(b)))
		}
		return ret1(c.Bytes(b))
	}
}

// pvRaw is create_property_value_raw: the value and type as given.
func pvRaw(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := c.TypeOf(ledgerapi.StructType(propertyValueTag))
	if err != nil {
		return nil, err
	}
	return ret1(c.Struct(t, args[0], args[1]))
}

// propertyTypes are the type names create_property_value keeps; any other
// type is stored as "vector<u8>".
var propertyTypes = map[string]bool{"bool": true, "u8": true, "u64": true, "u128": true, "address": true, tString: true}

// pvCreate is create_property_value<T>: the BCS of the value with its
// type name.
func pvCreate(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	name := aptosstdlib.TypeName(tag)
	if !propertyTypes[name] {
		name = "vector<u8>"
	}
	b, err := native.SerializeCharged(c.NativeContext, deref(args[0]))
	if err != nil {
		return nil, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return nil, err
	}
	v, err := c.Bytes(b)
	if err != nil {
		return nil, err
	}
	s, err := newString(c, name)
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(propertyValueTag))
	if err != nil {
		return nil, err
	}
	return ret1(c.Struct(t, v, s))
}
