package vmstub_test

import (
	"math"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::bcs_stream from Move code: a stream of the BCS of values of
// each type gives them back in order (so their BCS is the input), the
// cursor moves in place, and the failures are Aptos's:
// OUT_OF_RANGE(EOUT_OF_BYTES) 0x20002, INVALID_ARGUMENT(EMALFORMED_DATA)
// 0x10001 for a bool other than 0/1 and a non-canonical or too long
// ULEB128, 0x1::string's EINVALID_UTF8 (1), ARITHMETIC_ERROR for a
// cursor overflowing u64.

const streamHandle = 2 // 0x1::bcs_stream::BCSStream after String and Option

func bcsStreamCases(ledgerapi.Address) []viewCase {
	stream := bytecode.StructOf(streamHandle)
	types := map[string]tok{"bool": bytecode.Bool, "u8": bytecode.U8, "u16": bytecode.U16, "u32": bytecode.U32, "u64": u64T,
		"u128": bytecode.U128, "u256": bytecode.U256, "address": bytecode.Address, "string": strT, "uleb128": u64T}
	// reads views new(data) then deserialize_<r> for each r, returning
	// the values then has_remaining.
	reads := func(name string, data []byte, rs ...string) viewCase {
		rets := []tok{}
		for _, r := range rs {
			rets = append(rets, types[r])
		}
		return viewCase{name: name, rets: append(rets, bytecode.Bool), locals: []tok{stream}, code: func(k *kit) []bytecode.Instruction {
			code := []bytecode.Instruction{k.bytes(data), callF(k.fn("bcs_stream", "new", nil, []tok{bytecode.Vector(bytecode.U8)}, []tok{stream})), in(bytecode.OpStLoc, 0)}
			for _, r := range rs {
				code = append(code, in(bytecode.OpMutBorrowLoc, 0), callF(k.fn("bcs_stream", "deserialize_"+r, nil, []tok{bytecode.MutRef(stream)}, []tok{types[r]})))
			}
			return append(code, in(bytecode.OpMutBorrowLoc, 0), callF(k.fn("bcs_stream", "has_remaining", nil, []tok{bytecode.MutRef(stream)}, []tok{bytecode.Bool})))
		}}
	}
	failing := func(name string, data []byte, module string, code uint64, rs ...string) viewCase {
		c := reads(name, data, rs...)
		c.abort = aborts(module, code)
		return c
	}
	entry := func(name string, data []byte, cur uint64) viewCase {
		return viewCase{name: name, rets: []tok{bytecode.Bool}, want: bcsBool(true), code: func(k *kit) []bytecode.Instruction {
			h := k.fn("bcs_stream", "deserialize_u256_entry", nil, []tok{bytecode.Vector(bytecode.U8), u64T}, nil)
			return []bytecode.Instruction{k.bytes(data), in(bytecode.OpLdU64, cur), callF(h), in(bytecode.OpLdTrue)}
		}}
	}
	var addr ledgerapi.Address
	addr[0], addr[31] = 0xab, 0xcd
	u256 := make([]byte, 32)
	u256[0], u256[31] = 1, 0x80
	all := cat([]byte{1, 200}, []byte{2, 1}, []byte{4, 3, 2, 1}, le64(math.MaxUint64-1), append(le64(5), le64(1<<63)...), u256, addr[:], bcsBytes([]byte("hé")))
	const s, stream2 = "0x1::bcs_stream", "0x1::string"
	cases := []viewCase{
		reads("every type in order", all, "bool", "u8", "u16", "u32", "u64", "u128", "u256", "address", "string"),
		reads("cursor moves in place", []byte{5, 6, 7}, "u8", "u8"),
		reads("uleb128 300", []byte{0xac, 0x02}, "uleb128"),
		reads("uleb128 max", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, "uleb128"),
		reads("empty string", []byte{0}, "string"),
		failing("uleb128 not canonical", []byte{0x80, 0x00}, s, 0x10001, "uleb128"),
		failing("uleb128 beyond u64", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, s, 0x10001, "uleb128"),
		failing("uleb128 of eleven bytes", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, s, 0x10001, "uleb128"),
		failing("uleb128 cut short", []byte{0x80}, s, 0x20002, "uleb128"),
		failing("bool 2", []byte{2}, s, 0x10001, "bool"),
		failing("bool of nothing", nil, s, 0x20002, "bool"),
		failing("u64 of 7 bytes", make([]byte, 7), s, 0x20002, "u64"),
		failing("address of 31 bytes", make([]byte, 31), s, 0x20002, "address"),
		failing("u8 past the end", []byte{1}, s, 0x20002, "u8", "u8"),
		failing("string longer than the data", []byte{5, 'a'}, s, 0x20002, "string"),
		failing("string not UTF-8", []byte{1, 0xff}, stream2, 1, "string"),
		entry("u256_entry of 32 bytes", make([]byte, 40), 8),
		func() viewCase {
			c := entry("u256_entry past the end", make([]byte, 40), 9)
			c.abort = aborts(s, 0x20002)
			return c
		}(),
		func() viewCase {
			c := entry("u256_entry cursor overflowing", make([]byte, 40), math.MaxUint64-8)
			c.failed = true
			return c
		}(),
	}
	cases[0].want = append(all, 0)
	cases[1].want = []byte{5, 6, 1}
	cases[2].want = append(le64(300), 0)
	cases[3].want = append(le64(math.MaxUint64), 0)
	cases[4].want = []byte{0, 0}
	return cases
}

func TestMoveBCSStream(t *testing.T) {
	runViews(t, "bcsstream", bcsStreamCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "bcs_stream"), "BCSStream", bytecode.AbilityDrop) != streamHandle {
			t.Fatal("unexpected struct handle")
		}
	})
}
