// aptos_std::bn254_algebra: marker structs only (its functions are
// #[test_only]).
struct Fr {}
struct FormatFrLsb {}
struct FormatFrMsb {}
struct Fq {}
struct FormatFqLsb {}
struct FormatFqMsb {}
struct Fq12 {}
struct FormatFq12LscLsb {}
struct G1 {}
struct FormatG1Uncompr {}
struct FormatG1Compr {}
struct G2 {}
struct FormatG2Uncompr {}
struct FormatG2Compr {}
struct Gt {}
struct FormatGt {}
