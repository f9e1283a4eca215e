// Package aptostoken implements, in Go, Aptos's AptosToken package at 0x3
// (legacy tokens), one file per module named after it:
//
//	property_map.go     0x3::property_map     PropertyMap, PropertyValue; new,
//	                                          add, borrow, contains_key, length
//	property_map_update.go                    remove, update_property_value,
//	                                          update_property_map
//	property_map_read.go                      keys, types, values, the typed
//	                                          read_<type>, create_property_value
//	token.go            0x3::token            the structs and events, the
//	                                          declaration
//	token_state.go                            Collections, TokenStore and the
//	                                          items of their tables as BCS
//	token_create.go                           collections, token data, mint
//	token_ids.go                              ids, royalty, mutability configs
//	token_transfer.go                         withdraw, deposit, transfer,
//	                                          capabilities, merge, split
//	token_burn.go                             burn, burn_by_creator
//	token_views.go                            getters and the view
//	token_mutate.go                           mutators of collections, token
//	                                          data and token properties
//	token_transfers.go  0x3::token_transfers  PendingClaims; offer, claim,
//	                                          cancel_offer
//	token_event_store.go 0x3::token_event_store TokenEventStoreV1 and the
//	                                          mutation/opt-in events; the
//	                                          friend emit_* functions
//
// Each module is declared through the native contract (vmstub/native) by
// a function named after it; Modules lists them for the executor. The
// modules' state (Collections, TokenStore, PendingClaims and the items of
// their tables) is read and written as BCS through the Host in the layouts
// Aptos declares; tables are made with the transaction's table handles
// (aptosstdlib.NewTableHandle) so that the API serves their items. The
// events are the module events Aptos emits with module event migration
// on; the v1 EventHandles are created in the resources as on Aptos and
// token_transfers also emits on them, as Aptos does. token's opt-in and
// collection/token data mutators emit token_event_store's events.
package aptostoken

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// addr is the package's address, 0x3.
var addr = ledgerapi.Address{31: 3}

// pkg is the package the modules are listed in at 0x3.
const pkg = "AptosToken"

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module {
	return []native.Module{PropertyMap(), TokenEventStore(), Token(), TokenTransfers()}
}

// tag3 is the tag of struct name of module at 0x3.
func tag3(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: module, Name: name}
}

// abortAt is an abort located in module at address a with code.
func abortAt(a ledgerapi.Address, module string, code uint64) error {
	return &movevm.Abort{Module: ledgerapi.ModuleId{Address: a, Name: module}, Code: code}
}

// deref is v, or what it points at when it is a reference.
func deref(v movevm.Value) movevm.Value {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	return v
}

// signerAddr is the address of a signer or &signer argument.
func signerAddr(v movevm.Value) ledgerapi.Address { return deref(v).AsAddress() }

// str is the content of a String argument (or &String), charged as bytes
// read.
func str(c *native.Context, v movevm.Value) (string, error) {
	b := movestdlib.StringBytes(v)
	return string(b), native.ChargeRead(c.NativeContext, len(b))
}

// newString is a String result.
func newString(c *native.Context, s string) (movevm.Value, error) {
	return movestdlib.NewString(c, []byte(s))
}

// fromValue decodes the Move value v (serialized, charged) into dst.
func fromValue(c *native.Context, v movevm.Value, dst bcs.Unmarshaler) error {
	b, err := native.SerializeCharged(c.NativeContext, deref(v))
	if err != nil {
		return err
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return fmt.Errorf("aptostoken: decoding %s: %w", v.Type(), err)
	}
	return nil
}

// toValue is the Move value of type t (a struct or a vector) holding the
// BCS of v, charged as a result of that many bytes.
func toValue(c *native.Context, t ledgerapi.TypeTag, v bcs.Marshaler) (movevm.Value, error) {
	e := bcs.NewEncoder(64)
	v.MarshalBCS(e)
	b := e.Bytes()
	ty, err := c.TypeOf(t)
	if err != nil {
		return movevm.Value{}, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return movevm.Value{}, err
	}
	return c.Deserialize(ty, b)
}

// structValue is toValue of struct tag t.
func structValue(c *native.Context, t ledgerapi.StructTag, v bcs.Marshaler) (movevm.Value, error) {
	return toValue(c, ledgerapi.StructType(t), v)
}

// ret1 returns one value or the error.
func ret1(v movevm.Value, err error) ([]movevm.Value, error) {
	if err != nil {
		return nil, err
	}
	return []movevm.Value{v}, nil
}

// encode is the BCS of v.
func encode(v bcs.Marshaler) []byte {
	e := bcs.NewEncoder(64)
	v.MarshalBCS(e)
	return append([]byte(nil), e.Bytes()...)
}

// emit records the module event of struct tag t with the BCS of v,
// charged per byte.
func emit(c *native.Context, t ledgerapi.StructTag, v bcs.Marshaler) error {
	b := encode(v)
	if err := native.ChargeRead(c.NativeContext, len(b)); err != nil {
		return err
	}
	c.Host().EmitBCS(ledgerapi.StructType(t), b)
	return nil
}

// Declaration helpers.

const tString = "0x1::string::String"

var dropStore = []string{native.AbilityDrop, native.AbilityStore}

func fn(name string, params, ret []string, impl native.Func) native.Function {
	return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
}

func entry(f native.Function) native.Function { f.IsEntry = true; return f }

func view(f native.Function) native.Function { f.IsView = true; return f }

func plain(name string, abilities []string, fields ...string) native.Struct {
	return native.Struct{Name: name, Abilities: abilities, Fields: fields}
}

func event(name string, fields ...string) native.Struct {
	return native.Struct{Name: name, Abilities: dropStore, Fields: fields, IsEvent: true}
}
