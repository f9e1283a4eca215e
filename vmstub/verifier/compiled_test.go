package verifier_test

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// compiledDir holds units built by the Move compiler and published by the
// Aptos SDKs' and Circle's tests and examples, released by Rooch's apps or
// committed by a package's build;
// testdata/compiled/README.md names the source of each file.
const compiledDir = "testdata/compiled"

// compiledPlaceholder stands for the publishing account in fixtures whose
// source interpolates it at run time.
const compiledPlaceholder = "${PUBLISHER_ACCOUNT_ADDRESS}"

// compiledUnit describes one fixture: what it holds and what the reader
// must find in it, so that a fixture read as the wrong kind of unit fails.
type compiledUnit struct {
	script  bool
	version uint32
	name    string // the module's own name; empty for scripts
}

// compiledUnits lists every file of compiledDir.
var compiledUnits = map[string]compiledUnit{
	"cctp_deposit_for_burn_v7.hex":             {script: true, version: 7},
	"cctp_deposit_for_burn_with_caller_v7.hex": {script: true, version: 7},
	"cctp_handle_receive_message_v7.hex":       {script: true, version: 7},
	"cctp_replace_deposit_for_burn_v7.hex":     {script: true, version: 7},
	"circle_aptos_extensions_v7.hex":           {version: 7, name: "aptos_extensions"},
	"circle_manageable_v7.hex":                 {version: 7, name: "manageable"},
	"circle_ownable_v7.hex":                    {version: 7, name: "ownable"},
	"circle_pausable_v7.hex":                   {version: 7, name: "pausable"},
	"circle_upgradable_v7.hex":                 {version: 7, name: "upgradable"},
	"go_aptos_account_script_v5.hex":           {script: true, version: 5},
	"go_fa_script_v7.hex":                      {script: true, version: 7},
	"go_multi_agent_script_v7.hex":             {script: true, version: 7},
	"go_rupee_fa.hex":                          {version: 6, name: "rupee"},
	"go_script_args_v7.hex":                    {script: true, version: 7},
	"go_tablemania.hex":                        {version: 6, name: "tablemania"},
	"go_transfer_script_v7.hex":                {script: true, version: 7},
	"py_two_by_two_transfer_v5.hex":            {script: true, version: 5},
	"rooch_dex_liquidity_incentive.hex":        {version: 6, name: "liquidity_incentive"},
	"rooch_dex_swap.hex":                       {version: 6, name: "swap"},
	"rooch_grow_bitcoin.hex":                   {version: 6, name: "grow_bitcoin"},
	"rooch_orderbook_critbit.hex":              {version: 6, name: "critbit"},
	"rooch_orderbook_market_v2.hex":            {version: 6, name: "market_v2"},
	"rs_one_signer_transfer.hex":               {script: true, version: 9},
	"rs_two_signer_transfer.hex":               {script: true, version: 9},
	"tut_loops_v6.hex":                         {version: 6, name: "Loops"},
	"ts_any_authenticator_v7.hex":              {version: 7, name: "any_authenticator"},
	"ts_entry_functions.hex":                   {version: 6, name: "entry_functions"},
	"ts_facoin_cat.hex":                        {version: 6, name: "cat"},
	"ts_facoin_dog.hex":                        {version: 6, name: "dog"},
	"ts_hello_world_authenticator_v7a.hex":     {version: 7, name: "hello_world_authenticator"},
	"ts_hello_world_authenticator_v7b.hex":     {version: 7, name: "hello_world_authenticator"},
	"ts_jwks_script.hex":                       {script: true, version: 6},
	"ts_multi_agent_transfer_a.hex":            {script: true, version: 6},
	"ts_multi_agent_transfer_b.hex":            {script: true, version: 6},
	"ts_permission_delegation_script_v7.hex":   {script: true, version: 7},
	"ts_transfer_module.hex":                   {version: 6, name: "transfer"},
	"ts_transfer_coin_script_v7.hex":           {script: true, version: 7},
	"ts_tx_args_module_args.hex":               {version: 6, name: "tx_args_module"},
	"ts_tx_args_module_v6_old.hex":             {version: 6, name: "tx_args_module"},
	"ts_tx_args_module_v7.hex":                 {version: 7, name: "tx_args_module"},
	"ts_update_jwk_script.hex":                 {script: true, version: 6},
}

// compiledBytes reads a fixture, with the publisher placeholder filled in.
func compiledBytes(t *testing.T, file string) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(compiledDir, file))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(strings.TrimSpace(string(raw)), compiledPlaceholder, h1TSPublisher)
	b, err := hex.DecodeString(text)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return b
}

// TestCompiledFixturesListed keeps compiledUnits and the directory in step,
// so that no fixture is left out of TestCompiledUnitsPass.
func TestCompiledFixturesListed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(compiledDir, "*.hex"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	sort.Strings(names)
	for _, n := range names {
		if _, ok := compiledUnits[n]; !ok {
			t.Errorf("%s is not listed in compiledUnits", n)
		}
	}
	if len(names) != len(compiledUnits) {
		t.Errorf("%d fixtures on disk, %d listed", len(names), len(compiledUnits))
	}
}

// TestCompiledUnitsPass reads each compiled unit and verifies it with the
// production configuration: real compiler output must be accepted.
func TestCompiledUnitsPass(t *testing.T) {
	cfg := bytecode.Config{AllowTrailingBytes: true}
	for file, want := range compiledUnits {
		t.Run(strings.TrimSuffix(file, ".hex"), func(t *testing.T) {
			b := compiledBytes(t, file)
			if want.script {
				s, err := cfg.DeserializeScript(b)
				if err != nil {
					t.Fatalf("reading: %v", err)
				}
				checkCompiledLayout(t, s.Layout, s.Version, want)
				if err := verifier.Script(s, verifier.Production()); err != nil {
					t.Fatalf("compiled script refused: %v", err)
				}
				return
			}
			m, err := cfg.DeserializeModule(b)
			if err != nil {
				t.Fatalf("reading: %v", err)
			}
			checkCompiledLayout(t, m.Layout, m.Version, want)
			if got := m.Identifiers[m.ModuleHandles[m.SelfHandle].Name]; got != want.name {
				t.Fatalf("module is %q, want %q", got, want.name)
			}
			if err := verifier.Module(m, verifier.Production()); err != nil {
				t.Fatalf("compiled module %s refused: %v", want.name, err)
			}
		})
	}
}

// checkCompiledLayout checks the version and that the unit filled its file:
// trailing bytes would mean the fixture was read as the wrong kind of unit.
func checkCompiledLayout(t *testing.T, l *bytecode.Layout, version uint32, want compiledUnit) {
	t.Helper()
	if version != want.version {
		t.Errorf("version %d, want %d", version, want.version)
	}
	if l != nil && len(l.Trailing) != 0 {
		t.Errorf("%d trailing bytes", len(l.Trailing))
	}
}
