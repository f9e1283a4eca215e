package ledgerapi_test

import (
	"encoding/json"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

func ExampleParseAddress() {
	for _, s := range []string{"0x1", "0X000A", "10", "0x0a82"} {
		a, err := ledgerapi.ParseAddress(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(a, a.ShortString())
	}
	_, err := ledgerapi.ParseAddress("0x")
	fmt.Println(err)
	// Output:
	// 0x1 0x1
	// 0xa 0xa
	// 0x0000000000000000000000000000000000000000000000000000000000000010 0x10
	// 0x0000000000000000000000000000000000000000000000000000000000000a82 0xa82
	// invalid address "0x": no hex digits
}

func ExampleParseTypeTag() {
	tag, err := ledgerapi.ParseTypeTag("0x0001 :: coin :: CoinStore < 0x1::aptos_coin::AptosCoin >")
	if err != nil {
		panic(err)
	}
	fmt.Println(tag)
	fmt.Printf("%x\n", bcs.Marshal(ledgerapi.VectorOf(ledgerapi.TypeU8)))

	pair, _ := ledgerapi.ParseTypeTag("0x1::pair::Pair<u8,vector<address>>")
	fmt.Println(pair)

	_, err = ledgerapi.ParseTypeTag("vector<i64>")
	fmt.Println(err)
	// Output:
	// 0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>
	// 0601
	// 0x1::pair::Pair<u8, vector<address>>
	// invalid type tag "vector<i64>": signed integer type i64 is not supported
}

func ExampleU64() {
	var body struct {
		Amount ledgerapi.U64 `json:"amount"`
	}
	fmt.Println(json.Unmarshal([]byte(`{"amount":"18446744073709551615"}`), &body), uint64(body.Amount))
	fmt.Println(json.Unmarshal([]byte(`{"amount":1000}`), &body))
	out, _ := json.Marshal(body)
	fmt.Println(string(out))
	// Output:
	// <nil> 18446744073709551615
	// json: cannot unmarshal u64 must be a JSON string, got 1000 into Go struct field .amount of type ledgerapi.U64
	// {"amount":"18446744073709551615"}
}

func ExampleError() {
	out, _ := json.Marshal(ledgerapi.NewError(ledgerapi.CodeAccountNotFound, "Account not found"))
	fmt.Println(string(out))
	// Output:
	// {"message":"Account not found","error_code":"account_not_found","vm_error_code":null}
}
