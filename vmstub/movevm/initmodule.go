package movevm

import "github.com/ledgernode/ledgernode/ledgerapi"

// ExecuteInitModule runs module id's init_module with the publisher's
// signer, as publishing a module that defines one does: a private
// function, called once, when the module is first published.
func (s *Session) ExecuteInitModule(id ledgerapi.ModuleId, publisher ledgerapi.Address) error {
	_, err := s.run(func() (*Function, []*Type, []Value, error) {
		f, err := s.resolve(ledgerapi.EntryFunctionId{Module: id, Name: "init_module"})
		if err != nil {
			return nil, nil, nil, err
		}
		return s.prepare(f, nil, []ledgerapi.Address{publisher}, nil, false)
	})
	return err
}
