package vmstub

// Helpers the BCS natives still in this package share (the standard
// library modules they once served are in vmstub/framework).

var storeDrop = []TypeParam{{Constraints: []string{AbilityStore, AbilityDrop}}}

// pub declares a public function implemented by a BCS native.
func pub(name string, params, ret []string, native func(*Call) ([][]byte, error)) Function {
	return Function{Name: name, Params: params, Return: ret, Native: native}
}

// one returns a single BCS result.
func one(b []byte) ([][]byte, error) { return [][]byte{b}, nil }
