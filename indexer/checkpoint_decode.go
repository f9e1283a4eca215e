package indexer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// decoder reads a checkpoint's values. Every length and count is bounded
// by the bytes left in the file, so a corrupt one fails instead of
// allocating without bound; the first error sticks.
type decoder struct {
	r    *bufio.Reader
	left int64 // bytes left before the trailer
	err  error
	dict []any
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: "+format, append([]any{errCorrupt}, args...)...)
	}
}

func (d *decoder) take(n int64) bool {
	if d.err != nil {
		return false
	}
	if n > d.left {
		d.fail("%d bytes wanted where %d are left", n, d.left)
		return false
	}
	d.left -= n
	return true
}

func (d *decoder) byte1() byte {
	if !d.take(1) {
		return 0
	}
	b, err := d.r.ReadByte()
	if err != nil {
		d.fail("%v", err)
	}
	return b
}

func (d *decoder) bool1() bool {
	switch b := d.byte1(); b {
	case 0:
		return false
	case 1:
		return true
	default:
		d.fail("a boolean is %d", b)
		return false
	}
}

func (d *decoder) uvarint() uint64 {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		b := d.byte1()
		if d.err != nil {
			return 0
		}
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v
		}
	}
	d.fail("a uvarint overflows")
	return 0
}

// count reads a count of items of at least min bytes each.
func (d *decoder) count(min int64) int {
	n := d.uvarint()
	if d.err == nil && n > uint64(d.left/min) {
		d.fail("%d items in %d bytes", n, d.left)
		return 0
	}
	return int(n)
}

func (d *decoder) fixed(b []byte) {
	if d.take(int64(len(b))) {
		if _, err := io.ReadFull(d.r, b); err != nil {
			d.fail("%v", err)
		}
	}
}

func (d *decoder) bytes() []byte {
	n := d.count(1)
	if d.err != nil {
		return nil
	}
	b := make([]byte, n)
	d.fixed(b)
	return b
}

func (d *decoder) str() string { return string(d.bytes()) }

func (d *decoder) addr() (a ledgerapi.Address) {
	d.fixed(a[:])
	return a
}

func (d *decoder) cell() any {
	switch tag := d.byte1(); tag {
	case cellNull:
		return nil
	case cellFalse:
		return false
	case cellTrue:
		return true
	case cellStr, cellNum:
		s := d.str()
		var v any = s
		if tag == cellNum {
			v = json.Number(s)
		}
		if d.err == nil && len(s) <= ckptDictMax {
			d.dict = append(d.dict, v)
		}
		return v
	case cellJSON:
		return json.RawMessage(d.bytes())
	case cellRef:
		i := d.uvarint()
		if d.err == nil && i >= uint64(len(d.dict)) {
			d.fail("reference %d past the dictionary's %d values", i, len(d.dict))
			return nil
		}
		if d.err != nil {
			return nil
		}
		return d.dict[i]
	default:
		d.fail("cell tag %d", tag)
		return nil
	}
}

func (d *decoder) header() ckptHeader {
	var h ckptHeader
	h.build = d.str()
	d.fixed(h.schema[:])
	h.layouts = d.bool1()
	h.chainID = d.byte1()
	h.version = d.uvarint()
	d.fixed(h.root[:])
	p := &h.position
	for _, v := range []*uint64{&p.next, &p.last, &p.lastTimestamp, &p.height, &p.epoch, &p.blockLast} {
		*v = d.uvarint()
	}
	p.indexed = d.bool1()
	p.inBlock = d.bool1()
	return h
}

// body decodes the tables and maps into s, a new state; check is called
// every few thousand rows (a cancelled context stops the load).
func (d *decoder) body(s *state, check func() error) error {
	for i := range schema.Tables {
		def := &schema.Tables[i]
		name := d.str()
		ncols := d.count(1)
		if d.err == nil && (name != def.Name || ncols != len(def.Columns)) {
			d.fail("table %q of %d columns where %q of %d is", name, ncols, def.Name, len(def.Columns))
		}
		nrows := d.count(int64(max(ncols, 1)))
		mismatched := d.count(1)
		t := s.tables[def.Name]
		r := make(row, ncols)
		for j := 0; j < nrows && d.err == nil; j++ {
			for _, c := range def.Columns {
				v := d.cell()
				if d.err == nil && !cellFits(c.Type, v) {
					d.fail("%s.%s holds a %T", def.Name, c.Name, v)
				}
				r[c.Name] = v
			}
			if d.err == nil {
				t.put(r)
			}
			if j%4096 == 4095 {
				if err := check(); err != nil {
					return err
				}
			}
		}
		if d.err != nil {
			return d.err
		}
		t.mismatched = mismatched
	}
	s.faToCoin = make(map[ledgerapi.Address]string)
	for n := d.count(33); n > 0 && d.err == nil; n-- {
		a := d.addr()
		s.faToCoin[a] = d.str()
	}
	s.tokenOwner = make(map[ledgerapi.Address]ownerOf)
	for n := d.count(66); n > 0 && d.err == nil; n-- {
		a := d.addr()
		o := ownerOf{owner: d.addr()}
		o.soulbound, o.locked = d.bool1(), d.bool1()
		s.tokenOwner[a] = o
	}
	if d.bool1() {
		s.v1Tables = make(map[ledgerapi.Address]v1Table)
	}
	for n := d.count(65); n > 0 && d.err == nil; n-- {
		h := d.addr()
		k := v1Kind(d.byte1())
		t := v1Table{kind: k, owner: d.addr()}
		if s.v1Tables == nil || k < v1Store || k > v1Claims {
			d.fail("a v1 table of kind %d", k)
		}
		if d.err == nil {
			s.v1Tables[h] = t
		}
	}
	for n := d.count(34); n > 0 && d.err == nil; n-- {
		h := d.addr()
		var tt tableType
		key, value := d.bytes(), d.bytes()
		if d.err == nil && (bcs.Unmarshal(key, &tt.key) != nil || bcs.Unmarshal(value, &tt.value) != nil) {
			d.fail("table %s's types do not decode", h)
		}
		if d.err == nil {
			s.tableTypes[h] = tt
		}
	}
	if d.err == nil && d.left != 0 {
		d.fail("%d bytes after the body", d.left)
	}
	return d.err
}

// cellFits reports whether v is a value of a column of type typ (see
// gql.Row): the derivation reads rows back, and a value of another type
// must never reach it.
func cellFits(typ string, v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return typ == gql.TypeString || typ == gql.TypeTimestamp
	case bool:
		return typ == gql.TypeBoolean
	case json.Number:
		return typ == gql.TypeBigint || typ == gql.TypeNumeric || typ == gql.TypeInt
	case json.RawMessage:
		return typ == gql.TypeJSONB && json.Valid(v)
	}
	return false
}
