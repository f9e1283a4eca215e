package onchain_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TestVMStatusText checks the vm_status text of every status kind against
// the wording of aptos-core's explain_vm_status, and that the text is
// rendered from the decoded BCS as from the value itself.
func TestVMStatusText(t *testing.T) {
	s := vectorStatuses()
	big := onchain.MoveAbort(ledgerapi.ModuleId{Address: ledgerapi.MustParseAddress("0xabc"), Name: "fa"}, 0x385,
		&onchain.AbortInfo{ReasonName: "E_NO_PROFIT"})
	tests := []struct {
		status onchain.ExecutionStatus
		want   string
	}{
		{s["success"], "Executed successfully"},
		{s["outOfGas"], "Out of gas"},
		{s["abortInfo"], "Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction"},
		{s["abortNoInfo"], "Move abort in 0x1::coin: 0x10006"},
		{big, "Move abort in 0xabc::fa: E_NO_PROFIT(0x385): "},
		{onchain.MoveAbort(coinMod, 0, nil), "Move abort in 0x1::coin: 0x0"},
		{s["abortScript"], "Move abort: code 0x2a"},
		{s["failure"], "Execution failed in 0x1::coin::<#3 function> at code offset 17"},
		{onchain.ExecutionStatus{Kind: onchain.KindExecutionFailure, Location: onchain.AbortLocation{Script: true}, CodeOffset: 2},
			"Execution failed in script at code offset 2"},
		{s["miscCode"], "FUNCTION_RESOLUTION_FAILURE"},
		{onchain.MiscellaneousError(onchain.OUT_OF_GAS), "OUT_OF_GAS"},
		{s["miscNone"], "Execution failed with miscellaneous error and no status code"},
		{onchain.MiscellaneousError(77777), "STATUS_CODE_77777"},
	}
	for _, tc := range tests {
		if got := tc.status.VMStatus(nil); got != tc.want {
			t.Errorf("VMStatus = %q, want %q", got, tc.want)
		}
		var back onchain.ExecutionStatus
		if err := bcs.Unmarshal(tc.status.AppendBCS(nil), &back); err != nil {
			t.Fatalf("%q: %v", tc.want, err)
		}
		if got := back.VMStatus(nil); got != tc.want || back.Success() != tc.status.Success() || back.Kind != tc.status.Kind {
			t.Errorf("decoded BCS renders %q (kind %d), want %q (kind %d)", got, back.Kind, tc.want, tc.status.Kind)
		}
	}
	named := s["failure"].VMStatus(func(m ledgerapi.ModuleId, f uint16) (string, bool) {
		return "transfer", m == coinMod && f == 3
	})
	if named != "Execution failed in 0x1::coin::transfer at code offset 17" {
		t.Errorf("named failure: %q", named)
	}
	if !s["success"].Success() || s["outOfGas"].Success() || s["miscNone"].Success() {
		t.Error("Success() disagrees with the kind")
	}
}

// TestStatusDecodeRejects checks the decoder's strictness.
func TestStatusDecodeRejects(t *testing.T) {
	for name, hexBytes := range map[string]string{
		"unknown variant":       "05",
		"unknown location":      "0202",
		"bad option tag":        "0402",
		"truncated status code": "040143",
		"truncated abort info":  "02012a000000000000000105",
		"invalid utf-8 reason":  "02012a0000000000000001" + "01ff" + "00",
		"trailing bytes":        "0000",
		"truncated code offset": "0301" + "0300" + "11",
		"non-minimal variant":   "8000",
		"empty":                 "",
	} {
		b, _ := hexDecode(hexBytes)
		var s onchain.ExecutionStatus
		if err := bcs.Unmarshal(b, &s); err == nil {
			t.Errorf("%s: %s decoded to %+v", name, hexBytes, s)
		}
	}
}

// TestStatusCodeNames checks the name table against the codes' constants
// and the VMStatus the rejections carry.
func TestStatusCodeNames(t *testing.T) {
	for code, name := range map[onchain.StatusCode]string{
		onchain.SEQUENCE_NUMBER_TOO_OLD:     "SEQUENCE_NUMBER_TOO_OLD",
		onchain.FUNCTION_RESOLUTION_FAILURE: "FUNCTION_RESOLUTION_FAILURE",
		onchain.OUT_OF_GAS:                  "OUT_OF_GAS",
		onchain.StatusCode(1081):            "LINKER_ERROR",
		onchain.StatusCode(3024):            "CODE_DESERIALIZATION_ERROR",
		onchain.StatusCode(^uint64(0)):      "UNKNOWN_STATUS",
	} {
		if got, ok := code.Name(); !ok || got != name {
			t.Errorf("%d: name %q %v, want %q", uint64(code), got, ok, name)
		}
		if vs := code.VMStatus(); vs.Code != uint64(code) || vs.Name != name {
			t.Errorf("%d: VMStatus %+v", uint64(code), vs)
		}
	}
	if _, ok := onchain.StatusCode(999).Name(); ok {
		t.Error("999 has a name")
	}
}
