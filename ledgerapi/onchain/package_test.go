package onchain_test

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

func sdkMetadata(t *testing.T) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(sdkArgumentTestsMetadata), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err) // a checksum mismatch means the vector was damaged
	}
	return string(out)
}

// The metadata the official TypeScript SDK's end-to-end suite publishes
// with its argument-test package decodes field by field, its gzipped
// manifest and source check out, and it encodes back to the same bytes.
func TestSDKPackageMetadata(t *testing.T) {
	raw := sdkMetadata(t)
	p, err := onchain.DecodePackageMetadata(raw)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Argument Tests for the Typescript SDK" || p.UpgradePolicy != onchain.UpgradeCompatible ||
		p.UpgradeNumber != 0 || p.SourceDigest != "6260166A43E617B5F73EF4D7AC1C60593A93E6D2A5E063746992ACFAFB7F6C3B" {
		t.Fatalf("header fields: %q %v %d %q", p.Name, p.UpgradePolicy, p.UpgradeNumber, p.SourceDigest)
	}
	if m := gunzip(t, p.Manifest); !strings.Contains(m, `name = "Argument Tests for the Typescript SDK"`) {
		t.Fatalf("manifest: %q", m)
	}
	if len(p.Modules) != 1 || p.Modules[0].Name != "tx_args_module" || len(p.Modules[0].SourceMap) != 0 ||
		p.Modules[0].Extension != nil {
		t.Fatalf("modules: %+v", p.ModuleNames())
	}
	if src := gunzip(t, p.Modules[0].Source); !strings.HasPrefix(src, "module transaction_arguments::tx_args_module {") {
		t.Fatalf("source starts %q", src[:60])
	}
	want := []onchain.PackageDep{
		{Account: ledgerapi.MustParseAddress("0x1"), PackageName: "AptosFramework"},
		{Account: ledgerapi.MustParseAddress("0x1"), PackageName: "AptosStdlib"},
		{Account: ledgerapi.MustParseAddress("0x1"), PackageName: "MoveStdlib"},
		{Account: ledgerapi.MustParseAddress("0x4"), PackageName: "AptosTokenObjects"},
	}
	if len(p.Deps) != len(want) {
		t.Fatalf("deps: %+v", p.Deps)
	}
	for i := range want {
		if p.Deps[i] != want[i] {
			t.Errorf("dep %d: %+v, want %+v", i, p.Deps[i], want[i])
		}
	}
	if p.Extension != nil {
		t.Error("extension should be None")
	}
	if got := p.Encode(); !bytes.Equal(got, raw) {
		t.Fatal("re-encoding differs from the SDK bytes")
	}

	// A registry holding it is the vector length (1) and the same bytes.
	reg := &onchain.PackageRegistry{Packages: []onchain.PackageMetadata{*p}}
	enc := reg.Encode()
	if enc[0] != 1 || !bytes.Equal(enc[1:], raw) {
		t.Fatal("registry encoding")
	}
	back, err := onchain.DecodePackageRegistry(enc)
	if err != nil || len(back.Packages) != 1 || back.Packages[0].Name != p.Name {
		t.Fatalf("registry decode: %v", err)
	}
}

// Every field in order, with both extensions present, against bytes
// written out by hand from code.move's declarations.
func TestPackageLayout(t *testing.T) {
	p := &onchain.PackageMetadata{
		Name: "pk", UpgradePolicy: onchain.UpgradeImmutable, UpgradeNumber: 0x0102, SourceDigest: "d",
		Manifest: []byte{0xaa}, Deps: []onchain.PackageDep{{Account: ledgerapi.MustParseAddress("0x3"), PackageName: "x"}},
		Modules:   []onchain.ModuleMetadata{{Name: "m", Source: []byte{1, 2}, Extension: &onchain.Any{TypeName: "t", Data: []byte{9}}}},
		Extension: &onchain.Any{TypeName: "u", Data: nil},
	}
	want := "02706b" + "02" + "0201000000000000" + "0164" + "01aa" + // name, policy, upgrade_number, digest, manifest
		"01" + "016d" + "020102" + "00" + "01" + "0174" + "0109" + // modules: name, source, source_map, Some(Any{t, [9]})
		"01" + strings.Repeat("00", 31) + "03" + "0178" + // deps: 0x3, "x"
		"01" + "0175" + "00" // extension Some(Any{u, []})
	if got := hex.EncodeToString(p.Encode()); got != want {
		t.Fatalf("encoding\n got %s\nwant %s", got, want)
	}
	back, err := onchain.DecodePackageMetadata(p.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Encode(), p.Encode()) || back.Modules[0].Extension.TypeName != "t" || back.Extension.TypeName != "u" {
		t.Fatalf("round trip: %+v", back)
	}
}

func TestDecodeStrict(t *testing.T) {
	raw := sdkMetadata(t)
	small := (&onchain.PackageMetadata{Name: "p"}).Encode() // 01 70 00 00..00 00 00 00 00 00
	mut := func(b []byte, i int, v byte) []byte { c := bytes.Clone(b); c[i] = v; return c }
	cases := []struct {
		name string
		in   []byte
		want error
	}{
		{"trailing byte", append(bytes.Clone(raw), 0), bcs.ErrTrailing},
		{"truncated", raw[:len(raw)-1], bcs.ErrTruncated},
		{"empty", nil, bcs.ErrTruncated},
		{"extension tag 2", mut(small, len(small)-1, 2), bcs.ErrBadOption},
		{"name not UTF-8", mut(small, 1, 0xff), bcs.ErrInvalidUTF8},
		{"non-minimal length", append([]byte{0x81, 0x00}, small[2:]...), bcs.ErrNonMinimal},
		{"module count beyond input", mut(small, len(small)-3, 0x7f), bcs.ErrTruncated},
	}
	for _, c := range cases {
		_, err := onchain.DecodePackageMetadata(c.in)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := onchain.DecodePackageRegistry([]byte{0x02}); !errors.Is(err, bcs.ErrTruncated) {
		t.Errorf("registry claiming two packages: %v", err)
	}
}

func TestUpgradePolicyString(t *testing.T) {
	for p, want := range map[onchain.UpgradePolicy]string{0: "arbitrary", 1: "compatible", 2: "immutable", 7: "policy(7)"} {
		if p.String() != want {
			t.Errorf("%d: %q", p, p.String())
		}
	}
}

// sdkArgumentTestsMetadata is ARGUMENT_TESTS_CONTRACT_METADATA of the
// official TypeScript SDK's end-to-end tests (tests/e2e/transaction/helper.ts,
// aptos-labs/aptos-ts-sdk, Apache-2.0): the metadata_serialized its
// transaction-argument test package is published with.
const sdkArgumentTestsMetadata = `
25417267756d656e7420546573747320666f722074686520547970657363726970742053444b01000000000000000040363236303136364134334536
31374235463733454634443741433143363035393341393345364432413545303633373436393932414346414642374636433342f2011f8b08000000
000002ffa5903f4fc33010c5777f0acb7bd25662ed5009b13030902daaa2abf35c421a9f659b00427c77ec24441dba55f67277effdee4fed48f774c6
51581a20f7521dfcf963808db24288411af632be4156df0e41fbce45f9faf8acc4081f3ab6d9b12dd35342d42d1c6c0bab3b84a338b8c8e1c927ec27
fb3e097fe485355db2a52c37eba7ac2b347b14bb251878c4c6fc5b97e41a2bf93bc32bee615f4eefd069d0bbf931d30a9e71b987a8a96d3d42c8db4c
9ac65cada3b65f3bb5e4276fc3eb28a9f6a044f46403e998eed4d072d6a9daccd71a8bab0637c5fb043a01469381fa0357683d82ac010000010e7478
5f617267735f6d6f64756c658f241f8b08000000000002ffed1ded72dbb8f17f9f0255677cf2944d4490a23e1c7b9a4b3cd7cc24f1d5963bd7c97838
b44439eac9a22a5249dcbbbc7bb124410220002dedbbf6da6126894860b1bb586017c02e08dc278bfd3a26d92edaa4d13c5b259b30daddedefe34d96
4ea7d917784bc3fb02eaa7df11f6679fc624cd16d3699aed569bbb133931deed929d9296aeee36b19af8299e670dc8640b2c4ca73f5dc5eba5432ef2
d7af2ad0ed3f58d91a287f55810ae6a6d32b1d93d9c3360e579b65522261857380e7cf9f93d9c79814bc9175bcb9cb3ea624dac564936424fee73e5a
3fcb21e7c926cdc89bf7af2e2e2fcf5fcdc2bfb1ff2e2ec3b7e7efbf9bfd654af6814f4e893b189c4878571b26078efd53b4dec716e425cabfbd7c7b
7d7e15bebf9885e77fbd7ef99623a722f24250c425ab9421dbc424da2c782265899b6f3211f5c5f7b33717ef0b7c6f667f0fcf2f2f19a50147ed9950
a7c9fde350bb1cb5af45cd8a66d16ac3844116abe532deb1ee57c887641fa34d45ee3021ca090d819000feedcbabf312e6d5c5ebf3f0fbeb6fdfbe79
15bebcfceefaddf9fbd995d0669c457dc177d76f676fc2ab37dfbd3fbf14da422af3fafcfbb7177f3fbf64c057b3f0ddcbd9abbf84ef2e5e5fbf3d0f
5fbe7e7d797e55911bb13f274c1864f0831b07aec8f1bb973f84d7630638060ac3e1899ae7062cd30d586e301c7acd7c0f84e151903a9df893604427
4da0c00fbf7df35d55fbb1ef0723df1f8cbcd160321cba81aba14bc76519f604ddc51fd031f582604207136fec071efbeb8dfc6030f23d77148ca9eb
fa1afee93028f1b02720ee0e470cc57842bd91c7284f863ef5868c8f316bcc71301e4d06a3f1d0a3c164c28804c3c01fc03f6fe20f47c331eb59a389
ebb974127893098843a077fec3f74c9bce5f87df5e5c300dba4d92352398edf6f1890eaa12bbabcfae254ff500b5e83d3d40e0571a612041c7958087
7a1026b54a768116a4ea6cd162b18bd39401fe596beab5a5af66976fdeb3e629ecd58bfdf88c95bfedc55fb62c215e848589ede9055d5aaf42de2506
103be0905e3fe4cde09065b44ed90fbc901b6e2398fac76499acd7c967468ad9cf2cbe631614ec775aa69720bbfb289bf2520387b80ea10ef433f2a7
fac1cd1f2cec42c34bd5155e3ed468e9d083ff7cf86fc8b9356084bec2b1b8818813de04a4a0c45ef1e3173f8750432fe3c83c2aa286370175a5ff9e
f0ec0bcf87284177e5b8035fa4046f02258d01f1b4a9be36f5a030a9d040ec451227951b0967963c2ca08f053c54875c6d39d3ec45ac43fe2a8af397
3489de2f8ccfff85f11d105c65cc4a6195364d105f95f281fc79f0850991fd1fddcef3df45bccc7f5deae5bffe30c87f47e3899dac62056b83201016
133f684ca4c3d21823f92f6324ff658ce4bf8c91fc9731d2034e725658b9fd3c235771b6dfbe8eb2887c8c52f263fc504ec1e14f7cbfcd1ec2622e0c
f3ab621afce21c922fe334d9efe6f199a307a7edc03d2bf857896509a2669b432df71b66c55759b9a4e82fe2ed3a798877537254ac128e852a46691a
efb2dff78b9ce9b46cdf305956e58ec9a9694c7310d3b0e3938ad83ace08ab6f5ab7aab6ced0c03772a9152b32a8933e7f5cb18aadc80be28995e1d0
792f035125bb70172f5959be9e99efe2288b4ba1f7f595121816980e0b0909b8ee62f60ed88a9cfe914256c1739f7c8ac32ce94b89f0e7a8c6ee3432
e5b6fee9ab0ca16755e0b1ec5dcb5d721f2aec1de2b768a1e974bb4f3f86b7d1fcc7fed1fdbe683f07fe57c0a18556e48f7c3a97f7dafa9123dbc59f
e25d1ad7a894de918236860b50c7534135e52656d5b2e234d92a8c1e3be682f4b1053d6441bee235363e573099562d823abd9452a9e0dbfded7a3527
acafee1e726dcfd7da59c4bc086c9296bb135eccd84a73b14bb60e99b9d513ad9ebcea89cd3a98f538ab390ba329990d6adae12d7b7785f7397ba7c2
fb82bd7bc27b5c99b2995fdaafe3da3a9999673c03b7c0277008bcb17f43f68f0d23b311fb3766ff2600930302a40ba030fd99c16c67e602b40be02e
c0bb50c08512144ad01c379480016a46a1048512144a502841a1048512dee0acaf3394525b094e8efc7113ddc7ac1a5092d94c6d6e3e2367f9474708
4cae0d131b0ab178a8150f9b2463117956441e4523f2ad88021f8d6868af1ac50b29b06282692316d3c88689cfa0b0c8c6366485eb0d8d6b62c3a51f
8bd15dd5daebc5e5281ea58b4009134234428a41c8d4018fd1c360647a81c7e863303205c1631ca26a4ddb0832c0a00495c1a31c215072dd29b0325c
18c46304e2528ff0dc4e1048f50a8537da568d2afcb52d358aba08946d348a520cc2361a453d0cc6361a457d0cc6361a4587a85ab7d1281a6050b6d2
283a42a094350a83758cc0da569de80481f489eae4610628aeb90545f9cd40ff2ce7419ec30fb033f722a15e7b8ad3f0f93cd96ff205ce91ba3a64f0
21687ee16697d3f7b9635d492bbde94a6ae94257524bbfb98a813bcb95f4ca432ea797fdaa728bcbb965e49014fd44ce2b97ae87bc2745db84f9ca4c
742837200a3989139006c87e6cc5b057fccb4d00c54bdc04509cbb1a12aad7b509d2706a36402aa12bc3650390cb5f1efd1a60bc29ace3595daa882c
f326a947930644d124e208d6008126b160c89b44185e9a00d024c268d1048026118cbf86041578909b8483e44d221ae70648d5248abd6d00f226912d
6803acd20e9b4de28bee68fecffd8a91d37a52c0dd5239510bafd15d9c85b5fba17ffc4cf6b49c3416c3dc0e815995e27fcec1603073150d8ef51821
2c782a460a51d85c133608229e4a9145143e6ac20731c753291089c2e799f04188f2548a5ba2f0f9c6fa52457e60b4311887268c79fcf3540e8ba230
06068c55acf4b4114845e11d19f0164a0468f9de947db61cf79570eb318ac6d840a3d006a0216a0f0ae5a481322c4c6b1ae65b53fae2a0e60843d287
1b9c0a0c9004f2598336908ca3e322e9b0798826fe8ba341b134409f3521611c150f4b05b45c131dc651f1b15440f73591611c95215a6254d72e5833
e106583ab999d00567717446483a7c8a690a67e2a88d91d40acbe2e483656501a4bc3ecec0b8587350589c826216a759999096d0487254631c8a4905
2727cedf1cc2f709c25eb7c2d78c23e322c914368853816d6f7d690a81244791e4c014e9895d8f8f1d0c250f4b096c8f8114d31d5cb57c2c31304106
621ec5556c88a50586c8402bf071b402b410a9b9c1581e528c232cb9dc2819c8b13c24b931925c65b1f41479e41c47748224ca0d9744d33a4fc231e0
610d0bb7631203e2240a49cf959d2ab537659edc6fd7f1179d3b6511b360eb43b861e693d172757b4d1c03305581b977cb54c0ab57cc921f89973316
f4554a86f27554555acd29750c411cd16e95261bd3361adddc0c97a66ed0504466a3cdabc1e8dbc7d0c7e7aadc951db0dc157e2af7401ba2635b2d3d
6d2d0d6dc66a2b71e1585fede2f56de235f519c680997de79179229fa5ea0370a1f7abeca1aff449c7d2491d8d43c08a8d3a966ee7e40e81c606947f
adb60a16cf5ef79f2387dcfeacec40d15a39007424b741b3fbb942e78bbf64bb689e157b47226b316a2a76ab14d34e2305f26237a332b35f71e2f21d
4b6734884bc45648e9e7087e1b8066d9e6e08ee444692be1e86059b3986f35655bca5a65fdab227b61447bfe9cbc8a36df30ba319947eb75bc20b083
8b44249def56db8c6ca38775122d94e16fbb5b7d82fd689ae1af0b2674c1842e98d005137ead6082398e29591fa732364e695e1c6e521c6e451c6e38
9cca5638957570447be008eaef08eaee68061fd9a75ab22078294567a2e8f2131d7392fb4cf271a98e28c55524fb7124ee743e17c93522382e44cf82
b8f01717e6d2c2595ad6aa8b4e653dd8e0ae65e43abcdfafb3155b7e955b99b1834f99c714cc94e5598af9e662434db1e29d4b22b619b76e54ec46c5
6e54ec46c5a786d85593136e61ddb008571bdd4755f29700cd6f722a53aa6c38d2801e55a6f5306c656a5ba0f5f1688702e8cd8198872a2fc72241c7
fae5b8b89eede627ffe7f313cb2ab89b997433936e66d2cd4cba998979bd6eb191ea00c9cd62fde8d58f7efd386c8edcddf0fa3fbefc5f6dd6ab4d9c
0fb3bac9db8b59f159e919ec5c1182acb3b35c0842241552a0c5569b45fc251f7174df5af2b8417148142bd43fca11e7dbf80d996cb64bf203b2a6d3
d5e6130b1bc109016c3ed0371c24c502ca152362b84f8859bc98396456d6a9ac88352ef4fb7e040cde1a18d192fb8a94b7140f33c9bb127243ee624e
6bf9d7852deda002fd1aed21772b4e0edd3e6aa73d2b835235ddf6ed2285ab0065a9566e65ad81db32914a89e676582d499fc7a3566998efc4827ece
711f1f1bfa9fa590b13d0c079699dae32b89d7697c983e84d89f40df35d1e7ebeb781dc3082644ee6e1386feb32ca8132b9bfc6cb49a4987e36dc72d
354a4b09ef5d6cd60f04f6f2c1d14a70645e11d7834ff7c96e75f731239be4f333f22e61100903d9e5c72fa52459926acc8663ed204898eeb7db64c7
42b1cfc42e2adae8fc14bcfc6c80824ebf5b4ba09601ffdd2f285a7c1ed1eadb87561f36b4fa6aa1e527092dbf3778d4c7044ffe52a0ed670093276e
8daff6f097c6e20f1f3eade2cf37aa6a436218add7da607fa7d49d83a07310740e02ab83604a6a8b21db09d13e486641b206921190555f517855c755
bd46e9b24ef7f40aab85d469a6561bb51aa8573abd9e19f5caa448073547d7d3f5ea61819405a0edfbdafeaeefe2fa5e6decc5a66e8b7264d5132ec5
29c57d498d54b1030b839c2651ecd0c210a72b4e7548a58eae8c6ecd8c54e9f8f2a066f15be9729a55af6716da645500829f4b9bae8a41f47f69331a
c250fc62ba3c9d48b0fe325d4e532ab51f4d9bac4a45f0af69d355a9887e376d46432a8a3f4e97a7938ac94f87982cda76b8abc3bca06edce5721f6d
fbfa233b999b25557d2cd27c3a3d163c2922a78207455d33b1e8986eb5552cebc3bb7572cb3c2c15c499e91447a45cc40fea80765f3f1a9136c9986d
01e24187aa044e0c16af8651d6950e0a8ce2c03c43e7529a4cfb25e281d9a022847ec53fa958e44fde712918b9814e7083277c6d61c14d6edaf78e3a
8c9177933a08a13c201aff49f596bb8472d067c983228efe1127a8ecd968579a3ea9b4b8b744514ea86a75dceca9e9a8d9329a444fe1c8e1ead583d7
dbead587d779f53a84d7455d369caf993f54c6e0d789ace03cd9e58feef14d759a6ede14b0d8662f395bd28765cae9ba8d98be660301e7dd5cc83716
b2ec1e28ab672cea9bf2a1d20ada03ddb8bae7631947d99e41c9df2b95a9ac2bf37c382f970971bf5a48bdb9ce9e7f8c367771582684cb757497f681
31eee4ff5066dd540937e2169fe233a9a2316a9f10b11d6c7ca2dba945ed858f3898beb4672fcda1f4857d1c695f5f7a88223d1465a63b261abf6d4a
7f7eadecc5d4675d8f4d19ea744cf2461a72d42999ec66346435a6650ddfa17956d3f0124aa0077cc0bab96e79c6879e1ff1740e2b8451aac2a11876
00a38c85a3280e90a08798300b5e39b5a12154e3b7a00d48fd29099ae9b474bc81365f77300102100e15c080c1810018388fe2e0021f49972219cc3f
7e470056dfac9b610f7c6b6e2e7840a38ea55d0bb5f1327f0ed759afce7a75d6abb35ebf3debc51f1fbb53cf70a780b43ed0e679da54df5262a8b505
c20531ea6cdc694cb19dc6b4d969cc859dc6fcd621379dd1ee8c7667b43ba3fd5b9f723ec95ab7b1d39d85ee2c7467a13b0bdd5968bb85eece49ebce
49fb2f9d9326445b8cc714169302e3096916388a84f39070be164e54a5e7cf59fc80c1460bd8960e1f65c38e5ab82a18aed52070a59b433ec7794e9d
0cb76da445f22e85ebda49968a28f3ddee9f5790957db38013b076f162bf59449becd9b36722240bfbc5f1721e2d81d68ff1a638236b117ffa5315a9
6d5e73295a9bdb1eec16e9b5beab4d41b21ff75a5ed2a62270835edbebd954141eedb5bd984d4511f8bdb657b2352a42adb2d0dfc6a62261834baff5
456c0a92b207f41e730d9b828a858299012cd30a33d17bc4856c3aac3c805eee61a83b34c3989b87b40cce4da77250bdf7f45bdc147ec40d95bd47df
e3a647ca74a0f7c87bdc0c08994af41e7b919b01255391de636f7233a0642ad37bec556ea68a53942c0d574f19908246f51e7d9d9b1e2957afde13ef
74d363d7e8248292f9562a0b9547eb288221f48d565ae351cecdc49dc0bd47df1787a0605763ebe57118ec769db65f2587c16f5770fbc57218fc766d
b75f3387920f45c91fa7fa5a0a07ecc0814be810141046e1f0b574083a2dcdc3c14bebb0247f155bd1f6f63bbd2d934c9accba25eb89b5823fbdffd8
9d7bbab30bbefeeedf47c451f47e8b000000000400000000000000000000000000000000000000000000000000000000000000010e4170746f734672
616d65776f726b00000000000000000000000000000000000000000000000000000000000000010b4170746f735374646c6962000000000000000000
00000000000000000000000000000000000000000000010a4d6f76655374646c69620000000000000000000000000000000000000000000000000000
000000000004114170746f73546f6b656e4f626a6563747300`
