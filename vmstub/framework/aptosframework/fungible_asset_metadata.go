package aptosframework

// 0x1::fungible_asset's changes to an existing asset: mutate_metadata
// (each given field checked against Aptos's limits), upgrade_to_concurrent
// (a Supply becomes a ConcurrentSupply holding its current value and
// maximum), and the permission functions: permissioned signers do not
// exist here (see fungible_asset.go).

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// mutateMetadata is mutate_metadata(ref, name, symbol, decimals, icon_uri,
// project_uri): the given fields replace the Metadata's (MISSING_DATA
// without one), each checked in that order (ENAME_TOO_LONG, …).
func mutateMetadata(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, h := refMetadata(args[0]), hostOf(c)
	m, err := readMetadata(h, a)
	if err != nil {
		return nil, err
	}
	str := func(v movevm.Value, dst *string) (bool, error) {
		x, ok := movestdlib.OptionElem(v)
		if !ok {
			return false, nil
		}
		b := movestdlib.StringBytes(x)
		*dst = string(b)
		return true, native.ChargeRead(c.NativeContext, len(b))
	}
	check := func(set bool, err error) error {
		if err != nil || !set {
			return err
		}
		return checkMetadata(m)
	}
	if err := check(str(args[1], &m.Name)); err != nil {
		return nil, err
	}
	if err := check(str(args[2], &m.Symbol)); err != nil {
		return nil, err
	}
	if d, ok := movestdlib.OptionElem(args[3]); ok {
		m.Decimals = uint8(d.AsU64())
		if err := checkMetadata(m); err != nil {
			return nil, err
		}
	}
	if err := check(str(args[4], &m.IconURI)); err != nil {
		return nil, err
	}
	if err := check(str(args[5], &m.ProjectURI)); err != nil {
		return nil, err
	}
	return nil, putResource(h, a, metadataTag, m)
}

// upgradeToConcurrent is upgrade_to_concurrent(extend_ref): the object's
// Supply (ESUPPLY_NOT_FOUND without one) becomes a ConcurrentSupply with
// its value and maximum (unbounded for none; EAGGREGATOR_OVERFLOW of
// aggregator_v2 for a current value above the maximum).
func upgradeToConcurrent(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, h := refAddress(args[0]), hostOf(c)
	var s supplyRes
	if ok, err := readResource(h, a, supplyTag, &s); err != nil {
		return nil, err
	} else if !ok {
		return nil, faAbort(native.NotFound, eSupplyNotFound)
	}
	if err := h.DeleteResource(a, supplyTag); err != nil {
		return nil, err
	}
	cs := onchain.ConcurrentSupply{Max: maxU64, MaxHi: maxU64}
	if s.maximum != nil {
		if s.current.Cmp(s.maximum) > 0 {
			return nil, abortIn("aggregator_v2", native.OutOfRange, eAggregatorOverflow)
		}
		cs.Max, cs.MaxHi = u128Parts(s.maximum)
	}
	cs.Value, cs.ValueHi = u128Parts(s.current)
	return nil, moveTo(h, a, concurrentSupplyTag, &cs)
}

// revokePermission is revoke_permission(permissioned, token_type): a
// master signer holds no permission to revoke (as on Aptos), and every
// signer here is one.
func revokePermission(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, nil
}
