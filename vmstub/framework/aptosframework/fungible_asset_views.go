package aptosframework

// 0x1::fungible_asset's #[view] functions and its other readers
// (dispatch functions of a store), answered from the metadata, supply and
// store resources as the framework computes them. Their Object<T>
// arguments were checked to name an object holding T.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// faViewFunctions are fungible_asset's views and readers of stores.
func faViewFunctions() []native.Function {
	objT := []string{tObjT}
	optU128 := []string{"0x1::option::Option<u128>"}
	view := func(name string, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, IsView: true, TypeParams: keyParam, Params: objT, Return: []string{ret}, Impl: impl}
	}
	friend := func(f native.Function) native.Function { f.Visibility = native.Friend; return f }
	return []native.Function{
		{Name: "supply", IsView: true, TypeParams: keyParam, Params: objT, Return: optU128, Impl: viewSupply},
		{Name: "maximum", IsView: true, TypeParams: keyParam, Params: objT, Return: optU128, Impl: viewMaximum},
		view("name", tString, viewMetadata(0)),
		view("symbol", tString, viewMetadata(1)),
		view("decimals", "u8", viewMetadata(2)),
		view("icon_uri", tString, viewMetadata(3)),
		view("project_uri", tString, viewMetadata(4)),
		view("metadata", "0x1::fungible_asset::Metadata", viewMetadataStruct),
		view("is_untransferable", "bool", viewUntransferable),
		{Name: "store_exists", IsView: true, Params: []string{"address"}, Return: []string{"bool"}, Impl: viewStoreExists},
		view("store_metadata", tObjectMetadata, viewStoreMetadata),
		view("balance", "u64", viewBalance),
		{Name: "is_balance_at_least", IsView: true, TypeParams: keyParam, Params: []string{tObjT, "u64"}, Return: []string{"bool"}, Impl: viewBalanceAtLeast},
		friend(native.Function{Name: "is_address_balance_at_least", Params: []string{"address", "u64"}, Return: []string{"bool"}, Impl: addressBalanceAtLeast}),
		view("is_frozen", "bool", viewIsFrozen),
		view("is_store_dispatchable", "bool", viewStoreDispatchable),
		{Name: "deposit_dispatch_function", TypeParams: keyParam, Params: objT, Return: []string{tOptFuncInfo}, Impl: storeDispatchFunction(1)},
		{Name: "withdraw_dispatch_function", TypeParams: keyParam, Params: objT, Return: []string{tOptFuncInfo}, Impl: storeDispatchFunction(0)},
		friend(native.Function{Name: "derived_balance_dispatch_function", TypeParams: keyParam, Params: objT, Return: []string{tOptFuncInfo}, Impl: storeDispatchFunction(2)}),
		friend(native.Function{Name: "derived_supply_dispatch_function", TypeParams: keyParam, Params: objT, Return: []string{tOptFuncInfo}, Impl: supplyDispatchFunction}),
	}
}

// maxU64 is both halves of u128::MAX, the max_value of an unlimited
// ConcurrentSupply.
const maxU64 = ^uint64(0)

// valueOf is the value of type tag whose BCS is b (a result built as
// BCS: an Option, a String), charged as output.
func valueOf(c *native.Context, tag ledgerapi.TypeTag, b []byte) ([]movevm.Value, error) {
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return nil, err
	}
	t, err := c.TypeOf(tag)
	if err != nil {
		return nil, err
	}
	v, err := c.Deserialize(t, b)
	return []movevm.Value{v}, err
}

var (
	optionU128Type = ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindU128}}})
	stringType = ledgerapi.StructType(tag1("string", "String"))
)

// u128Option is the BCS of Some(u128{lo, hi}).
func u128Option(lo, hi uint64) []byte {
	e := bcs.NewEncoder(17)
	e.U8(1)
	e.U128(lo, hi)
	return e.Bytes()
}

// readSupply reads the supply resources of the metadata object at a: the
// ConcurrentSupply aggregator when it exists (cs), else Supply{current,
// maximum} (current as its u128 BCS, maximum as its Option<u128> BCS).
func readSupply(h native.Host, a ledgerapi.Address) (cs *onchain.ConcurrentSupply, current, maximum []byte, err error) {
	cs = &onchain.ConcurrentSupply{}
	if ok, err := readResource(h, a, concurrentSupplyTag, cs); err != nil || ok {
		return cs, nil, nil, err
	}
	b, ok, err := h.Resource(a, supplyTag)
	if err != nil || !ok {
		return nil, nil, nil, err
	}
	d := bcs.NewDecoder(b)
	d.U128("Supply.current")
	if d.Option("Supply.maximum") {
		d.U128("Supply.maximum")
	}
	if err := d.Finish(); err != nil {
		return nil, nil, nil, err
	}
	return nil, b[:16], b[16:], nil
}

// viewSupply is supply(metadata): Some(current) from ConcurrentSupply or
// Supply, None when the asset tracks no supply.
func viewSupply(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	cs, current, _, err := readSupply(hostOf(c), refAddress(args[0]))
	switch {
	case err != nil:
		return nil, err
	case cs != nil:
		return valueOf(c, optionU128Type, u128Option(cs.Value, cs.ValueHi))
	case current != nil:
		return valueOf(c, optionU128Type, append([]byte{1}, current...))
	}
	return valueOf(c, optionU128Type, []byte{0})
}

// viewMaximum is maximum(metadata): the aggregator's max_value unless it
// is u128::MAX (unlimited, None), Supply.maximum, or None.
func viewMaximum(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	cs, _, maximum, err := readSupply(hostOf(c), refAddress(args[0]))
	switch {
	case err != nil:
		return nil, err
	case cs != nil && (cs.Max != maxU64 || cs.MaxHi != maxU64):
		return valueOf(c, optionU128Type, u128Option(cs.Max, cs.MaxHi))
	case maximum != nil:
		return valueOf(c, optionU128Type, maximum)
	}
	return valueOf(c, optionU128Type, []byte{0})
}

// readMetadata reads the Metadata at a; without one the read fails with
// MISSING_DATA, as borrow_global does.
func readMetadata(h native.Host, a ledgerapi.Address) (*onchain.FungibleAssetMetadata, error) {
	var m onchain.FungibleAssetMetadata
	ok, err := readResource(h, a, metadataTag, &m)
	if err == nil && !ok {
		err = missingData(metadataTag, a)
	}
	return &m, err
}

// viewMetadataStruct is metadata(object): a copy of the Metadata.
func viewMetadataStruct(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := readMetadata(hostOf(c), refAddress(args[0]))
	if err != nil {
		return nil, err
	}
	return valueOf(c, ledgerapi.StructType(metadataTag), encode(m))
}

// viewMetadata answers name (0), symbol, decimals, icon_uri and
// project_uri (4) from the Metadata resource.
func viewMetadata(field int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		m, err := readMetadata(hostOf(c), refAddress(args[0]))
		if err != nil {
			return nil, err
		}
		if field == 2 {
			return []movevm.Value{movevm.U8(m.Decimals)}, nil
		}
		var e bcs.Encoder
		e.String([]string{m.Name, m.Symbol, "", m.IconURI, m.ProjectURI}[field])
		return valueOf(c, stringType, e.Bytes())
	}
}

// existsAt answers whether resource tag exists at a.
func existsAt(c *native.Context, a ledgerapi.Address, tag ledgerapi.StructTag) ([]movevm.Value, error) {
	_, ok, err := hostOf(c).Resource(a, tag)
	return []movevm.Value{movevm.Bool(ok)}, err
}

func viewUntransferable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return existsAt(c, refAddress(args[0]), untransferableTag)
}

func viewStoreExists(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return existsAt(c, args[0].AsAddress(), FungibleStoreTag)
}

// viewStoreMetadata is store_metadata(store): the store's Object<Metadata>,
// EFUNGIBLE_STORE_EXISTENCE (not found) without a FungibleStore.
func viewStoreMetadata(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	st, ok, err := readStore(hostOf(c), refAddress(args[0]))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(native.Code(native.NotFound, eStoreExistence))
	}
	return metadataObject(c, st.Metadata)
}

// metadataObject is the Object<Metadata> of the metadata object at a.
func metadataObject(c *native.Context, a ledgerapi.Address) ([]movevm.Value, error) {
	t, err := typeOf(c, objectMetadataTag)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.Address(a)})}, nil
}

var objectMetadataTag = ledgerapi.StructTag{Address: addr, Module: "object", Name: "Object",
	TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(tag1("fungible_asset", "Metadata"))}}

func viewBalance(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := storeBalance(hostOf(c), refAddress(args[0]))
	return []movevm.Value{movevm.U64(b)}, err
}

// viewBalanceAtLeast is is_balance_at_least(store, amount): for a store
// that does not exist, whether amount is 0.
func viewBalanceAtLeast(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return balanceAtLeast(c, refAddress(args[0]), args[1].AsU64())
}

func addressBalanceAtLeast(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return balanceAtLeast(c, args[0].AsAddress(), args[1].AsU64())
}

func balanceAtLeast(c *native.Context, a ledgerapi.Address, amount uint64) ([]movevm.Value, error) {
	_, ok, err := readStore(hostOf(c), a)
	if err != nil || !ok {
		return []movevm.Value{movevm.Bool(amount == 0)}, err
	}
	b, err := storeBalance(hostOf(c), a)
	return []movevm.Value{movevm.Bool(b >= amount)}, err
}

// viewIsFrozen is is_frozen(store): false when no store exists there.
func viewIsFrozen(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	st, ok, err := readStore(hostOf(c), refAddress(args[0]))
	return []movevm.Value{movevm.Bool(ok && st.Frozen)}, err
}
