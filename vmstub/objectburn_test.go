package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

const (
	objNotBurnt     = "Move abort in 0x1::object: EOBJECT_NOT_BURNT(0x10008): Cannot reclaim objects that weren't burnt."
	objAlreadyBurnt = "Move abort in 0x1::object: EOBJECT_ALREADY_BURNT(0xa): Cannot burn an object that is already burnt."
)

func objEntry(fn string, tys []string, args ...[]byte) txn.TransactionPayload {
	tags := make([]ledgerapi.TypeTag, len(tys))
	for i, s := range tys {
		tags[i] = structType(s)
	}
	return call("object", fn, tags, args...)
}

// TestObjectBurnUnburn: burn puts a TombStone recording the owner (shown
// by is_burnt and in the write set), a second burn and a burn by another
// account abort, unburn by the owner removes it, unburn of an object not
// burnt aborts.
func TestObjectBurnUnburn(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	obj := ledgerapi.MustParseAddress("0xb0b1")
	c.putObject(obj, a.Address, true)
	core := []string{"0x1::object::ObjectCore"}
	isBurnt := func() string { return c.mustView("0x1::object::is_burnt", core, addrJSON(obj)) }
	if got := isBurnt(); got != `[false]` {
		t.Fatalf("is_burnt before: %s", got)
	}
	out := c.mustExec(b.Sign(c.raw(b, objEntry("burn", core, vmstub.AddressValue(obj)))))
	if got := out.Info.Status.String(); got != objNotOwner {
		t.Fatalf("burn by a non-owner: %s", got)
	}
	out = c.mustExec(a.Sign(c.raw(a, objEntry("burn", core, vmstub.AddressValue(obj)))))
	if !out.Info.Success() {
		t.Fatalf("burn: %s", out.Info.Status.String())
	}
	js := renderOutput(t, c.vm, out)
	if got, want := js["0x1::object::TombStone@"+obj.String()], `{"original_owner":"`+a.Address.String()+`"}`; got != want {
		t.Fatalf("TombStone %s, want %s", got, want)
	}
	if got := isBurnt(); got != `[true]` {
		t.Fatalf("is_burnt after burn: %s", got)
	}
	out = c.mustExec(a.Sign(c.raw(a, objEntry("burn", core, vmstub.AddressValue(obj)))))
	if got := out.Info.Status.String(); got != objAlreadyBurnt {
		t.Fatalf("second burn: %s", got)
	}
	out = c.mustExec(a.Sign(c.raw(a, objEntry("unburn", core, vmstub.AddressValue(obj)))))
	if !out.Info.Success() || isBurnt() != `[false]` {
		t.Fatalf("unburn: %s, is_burnt %s", out.Info.Status.String(), isBurnt())
	}
	out = c.mustExec(a.Sign(c.raw(a, objEntry("unburn", core, vmstub.AddressValue(obj)))))
	if got := out.Info.Status.String(); got != objNotBurnt {
		t.Fatalf("unburn of an object not burnt: %s", got)
	}
}

// TestObjectOwnsRootOwner: owns and root_owner follow nested ownership;
// transfer_to_object moves an object under another one.
func TestObjectOwnsRootOwner(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	objs := objAddrs(0x77, 3)
	c.chainOf(a.Address, objs[0], objs[1])
	c.putObject(objs[2], a.Address, true)
	core := []string{"0x1::object::ObjectCore"}
	out := c.mustExec(a.Sign(c.raw(a, objEntry("transfer_to_object", []string{core[0], core[0]},
		vmstub.AddressValue(objs[2]), vmstub.AddressValue(objs[1])))))
	if !out.Info.Success() || !equalStrings(eventTypes(out), []string{evTransfer, evFee}) {
		t.Fatalf("transfer_to_object: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	for _, tc := range []struct {
		fn, obj, who, want string
	}{
		{"owns", objs[2].String(), a.Address.String(), `[true]`},
		{"owns", objs[2].String(), objs[0].String(), `[true]`},
		{"owns", objs[2].String(), b.Address.String(), `[false]`},
		{"owns", objs[2].String(), objs[2].String(), `[true]`},
		{"is_owner", objs[2].String(), objs[1].String(), `[true]`},
	} {
		if got := c.mustView("0x1::object::"+tc.fn, core, q(tc.obj), q(tc.who)); got != tc.want {
			t.Errorf("%s(%s, %s) = %s, want %s", tc.fn, tc.obj, tc.who, got, tc.want)
		}
	}
	if got := c.mustView("0x1::object::root_owner", core, q(objs[2].String())); got != `[`+addrJSON(a.Address)+`]` {
		t.Errorf("root_owner = %s", got)
	}
	if got := c.mustView("0x1::object::is_untransferable", core, q(objs[2].String())); got != `[false]` {
		t.Errorf("is_untransferable = %s", got)
	}
	if _, err := c.view("0x1::object::owns", core, q("0xdead"), addrJSON(a.Address)); err == nil {
		t.Error("owns of no object answered")
	}
}
