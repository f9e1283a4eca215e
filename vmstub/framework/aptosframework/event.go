package aptosframework

// 0x1::event: module events (emit, of a type declared #[event]) and v1
// events on an EventHandle the code keeps (emit_event): the event takes
// the handle's counter as its sequence number in the stream keyed by the
// handle's GUID, and the counter moves on, in place; the handle's guid and
// counter, and destroy_handle.

import (
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Event declares 0x1::event.
func Event() native.Module {
	storeDrop := []native.TypeParam{{Constraints: []string{native.AbilityDrop, native.AbilityStore}}}
	return native.Module{Address: addr, Name: "event",
		Structs: []native.Struct{{Name: "EventHandle", Abilities: []string{native.AbilityStore},
			TypeParams: []native.TypeParam{{Phantom: true, Constraints: storeDrop[0].Constraints}}, Fields: []string{"counter: u64", "guid: 0x1::guid::GUID"}}},
		Functions: []native.Function{
			{Name: "emit", TypeParams: storeDrop, Params: []string{"T0"}, Impl: emit},
			{Name: "emit_event", TypeParams: storeDrop, Params: []string{"&mut 0x1::event::EventHandle<T0>", "T0"}, Impl: emitEvent},
			{Name: "guid", TypeParams: storeDrop, Params: []string{"&0x1::event::EventHandle<T0>"}, Return: []string{"&0x1::guid::GUID"}, Impl: handleGUID},
			{Name: "counter", TypeParams: storeDrop, Params: []string{"&0x1::event::EventHandle<T0>"}, Return: []string{"u64"}, Impl: handleCounter},
			{Name: "destroy_handle", TypeParams: storeDrop, Params: []string{"0x1::event::EventHandle<T0>"}, Impl: destroyHandle},
		},
	}
}

// emit is event::emit<T>(msg: T).
func emit(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, c.Emit(args[0])
}

// emitEvent is event::emit_event<T>(handle_ref: &mut EventHandle<T>, msg: T).
func emitEvent(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, _ := args[0].Deref()
	counter := h.Elem(0).AsU64()
	guid := h.Elem(1).Elem(0) // GUID.id: creation_num, addr
	data, err := native.SerializeCharged(c.NativeContext, args[1])
	if err != nil {
		return nil, err
	}
	tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	c.Host().EmitOnHandle(storage.EventKey{CreationNumber: guid.Elem(0).AsU64(), Account: guid.Elem(1).AsAddress()}, counter, tag, data)
	r, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	_, err = c.WriteThrough(r, movevm.U64(counter+1))
	return nil, err
}

// handleGUID is event::guid<T>(handle_ref): a reference to the handle's GUID.
func handleGUID(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := c.InnerRef(args[0], false, 1)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{r}, nil
}

// handleCounter is event::counter<T>(handle_ref): the number of events
// emitted to the handle.
func handleCounter(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, _ := args[0].Deref()
	return []movevm.Value{movevm.U64(h.Elem(0).AsU64())}, nil
}

// destroyHandle is event::destroy_handle<T>(handle): the handle, taken by
// value, is dropped.
func destroyHandle(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, nil
}
