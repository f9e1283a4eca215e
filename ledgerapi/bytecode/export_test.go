package bytecode

// Test hooks: encoding without reading back, to write binaries the reader
// must reject.
var (
	EncodeModule = (*Module).encode
	EncodeScript = (*Script).encode
)
