package movevalue

import (
	"encoding/json"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

const fungibleStoreBCS = "a66d5588e5e71987999dea776e5798be8926470f012e4a4f320e0737903ecba1" +
	"204e000000000000" + "00"

// plainResolver resolves non-generic structs without allocating, to measure
// the codec rather than MapResolver's tag formatting.
type plainResolver map[plainKey]*StructLayout

type plainKey struct {
	addr         ledgerapi.Address
	module, name string
}

func (r plainResolver) StructLayout(tag ledgerapi.StructTag) (*StructLayout, error) {
	if l := r[plainKey{tag.Address, tag.Module, tag.Name}]; l != nil && len(tag.TypeArgs) == 0 {
		return l, nil
	}
	return nil, ErrUnknownStruct
}

// BenchmarkRenderFungibleStore renders a FungibleStore the way the resource
// endpoints do: streaming into a reused buffer.
func BenchmarkRenderFungibleStore(b *testing.B) {
	b.Run("resolver=plain", func(b *testing.B) {
		c := Codec{Resolver: plainResolver{
			{ledgerapi.AddressOne, "fungible_asset", "FungibleStore"}: testResolver(b)["0x1::fungible_asset::FungibleStore"],
		}}
		benchRenderFungibleStore(b, c)
	})
	b.Run("resolver=map", func(b *testing.B) { benchRenderFungibleStore(b, testCodec(b)) })
}

func benchRenderFungibleStore(b *testing.B, c Codec) {
	typ := mustType(b, "0x1::fungible_asset::FungibleStore")
	raw := unhex(b, fungibleStoreBCS)
	dst := make([]byte, 0, 256)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		dst, err = c.AppendJSON(dst[:0], typ, bcs.NewDecoder(raw))
		if err != nil {
			b.Fatal(err)
		}
	}
	if want := `{"balance":"20000","frozen":false,"metadata":{"inner":"0xa66d5588e5e71987999dea776e5798be8926470f012e4a4f320e0737903ecba1"}}`; string(dst) != want {
		b.Fatalf("rendered %s", dst)
	}
}

// BenchmarkRenderAccount renders the V7 Account resource (nested structs,
// every level reordered).
func BenchmarkRenderAccount(b *testing.B) {
	c := testCodec(b)
	typ := mustType(b, "0x1::account::Account")
	raw := unhex(b, v7Account)
	dst := make([]byte, 0, 1024)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		dst, err = c.AppendJSON(dst[:0], typ, bcs.NewDecoder(raw))
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseFungibleStore converts the JSON form back to BCS.
func BenchmarkParseFungibleStore(b *testing.B) {
	c := testCodec(b)
	typ := mustType(b, "0x1::fungible_asset::FungibleStore")
	js := json.RawMessage(`{"balance":"20000","frozen":false,"metadata":{"inner":"0xa"}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.JSONToBCS(typ, js); err != nil {
			b.Fatal(err)
		}
	}
}
