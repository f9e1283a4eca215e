package movevalue

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// argRoot returns the root path of argument i.
func argRoot(i int) string { return "arguments[" + strconv.Itoa(i) + "]" }

var errSignerArg = errors.New("signer cannot be passed as an argument")

func checkArgCount(params, args int) error {
	if params != args {
		return &Error{Path: "arguments", Err: fmt.Errorf("expected %d arguments, got %d", params, args)}
	}
	return nil
}

// EncodeArgs converts entry or view function arguments from JSON to BCS,
// one per parameter type. The caller strips leading signer parameters; a
// signer parameter left in params is an error ("signer cannot be passed as
// an argument").
//
// Arguments are converted with two leniencies that clients rely on, at any
// depth: an Option<T> may be given as null (None) or as a bare T (Some), and
// {"vec": [...]} is still read as the wrapper form; an Object<T> may be given
// as a plain address string. Errors name the argument, as in
// "arguments[1].coin.value". Limits apply to each argument separately.
func (c Codec) EncodeArgs(params []ledgerapi.TypeTag, args []json.RawMessage) ([][]byte, error) {
	if err := checkArgCount(len(params), len(args)); err != nil {
		return nil, err
	}
	out := make([][]byte, len(args))
	for i, t := range params {
		if t.Kind == ledgerapi.KindSigner {
			return nil, &Error{Path: argRoot(i), Err: errSignerArg}
		}
		var e bcs.Encoder
		if err := c.encodeRoot(&e, t, args[i], argRoot(i), true); err != nil {
			return nil, err
		}
		out[i] = e.Bytes()
	}
	return out, nil
}

// DecodeArgs renders BCS function arguments as JSON, one per parameter
// type; each argument must be consumed exactly. Signer parameters are
// rejected as in EncodeArgs.
func (c Codec) DecodeArgs(params []ledgerapi.TypeTag, args [][]byte) ([]json.RawMessage, error) {
	if err := checkArgCount(len(params), len(args)); err != nil {
		return nil, err
	}
	out := make([]json.RawMessage, len(args))
	for i, t := range params {
		if t.Kind == ledgerapi.KindSigner {
			return nil, &Error{Path: argRoot(i), Err: errSignerArg}
		}
		v, err := c.decodeAll(t, args[i], argRoot(i))
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
