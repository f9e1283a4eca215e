package aptosframework

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// bn254P is the BN254 base field's modulus.
var bn254P, _ = new(big.Int).SetString("21888242871839275222246405745257275088696311157297823662689037894645226208583", 10)

func fieldOf(t *testing.T, s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Cmp(bn254P) >= 0 {
		t.Fatalf("bad field element %s", s)
	}
	return v
}

func fpMod(v *big.Int) *big.Int { return v.Mod(v, bn254P) }

func fpNeg(v *big.Int) *big.Int { return fpMod(new(big.Int).Neg(v)) }

// fp2 is an element c0 + c1·u of BN254's quadratic extension (u² = -1).
type fp2 struct{ c0, c1 *big.Int }

func (a fp2) mul(b fp2) fp2 {
	return fp2{
		fpMod(new(big.Int).Sub(new(big.Int).Mul(a.c0, b.c0), new(big.Int).Mul(a.c1, b.c1))),
		fpMod(new(big.Int).Add(new(big.Int).Mul(a.c0, b.c1), new(big.Int).Mul(a.c1, b.c0))),
	}
}

func (a fp2) add(b fp2) fp2 {
	return fp2{fpMod(new(big.Int).Add(a.c0, b.c0)), fpMod(new(big.Int).Add(a.c1, b.c1))}
}

func (a fp2) inv() fp2 {
	n := fpMod(new(big.Int).Add(new(big.Int).Mul(a.c0, a.c0), new(big.Int).Mul(a.c1, a.c1)))
	ni := new(big.Int).ModInverse(n, bn254P)
	return fp2{fpMod(new(big.Int).Mul(a.c0, ni)), fpMod(new(big.Int).Mul(fpNeg(a.c1), ni))}
}

// leBytes is v's 32-byte little-endian form.
func leBytes(v *big.Int) []byte {
	b := v.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// compressG1 is the compressed form of affine point (x, y) of G1
// (y² = x³ + 3): x little-endian, bit 7 of the last byte set when y is
// greater than -y.
func compressG1(t *testing.T, xs, ys string) []byte {
	x, y := fieldOf(t, xs), fieldOf(t, ys)
	lhs := fpMod(new(big.Int).Mul(y, y))
	rhs := fpMod(new(big.Int).Add(new(big.Int).Exp(x, big.NewInt(3), bn254P), big.NewInt(3)))
	if lhs.Cmp(rhs) != 0 {
		t.Fatalf("(%s, %s) is not on G1's curve", xs, ys)
	}
	b := leBytes(x)
	if y.Cmp(fpNeg(y)) > 0 {
		b[31] |= 0x80
	}
	return b
}

// compressG2 is the compressed form of affine point (x, y) of G2 (the
// twist y² = x³ + 3/(9+u)): x.c0 then x.c1 little-endian, bit 7 of the
// last byte set when y is greater than -y (c1 compared first).
func compressG2(t *testing.T, x0, x1, y0, y1 string) []byte {
	x, y := fp2{fieldOf(t, x0), fieldOf(t, x1)}, fp2{fieldOf(t, y0), fieldOf(t, y1)}
	b2 := fp2{big.NewInt(3), big.NewInt(0)}.mul(fp2{big.NewInt(9), big.NewInt(1)}.inv())
	lhs, rhs := y.mul(y), x.mul(x).mul(x).add(b2)
	if lhs.c0.Cmp(rhs.c0) != 0 || lhs.c1.Cmp(rhs.c1) != 0 {
		t.Fatalf("(%s, %s; %s, %s) is not on G2's curve", x0, x1, y0, y1)
	}
	out := append(leBytes(x.c0), leBytes(x.c1)...)
	c := y.c1.Cmp(fpNeg(y.c1))
	if c == 0 {
		c = y.c0.Cmp(fpNeg(y.c0))
	}
	if c > 0 {
		out[63] |= 0x80
	}
	return out
}

// TestKeylessGenesisVK: the verification key genesis publishes is the
// compressed form of aptos-core's testing key, whose affine coordinates
// (decimal, as circom writes them) are listed here.
func TestKeylessGenesisVK(t *testing.T) {
	want := &groth16VK{
		alphaG1: compressG1(t, "20491192805390485299153009773594534940189261866228447918068658471970481763042",
			"9383485363053290200918347156157836566562967994039712273449902621266178545958"),
		betaG2: compressG2(t, "6375614351688725206403948262868962793625744043794305715222011528459656738731",
			"4252822878758300859123897981450591353533073413197771768651442665752259397132",
			"10505242626370262277552901082094356697409835680220590971873171140371331206856",
			"21847035105528745403288232691147584728191162732299865338377159692350059136679"),
		gammaG2: compressG2(t, "10857046999023057135944570762232829481370756359578518086990519993285655852781",
			"11559732032986387107991004021392285783925812861821192530917403151452391805634",
			"8495653923123431417604973247489272438418190587263600148770280649306958101930",
			"4082367875863433681332203403145435568316851327593401208105741076214120093531"),
		deltaG2: compressG2(t, "6309950375468367434079888575625734658722834850554198467265341412057133512289",
			"290788916745604303732014379515714703987358626088033030814233237684691015915",
			"18062633083579661887564610476476551517623934510295133920710347041696656037149",
			"18531177357310703535722548657431805690263733685063962985389260695754645724386"),
		gammaABCG1: [][]byte{
			compressG1(t, "3314139460766150258181182511839382093976747705712051605578952681462625768062",
				"15177929890957116336235565528373348502554233971408496072173139426537995658198"),
			compressG1(t, "11040819149070528816396253292991080175919431363817777522273571096667537087166",
				"13976660124609527451731647657081915019685631850685519260597009755390746148997"),
		},
	}
	if got, w := encode(keylessGenesisVK()), encode(want); !bytes.Equal(got, w) {
		t.Errorf("genesis VK\n got  %x\n want %x", got, w)
	}
}

// TestKeylessConfigBCS: a Configuration decodes to what it was encoded
// from, with and without a training wheels key.
func TestKeylessConfigBCS(t *testing.T) {
	for _, pk := range [][]byte{nil, bytes.Repeat([]byte{7}, 32)} {
		in := keylessGenesisConfig()
		in.hasTrainingWheels, in.trainingWheelsPubkey = pk != nil, pk
		var out keylessConfig
		if err := bcs.Unmarshal(encode(in), &out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(encode(&out), encode(in)) || out.hasTrainingWheels != (pk != nil) || out.maxJWTHeaderB64Bytes != 300 {
			t.Errorf("round trip of %+v gave %+v", in, out)
		}
	}
}
