package aptosstdlib

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"testing"

	bls "github.com/cloudflare/circl/ecc/bls12381"
)

// The vectors below are the published ones of Aptos's bls12381 module
// tests (keys, signatures, proofs of possession, aggregates).

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func unhexAll(t testing.TB, ss ...string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = unhex(t, s)
	}
	return out
}

var (
	blsVecPKs = []string{
		"92e201a806af246f805f460fbdc6fc90dd16a18d6accc236e85d3578671d6f6690dde22134d19596c58ce9d63252410a",
		"ab9df801c6f96ade1c0490c938c87d5bcc2e52ccb8768e1b5d14197c5e8bfa562783b96711b702dda411a1a9f08ebbfa",
		"b698c932cf7097d99c17bd6e9c9dc4eeba84278c621700a8f80ec726b1daa11e3ab55fc045b4dbadefbeef05c4182494",
		"934706a8b876d47a996d427e1526ce52c952d5ec0858d49cd262efb785b62b1972d06270b0a7adda1addc98433ad1843",
		"a4cd352daad3a0651c1998dfbaa7a748e08d248a54347544bfedd51a197e016bb6008e9b8e45a744e1a030cc3b27d2da",
	}
	// blsVecAggPKs[i] is the sum of blsVecPKs[0..i].
	blsVecAggPKs = []string{
		"92e201a806af246f805f460fbdc6fc90dd16a18d6accc236e85d3578671d6f6690dde22134d19596c58ce9d63252410a",
		"b79ad47abb441d7eda9b220a626df2e4e4910738c5f777947f0213398ecafae044ec0c20d552d1348347e9abfcf3eca1",
		"b5f5eb6153ab5388a1a76343d714e4a2dcf224c5d0722d1e8e90c6bcead05c573fffe986460bd4000645a655bf52bc60",
		"b922006ec14c183572a8864c31dc6632dccffa9f9c86411796f8b1b5a93a2457762c8e2f5ef0a2303506c4bca9a4e0bf",
		"b53df1cfee2168f59e5792e710bf22928dc0553e6531dae5c7656c0a66fc12cb82fbb04863938c953dc901a5a79cc0f3",
	}
	// blsVecMultisigs[i] is a multisignature on "Hello, Aptoverse!" under blsVecAggPKs[i].
	blsVecMultisigs = []string{
		"ade45c67bff09ae57e0575feb0be870f2d351ce078e8033d847615099366da1299c69497027b77badb226ff1708543cd062597030c3f1553e0aef6c17e7af5dd0de63c1e4f1f9da68c966ea6c1dcade2cdc646bd5e8bcd4773931021ec5be3fd",
		"964af3d83436f6a9a382f34590c0c14e4454dc1de536af205319ce1ed417b87a2374863d5df7b7d5ed900cf91dffa7a105d3f308831d698c0d74fb2259d4813434fb86425db0ded664ae8f85d02ec1d31734910317d4155cbf69017735900d4d",
		"b523a31813e771e55aa0fc99a48db716ecc1085f9899ccadb64e759ecb481a2fb1cdcc0b266f036695f941361de773081729311f6a1bca9d47393f5359c8c87dc34a91f5dae335590aacbff974076ad1f910dd81750553a72ccbcad3c8cc0f07",
		"a945f61699df58617d37530a85e67bd1181349678b89293951ed29d1fb7588b5c12ebb7917dfc9d674f3f4fde4d062740b85a5f4927f5a4f0091e46e1ac6e41bbd650a74dd49e91445339d741e3b10bdeb9bc8bba46833e0011ff91fa5c77bd2",
		"b627b2cfd8ae59dcf5e58cc6c230ae369985fd096e1bc3be38da5deafcbed7d939f07cccc75383539940c56c6b6453db193f563f5b6e4fe54915afd9e1baea40a297fa7eda74abbdcd4cc5c667d6db3b9bd265782f7693798894400f2beb4637",
	}
	blsVecSigs = []string{
		"a55ac2d64b4c1d141b15d876d3e54ad1eea07ee488e8287cce7cdf3eec551458ab5795ab196f8c112590346f7bc7c97e0053cd5be0f9bd74b93a87cd44458e98d125d6d5c6950ea5e62666beb34422ead79121f8cb0815dae41a986688d03eaf",
		"90a639a44491191c46379a843266c293de3a46197714ead2ad3886233dd5c2b608b6437fa32fbf9d218b20f1cbfa7970182663beb9c148e2e9412b148e16abf283ffa51b8a536c0e55d61b2e5c849edc49f636c0ef07cb99f125cbcf602e22bb",
		"9527d81aa15863ef3a3bf96bea6d58157d5063a93a6d0eb9d8b4f4bbda3b31142ec4586cb519da2cd7600941283d1bad061b5439703fd584295b44037a969876962ae1897dcc7cadf909d06faae213c4fef8e015dfb33ec109af02ab0c3f6833",
		"a54d264f5cab9654b1744232c4650c42b29adf2b19bd00bbdaf4a4d792ee4dfd40a1fe1b067f298bcfd8ae4fdc8250660a2848bd4a80d96585afccec5c6cfa617033dd7913c9acfdf98a72467e8a5155d4cad589a72d6665be7cb410aebc0068",
		"8d22876bdf73e6ad36ed98546018f6258cd47e45904b87c071e774a6ef4b07cac323258cb920b2fe2b07cca1f2b24bcb0a3194ec76f32edb92391ed2c39e1ada8919f8ea755c5e39873d33ff3a8f4fba21b1261c1ddb9d1688c2b40b77e355d1",
	}
	// blsVecSigSums[i] is the sum of blsVecSigs[0..i].
	blsVecSigSums = []string{
		"a55ac2d64b4c1d141b15d876d3e54ad1eea07ee488e8287cce7cdf3eec551458ab5795ab196f8c112590346f7bc7c97e0053cd5be0f9bd74b93a87cd44458e98d125d6d5c6950ea5e62666beb34422ead79121f8cb0815dae41a986688d03eaf",
		"8f1949a06b95c3cb62898d861f889350c0d2cb740da513bfa195aa0ab8fa006ea2efe004a7bbbd9bb363637a279aed20132efd0846f520e7ee0e8ed847a1c6969bb986ad2239bcc9af561b6c2aa6d3016e1c722146471f1e28313de189fe7ebc",
		"ab5ad42bb8f350f8a6b4ae897946a05dbe8f2b22db4f6c37eff6ff737aebd6c5d75bd1abdfc99345ac8ec38b9a449700026f98647752e1c99f69bb132340f063b8a989728e0a3d82a753740bf63e5d8f51e413ebd9a36f6acbe1407a00c4b3e7",
		"ae307a0d055d3ba55ad6ec7094adef27ed821bdcf735fb509ab2c20b80952732394bc67ea1fd8c26ea963540df7448f8102509f7b8c694e4d75f30a43c455f251b6b3fd8b580b9228ffeeb9039834927aacefccd3069bef4b847180d036971cf",
		"8284e4e3983f29cb45020c3e2d89066df2eae533a01cb6ca2c4d466b5e02dd22467f59640aa120db2b9cc49e931415c3097e3d54ff977fd9067b5bc6cfa1c885d9d8821aef20c028999a1d97e783ae049d8fa3d0bbac36ce4ca8e10e551d3461",
	}
	// Aggregate signatures: blsVecAggSigs[i] on blsVecAggMsgs[0..i] under blsVecAggSigPKs[0..i].
	blsVecAggMsgs = []string{
		"48656c6c6f2c204170746f73203121", "48656c6c6f2c204170746f73203221", "48656c6c6f2c204170746f73203321",
		"48656c6c6f2c204170746f73203421", "48656c6c6f2c204170746f73203521",
	}
	blsVecAggSigPKs = []string{
		"b93d6aabb2b83e52f4b8bda43c24ea920bbced87a03ffc80f8f70c814a8b3f5d69fbb4e579ca76ee008d61365747dbc6",
		"b45648ceae3a983bcb816a96db599b5aef3b688c5753fa20ce36ac7a4f2c9ed792ab20af6604e85e42dab746398bb82c",
		"b3e4921277221e01ed71284be5e3045292b26c7f465a6fcdba53ee47edd39ec5160da3b229a73c75671024dcb36de091",
		"8463b8671c9775a7dbd98bf76d3deba90b5a90535fc87dc8c13506bb5c7bbd99be4d257e60c548140e1e30b107ff5822",
		"a79e3d0e9d04587a3b27d05efe5717da05fd93485dc47978c866dc70a01695c2efd247d1dd843a011a4b6b24079d7384",
	}
	blsVecAggSigs = []string{
		"a2bc8bdebe6215ba74b5b53c5ed2aa0c68221a4adf868989ccdcfb62bb0eecc6537def9ee686a7960169c5917d25e5220177ed1c5e95ecfd68c09694062e76efcb00759beac874e4f9a715fd144210883bf9bb272f156b0a1fa15d0e9460f01f",
		"a523aa3c3f1f1074d968ffecf017c7b93ae5243006bf0abd2e45c036ddbec99302984b650ebe5ba306cda4071d281ba50a99ef0e66c3957fab94163296f9d673fc58a36de4276f82bfb1d9180b591df93b5c2804d40dd68cf0f72cd92f86442e",
		"abed10f464de74769121fc09715e59a3ac96a5054a43a9d43cc890a2d4d332614c74c7fb4cceef6d25f85c65dee337330f062f89f23fec9ecf7ce3193fbba2c886630d753be6a4513a4634428904b767af2f230c5cadbcb53a451dd9c7d977f6",
		"8362871631ba822742a31209fa4abce6dc94b741ac4725995459da2951324b51efbbf6bc3ab4681e547ebfbadd80e0360dc078c04188198f0acea26c12645ace9107a4a23cf8db46abc7a402637f16a0477c72569fc9966fe804ef4dc0e5e758",
		"a44d967935fbe63a763ce2dd2b16981f967ecd31e20d3266eef5517530cdc233c8a18273b6d9fd7f61dd39178826e3f115df4e7b304f2de17373a95ea0c9a14293dcfd6f0ef416e06fa23f6a3c850d638e4d8f97ab4562ef55d49a96a50baa13",
	}
	blsVecPoPPKs = []string{
		"808864c91ae7a9998b3f5ee71f447840864e56d79838e4785ff5126c51480198df3d972e1e0348c6da80d396983e42d7",
		"8843843c76d167c02842a214c21277bad0bfd83da467cb5cf2d3ee67b2dcc7221b9fafa6d430400164012580e0c34d27",
		"a23b524d4308d46e43ee8cbbf57f3e1c20c47061ad9c3f915212334ea6532451dd5c01d3d3ada6bea10fe180b2c3b450",
		"a2aaa3eae1df3fc36365491afa1da5181acbb03801afd1430f04bb3b3eb18036f8b756b3508e4caee04beff50d455d1c",
		"84985b7e983dbdaddfca1f0b7dad9660bb39fff660e329acec15f69ac48c75dfa5d2df9f0dc320e4e7b7658166e0ac1c",
	}
	blsVecPoPs = []string{
		"ab42afff92510034bf1232a37a0d31bc8abfc17e7ead9170d2d100f6cf6c75ccdcfedbd31699a112b4464a06fd636f3f190595863677d660b4c5d922268ace421f9e86e3a054946ee34ce29e1f88c1a10f27587cf5ec528d65ba7c0dc4863364",
		"a6da5f2bc17df70ce664cff3e3a3e09d17162e47e652032b9fedc0c772fd5a533583242cba12095602e422e579c5284b1735009332dbdd23430bbcf61cc506ae37e41ff9a1fc78f0bc0d99b6bc7bf74c8f567dfb59079a035842bdc5fa3a0464",
		"b8eef236595e2eab34d3c1abdab65971f5cfa1988c731ef62bd63c9a9ad3dfc9259f4f183bfffbc8375a38ba62e1c41a11173209705996ce889859bcbb3ddd7faa3c4ea3d8778f30a9ff814fdcfea1fb163d745c54dfb4dcc5a8cee092ee0070",
		"a03a12fab68ad59d85c15dd1528560eff2c89250070ad0654ba260fda4334da179811d2ecdaca57693f80e9ce977d62011e3b1ee7bb4f7e0eb9b349468dd758f10fc35d54e0d0b8536ca713a77a301944392a5c192b6adf2a79ae2b38912dc98",
		"8899b294f3c066e6dfb59bc0843265a1ccd6afc8f0f38a074d45ded8799c39d25ee0376cd6d6153b0d4d2ff8655e578b140254f1287b9e9df4e2aecc5b049d8556a4ab07f574df68e46348fd78e5298b7913377cf5bb3cf4796bfc755902bfdd",
	}
	blsVecNormalPK  = "94209a296b739577cb076d3bfb1ca8ee936f29b69b7dae436118c4dd1cc26fd43dcd16249476a006b8b949bf022a7858"
	blsVecNormalSig = "b01ce4632e94d8c611736e96aa2ad8e0528a02f927a81a92db8047b002a8c71dc2d6bfb94729d0973790c10b6ece446817e4b7543afd7ca9a17c75de301ae835d66231c26a003f11ae26802b98d90869a9e73788c38739f7ac9d52659e1f7cf7"
	blsVecRandomSig = "a01a65854f987d3434149b7f08f70730e30b241984e8712bc2aca885d632aafced4c3f661209debb6b1c8601326623cc16ca2f6c9edc53b7b88b7435fb6b05ddece418d2c34dc6aca2f5a11a79e67774582c14084a01dcb7820e4cb4bad0ea8d"
	blsVecRandomPK  = "8a53e7ae5270e3e765cd8a4032c2e77c6f7e87a44ebb85bf28a4d7865565698f975346714262f9e47c6f3e0d5d951660"
)

func TestBLSPubkeyValidation(t *testing.T) {
	for _, tc := range []struct {
		pk   string
		want bool
	}{
		{"ae3cd9403b69c20a0d455fd860e977fe6ee7140a7f091f26c860f2caccd3e0a7a7365798ac10df776675b3a67db8faa0", false}, // low order
		{"928d4862a40439a67fd76a9c7560e2ff159e770dcf688ff7b2dd165792541c88ee76c82eb77dd6e9e72c89cbf1a56a68", false}, // low order
		{"b3e4921277221e01ed71284be5e3045292b26c7f465a6fcdba53ee47edd39ec5160da3b229a73c75671024dcb36de091", true},
		{blsVecRandomPK, true},
		{"c0" + string(bytes.Repeat([]byte("00"), 47)), false}, // the identity
		{"", false},
		{blsVecRandomPK[:94], false},
	} {
		if got := blsValidatePK(unhex(t, tc.pk)); got != tc.want {
			t.Errorf("validate %s = %v, want %v", tc.pk, got, tc.want)
		}
	}
	// Aptos's deserializer also takes the 96-byte uncompressed form.
	var p bls.G1
	if err := p.SetBytes(unhex(t, blsVecRandomPK)); err != nil {
		t.Fatal(err)
	}
	if !blsValidatePK(p.Bytes()) || blsValidatePK(append(p.Bytes(), 0)) {
		t.Error("the uncompressed key is not taken alone")
	}
	if !blsSigSubgroupCheck(unhex(t, blsVecRandomSig)) {
		t.Error("RANDOM_SIGNATURE fails the subgroup check")
	}
	if blsSigSubgroupCheck(unhex(t, "c0"+string(bytes.Repeat([]byte("00"), 95)))) {
		t.Error("the identity passes the signature subgroup check")
	}
}

func TestBLSAggregation(t *testing.T) {
	pks, sigs := unhexAll(t, blsVecPKs...), unhexAll(t, blsVecSigs...)
	for i := range pks {
		got, ok := blsAggregatePKs(pks[:i+1])
		if !ok || hex.EncodeToString(got) != blsVecAggPKs[i] {
			t.Errorf("aggregate of %d keys = %x, %v", i+1, got, ok)
		}
		gs, out := blsAggregateSigs(sigs[:i+1])
		if out != blsAggOK || hex.EncodeToString(gs) != blsVecSigSums[i] {
			t.Errorf("aggregate of %d signatures = %x, %v", i+1, gs, out)
		}
		if !blsVerify(unhex(t, blsVecMultisigs[i]), unhex(t, blsVecAggPKs[i]), []byte("Hello, Aptoverse!")) {
			t.Errorf("multisignature %d does not verify", i)
		}
		msgs := unhexAll(t, blsVecAggMsgs[:i+1]...)
		apks := unhexAll(t, blsVecAggSigPKs[:i+1]...)
		if !blsPairingCheck(unhex(t, blsVecAggSigs[i]), apks, msgs, blsSigDST) {
			t.Errorf("aggregate signature %d does not verify", i)
		}
		if i > 0 && blsPairingCheck(unhex(t, blsVecAggSigs[i-1]), apks, msgs, blsSigDST) {
			t.Errorf("aggregate signature %d verifies with one more message", i-1)
		}
	}
	if _, ok := blsAggregatePKs(nil); ok {
		t.Error("aggregate of no keys succeeds")
	}
	if _, out := blsAggregateSigs(nil); out != blsAggNone {
		t.Error("aggregate of no signatures succeeds")
	}
	rs, rpk := unhex(t, blsVecRandomSig), unhex(t, blsVecRandomPK)
	for _, tc := range []struct {
		pks, msgs [][]byte
	}{
		{nil, nil}, {[][]byte{rpk}, nil}, {nil, [][]byte{{0xab}}},
		{[][]byte{rpk}, [][]byte{{0xcd}, {0xef}}}, {[][]byte{rpk, rpk, rpk}, [][]byte{{0xcd}, {0xef}}},
	} {
		if blsPairingCheck(rs, tc.pks, tc.msgs, blsSigDST) {
			t.Errorf("aggregate verification of %d keys, %d messages succeeds", len(tc.pks), len(tc.msgs))
		}
	}
	if !blsVerify(rs, rpk, []byte("Hello Aptos!")) {
		t.Error("RANDOM_SIGNATURE does not verify")
	}
	// The identity aggregate signature is refused even under keys that
	// cancel (pk and -pk on one message).
	var p, neg bls.G1
	if err := p.SetBytes(rpk); err != nil {
		t.Fatal(err)
	}
	neg = p
	neg.Neg()
	id := unhex(t, "c0"+string(bytes.Repeat([]byte("00"), 95)))
	if blsPairingCheck(id, [][]byte{rpk, neg.BytesCompressed()}, [][]byte{{1}, {1}}, blsSigDST) {
		t.Error("the identity aggregate signature verifies")
	}
}

func TestBLSNormalSignature(t *testing.T) {
	sig := unhex(t, blsVecNormalSig)
	if !blsVerify(sig, unhex(t, blsVecNormalPK), []byte("Hello Aptos!")) {
		t.Fatal("the normal signature does not verify")
	}
	// The signature tag is the proof-of-possession ciphersuite's, not NUL's.
	nul := []byte("BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_")
	if blsPairingCheck(sig, [][]byte{unhex(t, blsVecNormalPK)}, [][]byte{[]byte("Hello Aptos!")}, nul) {
		t.Error("the normal signature verifies under the NUL tag")
	}
	for _, tc := range []struct{ sig, pk, msg string }{
		{"a0" + blsVecNormalSig[2:], blsVecNormalPK, "Hello Aptos!"},
		{blsVecNormalSig, "ae4851bb9e7782027437ed0e2c026dd63b77a972ddf4bd9f72bcc218e327986568317e3aa9f679c697a2cb7cebf992f3", "Hello Aptos!"},
		{blsVecNormalSig, "82ed7bb5528303a2e306775040a7309e0bd597b70d9949d8c6198a01a7be0b00079320ebfeaf7bbd5bfe86809940d252", "Bello Aptos!"},
	} {
		if blsVerify(unhex(t, tc.sig), unhex(t, tc.pk), []byte(tc.msg)) {
			t.Errorf("signature %s… verifies under %s… on %q", tc.sig[:8], tc.pk[:8], tc.msg)
		}
	}
}

func TestBLSProofOfPossession(t *testing.T) {
	for i := range blsVecPoPPKs {
		if !blsVerifyPoP(unhex(t, blsVecPoPPKs[i]), unhex(t, blsVecPoPs[i])) {
			t.Errorf("PoP %d does not verify", i)
		}
	}
	if blsVerifyPoP(unhex(t, "a0"+blsVecPoPPKs[0][2:]), unhex(t, blsVecPoPs[0])) {
		t.Error("PoP verifies under a modified key")
	}
	if blsVerifyPoP(unhex(t, blsVecPoPPKs[0]), unhex(t, "bb"+blsVecPoPs[0][2:])) {
		t.Error("a modified PoP verifies")
	}
	// A PoP is not a signature on the key's bytes under the signature tag.
	pk := unhex(t, blsVecPoPPKs[0])
	if blsVerify(unhex(t, blsVecPoPs[0]), pk, pk) {
		t.Error("a PoP verifies as a signature")
	}
}

// A point of the curve outside G2's subgroup is told apart from bytes that
// are no point, for aggregate_signatures to abort on it.
func TestBLSG2OnCurveOutsideSubgroup(t *testing.T) {
	var x [96]byte
	found := false
	for i := range 64 {
		x[0], x[95] = 0x80, byte(i)
		if blsG2OnCurve(x[:]) {
			if _, ok := blsSig(x[:]); ok {
				continue // in the subgroup: vanishingly unlikely
			}
			found = true
			if _, out := blsAggregateSigs([][]byte{unhex(t, blsVecSigs[0]), x[:]}); out != blsAggUnsupported {
				t.Errorf("aggregate with a point outside the subgroup = %v", out)
			}
			break
		}
	}
	if !found {
		t.Fatal("no curve point found among the x candidates")
	}
	if blsG2OnCurve(make([]byte, 96)) || blsG2OnCurve(unhex(t, blsVecRandomPK)) {
		t.Error("malformed bytes pass the curve check")
	}
	if _, out := blsAggregateSigs([][]byte{{1, 2, 3}}); out != blsAggNone {
		t.Errorf("aggregate with garbage = %v, want none", out)
	}
	g := bls.G2Generator()
	if !blsG2OnCurve(g.BytesCompressed()) || !blsG2OnCurve(g.Bytes()) {
		t.Error("the generator fails the curve check")
	}
}

// Benchmarks of the gas calibration (bls12381.go): a BLS verification, a
// subgroup check of each group, a point addition of each and a
// hash-to-curve, beside an Ed25519 verification.
func BenchmarkBLSVerify(b *testing.B) {
	sig, pk, msg := unhex(b, blsVecNormalSig), unhex(b, blsVecNormalPK), []byte("Hello Aptos!")
	for b.Loop() {
		blsVerify(sig, pk, msg)
	}
}

func BenchmarkBLSValidatePK(b *testing.B) {
	pk := unhex(b, blsVecNormalPK)
	for b.Loop() {
		blsValidatePK(pk)
	}
}

func BenchmarkBLSSigSubgroupCheck(b *testing.B) {
	sig := unhex(b, blsVecNormalSig)
	for b.Loop() {
		blsSigSubgroupCheck(sig)
	}
}

func BenchmarkBLSAggregate5Sigs(b *testing.B) {
	sigs := unhexAll(b, blsVecSigs...)
	for b.Loop() {
		blsAggregateSigs(sigs)
	}
}

func BenchmarkBLSAggregate5PKs(b *testing.B) {
	pks := unhexAll(b, blsVecPKs...)
	for b.Loop() {
		blsAggregatePKs(pks)
	}
}

func BenchmarkBLSHashToG2(b *testing.B) {
	var h bls.G2
	for b.Loop() {
		h.Hash([]byte("Hello Aptos!"), blsSigDST)
	}
}

func BenchmarkBLSVerifyAggregate5(b *testing.B) {
	sig, pks, msgs := unhex(b, blsVecAggSigs[4]), unhexAll(b, blsVecAggSigPKs...), unhexAll(b, blsVecAggMsgs...)
	for b.Loop() {
		blsPairingCheck(sig, pks, msgs, blsSigDST)
	}
}

func BenchmarkEd25519VerifyForBLS(b *testing.B) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	msg := []byte("Hello Aptos!")
	sig := ed25519.Sign(priv, msg)
	for b.Loop() {
		ed25519.Verify(pub, msg, sig)
	}
}
