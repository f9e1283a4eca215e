package vmstub_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
)

// TestFeaturesViews calls 0x1::features from Move views: is_enabled and
// the *_enabled functions answer what genesis enabled (the features this
// node behaves as), the get_* functions Aptos's flag numbers, and the
// retired flags' functions their constants or aborts (Aptos's codes:
// INVALID_ARGUMENT(EFEATURE_CANNOT_BE_DISABLED) = 0x10003,
// INVALID_ARGUMENT(EINVALID_FEATURE) = 0x10001).
func TestFeaturesViews(t *testing.T) {
	boolT := []tok{bytecode.Bool}
	u64R := []tok{u64T}
	isEnabled := func(f uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("features", "is_enabled", nil, []tok{u64T}, boolT)
			return []bytecode.Instruction{in(bytecode.OpLdU64, f), callF(h)}
		}
	}
	call := func(name string, ret tok) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{callF(k.fn("features", name, nil, nil, []tok{ret}))}
		}
	}
	yes, no := []byte{1}, []byte{0}
	runViews(t, "feats", func(ledgerapi.Address) []viewCase {
		return []viewCase{
			{name: "is_enabled object code deployment", rets: boolT, code: isEnabled(52), want: yes},
			{name: "is_enabled orderless transactions", rets: boolT, code: isEnabled(94), want: yes},
			{name: "is_enabled concurrent fungible balance", rets: boolT, code: isEnabled(67), want: no},
			{name: "is_enabled past the bitset", rets: boolT, code: isEnabled(1 << 40), want: no},
			{name: "sha_512_and_ripemd_160_enabled", rets: boolT, code: call("sha_512_and_ripemd_160_enabled", bytecode.Bool), want: yes},
			{name: "is_account_abstraction_enabled", rets: boolT, code: call("is_account_abstraction_enabled", bytecode.Bool), want: yes},
			{name: "cryptography_algebra_enabled", rets: boolT, code: call("cryptography_algebra_enabled", bytecode.Bool), want: no},
			{name: "is_permissioned_signer_enabled", rets: boolT, code: call("is_permissioned_signer_enabled", bytecode.Bool), want: no},
			{name: "collect_and_distribute_gas_fees", rets: boolT, code: call("collect_and_distribute_gas_fees", bytecode.Bool), want: no},
			{name: "auids_enabled", rets: boolT, code: call("auids_enabled", bytecode.Bool), want: yes},
			{name: "get_orderless_transactions_feature", rets: u64R, code: call("get_orderless_transactions_feature", u64T), want: le64(94)},
			{name: "multi_ed25519_pk_validate_v2_feature", rets: u64R, code: call("multi_ed25519_pk_validate_v2_feature", u64T), want: le64(7)},
			{name: "get_auids", rets: u64R, code: call("get_auids", u64T), want: le64(0x10003)},
			{name: "get_aggregator_v2_api_feature", rets: u64R, code: call("get_aggregator_v2_api_feature", u64T), abort: aborts("0x1::features", 0x10003)},
			{name: "aggregator_snapshots_enabled", rets: boolT, code: call("aggregator_snapshots_enabled", bytecode.Bool), abort: aborts("0x1::features", 0x10001)},
			// The flags from 96 to 116 and the functions Aptos retired with them.
			{name: "get_calculate_transaction_fee_for_distribution_feature", rets: u64R, code: call("get_calculate_transaction_fee_for_distribution_feature", u64T), want: le64(96)},
			{name: "get_distribute_transaction_fee_feature", rets: u64R, code: call("get_distribute_transaction_fee_feature", u64T), want: le64(97)},
			{name: "is_distribute_transaction_fee_enabled", rets: boolT, code: call("is_distribute_transaction_fee_enabled", bytecode.Bool), want: no},
			{name: "get_function_reflection_feature", rets: u64R, code: call("get_function_reflection_feature", u64T), want: le64(105)},
			{name: "get_slh_dsa_sha2_128s_signature_feature", rets: u64R, code: call("get_slh_dsa_sha2_128s_signature_feature", u64T), want: le64(107)},
			{name: "get_encrypted_transactions_feature", rets: u64R, code: call("get_encrypted_transactions_feature", u64T), want: le64(108)},
			{name: "get_multisig_script_feature", rets: u64R, code: call("get_multisig_script_feature", u64T), want: le64(110)},
			{name: "get_transaction_limits_feature", rets: u64R, code: call("get_transaction_limits_feature", u64T), want: le64(111)},
			{name: "is_storage_slot_natives_enabled", rets: boolT, code: call("is_storage_slot_natives_enabled", bytecode.Bool), want: no},
			{name: "get_multisig_timelock_feature", rets: u64R, code: call("get_multisig_timelock_feature", u64T), want: le64(115)},
			{name: "is_multisig_timelock_enabled", rets: boolT, code: call("is_multisig_timelock_enabled", bytecode.Bool), want: no},
			{name: "get_monotonically_increasing_counter_feature", rets: u64R, code: call("get_monotonically_increasing_counter_feature", u64T), abort: aborts("0x1::features", 0x10001)},
			{name: "is_monotonically_increasing_counter_enabled", rets: boolT, code: call("is_monotonically_increasing_counter_enabled", bytecode.Bool), want: yes},
			{name: "get_new_accounts_default_to_fa_store_feature", rets: u64R, code: call("get_new_accounts_default_to_fa_store_feature", u64T), abort: aborts("0x1::features", 0x10001)},
			{name: "new_accounts_default_to_fa_store_enabled", rets: boolT, code: call("new_accounts_default_to_fa_store_enabled", bytecode.Bool), want: yes},
			{name: "is_native_memory_operations_enabled", rets: boolT, code: call("is_native_memory_operations_enabled", bytecode.Bool), want: yes},
			// The flags from 117 to 127: genesis enables none of them here.
			{name: "get_trading_native_feature", rets: u64R, code: call("get_trading_native_feature", u64T), want: le64(118)},
			{name: "is_trading_native_enabled", rets: boolT, code: call("is_trading_native_enabled", bytecode.Bool), want: no},
			{name: "get_native_position_feature", rets: u64R, code: call("get_native_position_feature", u64T), want: le64(119)},
			{name: "is_native_position_enabled", rets: boolT, code: call("is_native_position_enabled", bytecode.Bool), want: no},
			{name: "get_native_orderbook_feature", rets: u64R, code: call("get_native_orderbook_feature", u64T), want: le64(120)},
			{name: "is_native_orderbook_enabled", rets: boolT, code: call("is_native_orderbook_enabled", bytecode.Bool), want: no},
			{name: "get_native_collateral_feature", rets: u64R, code: call("get_native_collateral_feature", u64T), want: le64(121)},
			{name: "is_native_collateral_enabled", rets: boolT, code: call("is_native_collateral_enabled", bytecode.Bool), want: no},
			{name: "gas_refund_fa_mint_enabled", rets: boolT, code: call("gas_refund_fa_mint_enabled", bytecode.Bool), want: no},
			{name: "get_function_value_dispatch_feature", rets: u64R, code: call("get_function_value_dispatch_feature", u64T), want: le64(125)},
			{name: "is_function_value_dispatch_enabled", rets: boolT, code: call("is_function_value_dispatch_enabled", bytecode.Bool), want: no},
			{name: "is_lazy_module_initialization_enabled", rets: boolT, code: call("is_lazy_module_initialization_enabled", bytecode.Bool), want: no},
		}
	}, nil)
}

// TestFeaturesFrameworkOnly: change_feature_flags_for_next_epoch and
// on_new_epoch abort for any signer but 0x1's with
// PERMISSION_DENIED(EFRAMEWORK_SIGNER_NEEDED) (0x50001), and the
// deprecated change_feature_flags always with INVALID_STATE(EAPI_DISABLED)
// (0x30002), as on Aptos; the effective flags stay as they were.
func TestFeaturesFrameworkOnly(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "featsig")
	sig, vecU64 := bytecode.Ref(bytecode.Signer), bytecode.Vector(u64T)
	change := func(name string) []bytecode.Instruction {
		h := k.fn("features", name, nil, []tok{sig, vecU64, vecU64}, nil)
		return []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), k.u64s(52), k.u64s(94), callF(h), in(bytecode.OpRet)}
	}
	epoch := k.fn("features", "on_new_epoch", nil, []tok{sig}, nil)
	entry := func(name string, code []bytecode.Instruction) {
		k.b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Code: code})
	}
	entry("next", change("change_feature_flags_for_next_epoch"))
	entry("old", change("change_feature_flags"))
	entry("epoch", []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), callF(epoch), in(bytecode.OpRet)})
	if out := c.publish(a, packageMeta("FeatSig", onchain.UpgradeCompatible, []string{"featsig"}, stdDeps...), k.code()); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	for fn, want := range map[string]string{
		"next":  "Move abort in 0x1::features: EFRAMEWORK_SIGNER_NEEDED(0x50001)",
		"epoch": "Move abort in 0x1::features: EFRAMEWORK_SIGNER_NEEDED(0x50001)",
		"old":   "Move abort in 0x1::features: EAPI_DISABLED(0x30002)",
	} {
		got := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "featsig", fn, nil)))).Info.Status.String()
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: %s, want %s", fn, got, want)
		}
	}
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "features"}, Name: "is_enabled"}
	vals, _, _, err := c.vm.View(c, fn, nil, [][]byte{le64(52)})
	if err != nil || len(vals) != 1 || string(vals[0]) != "\x01" {
		t.Fatalf("is_enabled(52) after the refused changes: %x, %v", vals, err)
	}
}

// TestFeaturesFlagsFromState: the *_enabled functions of the flags from
// 118 on read the Features bitset at 0x1 (set here directly, as a
// governance proposal's epoch change would), each its own bit, and
// is_function_value_dispatch_enabled answers true only when both 125 and
// function reflection (105) are on, as Aptos's does.
func TestFeaturesFlagsFromState(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "featbits")
	views := []struct {
		fn   string
		flag uint64
	}{
		{"is_trading_native_enabled", 118}, {"is_native_position_enabled", 119},
		{"is_native_orderbook_enabled", 120}, {"is_native_collateral_enabled", 121},
		{"gas_refund_fa_mint_enabled", 124}, {"is_lazy_module_initialization_enabled", 127},
		{"is_function_value_dispatch_enabled", 125},
	}
	for _, v := range views {
		h := k.fn("features", v.fn, nil, nil, []tok{bytecode.Bool})
		k.view(v.fn, []tok{bytecode.Bool}, nil, []bytecode.Instruction{callF(h), in(bytecode.OpRet)})
	}
	k.publish(c, a)
	key, err := storage.ResourceKey(ledgerapi.AddressOne, movestdlib.FeaturesTag).Encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range [][]uint64{nil, {118}, {119}, {120}, {121}, {124}, {127}, {125}, {105}, {105, 125}, {118, 119, 120, 121, 124, 125, 127}} {
		bits := make([]byte, 16)
		for _, f := range on {
			bits[f/8] |= 1 << (f % 8)
		}
		c.state[string(key)] = bcs.AppendBytes(nil, bits)
		for _, v := range views {
			want := slices.Contains(on, v.flag)
			if v.flag == 125 {
				want = want && slices.Contains(on, 105)
			}
			fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "featbits"}, Name: v.fn}
			vals, _, _, err := c.vm.View(c, fn, nil, nil)
			if err != nil || len(vals) != 1 || len(vals[0]) != 1 || (vals[0][0] == 1) != want {
				t.Errorf("flags %v: %s = %x, %v; want %v", on, v.fn, vals, err, want)
			}
		}
	}
}
