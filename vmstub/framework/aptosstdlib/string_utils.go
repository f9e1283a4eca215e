package aptosstdlib

// 0x1::string_utils: Move values as text (to_string,
// to_string_with_canonical_addresses, to_string_with_integer_types,
// debug_string, format1 … format4), the way Aptos's
// native_format writes them: integers in decimal (with their type as a
// suffix on request), addresses as @0x…, vector<u8> as 0x… hex, strings
// quoted and escaped, Option as None or Some(…), vectors as [ a, b ] and
// structs as Name { field: value } (the full type with debug_string and
// format), on one line or indented two spaces per level.

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of string_utils.
const (
	EArgsMismatch   = 1
	EInvalidFormat  = 2
	EUnableToFormat = 3
)

// formatOptions are native_format's flags.
type formatOptions struct {
	typeTag, canonicalize, singleLine, intTypes bool
}

// StringUtils declares 0x1::string_utils.
func StringUtils() native.Module {
	toString := func(name string, o formatOptions) native.Function {
		return native.Function{Name: name, TypeParams: []native.TypeParam{{}}, Params: []string{"&T0"},
			Return: []string{"0x1::string::String"}, Impl: toStringFunc(o)}
	}
	fs := []native.Function{
		toString("to_string", formatOptions{singleLine: true}),
		toString("to_string_with_canonical_addresses", formatOptions{canonicalize: true, singleLine: true}),
		toString("to_string_with_integer_types", formatOptions{singleLine: true, intTypes: true}),
		toString("debug_string", formatOptions{typeTag: true}),
	}
	for n := 1; n <= 4; n++ {
		params := []string{"&vector<u8>"}
		tps := make([]native.TypeParam, n)
		for i := range n {
			params = append(params, fmt.Sprintf("T%d", i))
			tps[i] = native.TypeParam{Constraints: []string{native.AbilityDrop}}
		}
		fs = append(fs, native.Function{Name: fmt.Sprintf("format%d", n), TypeParams: tps, Params: params,
			Return: []string{"0x1::string::String"}, Impl: formatN})
	}
	cdsAbilities := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	return native.Module{Address: addr, Name: "string_utils", Functions: fs,
		// Cons and NIL: the heterogeneous list Aptos's format1..format4
		// build for native_format_list (here the natives format their
		// arguments directly).
		Structs: []native.Struct{
			{Name: "Cons", Abilities: cdsAbilities, TypeParams: []native.TypeParam{{}, {}}, Fields: []string{"car: T0", "cdr: T1"}},
			{Name: "NIL", Abilities: cdsAbilities, Fields: []string{"dummy_field: bool"}},
		},
		Errors: []native.AbortReason{
			{Reason: EArgsMismatch, Name: "EARGS_MISMATCH", Description: "The number of values in the format list doesn't match the number of \"{}\" in the format string."},
			{Reason: EInvalidFormat, Name: "EINVALID_FORMAT", Description: "The format string is not valid."},
			{Reason: EUnableToFormat, Name: "EUNABLE_TO_FORMAT_DELAYED_FIELD", Description: "Formatting is not possible because the value contains delayed fields such as aggregators."},
		},
	}
}

// moveString makes a String value of s, whose bytes the formatter has
// charged already.
func moveString(ctx *native.Context, s string) (movevm.Value, error) {
	t, err := movestdlib.StringType(ctx)
	if err != nil {
		return movevm.Value{}, err
	}
	if err := ctx.FitsMemory(len(s)); err != nil {
		return movevm.Value{}, err
	}
	bs, err := ctx.Bytes([]byte(s))
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(t, []movevm.Value{bs}), nil
}

// formatValue formats v (of type t) with o.
func formatValue(ctx *native.Context, t *movevm.Type, v movevm.Value, o formatOptions) (string, error) {
	tag, err := t.Tag()
	if err != nil {
		return "", &movevm.NativeAbort{Code: EUnableToFormat}
	}
	if err := native.ChargeTag(ctx.NativeContext, tag); err != nil {
		return "", err
	}
	data, err := movevm.Serialize(nil, v)
	if err != nil {
		return "", &movevm.NativeAbort{Code: EUnableToFormat}
	}
	if err := native.ChargeRead(ctx.NativeContext, len(data)); err != nil {
		return "", err
	}
	f := &formatter{ctx: ctx, o: o}
	d := bcs.NewDecoder(data)
	if err := f.value(tag, d, 0); err != nil {
		return "", err
	}
	if d.Finish() != nil {
		return "", &movevm.NativeAbort{Code: EUnableToFormat}
	}
	return f.out.String(), f.charge()
}

// toStringFunc is to_string and its variants: the value with o.
func toStringFunc(o formatOptions) native.Func {
	return func(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		v, _ := args[0].Deref()
		s, err := formatValue(ctx, targs[0], v, o)
		if err != nil {
			return nil, err
		}
		out, err := moveString(ctx, s)
		return []movevm.Value{out}, err
	}
}

// formatN is format1…format4: "{}" takes the next value (formatted
// with its full type name, on one line), "{{" and "}}" are braces.
func formatN(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	fmtRef, _ := args[0].Deref()
	if err := native.ChargeRead(ctx.NativeContext, fmtRef.Len()); err != nil {
		return nil, err
	}
	format := string(fmtRef.Bytes())
	var b strings.Builder
	next := 1
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case c == '{' && i+1 < len(format) && format[i+1] == '{', c == '}' && i+1 < len(format) && format[i+1] == '}':
			b.WriteByte(c)
			i++
		case c == '{' && i+1 < len(format) && format[i+1] == '}':
			if next >= len(args) {
				return nil, &movevm.NativeAbort{Code: EArgsMismatch}
			}
			s, err := formatValue(ctx, targs[next-1], args[next], formatOptions{typeTag: true, singleLine: true})
			if err != nil {
				return nil, err
			}
			b.WriteString(s)
			next++
			i++
		case c == '{' || c == '}':
			return nil, &movevm.NativeAbort{Code: EInvalidFormat}
		default:
			b.WriteByte(c)
		}
	}
	if next != len(args) {
		return nil, &movevm.NativeAbort{Code: EArgsMismatch}
	}
	out, err := moveString(ctx, b.String())
	return []movevm.Value{out}, err
}

// formatter writes values read from their BCS, charging per byte written
// as it goes, so that text larger than the value (type names,
// indentation) is paid for, and fits in memory, before more is written.
type formatter struct {
	ctx     *native.Context
	o       formatOptions
	out     strings.Builder
	charged int
}

// charge charges the bytes written since the last charge and checks that
// the text so far fits in the memory quota.
func (f *formatter) charge() error {
	n := f.out.Len() - f.charged
	f.charged = f.out.Len()
	return native.ChargeOutput(f.ctx.NativeContext, n, f.out.Len())
}

func (f *formatter) spaceOrNewline(newline bool, depth int) {
	if !newline {
		f.out.WriteByte(' ')
		return
	}
	f.out.WriteByte('\n')
	f.out.WriteString(strings.Repeat("  ", depth))
}

// items writes n items (each by write, named by names when given) as
// native_format's format_vector does.
func (f *formatter) items(n int, names []string, newline bool, depth int, write func(i int) error) error {
	if n == 0 {
		return nil
	}
	f.spaceOrNewline(newline, depth+1)
	for i := range n {
		if i > 0 {
			f.out.WriteByte(',')
			f.spaceOrNewline(newline, depth+1)
		}
		if names != nil {
			f.out.WriteString(names[i] + ": ")
		}
		if err := write(i); err != nil {
			return err
		}
	}
	f.spaceOrNewline(newline, depth)
	return nil
}

func (f *formatter) value(t ledgerapi.TypeTag, d *bcs.Decoder, depth int) error {
	if err := f.charge(); err != nil {
		return err
	}
	suffix := ""
	switch t.Kind {
	case ledgerapi.KindBool:
		fmt.Fprint(&f.out, d.Bool("bool"))
	case ledgerapi.KindU8:
		fmt.Fprint(&f.out, d.U8("u8"))
		suffix = "u8"
	case ledgerapi.KindU16:
		fmt.Fprint(&f.out, d.U16("u16"))
		suffix = "u16"
	case ledgerapi.KindU32:
		fmt.Fprint(&f.out, d.U32("u32"))
		suffix = "u32"
	case ledgerapi.KindU64:
		fmt.Fprint(&f.out, d.U64("u64"))
		suffix = "u64"
	case ledgerapi.KindU128:
		if err := f.ctx.ChargeElems(native.WideIntCost); err != nil {
			return err
		}
		lo, hi := d.U128("u128")
		f.out.WriteString(new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64), new(big.Int).SetUint64(lo)).String())
		suffix = "u128"
	case ledgerapi.KindU256:
		if err := f.ctx.ChargeElems(native.WideIntCost); err != nil {
			return err
		}
		limbs := d.U256("u256")
		x := new(big.Int)
		for i := 3; i >= 0; i-- {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(limbs[i]))
		}
		f.out.WriteString(x.String())
		suffix = "u256"
	case ledgerapi.KindAddress, ledgerapi.KindSigner:
		var a ledgerapi.Address
		d.Fixed(a[:], "address")
		s := a.ShortString()
		if f.o.canonicalize {
			s = a.LongString()
		}
		if t.Kind == ledgerapi.KindSigner {
			fmt.Fprintf(&f.out, "signer(@%s)", s)
		} else {
			f.out.WriteString("@" + s)
		}
	case ledgerapi.KindVector:
		if t.Elem.Kind == ledgerapi.KindU8 {
			f.out.WriteString("0x" + hex.EncodeToString(d.ReadBytes("vector<u8>")))
			return nil
		}
		n := d.SeqLen("vector", 1)
		f.out.WriteByte('[')
		primitive := t.Elem.Kind != ledgerapi.KindVector && t.Elem.Kind != ledgerapi.KindStruct
		if err := f.items(n, nil, !f.o.singleLine && !primitive, depth, func(int) error { return f.value(*t.Elem, d, depth+1) }); err != nil {
			return err
		}
		f.out.WriteByte(']')
	case ledgerapi.KindStruct:
		return f.structValue(*t.Struct, d, depth)
	default:
		return &movevm.NativeAbort{Code: EUnableToFormat}
	}
	if f.o.intTypes {
		f.out.WriteString(suffix)
	}
	return nil
}

func (f *formatter) structValue(st ledgerapi.StructTag, d *bcs.Decoder, depth int) error {
	if st.Address == ledgerapi.AddressOne && st.Module == "string" && st.Name == "String" {
		s := string(d.ReadBytes("String"))
		f.out.WriteString(`"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`)
		return nil
	}
	if st.Address == ledgerapi.AddressOne && st.Module == "option" && st.Name == "Option" && len(st.TypeArgs) == 1 {
		if d.SeqLen("Option", 1) == 0 {
			f.out.WriteString("None")
			return nil
		}
		f.out.WriteString("Some(")
		if err := f.value(st.TypeArgs[0], d, depth); err != nil {
			return err
		}
		f.out.WriteByte(')')
		return nil
	}
	m, err := f.ctx.Host().Module(st.ModuleID())
	switch {
	case errors.Is(err, modules.ErrModuleNotFound) || errors.Is(err, modules.ErrUndecodable):
		return &movevm.NativeAbort{Code: EUnableToFormat}
	case err != nil:
		return err // the state could not be read
	}
	layout, err := m.Layout(st)
	if err != nil {
		return &movevm.NativeAbort{Code: EUnableToFormat}
	}
	if f.o.typeTag {
		f.out.WriteString(ledgerapi.StructType(st).String() + " {")
	} else {
		f.out.WriteString(st.Name + " {")
	}
	names := make([]string, len(layout.Fields))
	for i, fl := range layout.Fields {
		names[i] = fl.Name
	}
	if err := f.items(len(layout.Fields), names, !f.o.singleLine, depth, func(i int) error {
		return f.value(layout.Fields[i].Type, d, depth+1)
	}); err != nil {
		return err
	}
	f.out.WriteByte('}')
	return nil
}
