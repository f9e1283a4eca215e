package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// ExecuteAuthenticate runs an account abstraction's authentication
// function fn, as Aptos's VM dispatches to the function an account
// registered: fn (of any visibility) must take (signer, data) — data the
// type of the tag dataType, whose value is dataBCS — and return a signer,
// else FUNCTION_RESOLUTION_FAILURE. It returns the returned signer's
// address. The session keeps the call's changes; the caller decides
// whether to Finish it.
func (s *Session) ExecuteAuthenticate(fn ledgerapi.EntryFunctionId, account ledgerapi.Address, dataType ledgerapi.TypeTag, dataBCS []byte) (ledgerapi.Address, error) {
	var out ledgerapi.Address
	_, err := s.run(func() (*Function, []*Type, []Value, error) {
		f, err := s.resolve(fn)
		if err != nil {
			return nil, nil, nil, err
		}
		if len(f.TypeParams) != 0 {
			return nil, nil, nil, errorf(onchain.FUNCTION_RESOLUTION_FAILURE, "%s is generic", fn)
		}
		dt, err := s.TypeOf(dataType)
		if err != nil {
			return nil, nil, nil, err
		}
		sg, err := s.signature(f, s.ctxFor(f.mod, nil))
		if err != nil {
			return nil, nil, nil, err
		}
		if len(sg.params) != 2 || sg.params[0] != TypeSigner || !sameType(sg.params[1], dt) ||
			len(sg.returns) != 1 || sg.returns[0] != TypeSigner {
			return nil, nil, nil, errorf(onchain.FUNCTION_RESOLUTION_FAILURE, "%s is not fun(signer, %s): signer", fn, dataType)
		}
		d := bcs.NewDecoder(dataBCS)
		v, err := s.decode(d, dt, 0)
		if err == nil {
			err = d.Finish()
		}
		if err != nil {
			return nil, nil, nil, errorf(onchain.FAILED_TO_DESERIALIZE_ARGUMENT, "authentication data: %v", err)
		}
		return f, nil, []Value{Signer(account), v}, nil
	}, func(rets []Value) error {
		out = rets[0].AsAddress()
		return nil
	})
	return out, err
}

// sameType reports whether a and b are the same runtime type (types are
// interned per session, but tags compare whatever their origin).
func sameType(a, b *Type) bool {
	if a == b {
		return true
	}
	ta, errA := a.Tag()
	tb, errB := b.Tag()
	return errA == nil && errB == nil && ta.String() == tb.String()
}
