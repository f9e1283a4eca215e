package movevalue

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// funcResolver adapts a function to Resolver.
type funcResolver func(ledgerapi.StructTag) (*StructLayout, error)

func (f funcResolver) StructLayout(t ledgerapi.StructTag) (*StructLayout, error) { return f(t) }

func TestResolverErrors(t *testing.T) {
	boom := errors.New("storage offline")
	typ := mustType(t, "0xcafe::m::S")
	for _, tc := range []struct {
		r       funcResolver
		unknown bool
		want    string
	}{
		{func(ledgerapi.StructTag) (*StructLayout, error) { return nil, boom }, false, "value: resolving 0xcafe::m::S: storage offline"},
		{func(ledgerapi.StructTag) (*StructLayout, error) { return nil, nil }, true, "value: unknown struct type 0xcafe::m::S"},
	} {
		c := Codec{Resolver: tc.r}
		_, err1 := c.JSONToBCS(typ, json.RawMessage(`{}`))
		_, err2 := c.BCSToJSON(typ, []byte{0})
		for _, err := range []error{err1, err2} {
			if err == nil || err.Error() != tc.want || errors.Is(err, ErrUnknownStruct) != tc.unknown {
				t.Errorf("got %v, want %s (unknown=%v)", err, tc.want, tc.unknown)
			}
		}
		if tc.r != nil && !tc.unknown && !errors.Is(err1, boom) {
			t.Errorf("cause lost: %v", err1)
		}
	}
}

// TestOddFieldNames checks that names from a resolver are escaped and
// sorted by bytes, even ones no Move compiler would produce.
func TestOddFieldNames(t *testing.T) {
	l := &StructLayout{Fields: []Field{
		{Name: "b", Type: ledgerapi.TypeU8},
		{Name: `a"q`, Type: ledgerapi.TypeU8},
		{Name: "B", Type: ledgerapi.TypeU8},
		{Name: "_", Type: ledgerapi.TypeU8},
	}}
	c := Codec{Resolver: funcResolver(func(ledgerapi.StructTag) (*StructLayout, error) { return l, nil })}
	typ := mustType(t, "0xcafe::m::S")
	js, err := c.BCSToJSON(typ, []byte{1, 2, 3, 4})
	if want := `{"B":3,"_":4,"a\"q":2,"b":1}`; err != nil || string(js) != want {
		t.Fatalf("got %s, %v; want %s", js, err, want)
	}
	b, err := c.JSONToBCS(typ, js)
	if err != nil || string(b) != "\x01\x02\x03\x04" {
		t.Fatalf("back: %x, %v", b, err)
	}
}

// TestManyFields exceeds the fixed buffers used for small layouts.
func TestManyFields(t *testing.T) {
	var specs []string
	raw := make([]byte, 40)
	for i := range 40 {
		// Declared "aa","ba",…,"za","ab",…: far from sorted.
		specs = append(specs, string(rune('a'+i%26))+string(rune('a'+i/26))+": u8")
		raw[i] = byte(i)
	}
	m := MapResolver{}
	if err := m.Add("0xcafe::m::Big", specs...); err != nil {
		t.Fatal(err)
	}
	c := Codec{Resolver: m}
	typ := mustType(t, "0xcafe::m::Big")
	js, err := c.BCSToJSON(typ, raw)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(js), `{"aa":0,"ab":26,"ba":1,"bb":27,`) || !strings.HasSuffix(string(js), `"za":25}`) {
		t.Fatalf("order: %s", js)
	}
	back, err := c.JSONToBCS(typ, js)
	if err != nil || string(back) != string(raw) {
		t.Fatalf("round trip of %s: %x, %v", js, back, err)
	}
}

// TestConcurrentUse shares one Codec between goroutines (run with -race).
func TestConcurrentUse(t *testing.T) {
	c := testCodec(t)
	typ := mustType(t, "0x1::account::Account")
	raw := unhex(t, v7Account)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				js, err := c.BCSToJSON(typ, raw)
				if err != nil || string(js) != v7AccountJSON {
					t.Errorf("got %s, %v", js, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestMustParseLayoutPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	MustParseLayout("x")
}
