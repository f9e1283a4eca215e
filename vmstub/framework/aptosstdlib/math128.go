package aptosstdlib

// 0x1::math128: the public functions of aptos_std::math128 on u128 (max,
// min, average, clamp, pow, floor_log2, log2, log2_64, sqrt), implemented with math64's
// (math64.go) and charged native.WideIntCost per call for the big-integer
// arithmetic.

import "github.com/ledgernode/ledgernode/vmstub/native"

// Math128 declares 0x1::math128.
func Math128() native.Module {
	m := mathModule("math128", 128)
	m.Functions = append(m.Functions, mathLog2("log2", "u128", false), mathLog2("log2_64", "u128", true))
	return m
}
