// aptos_std::bls12381_algebra: marker structs only (its functions are
// #[test_only]).
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
struct Fr {}
struct FormatFrLsb {}
struct FormatFrMsb {}
struct HashG1XmdSha256SswuRo {}
struct HashG2XmdSha256SswuRo {}
