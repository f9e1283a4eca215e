package native

import "github.com/ledgernode/ledgernode/ledgerapi"

// Gas of state: a Func reaches state through Metered(c), which charges each
// resource or table item read or written as the interpreter charges Move
// code's (stateOpCost units, and one per stateBytesPerUnit bytes), so that
// Move code calling the framework in a loop pays for what it reads. A
// transaction or view calling a Func directly is billed as a native called
// directly (ExecutionPerCall); these charges then only bound it.
const (
	stateOpCost       = 50
	stateBytesPerUnit = 16
)

// meteredHost is a Func's Host with its state accesses charged.
type meteredHost struct {
	Host
	c *Context
}

// Metered is the Host a Func reaches state through: c.Host() with each
// resource or table item read or written charged to the call.
func Metered(c *Context) Host { return meteredHost{c.Host(), c} }

func (m meteredHost) charge(n int) error {
	return m.c.Charge(stateOpCost + uint64(n)/stateBytesPerUnit)
}

func (m meteredHost) Resource(a ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error) {
	b, ok, err := m.Host.Resource(a, tag)
	if err != nil {
		return b, ok, err
	}
	return b, ok, m.charge(len(b))
}

func (m meteredHost) SetResource(a ledgerapi.Address, tag ledgerapi.StructTag, value []byte) error {
	if err := m.charge(len(value)); err != nil {
		return err
	}
	return m.Host.SetResource(a, tag, value)
}

func (m meteredHost) DeleteResource(a ledgerapi.Address, tag ledgerapi.StructTag) error {
	if err := m.charge(0); err != nil {
		return err
	}
	return m.Host.DeleteResource(a, tag)
}

func (m meteredHost) TableItem(handle ledgerapi.Address, key []byte) ([]byte, bool, error) {
	b, ok, err := m.Host.TableItem(handle, key)
	if err != nil {
		return b, ok, err
	}
	return b, ok, m.charge(len(key) + len(b))
}

func (m meteredHost) SetTableItem(handle ledgerapi.Address, key, value []byte) error {
	if err := m.charge(len(key) + len(value)); err != nil {
		return err
	}
	return m.Host.SetTableItem(handle, key, value)
}

func (m meteredHost) DeleteTableItem(handle ledgerapi.Address, key []byte) error {
	if err := m.charge(len(key)); err != nil {
		return err
	}
	return m.Host.DeleteTableItem(handle, key)
}
