package vmstub

import "github.com/ledgernode/ledgernode/vmstub/movevm"

// Natives that return references into their arguments: option::borrow,
// borrow_mut and borrow_with_default, string::bytes.

func optionRefFunctions() []Function {
	opt := "0x1::option::Option<T0>"
	return []Function{
		generic(Function{Name: "borrow", Params: []string{"&" + opt}, Return: []string{"&T0"}, MoveNative: nativeOptionBorrow(false)}, elemParam),
		generic(Function{Name: "borrow_mut", Params: []string{"&mut " + opt}, Return: []string{"&mut T0"}, MoveNative: nativeOptionBorrow(true)}, elemParam),
		generic(Function{Name: "borrow_with_default", Params: []string{"&" + opt, "&T0"}, Return: []string{"&T0"}, MoveNative: nativeOptionBorrowWithDefault}, elemParam),
	}
}

func stringRefFunctions() []Function {
	return []Function{{Name: "bytes", Params: []string{"&" + tString}, Return: []string{"&vector<u8>"}, MoveNative: nativeStringBytes}}
}

// nativeOptionBorrow is option::borrow (or borrow_mut): a reference to the
// element, aborting with EOPTION_NOT_SET on None.
func nativeOptionBorrow(mut bool) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		o, _ := args[0].Deref()
		if o.Elem(0).Len() == 0 {
			return nil, &movevm.NativeAbort{Code: eOptionNotSet}
		}
		r, err := ctx.InnerRef(args[0], mut, 0, 0)
		return []movevm.Value{r}, err
	}
}

// nativeOptionBorrowWithDefault is option::borrow_with_default.
func nativeOptionBorrowWithDefault(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, _ := args[0].Deref()
	if o.Elem(0).Len() == 0 {
		return []movevm.Value{args[1]}, nil
	}
	r, err := ctx.InnerRef(args[0], false, 0, 0)
	return []movevm.Value{r}, err
}

// nativeStringBytes is string::bytes: a reference to the string's bytes.
func nativeStringBytes(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := ctx.InnerRef(args[0], false, 0)
	return []movevm.Value{r}, err
}
