package movevalue

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// TestSDKMoveValues checks the Move values the official TypeScript SDK
// serialized (ledgerapi/testdata/sdk_vectors.json): our JSON→BCS gives the
// SDK's bytes, and our BCS→JSON gives the documented REST JSON.
func TestSDKMoveValues(t *testing.T) {
	b, err := os.ReadFile("../testdata/sdk_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		MoveValues []struct {
			Type string             `json:"type"`
			JSON json.RawMessage    `json:"json"`
			BCS  ledgerapi.HexBytes `json:"bcs"`
		} `json:"move_values"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.MoveValues) < 20 {
		t.Fatalf("only %d move values", len(v.MoveValues))
	}
	c := Codec{Resolver: MapResolver{}}
	for _, mv := range v.MoveValues {
		tag, err := ledgerapi.ParseTypeTag(mv.Type)
		if err != nil {
			t.Errorf("%s: %v", mv.Type, err)
			continue
		}
		got, err := c.JSONToBCS(tag, mv.JSON)
		if err != nil {
			t.Errorf("%s %s: JSONToBCS: %v", mv.Type, mv.JSON, err)
			continue
		}
		if !bytes.Equal(got, mv.BCS) {
			t.Errorf("%s %s: BCS %x, SDK %x", mv.Type, mv.JSON, got, []byte(mv.BCS))
		}
		out, err := c.BCSToJSON(tag, mv.BCS)
		if err != nil {
			t.Errorf("%s: BCSToJSON: %v", mv.Type, err)
			continue
		}
		var a, e any
		json.Unmarshal(out, &a)
		json.Unmarshal(mv.JSON, &e)
		if !reflect.DeepEqual(a, e) {
			t.Errorf("%s: JSON %s, expected %s", mv.Type, out, mv.JSON)
		}
	}
}
