package bcs_test

import (
	"bytes"
	"math/rand/v2"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// point is the smallest Marshaler/Unmarshaler pair.
type point struct{ X, Y uint64 }

func (p point) MarshalBCS(e *bcs.Encoder) { e.U64(p.X); e.U64(p.Y) }

func (p *point) UnmarshalBCS(d *bcs.Decoder) {
	p.X = d.U64("point.x")
	p.Y = d.U64("point.y")
}

// shape is an enum: 0 = empty, 1 = circle(u32 radius), 2 = polygon(Vec<point>).
type shape struct {
	Kind   uint32
	Radius uint32
	Points []point
}

const shapeVariants = 3

func (s shape) MarshalBCS(e *bcs.Encoder) {
	e.Variant(s.Kind)
	switch s.Kind {
	case 1:
		e.U32(s.Radius)
	case 2:
		e.SeqLen(len(s.Points))
		for _, p := range s.Points {
			e.Value(p)
		}
	}
}

func (s *shape) UnmarshalBCS(d *bcs.Decoder) {
	s.Kind = d.Variant("shape", shapeVariants)
	switch s.Kind {
	case 1:
		s.Radius = d.U32("shape.radius")
	case 2:
		n := d.SeqLen("shape.points", 16)
		if n > 0 {
			s.Points = make([]point, n)
		}
		for i := range s.Points {
			d.Value(&s.Points[i])
		}
	}
}

// record exercises every primitive the codec has.
type record struct {
	Flag   bool
	Small  uint8
	Mid    uint16
	Word   uint32
	Big    uint64
	Lo, Hi uint64    // u128
	Wide   [4]uint64 // u256
	Name   string
	Blob   []byte
	Addr   [32]byte
	Opt    *uint64
	Nums   []uint64
	Shape  shape
}

func (r record) MarshalBCS(e *bcs.Encoder) {
	e.Bool(r.Flag)
	e.U8(r.Small)
	e.U16(r.Mid)
	e.U32(r.Word)
	e.U64(r.Big)
	e.U128(r.Lo, r.Hi)
	e.U256(r.Wide)
	e.String(r.Name)
	e.WriteBytes(r.Blob)
	e.Fixed(r.Addr[:])
	e.Option(r.Opt != nil)
	if r.Opt != nil {
		e.U64(*r.Opt)
	}
	e.SeqLen(len(r.Nums))
	for _, n := range r.Nums {
		e.U64(n)
	}
	e.Value(r.Shape)
}

func (r *record) UnmarshalBCS(d *bcs.Decoder) {
	r.Flag = d.Bool("record.flag")
	r.Small = d.U8("record.small")
	r.Mid = d.U16("record.mid")
	r.Word = d.U32("record.word")
	r.Big = d.U64("record.big")
	r.Lo, r.Hi = d.U128("record.u128")
	r.Wide = d.U256("record.u256")
	r.Name = d.String("record.name")
	r.Blob = d.ReadBytes("record.blob")
	d.Fixed(r.Addr[:], "record.addr")
	if d.Option("record.opt") {
		v := d.U64("record.opt.value")
		r.Opt = &v
	}
	n := d.SeqLen("record.nums", 8)
	if n > 0 {
		r.Nums = make([]uint64, n)
		for i := range r.Nums {
			r.Nums[i] = d.U64("record.nums[]")
		}
	}
	d.Value(&r.Shape)
}

func (r record) equal(o record) bool {
	if (r.Opt == nil) != (o.Opt == nil) || (r.Opt != nil && *r.Opt != *o.Opt) {
		return false
	}
	if len(r.Nums) != len(o.Nums) || len(r.Shape.Points) != len(o.Shape.Points) {
		return false
	}
	for i := range r.Nums {
		if r.Nums[i] != o.Nums[i] {
			return false
		}
	}
	for i := range r.Shape.Points {
		if r.Shape.Points[i] != o.Shape.Points[i] {
			return false
		}
	}
	return r.Flag == o.Flag && r.Small == o.Small && r.Mid == o.Mid && r.Word == o.Word &&
		r.Big == o.Big && r.Lo == o.Lo && r.Hi == o.Hi && r.Wide == o.Wide &&
		r.Name == o.Name && bytes.Equal(r.Blob, o.Blob) && r.Addr == o.Addr &&
		r.Shape.Kind == o.Shape.Kind && r.Shape.Radius == o.Shape.Radius
}

// randomRecord draws a record whose lengths cross the one-byte ULEB boundary.
func randomRecord(rng *rand.Rand) record {
	var r record
	r.Flag = rng.IntN(2) == 1
	r.Small = uint8(rng.Uint32())
	r.Mid = uint16(rng.Uint32())
	r.Word = rng.Uint32()
	r.Big = rng.Uint64()
	r.Lo, r.Hi = rng.Uint64(), rng.Uint64()
	for i := range r.Wide {
		r.Wide[i] = rng.Uint64()
	}
	runes := []rune("aZ09_ çå∞≠¢õß∂ƒ∫\U0001F600")
	name := make([]rune, rng.IntN(70))
	for i := range name {
		name[i] = runes[rng.IntN(len(runes))]
	}
	r.Name = string(name)
	if n := rng.IntN(200); n > 0 {
		r.Blob = make([]byte, n)
		for i := range r.Blob {
			r.Blob[i] = byte(rng.Uint32())
		}
	}
	for i := range r.Addr {
		r.Addr[i] = byte(rng.Uint32())
	}
	if rng.IntN(2) == 1 {
		v := rng.Uint64()
		r.Opt = &v
	}
	if n := rng.IntN(140); n > 0 {
		r.Nums = make([]uint64, n)
		for i := range r.Nums {
			r.Nums[i] = rng.Uint64()
		}
	}
	r.Shape.Kind = uint32(rng.IntN(shapeVariants))
	switch r.Shape.Kind {
	case 1:
		r.Shape.Radius = rng.Uint32()
	case 2:
		r.Shape.Points = make([]point, 1+rng.IntN(5))
		for i := range r.Shape.Points {
			r.Shape.Points[i] = point{rng.Uint64(), rng.Uint64()}
		}
	}
	return r
}

// tree is a recursive container that counts its depth through Enter/Leave.
// Its encoding is Option<Box<tree>>: 01 <child> or 00.
type tree struct{ child *tree }

func nest(levels int) *tree {
	var t *tree
	for i := 0; i < levels; i++ {
		t = &tree{child: t}
	}
	return t
}

func (t *tree) MarshalBCS(e *bcs.Encoder) {
	e.Option(t.child != nil)
	if t.child != nil {
		t.child.MarshalBCS(e)
	}
}

func (t *tree) UnmarshalBCS(d *bcs.Decoder) {
	if !d.Enter("tree") {
		return
	}
	defer d.Leave()
	if d.Option("tree.child") {
		t.child = new(tree)
		t.child.UnmarshalBCS(d)
	}
}

func (t *tree) depth() int {
	n := 0
	for ; t != nil; t = t.child {
		n++
	}
	return n
}
