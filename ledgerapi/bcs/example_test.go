package bcs_test

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

func ExampleEncoder() {
	var e bcs.Encoder
	e.U16(4660)      // 34 12
	e.U32(305419896) // 78 56 34 12

	e.SeqLen(2) // Vec<u16> [1, 2]: 02 01 00 02 00
	e.U16(1)
	e.U16(2)

	e.Option(true) // Some(8): 01 08
	e.U8(8)

	e.U64(0x12345678ABCDEF00) // 00 ef cd ab 78 56 34 12
	e.String("move")          // 04 6d 6f 76 65
	fmt.Printf("% x\n", e.Bytes())
	// Output:
	// 34 12 78 56 34 12 02 01 00 02 00 01 08 00 ef cd ab 78 56 34 12 04 6d 6f 76 65
}

func ExampleDecoder() {
	d := bcs.NewDecoder([]byte{0x02, 0x01, 0x00, 0x02, 0x00, 0x02})
	n := d.SeqLen("values", 2)
	for i := 0; i < n; i++ {
		fmt.Println(d.U16("values[]"))
	}
	d.Bool("flag") // 0x02 is not a bool
	err := d.Finish()
	fmt.Println(err)
	fmt.Println(errors.Is(err, bcs.ErrBadBool))
	// Output:
	// 1
	// 2
	// bcs: invalid bool byte at byte 5 while decoding flag: 0x02
	// true
}

func ExampleUnmarshal() {
	var p point
	err := bcs.Unmarshal([]byte{1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0xff}, &p)
	fmt.Println(p.X, p.Y)
	fmt.Println(err)
	// Output:
	// 1 2
	// bcs: trailing bytes after value at byte 16: 1 unread bytes
}
