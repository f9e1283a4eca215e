package movestdlib

// 0x1::vector's native functions that the compiler turns into bytecode
// instructions (empty, length, borrow, push_back, borrow_mut, pop_back,
// destroy_empty, swap): Aptos declares them `native public`, so code
// compiled to call them (or taking them as function values) links and runs
// them here with the instructions' semantics and statuses
// (VECTOR_OPERATION_ERROR on a bad index or an empty pop).

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// vectorInstructions declares the instruction natives.
func vectorInstructions() []native.Function {
	v, mv, e := "vector<T0>", "&mut vector<T0>", "T0"
	one := []native.TypeParam{{}}
	return []native.Function{
		{Name: "empty", TypeParams: one, Return: []string{v}, Impl: vecEmpty},
		{Name: "length", TypeParams: one, Params: []string{"&" + v}, Return: []string{"u64"}, Impl: vecLength},
		{Name: "borrow", TypeParams: one, Params: []string{"&" + v, "u64"}, Return: []string{"&" + e}, Impl: vecBorrow(false)},
		{Name: "push_back", TypeParams: one, Params: []string{mv, e}, Impl: vecPushBack},
		{Name: "borrow_mut", TypeParams: one, Params: []string{mv, "u64"}, Return: []string{"&mut " + e}, Impl: vecBorrow(true)},
		{Name: "pop_back", TypeParams: one, Params: []string{mv}, Return: []string{e}, Impl: vecPopBack},
		{Name: "destroy_empty", TypeParams: one, Params: []string{v}, Impl: vecDestroyEmpty},
		{Name: "swap", TypeParams: one, Params: []string{mv, "u64", "u64"}, Impl: vecSwap},
	}
}

// vecIndexErr is the failure of a vector instruction given index i of a
// vector of n elements.
func vecIndexErr(op string, i uint64, n int) error {
	return &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR,
		Message: fmt.Sprintf("vector::%s: index %d of %d (index out of bounds)", op, i, n)}
}

func vecEmpty(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	vt, err := c.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(vt, nil)}, nil
}

func vecLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(uint64(movevm.VecLen(args[0])))}, nil
}

// vecBorrow is borrow or, with mut, borrow_mut: a reference to element i.
func vecBorrow(mut bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		i, n := args[1].AsU64(), movevm.VecLen(args[0])
		if i >= uint64(n) {
			return nil, vecIndexErr("borrow", i, n)
		}
		r, err := c.InnerRef(args[0], mut, int(i))
		return []movevm.Value{r}, err
	}
}

func vecPushBack(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, c.VecPushBack(args[0], args[1])
}

func vecPopBack(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	x, err := c.VecPopBack(args[0])
	return []movevm.Value{x}, err
}

// vecDestroyEmpty is destroy_empty: a vector that is not empty fails as
// the instruction (an unpack of zero elements) does.
func vecDestroyEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if n := args[0].Len(); n != 0 {
		return nil, &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR,
			Message: fmt.Sprintf("vector::destroy_empty: %d elements (length differs from the unpacked count)", n)}
	}
	return nil, nil
}

// vecSwap is swap(v, i, j), in place as the instruction does it.
func vecSwap(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, j, n := args[1].AsU64(), args[2].AsU64(), movevm.VecLen(args[0])
	if i >= uint64(n) || j >= uint64(n) {
		return nil, vecIndexErr("swap", max(i, j), n)
	}
	return nil, c.VecSwap(args[0], i, j)
}
