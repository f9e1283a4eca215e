package aptosstdlib

// 0x1::math128: the public functions of aptos_std::math128 on u128 (max,
// min, average, clamp, pow, floor_log2, sqrt), implemented with math64's
// (math64.go) and charged native.WideIntCost per call for the big-integer
// arithmetic.

import "github.com/ledgernode/ledgernode/vmstub/native"

// Math128 declares 0x1::math128.
func Math128() native.Module { return mathModule("math128", 128) }
