package verifier

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Shorthands for the hand-assembled functions of the type and locals
// safety tests.
var (
	h2I    = bc.I
	h2Addr = ledgerapi.MustParseAddress("0xcafe")
)

type h2Sig = []bc.SignatureToken

func h2u[T ~uint16](x T) uint64 { return uint64(x) }

// h2Env is the module every case starts from:
//
//	struct Coin has store { value: u64 }
//	struct Holder has key { coin: Coin }
//	struct Pt has copy, drop { x: u64, y: u64 }
//	struct Box<T> has copy, drop, store { v: T }
//	struct Store<T: store> has key { v: T }
//	enum E has copy, drop { A { x: u64 }, B { x: u64, y: bool }, C, D { x: bool } }
//	enum Opt<T> has copy, drop { None, Some { v: T } }
//	native struct N has drop
//	public fun add(a: u64, b: u64): u64; fun inc(a: u64, b: u64): u64
//	public fun id<T>(x: T): T; public fun peek(r: &u64, x: u64): u64
//	public fun deposit(c: Coin) (unpacks it)
//	use 0x1::signer::address_of(&signer): address
type h2Env struct {
	b                                         *bc.ModuleBuilder
	coin, holder, pt, box, store, e, opt, nat bc.StructDefIndex
	coinT, holderT, ptT, eT                   bc.SignatureToken
	add, inc, id, peek, deposit, addressOf    bc.FunctionHandleIndex
	u64Sig, u8Sig, coinSig                    uint64 // one-type signatures, for the vector instructions
	fnU64                                     bc.SignatureToken
	bytes, num, addr                          bc.ConstantIndex
}

var (
	h2CD  = bc.AbilityCopy | bc.AbilityDrop
	h2CDS = bc.AbilityCopy | bc.AbilityDrop | bc.AbilityStore
)

func h2NewEnv() *h2Env {
	b := bc.NewModuleBuilder(h2Addr, "m").Version(bc.VersionMax)
	e := &h2Env{b: b}
	u64 := bc.U64
	e.coin = b.Struct("Coin", bc.AbilityStore, bc.Field("value", u64))
	e.coinT = b.StructType(e.coin)
	e.holder = b.Struct("Holder", bc.AbilityKey, bc.Field("coin", e.coinT))
	e.holderT = b.StructType(e.holder)
	e.pt = b.Struct("Pt", h2CD, bc.Field("x", u64), bc.Field("y", u64))
	e.ptT = b.StructType(e.pt)
	e.box = b.GenericStruct("Box", h2CDS, []bc.StructTypeParameter{{}}, bc.Field("v", bc.TypeParameter(0)))
	e.store = b.GenericStruct("Store", bc.AbilityKey, []bc.StructTypeParameter{{Constraints: bc.AbilityStore}},
		bc.Field("v", bc.TypeParameter(0)))
	e.e = b.Enum("E", h2CD, nil, bc.Variant("A", bc.Field("x", u64)),
		bc.Variant("B", bc.Field("x", u64), bc.Field("y", bc.Bool)), bc.Variant("C"), bc.Variant("D", bc.Field("x", bc.Bool)))
	e.eT = b.StructType(e.e)
	e.opt = b.Enum("Opt", h2CD, []bc.StructTypeParameter{{}}, bc.Variant("None"),
		bc.Variant("Some", bc.Field("v", bc.TypeParameter(0))))
	e.nat = b.NativeStruct("N", bc.AbilityDrop)
	two := h2Sig{u64, u64}
	e.add = b.Function("add", bc.Public, bc.Fn{Params: two, Returns: h2Sig{u64}, Code: []bc.Instruction{
		h2I(bc.OpMoveLoc, 0), h2I(bc.OpMoveLoc, 1), h2I(bc.OpAdd), h2I(bc.OpRet)}})
	e.inc = b.Function("inc", bc.Private, bc.Fn{Params: two, Returns: h2Sig{u64}, Code: []bc.Instruction{
		h2I(bc.OpMoveLoc, 0), h2I(bc.OpMoveLoc, 1), h2I(bc.OpAdd), h2I(bc.OpRet)}})
	e.id = b.Function("id", bc.Public, bc.Fn{TypeParams: []bc.AbilitySet{0}, Params: h2Sig{bc.TypeParameter(0)},
		Returns: h2Sig{bc.TypeParameter(0)}, Code: []bc.Instruction{h2I(bc.OpMoveLoc, 0), h2I(bc.OpRet)}})
	e.peek = b.Function("peek", bc.Public, bc.Fn{Params: h2Sig{bc.Ref(u64), u64}, Returns: h2Sig{u64}, Code: []bc.Instruction{
		h2I(bc.OpMoveLoc, 0), h2I(bc.OpReadRef), h2I(bc.OpMoveLoc, 1), h2I(bc.OpAdd), h2I(bc.OpRet)}})
	e.deposit = b.Function("deposit", bc.Public, bc.Fn{Params: h2Sig{e.coinT}, Code: []bc.Instruction{
		h2I(bc.OpMoveLoc, 0), h2I(bc.OpUnpack, h2u(e.coin)), h2I(bc.OpPop), h2I(bc.OpRet)}})
	e.addressOf = b.ImportFunction(b.ModuleRef(ledgerapi.AddressOne, "signer"), "address_of",
		bc.Fn{Params: h2Sig{bc.Ref(bc.Signer)}, Returns: h2Sig{bc.Address}})
	e.u64Sig, e.u8Sig = uint64(b.Signature(u64)), uint64(b.Signature(bc.U8))
	e.coinSig = uint64(b.Signature(e.coinT))
	e.fnU64 = bc.FunctionType(h2Sig{u64}, h2Sig{u64}, h2CD)
	e.bytes = b.ConstantBytes([]byte("oops"))
	e.num = b.Constant(u64, []byte{7, 0, 0, 0, 0, 0, 0, 0})
	e.addr = b.Constant(bc.Address, h2Addr[:])
	return e
}

// h2Fn is a function's parameters, returns, locals and code.
func h2Fn(params, returns, locals h2Sig, code ...bc.Instruction) bc.Fn {
	return bc.Fn{Params: params, Returns: returns, Locals: locals, Code: code}
}

// h2Case is a function f added to the environment module and the status
// the two passes give it (0: accepted).
type h2Case struct {
	name string
	want onchain.StatusCode
	fn   func(e *h2Env) bc.Fn
}

// h2EditCase is a case whose built module is changed by edit and checked
// without going through the reader.
type h2EditCase struct {
	h2Case
	edit func(e *h2Env, m *bc.Module)
}

// h2Build builds the case's module: read back from its bytes (so that the
// reader's bounds checks hold), unless the case edits it.
func h2Build(t *testing.T, c h2Case, edit func(e *h2Env, m *bc.Module)) *bc.Module {
	t.Helper()
	e := h2NewEnv()
	e.b.Function("f", bc.Public, c.fn(e))
	m, err := e.b.Module()
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(e, m)
		return m
	}
	code, err := m.Serialize()
	if err != nil {
		t.Fatal(err)
	}
	if m, err = bc.DeserializeModule(code); err != nil {
		t.Fatalf("the reader refuses the module: %v", err)
	}
	return m
}

// h2RunCases checks every case: the status, and that a refusal is in f.
func h2RunCases(t *testing.T, cases []h2Case) {
	t.Helper()
	var ecs []h2EditCase
	for _, c := range cases {
		ecs = append(ecs, h2EditCase{h2Case: c})
	}
	h2RunEditCases(t, ecs)
}

// h2RunEditCases is h2RunCases for cases that may edit their module.
func h2RunEditCases(t *testing.T, cases []h2EditCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := h2Build(t, c.h2Case, c.edit)
			err := h2Passes(newModuleUnit(m, Production()))
			if got := h2Status(err); got != c.want {
				t.Fatalf("got %v (%v), want %v", got, err, c.want)
			}
			var verr *Error
			if errors.As(err, &verr) && verr.Function != len(m.FunctionDefs)-1 {
				t.Fatalf("refused in function %d, not f: %v", verr.Function, err)
			}
		})
	}
}

// h2Passes runs type safety then locals safety over every function with
// code of u, as the verifier does after control flow and stack usage.
func h2Passes(u *unit) error {
	for _, fn := range u.funcs {
		if fn.code == nil {
			continue
		}
		fn.cfg = newCFG(fn.code.Code)
		if err := checkTypeSafety(u, fn); err != nil {
			return err
		}
		if err := checkLocalsSafety(u, fn); err != nil {
			return err
		}
	}
	return nil
}

// h2Status is err's status, 0 for nil and 1 for an error that is not an *Error.
func h2Status(err error) onchain.StatusCode {
	if err == nil {
		return 0
	}
	var verr *Error
	if errors.As(err, &verr) {
		return verr.Status
	}
	return 1
}

// h2RealUnits gathers compiled units the two passes must accept: the
// sample packages (bytecode as the Move compiler emits it) and the Move
// compiler's own output kept as test vectors in the repository. Files
// whose hex does not read as a unit (truncated examples) are skipped.
func h2RealUnits(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	add := func(name string, b []byte, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = b
	}
	a := h2Addr
	b, err := samples.Message(a)
	add("samples.Message", b, err)
	for _, v := range [][2]bool{{true, false}, {true, true}, {false, true}} {
		b, err = samples.Math(a, v[0], v[1])
		add(fmt.Sprintf("samples.Math%v", v), b, err)
	}
	b, err = samples.Broken(a)
	add("samples.Broken", b, err)
	b, err = samples.Args(a)
	add("samples.Args", b, err)
	b, err = samples.Payments(a)
	add("samples.Payments", b, err)
	b, err = samples.Badges(a)
	add("samples.Badges", b, err)
	b, err = samples.Scores(a)
	add("samples.Scores", b, err)
	b, err = samples.TransferScript()
	add("samples.TransferScript", b, err)
	b, err = samples.PayEachOtherScript()
	add("samples.PayEachOtherScript", b, err)
	const publisher = "2cca48b8b0d7f77ef28bfd608883c599680c5b8db8192c5e3baaae1aee45114c"
	hexRE := regexp.MustCompile(`a11ceb0b[0-9a-f]+`)
	for _, f := range []string{
		"../../ledgerapi/bytecode/testdata/tssdk/tx_args_module.hex.tmpl",
		"../../ledgerapi/bytecode/testdata/tssdk/multi_signer_script.hex.tmpl",
		"../../ledgerapi/bytecode/vectors_test.go",
		"../../ledgerapi/testdata/sdk_vectors.json",
		"../../handlers/testdata/golden/stack/account_module.json",
	} {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(raw), "${PUBLISHER_ACCOUNT_ADDRESS}", publisher)
		for i, h := range hexRE.FindAllString(text, -1) {
			if b, err := hex.DecodeString(h[:len(h)&^1]); err == nil {
				out[fmt.Sprintf("%s#%d", filepath.Base(f), i)] = b
			}
		}
	}
	return out
}

// TestTypeAndLocalsSafetyRealModules is the check against false positives: every unit
// the Move compiler produced, and every sample, passes type safety and
// locals safety (and the whole verifier as far as it is written).
func TestTypeAndLocalsSafetyRealModules(t *testing.T) {
	read, passes := 0, 0
	for name, b := range h2RealUnits(t) {
		m, s, err := bc.Config{AllowTrailingBytes: true}.Deserialize(b)
		if err != nil {
			continue // a truncated example, not a unit
		}
		read++
		var u *unit
		var whole error
		if m != nil {
			u, whole = newModuleUnit(m, Production()), Module(m, Production())
		} else {
			u, whole = newScriptUnit(s, Production()), Script(s, Production())
		}
		if err := h2Passes(u); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if whole != nil {
			t.Errorf("%s: the verifier refuses it: %v", name, whole)
			continue
		}
		passes++
	}
	// 11 samples, the SDK's module and 4 scripts, and the served module.
	if read != 17 || passes != read {
		t.Fatalf("%d units read, %d pass", read, passes)
	}
}
