package devapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// TestDecodeU64 checks that the u64 fields of a request read a decimal
// string or a JSON number, and nothing else, through ledgerapi.U64.
func TestDecodeU64(t *testing.T) {
	type in struct {
		ID      *ledgerapi.U64 `json:"id"`
		Seconds ledgerapi.U64  `json:"seconds"`
		Name    *string        `json:"name"`
	}
	ok := map[string][2]uint64{
		`{"id":"12"}`:                  {12, 0},
		`{"id":12}`:                    {12, 0},
		`{"id":18446744073709551615}`:  {18446744073709551615, 0},
		`{"ID":7,"seconds":"3"}`:       {7, 3},
		`{"seconds":5,"name":"x"}`:     {0, 5},
		` {"id":"007","seconds":0} `:   {7, 0},
		`{"id":"1","name":"12"}`:       {1, 0},
		`{"name":"{\"id\":1}","id":2}`: {2, 0},
	}
	for body, want := range ok {
		var v in
		if err := decode(post(body), &v); err != nil {
			t.Errorf("%s: %v", body, err)
			continue
		}
		got := [2]uint64{0, uint64(v.Seconds)}
		if v.ID != nil {
			got[0] = uint64(*v.ID)
		}
		if got != want {
			t.Errorf("%s: decoded %v, want %v", body, got, want)
		}
	}
	for _, body := range []string{
		`{"id":-1}`, `{"id":1.5}`, `{"id":1e3}`, `{"id":18446744073709551616}`, `{"id":"0x1"}`,
		`{"id":true}`, `{"name":7}`, `{"id":1,"extra":2}`, `{"id":1} {}`, `[1]`, `{"id":1`,
	} {
		var v in
		err := decode(post(body), &v)
		if ae, ok := err.(*ledgerapi.Error); !ok || ae.ErrorCode != ledgerapi.CodeInvalidInput {
			t.Errorf("%s: %v, want invalid_input", body, err)
		}
	}
}

func post(body string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}
