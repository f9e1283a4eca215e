package indexer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// ckptFuzzSeed encodes a small state's header and body: a few rows of
// every column type (repeated values become dictionary references) and
// an entry in every derivation map.
func ckptFuzzSeed(tb testing.TB) []byte {
	s := newState(nil, 0)
	for i := range schema.Tables {
		def := &schema.Tables[i]
		for n := 0; n < 2; n++ {
			r := row{}
			for _, c := range def.Columns {
				switch c.Type {
				case gql.TypeString, gql.TypeTimestamp:
					r[c.Name] = "0x1"
				case gql.TypeBoolean:
					r[c.Name] = n == 0
				case gql.TypeJSONB:
					r[c.Name] = json.RawMessage(`{"a":[1,"x"]}`)
				default:
					r[c.Name] = json.Number([]string{"7", "8"}[n])
				}
			}
			s.tables[def.Name].put(r)
		}
	}
	var a ledgerapi.Address
	a[31] = 9
	s.tokenOwner[a] = ownerOf{owner: a, locked: true}
	s.v1Tables = map[ledgerapi.Address]v1Table{a: {kind: v1Store, owner: a}}
	tag, err := ledgerapi.ParseTypeTag("vector<0x1::string::String>")
	if err != nil {
		tb.Fatal(err)
	}
	s.tableTypes[a] = tableType{key: tag, value: tag}
	snap := &ckptSnapshot{hdr: ckptHeader{build: "b", version: 3, position: positionOf(s)},
		faToCoin: s.faToCoin, tokenOwner: s.tokenOwner, v1Tables: s.v1Tables, tableTypes: s.tableTypes}
	for i := range schema.Tables {
		t := s.tables[schema.Tables[i].Name]
		snap.tables = append(snap.tables, ckptTable{name: t.def.Name, cols: t.layout.Columns(), rows: t.all.appendTo(nil), mismatched: t.mismatched})
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	e := &encoder{w: w, strs: map[string]uint64{}, nums: map[string]uint64{}}
	if err := e.encode(snap); err != nil {
		tb.Fatal(err)
	}
	w.Flush()
	return buf.Bytes()
}

// decodeCkpt decodes data as a checkpoint's header and body (what
// follows the magic and format, without the trailer, whose checksum a
// hostile file can always make right).
func decodeCkpt(data []byte) (*state, error) {
	d := &decoder{r: bufio.NewReader(bytes.NewReader(data)), left: int64(len(data))}
	h := d.header()
	if d.err != nil {
		return nil, d.err
	}
	s := newState(nil, 0)
	h.position.apply(s)
	err := d.body(s, func() error { return nil })
	return s, err
}

func TestCheckpointFuzzSeedDecodes(t *testing.T) {
	seed := ckptFuzzSeed(t)
	s, err := decodeCkpt(seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range schema.Tables {
		name := schema.Tables[i].Name
		if got := s.tables[name].all.len(); got != 2 && len(schema.Tables[i].PrimaryKey) > 0 && got != 1 {
			t.Errorf("%s: %d rows after decoding", name, got)
		}
	}
	if len(s.tableTypes) != 1 || len(s.v1Tables) != 1 || len(s.tokenOwner) != 1 {
		t.Fatalf("maps: %d %d %d", len(s.tableTypes), len(s.v1Tables), len(s.tokenOwner))
	}
	// Every truncation is rejected as corrupt.
	for n := 0; n < len(seed); n += 1 + n/8 {
		if _, err := decodeCkpt(seed[:n]); !errors.Is(err, errCorrupt) {
			t.Fatalf("%d of %d bytes: %v", n, len(seed), err)
		}
	}
}

// FuzzCheckpointDecode: a hostile checkpoint (the CRC is no defence: the
// attacker computes it) is decoded or rejected as corrupt, never panics,
// and what it allocates is bounded by its own length.
func FuzzCheckpointDecode(f *testing.F) {
	seed := ckptFuzzSeed(f)
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := decodeCkpt(data); err != nil && !errors.Is(err, errCorrupt) {
			t.Fatalf("not a corrupt rejection: %v", err)
		}
	})
}
