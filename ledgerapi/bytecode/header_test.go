package bytecode_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// rawTable is a table for hand-assembled binaries; offset < 0 means "right
// after the previous table".
type rawTable struct {
	kind         byte
	offset, size int // size < 0: len(data)
	data         []byte
}

func uleb(v uint64) []byte {
	var out []byte
	for v >= 0x80 {
		out = append(out, byte(v)|0x80)
		v >>= 7
	}
	return append(out, byte(v))
}

// raw assembles a binary by hand: magic, version word, headers in the given
// order, the table data in the given order, then the tail.
func raw(word uint32, tables []rawTable, tail ...byte) []byte {
	b := []byte{0xA1, 0x1C, 0xEB, 0x0B}
	b = binary.LittleEndian.AppendUint32(b, word)
	b = append(b, uleb(uint64(len(tables)))...)
	next := 0
	for _, t := range tables {
		off, size := t.offset, t.size
		if off < 0 {
			off = next
		}
		if size < 0 {
			size = len(t.data)
		}
		next = off + size
		b = append(b, t.kind)
		b = append(b, uleb(uint64(off))...)
		b = append(b, uleb(uint64(size))...)
	}
	for _, t := range tables {
		b = append(b, t.data...)
	}
	return append(b, tail...)
}

var addrOne = append(make([]byte, 31), 1)

// minimalTables is the smallest valid module: one module handle (0x1::m).
// Its header takes 18 bytes, so MODULE_HANDLES starts at 18, IDENTIFIERS at
// 20, ADDRESS_IDENTIFIERS at 22 and the self handle sits at 54.
func minimalTables() []rawTable {
	return []rawTable{
		{kind: 0x01, offset: -1, size: -1, data: []byte{0, 0}},
		{kind: 0x07, offset: -1, size: -1, data: []byte{1, 'm'}},
		{kind: 0x08, offset: -1, size: -1, data: addrOne},
	}
}

// wantErr checks that err is an *Error with status st, whose location
// contains where and whose offset is off (unless off is -2).
func wantErr(t *testing.T, err error, st bytecode.Status, where string, off int) *bytecode.Error {
	t.Helper()
	var e *bytecode.Error
	if !errors.As(err, &e) {
		t.Fatalf("want %v error at %s, got %v", st, where, err)
	}
	if e.Status != st || !errors.Is(err, st) || !strings.Contains(e.Where, where) || (off != -2 && e.Offset != off) {
		t.Fatalf("want %v at %q offset %#x, got %v", st, where, off, err)
	}
	if !strings.Contains(err.Error(), where) || !strings.Contains(err.Error(), st.String()) {
		t.Fatalf("message %q lacks %q or %v", err, where, st)
	}
	return e
}

func TestMinimalModule(t *testing.T) {
	b := raw(6, minimalTables(), 0)
	if len(b) != 55 {
		t.Fatalf("assembled %d bytes", len(b))
	}
	m, err := bytecode.DeserializeModule(b)
	if err != nil {
		t.Fatal(err)
	}
	if m.Layout != nil || m.Identifiers[0] != "m" || m.AddressIdentifiers[0][31] != 1 {
		t.Fatalf("%+v", m)
	}
	out, err := m.Serialize()
	if err != nil || !bytes.Equal(out, b) {
		t.Fatalf("serialize: %x, %v", out, err)
	}
}

func TestHeaderErrors(t *testing.T) {
	good := raw(6, minimalTables(), 0)
	patch := func(at int, v ...byte) []byte {
		b := bytes.Clone(good)
		copy(b[at:], v)
		return b
	}
	with := func(f func(ts []rawTable) []rawTable) []byte { return raw(6, f(minimalTables()), 0) }
	cases := []struct {
		name  string
		b     []byte
		st    bytecode.Status
		where string
		off   int
	}{
		{"bad magic", patch(3, 0x0C), bytecode.StatusBadMagic, "HEADER.magic", 0},
		{"short magic", good[:3], bytecode.StatusBadMagic, "HEADER.magic", 0},
		{"empty", nil, bytecode.StatusBadMagic, "HEADER.magic", 0},
		{"truncated version", good[:6], bytecode.StatusMalformed, "HEADER.version", 4},
		{"version 0", patch(4, 0), bytecode.StatusUnknownVersion, "HEADER.version", 4},
		{"version 4", patch(4, 4), bytecode.StatusUnknownVersion, "HEADER.version", 4},
		{"version 11", patch(4, 11, 0, 0, 0x0A), bytecode.StatusUnknownVersion, "HEADER.version", 4},
		{"other high bits", patch(4, 6, 0, 0, 0x01), bytecode.StatusUnknownVersion, "HEADER.version", 4},
		{"unknown table kind", patch(9, 0x09), bytecode.StatusUnknownTableType, "HEADER.tables[0]", 9},
		{"table count past headers", patch(8, 4), bytecode.StatusUnknownTableType, "HEADER.tables[3]", 18},
		{"non-canonical table offset", append(append(bytes.Clone(good[:10]), 0x80, 0x00), good[11:]...),
			bytecode.StatusMalformed, "HEADER.tables[0]", 10},
		{"gap between tables", with(func(ts []rawTable) []rawTable { ts[2].offset = 5; return ts }),
			bytecode.StatusBadHeaderTable, "HEADER.tables[2]", 15},
		{"overlapping tables", with(func(ts []rawTable) []rawTable { ts[1].offset = 1; return ts }),
			bytecode.StatusBadHeaderTable, "HEADER.tables[1]", 12},
		{"duplicate table", with(func(ts []rawTable) []rawTable { ts[1].kind = 0x01; return ts }),
			bytecode.StatusDuplicateTable, "HEADER.tables[1]", 12},
		{"empty table", with(func(ts []rawTable) []rawTable {
			return append(ts, rawTable{kind: 0x05, offset: 36, size: 0})
		}), bytecode.StatusBadHeaderTable, "HEADER.tables[3]", 18},
		{"table past the binary", with(func(ts []rawTable) []rawTable { ts[2].size = 100; return ts }),
			bytecode.StatusBadHeaderTable, "HEADER.tables[2]", 15},
		{"contents cut short", good[:44], bytecode.StatusMalformed, "HEADER", 18},
		{"no self handle", good[:54], bytecode.StatusMalformed, "SELF_MODULE_HANDLE", 54},
		{"trailing byte", append(bytes.Clone(good), 0xFF), bytecode.StatusMalformed, "", 55},
		{"non-canonical ULEB", with(func(ts []rawTable) []rawTable { ts[0].data = []byte{0x80, 0x00, 0x00}; return ts }),
			bytecode.StatusMalformed, "MODULE_HANDLES[0].address", 18},
		{"ULEB over the table end", with(func(ts []rawTable) []rawTable { ts[0].data = []byte{0x00, 0x80}; return ts }),
			bytecode.StatusMalformed, "MODULE_HANDLES[0].name", 19},
		{"identifier index out of range", patch(19, 1), bytecode.StatusIndexOutOfBounds, "MODULE_HANDLES[0].name", 19},
		{"address index out of range", patch(18, 1), bytecode.StatusIndexOutOfBounds, "MODULE_HANDLES[0].address", 18},
		{"self handle out of range", patch(54, 1), bytecode.StatusIndexOutOfBounds, "SELF_MODULE_HANDLE", 54},
		{"no module handles", raw(6, minimalTables()[1:], 0), bytecode.StatusNoModuleHandles, "MODULE_HANDLES", -1},
		{"invalid identifier", patch(21, '1'), bytecode.StatusMalformed, "IDENTIFIERS[0]", 20},
		{"identifier past the table", patch(20, 2), bytecode.StatusMalformed, "IDENTIFIERS[0]", 20},
		{"address past the table", with(func(ts []rawTable) []rawTable { ts[2].data = ts[2].data[:31]; return ts }),
			bytecode.StatusMalformed, "ADDRESS_IDENTIFIERS[0]", 22},
		{"variant table before version 7", with(func(ts []rawTable) []rawTable {
			return append(ts, rawTable{kind: 0x13, offset: -1, size: -1, data: []byte{0, 0}})
		}), bytecode.StatusMalformed, "HEADER.tables[3]", 18},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := bytecode.DeserializeModule(c.b)
			wantErr(t, err, c.st, c.where, c.off)
		})
	}
}

func TestMaxVersionConfig(t *testing.T) {
	b := raw(9|0x0A000000, minimalTables(), 0)
	if _, err := (bytecode.Config{MaxVersion: 9}).DeserializeModule(b); err != nil {
		t.Fatal(err)
	}
	_, err := bytecode.Config{MaxVersion: 8}.DeserializeModule(b)
	e := wantErr(t, err, bytecode.StatusUnknownVersion, "HEADER.version", 4)
	if !strings.Contains(e.Msg, "version 9") {
		t.Fatal(e)
	}
}

// The reference reader accepts tables in any order and the version word
// with or without the mask; the layout is kept so that writing gives the
// same bytes back.
func TestLayoutIsPreserved(t *testing.T) {
	ts := minimalTables()
	// contents: ADDRESS_IDENTIFIERS, MODULE_HANDLES, IDENTIFIERS; headers: IDENTIFIERS first.
	hdr := []rawTable{
		{kind: 0x07, offset: 34, size: 2}, {kind: 0x08, offset: 0, size: 32}, {kind: 0x01, offset: 32, size: 2},
	}
	b := raw(7, hdr, append(append(append([]byte{}, ts[2].data...), ts[0].data...), append(ts[1].data, 0)...)...)
	m, err := bytecode.DeserializeModule(b)
	if err != nil {
		t.Fatal(err)
	}
	l := m.Layout
	if l == nil || l.VersionWord != 7 || len(l.HeaderOrder) != 3 || l.HeaderOrder[0] != bytecode.TableIdentifiers ||
		l.ContentOrder[0] != bytecode.TableAddressIdentifiers {
		t.Fatalf("layout %+v", l)
	}
	out, err := m.Serialize()
	if err != nil || !bytes.Equal(out, b) {
		t.Fatalf("serialize: %x, %v\nwant %x", out, err, b)
	}
	m.Layout = nil
	canon, err := m.Serialize()
	if err != nil {
		t.Fatal(err)
	}
	if want := raw(7|0x0A000000, ts, 0); !bytes.Equal(canon, want) {
		t.Fatalf("canonical %x\nwant %x", canon, want)
	}
	// A version-6 word with the mask bits reads as version 6.
	m6, err := bytecode.DeserializeModule(raw(6|0x0A000000, ts, 0))
	if err != nil || m6.Version != 6 || m6.Layout.VersionWord != 0x0A000006 {
		t.Fatalf("%v %+v", err, m6)
	}
}

func TestScriptRejectsModuleTables(t *testing.T) {
	ts := append(minimalTables(), rawTable{kind: 0x0F, offset: -1, size: -1, data: []byte{0, 0}})
	b := raw(6, ts, 0, 0, 0, 0)
	_, err := bytecode.DeserializeScript(b)
	wantErr(t, err, bytecode.StatusMalformed, "HEADER.tables[3]", 18)
	// With its self handle, the same tables make a valid module.
	if _, err := bytecode.DeserializeModule(raw(6, ts, 0)); err != nil {
		t.Fatal(err)
	}
}
