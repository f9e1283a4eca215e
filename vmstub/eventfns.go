package vmstub

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// v1 events from Move code: event::emit_event on an EventHandle the code
// keeps (made by account::new_event_handle). The event takes the handle's
// counter as its sequence number in the stream keyed by the handle's GUID,
// and the counter moves on.

// emitEventFunction is event::emit_event<T: drop + store>(handle_ref:
// &mut EventHandle<T>, msg: T).
func emitEventFunction() Function {
	return generic(Function{Name: "emit_event", Params: []string{"&mut " + tEventHandle + "T0>", "T0"}, MoveNative: nativeEmitEvent},
		[]TypeParam{{Constraints: []string{AbilityDrop, AbilityStore}}})
}

// withFunctions returns m with fs added.
func withFunctions(m Module, fs ...Function) Module {
	m.Functions = append(append([]Function(nil), m.Functions...), fs...)
	return m
}

func nativeEmitEvent(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	host := ctx.Host().(*moveHost)
	h, _ := args[0].Deref()
	guid := h.Elem(1).Elem(0) // GUID.id
	handle := EventHandle{Counter: h.Elem(0).AsU64(), CreationNum: guid.Elem(0).AsU64(), Addr: guid.Elem(1).AsAddress()}
	data, err := serializeCharged(ctx, args[1])
	if err != nil {
		return nil, err
	}
	tag, err := typeTagCharged(ctx, targs[0])
	if err != nil {
		return nil, err
	}
	host.s.EmitHandle(&handle, tag, data)
	return nil, setU64Field(ctx, args[0], 0, handle.Counter)
}
