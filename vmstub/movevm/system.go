package movevm

import "github.com/ledgernode/ledgernode/ledgerapi"

// ExecuteSystem runs function fn (of any visibility, not generic, without
// signer parameters) on BCS arguments as the executor's own calls into
// the framework do (the prologue's and epilogue's, as Aptos's VM calls
// friend functions of transaction_validation), and returns its results.
// Unlike View, the session keeps the call's changes; the caller decides
// whether to Finish it.
func (s *Session) ExecuteSystem(fn ledgerapi.EntryFunctionId, args [][]byte) ([]ViewResult, error) {
	var out []ViewResult
	_, err := s.run(func() (*Function, []*Type, []Value, error) {
		f, err := s.resolve(fn)
		if err != nil {
			return nil, nil, nil, err
		}
		return s.prepare(f, nil, nil, args, true)
	}, func(rets []Value) (err error) {
		out, err = viewResults(rets)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
