// Package aptostokenobjects implements, in Go, Aptos's AptosTokenObjects
// package at 0x4 (digital assets), one file per module named after it:
//
//	royalty.go         0x4::royalty       Royalty, MutatorRef; create, init,
//	                                      update, get, the accessors
//	collection.go      0x4::collection    Collection, the supplies, MutatorRef,
//	                                      events; fixed and unlimited
//	                                      collections, views, mutators
//	collection_supply.go                  increment_supply, decrement_supply,
//	                                      count, set_max_supply,
//	                                      upgrade_to_concurrent
//	token.go           0x4::token         Token, TokenIdentifiers, BurnRef,
//	                                      MutatorRef, events; token creation,
//	                                      addresses and seeds
//	token_access.go                       views, burn and mutators
//	property_map.go    0x4::property_map  PropertyMap, PropertyValue,
//	                                      MutatorRef; typed BCS values
//	property_map_access.go                reads, add, update, remove
//	aptos_token.go     0x4::aptos_token   AptosCollection, AptosToken; the
//	                                      no-code collection and minting
//	aptos_token_mutate.go                 burn, freeze, mutators, views
//
// Each module is declared through the native contract (vmstub/native) by
// a function named after it; Modules lists them for the executor. The
// modules' Move code calls into 0x1::object, event, string and option; here
// those are the Go implementations of aptosframework and movestdlib,
// called directly. Resources are read and written as BCS through the Host
// in the layouts Aptos declares.
package aptostokenobjects

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// addr is the package's address, 0x4.
var addr = ledgerapi.Address{31: 4}

// pkg is the package the modules are listed in at 0x4.
const pkg = "AptosTokenObjects"

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module {
	return []native.Module{Royalty(), Collection(), PropertyMap(), Token(), AptosToken()}
}

// tag4 is the tag of struct name of module at 0x4.
func tag4(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: module, Name: name}
}

// abortIn is an abort located in module (at 0x4), with the code
// std::error gives category and reason.
func abortIn(module string, category, reason uint64) error {
	return &movevm.Abort{Module: ledgerapi.ModuleId{Address: addr, Name: module}, Code: native.Code(category, reason)}
}

// readRes decodes resource tag at a into dst and reports whether it exists.
func readRes(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, dst bcs.Unmarshaler) (bool, error) {
	b, ok, err := h.Resource(a, tag)
	if err != nil || !ok {
		return false, err
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return false, fmt.Errorf("aptostokenobjects: corrupt %s at %s: %w", tag, a, err)
	}
	return true, nil
}

// putRes encodes v and writes it as resource tag at a.
func putRes(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, v bcs.Marshaler) error {
	e := bcs.NewEncoder(128)
	v.MarshalBCS(e)
	return h.SetResource(a, tag, append([]byte(nil), e.Bytes()...))
}

// moveTo writes a new resource tag at a, failing as move_to does
// (RESOURCE_ALREADY_EXISTS) when one is there.
func moveTo(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, v bcs.Marshaler) error {
	if _, ok, err := h.Resource(a, tag); err != nil {
		return err
	} else if ok {
		return &movevm.Error{Status: onchain.RESOURCE_ALREADY_EXISTS, Message: fmt.Sprintf("%s already exists at %s", tag, a)}
	}
	return putRes(h, a, tag, v)
}

// has reports whether resource tag exists at a.
func has(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag) (bool, error) {
	_, ok, err := h.Resource(a, tag)
	return ok, err
}

// deref is v, or what it points at when it is a reference.
func deref(v movevm.Value) movevm.Value {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	return v
}

// signerAddr is the address of a &signer argument.
func signerAddr(v movevm.Value) ledgerapi.Address { return deref(v).AsAddress() }

// inner is the address in the first field of a ref or an Object<T>,
// through a reference or not.
func inner(v movevm.Value) ledgerapi.Address { return deref(v).Elem(0).AsAddress() }

// str is the content of a String argument (or &String), charged as bytes
// read.
func str(c *native.Context, v movevm.Value) (string, error) {
	b := movestdlib.StringBytes(v)
	return string(b), native.ChargeRead(c.NativeContext, len(b))
}

// strings reads String arguments in order.
func strings(c *native.Context, vs ...movevm.Value) ([]string, error) {
	out := make([]string, len(vs))
	for i, v := range vs {
		s, err := str(c, v)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// newString is a String result.
func newString(c *native.Context, s string) (movevm.Value, error) {
	return movestdlib.NewString(c, []byte(s))
}

// charLen is string::length: the bytes of s (Move strings count bytes).
func charLen(s string) uint64 { return uint64(len(s)) }

// structValue makes a value of the struct tag t from its BCS.
func structValue(c *native.Context, t ledgerapi.StructTag, b []byte) (movevm.Value, error) {
	ty, err := c.TypeOf(ledgerapi.StructType(t))
	if err != nil {
		return movevm.Value{}, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return movevm.Value{}, err
	}
	return c.Deserialize(ty, b)
}

// fromValue decodes the Move value v (serialized, charged) into dst.
func fromValue(c *native.Context, v movevm.Value, dst bcs.Unmarshaler) error {
	b, err := native.SerializeCharged(c.NativeContext, deref(v))
	if err != nil {
		return err
	}
	return bcs.Unmarshal(b, dst)
}

// toValue is the Move value of struct tag t holding v.
func toValue(c *native.Context, t ledgerapi.StructTag, v bcs.Marshaler) (movevm.Value, error) {
	e := bcs.NewEncoder(64)
	v.MarshalBCS(e)
	return structValue(c, t, e.Bytes())
}

// ret1 returns one value or the error.
func ret1(v movevm.Value, err error) ([]movevm.Value, error) {
	if err != nil {
		return nil, err
	}
	return []movevm.Value{v}, nil
}

// boolRet is a bool result.
func boolRet(b bool, err error) ([]movevm.Value, error) {
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(b)}, nil
}

// emitEvent records the module event of struct tag t with the BCS of v.
func emitEvent(h native.Host, t ledgerapi.StructTag, v bcs.Marshaler) {
	e := bcs.NewEncoder(128)
	v.MarshalBCS(e)
	h.EmitBCS(ledgerapi.StructType(t), append([]byte(nil), e.Bytes()...))
}

// Declaration helpers.

const (
	tString = "0x1::string::String"
	tObjT   = "0x1::object::Object<T0>"
	tCtor   = "&0x1::object::ConstructorRef"
)

var (
	keyParam  = native.TypeParam{Constraints: []string{native.AbilityKey}}
	dropStore = []string{native.AbilityDrop, native.AbilityStore}
)

func fn(name string, params, ret []string, impl native.Func) native.Function {
	return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
}

func generic(f native.Function) native.Function {
	f.TypeParams = []native.TypeParam{keyParam}
	return f
}

func view(f native.Function) native.Function { f.IsView = true; return f }

func entry(f native.Function) native.Function { f.IsEntry = true; return f }

func friend(f native.Function) native.Function { f.Visibility = native.Friend; return f }

func group(name string, abilities []string, fields ...string) native.Struct {
	return native.Struct{Name: name, Abilities: abilities, Fields: fields, ObjectGroup: true}
}

func plain(name string, abilities []string, fields ...string) native.Struct {
	return native.Struct{Name: name, Abilities: abilities, Fields: fields}
}

func event(name string, fields ...string) native.Struct {
	return native.Struct{Name: name, Abilities: dropStore, Fields: fields, IsEvent: true}
}
