package movevm

import "github.com/ledgernode/ledgernode/ledgerapi"

// Exists reports whether a resource of type t is under addr as the running
// call sees it (its own moves included), as the Exists instruction does.
func (c *NativeContext) Exists(addr ledgerapi.Address, t *Type) (bool, error) {
	r, err := c.s.load(addr, t)
	if err != nil {
		return false, err
	}
	return r.cell.vals[0].IsValid(), nil
}
