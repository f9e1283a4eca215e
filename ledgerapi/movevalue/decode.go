package movevalue

import (
	"fmt"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// jsonDecoder renders BCS values as JSON, driven by their type.
type jsonDecoder struct {
	r       Resolver
	onTable func(handle ledgerapi.Address, key, value ledgerapi.TypeTag)
	lim     Limits
	d       *bcs.Decoder
	base    int   // len(dst) when the conversion started, for MaxBytes
	w       *work // pooled buffers
	cache   [8]layoutEntry
	ncache  int
	p       path
}

// layoutEntry remembers a resolved layout by the identity of its tag, so a
// vector of structs resolves its element type once.
type layoutEntry struct {
	tag *ledgerapi.StructTag
	l   *StructLayout
}

func (c Codec) decodeRoot(dst []byte, t ledgerapi.TypeTag, d *bcs.Decoder, root string) ([]byte, error) {
	w, _ := workPool.Get().(*work)
	if w == nil {
		w = new(work)
	}
	dd := jsonDecoder{r: c.Resolver, onTable: c.OnTable, lim: c.Limits.withDefaults(), d: d, base: len(dst), w: w, p: path{root: root, segs: w.segs[:0]}}
	out, err := dd.value(dst, t, 0)
	if cap(w.scratch) <= maxPooledScratch {
		w.segs = dd.p.segs[:0]
		workPool.Put(w)
	}
	if err != nil {
		return dst[:dd.base], err
	}
	return out, nil
}

// decodeAll renders b, which must hold exactly one value.
func (c Codec) decodeAll(t ledgerapi.TypeTag, b []byte, root string) ([]byte, error) {
	d := bcs.NewDecoder(b)
	out, err := c.decodeRoot(make([]byte, 0, 2*len(b)+16), t, d, root)
	if err != nil {
		return nil, err
	}
	if err := d.Finish(); err != nil {
		return nil, &Error{Path: root, Err: err}
	}
	return out, nil
}

// work holds the buffers of one conversion. They are recycled through
// workPool, so that rendering a resource allocates only its output.
type work struct {
	scratch []byte // strings, and struct values awaiting reordering
	segs    []seg  // path stack
}

var workPool sync.Pool

// maxPooledScratch keeps buffers grown by huge values out of the pool.
const maxPooledScratch = 64 << 10

// fail records a failure in the decoder (so a streaming caller cannot read
// on from the middle of a value) and returns it with the path.
func (dd *jsonDecoder) fail(kind error, what, format string, args ...any) error {
	dd.d.Failf(kind, what, format, args...)
	return dd.p.wrap(dd.d.Err())
}

// abort records a failure that is not about the bytes themselves.
func (dd *jsonDecoder) abort(err error) error {
	dd.d.Fail(bcs.ErrInvalidValue, dd.p.String(), err.Error())
	return dd.p.wrap(err)
}

func (dd *jsonDecoder) enter(depth int) error {
	if depth+1 > dd.lim.MaxDepth {
		return dd.fail(bcs.ErrTooDeep, "Move value", "more than %d levels", dd.lim.MaxDepth)
	}
	return nil
}

func (dd *jsonDecoder) value(dst []byte, t ledgerapi.TypeTag, depth int) ([]byte, error) {
	if err := checkTag(t); err != nil {
		return dst, dd.abort(err)
	}
	d := dd.d
	var err error
	switch t.Kind {
	case ledgerapi.KindBool:
		dst = strconv.AppendBool(dst, d.Bool("bool"))
	case ledgerapi.KindU8:
		dst = strconv.AppendUint(dst, uint64(d.U8("u8")), 10)
	case ledgerapi.KindU16:
		dst = strconv.AppendUint(dst, uint64(d.U16("u16")), 10)
	case ledgerapi.KindU32:
		dst = strconv.AppendUint(dst, uint64(d.U32("u32")), 10)
	case ledgerapi.KindU64:
		dst = append(strconv.AppendUint(append(dst, '"'), d.U64("u64"), 10), '"')
	case ledgerapi.KindU128:
		lo, hi := d.U128("u128")
		dst = append(appendUint(append(dst, '"'), [4]uint64{lo, hi}), '"')
	case ledgerapi.KindU256:
		dst = append(appendUint(append(dst, '"'), d.U256("u256")), '"')
	case ledgerapi.KindAddress, ledgerapi.KindSigner:
		var a ledgerapi.Address
		d.Fixed(a[:], "address")
		dst = appendAddress(dst, &a)
	case ledgerapi.KindVector:
		dst, err = dd.vector(dst, *t.Elem, depth)
	case ledgerapi.KindStruct:
		dst, err = dd.structValue(dst, t.Struct, depth)
	}
	if err != nil {
		return dst, err
	}
	if d.Failed() {
		return dst, dd.p.wrap(d.Err())
	}
	if len(dst)-dd.base > dd.lim.MaxBytes {
		return dst, dd.abort(fmt.Errorf("JSON output exceeds %d bytes", dd.lim.MaxBytes))
	}
	return dst, nil
}

// minSize is a lower bound on the BCS size of a value of type t, used to
// reject vector lengths that the remaining input cannot hold.
func minSize(t ledgerapi.TypeTag) int {
	switch t.Kind {
	case ledgerapi.KindBool, ledgerapi.KindU8, ledgerapi.KindVector:
		return 1
	case ledgerapi.KindU16:
		return 2
	case ledgerapi.KindU32:
		return 4
	case ledgerapi.KindU64:
		return 8
	case ledgerapi.KindU128:
		return 16
	case ledgerapi.KindU256, ledgerapi.KindAddress, ledgerapi.KindSigner:
		return 32
	case ledgerapi.KindStruct:
		if t.Struct == nil {
			return 0
		}
		switch builtinOf(t.Struct) {
		case builtinString, builtinOption:
			return 1
		case builtinObject:
			return 32
		}
	}
	return 0 // user structs may in principle be empty
}

func (dd *jsonDecoder) vector(dst []byte, elem ledgerapi.TypeTag, depth int) ([]byte, error) {
	if err := dd.enter(depth); err != nil {
		return dst, err
	}
	if err := checkTag(elem); err != nil {
		return dst, dd.abort(err)
	}
	n := dd.d.SeqLen("vector length", minSize(elem))
	if dd.d.Failed() {
		return dst, dd.p.wrap(dd.d.Err())
	}
	if n > dd.lim.MaxVectorLen {
		return dst, dd.fail(bcs.ErrLength, "vector length", "%d elements exceed the limit of %d", n, dd.lim.MaxVectorLen)
	}
	if elem.Kind == ledgerapi.KindU8 {
		if len(dst)-dd.base+2*n+4 > dd.lim.MaxBytes {
			return dst, dd.abort(fmt.Errorf("JSON output exceeds %d bytes", dd.lim.MaxBytes))
		}
		out, raw := growHex(dst, n)
		dd.d.Fixed(raw, "vector<u8>")
		if dd.d.Failed() {
			return dst, dd.p.wrap(dd.d.Err())
		}
		fillHex(out[len(out)-1-2*n : len(out)-1])
		return out, nil
	}
	dst = append(dst, '[')
	dd.p.pushIndex(0)
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		dd.p.setIndex(i)
		var err error
		if dst, err = dd.value(dst, elem, depth+1); err != nil {
			return dst, err
		}
	}
	dd.p.pop()
	return append(dst, ']'), nil
}

func (dd *jsonDecoder) layout(st *ledgerapi.StructTag) (*StructLayout, error) {
	for _, e := range dd.cache[:dd.ncache] {
		if e.tag == st {
			return e.l, nil
		}
	}
	l, err := resolve(dd.r, st)
	if err != nil {
		return nil, err
	}
	if dd.ncache < len(dd.cache) {
		dd.cache[dd.ncache] = layoutEntry{st, l}
		dd.ncache++
	}
	return l, nil
}

func (dd *jsonDecoder) structValue(dst []byte, st *ledgerapi.StructTag, depth int) ([]byte, error) {
	d := dd.d
	switch builtinOf(st) {
	case builtinString:
		n := d.SeqLen("0x1::string::String", 1)
		if d.Failed() {
			return dst, dd.p.wrap(d.Err())
		}
		buf := growBytes(dd.w.scratch, n)
		dd.w.scratch = buf
		d.Fixed(buf, "0x1::string::String")
		if d.Failed() {
			return dst, dd.p.wrap(d.Err())
		}
		if !utf8.Valid(buf) {
			return dst, dd.fail(bcs.ErrInvalidUTF8, "0x1::string::String", "")
		}
		return appendString(dst, buf), nil
	case builtinOption:
		if err := dd.enter(depth); err != nil {
			return dst, err
		}
		n := d.ULEB128("option length")
		if d.Failed() {
			return dst, dd.p.wrap(d.Err())
		}
		if n > 1 {
			return dst, dd.fail(bcs.ErrInvalidValue, "0x1::option::Option", "vector of %d elements, at most 1 allowed", n)
		}
		dst = append(dst, `{"vec":[`...)
		if n == 1 {
			dd.p.push("vec")
			dd.p.pushIndex(0)
			var err error
			if dst, err = dd.value(dst, st.TypeArgs[0], depth+1); err != nil {
				return dst, err
			}
			dd.p.pop()
			dd.p.pop()
		}
		return append(dst, "]}"...), nil
	case builtinObject:
		var a ledgerapi.Address
		d.Fixed(a[:], "0x1::object::Object")
		return append(appendAddress(append(dst, `{"inner":`...), &a), '}'), nil
	case builtinTable:
		if dd.onTable != nil {
			// The layout is the table module's: one field, the handle.
			var a ledgerapi.Address
			d.Fixed(a[:], "0x1::table::Table")
			if d.Failed() {
				return dst, dd.p.wrap(d.Err())
			}
			dd.onTable(a, st.TypeArgs[0], st.TypeArgs[1])
			return append(appendAddress(append(dst, `{"handle":`...), &a), '}'), nil
		}
	}
	l, err := dd.layout(st)
	if err != nil {
		return dst, dd.abort(err)
	}
	if err := dd.enter(depth); err != nil {
		return dst, err
	}
	if len(l.Variants) > 0 {
		return dd.variantValue(dst, st, l, depth)
	}
	var orderBuf [16]int
	order := sortedOrder(l.Fields, orderBuf[:])
	if order == nil {
		// Declaration order is alphabetical: write keys inline.
		dst = append(dst, '{')
		for i, f := range l.Fields {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendKey(dst, f.Name)
			dd.p.push(f.Name)
			if dst, err = dd.value(dst, f.Type, depth+1); err != nil {
				return dst, err
			}
			dd.p.pop()
		}
		return append(dst, '}'), nil
	}
	// Render the values in declaration order, then reassemble them with
	// their keys in sorted order.
	start := len(dst)
	var endBuf [16]int
	ends := endBuf[:0]
	for _, f := range l.Fields {
		dd.p.push(f.Name)
		if dst, err = dd.value(dst, f.Type, depth+1); err != nil {
			return dst, err
		}
		dd.p.pop()
		ends = append(ends, len(dst)-start)
	}
	vals := append(dd.w.scratch[:0], dst[start:]...)
	dd.w.scratch = vals
	dst = append(dst[:start], '{')
	for k, i := range order {
		if k > 0 {
			dst = append(dst, ',')
		}
		from := 0
		if i > 0 {
			from = ends[i-1]
		}
		dst = appendKey(dst, l.Fields[i].Name)
		dst = append(dst, vals[from:ends[i]]...)
	}
	return append(dst, '}'), nil
}

// growBytes returns b resized to n bytes, reallocating only when needed.
func growBytes(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}
