package pgtest

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"
)

// The package's server, set up by Main.
var (
	shared   *Server // started by Main; nil with an external server
	adminDSN string  // DSN of the server's maintenance database; "" without a server
	setupErr error   // why there is no server
	nextDB   atomic.Int64
)

// Main runs a test package's tests against one PostgreSQL server: the one
// LEDGERNODE_TEST_POSTGRES names, or one started in a temporary directory
// and removed afterwards. Call it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
func Main(m *testing.M) int {
	switch dsn := os.Getenv(EnvDSN); {
	case dsn != "":
		adminDSN = dsn
	case !Available():
		setupErr = errNoServer
	default:
		s, err := Start(false)
		if err != nil {
			setupErr = fmt.Errorf("starting PostgreSQL: %w", err)
			break
		}
		shared, adminDSN = s, s.DSN("postgres")
	}
	code := m.Run()
	if shared != nil {
		shared.Stop()
	}
	return code
}

// Skip skips t (or fails it under LEDGERNODE_REQUIRE_POSTGRES=1) when the
// package has no server.
func Skip(t testing.TB) {
	t.Helper()
	if setupErr == nil && adminDSN == "" {
		setupErr = fmt.Errorf("pgtest.Main was not called from TestMain")
	}
	if setupErr == nil {
		return
	}
	if Required() {
		t.Fatalf("PostgreSQL required (%s=1): %v", EnvRequire, setupErr)
	}
	t.Skip(setupErr)
}

// Shared returns the server Main started, nil when the tests run against
// an external one (LEDGERNODE_TEST_POSTGRES) or none (then it skips).
func Shared(t testing.TB) *Server {
	t.Helper()
	Skip(t)
	return shared
}

// Database creates a fresh database for t and returns its DSN; it is
// dropped when t ends (after the cleanups t registers later, such as
// closing a store). Without a server it skips t (see Skip).
func Database(t testing.TB) string {
	t.Helper()
	Skip(t)
	name := fmt.Sprintf("t%d_%d", os.Getpid(), nextDB.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := CreateDatabase(ctx, adminDSN, name); err != nil {
		t.Fatalf("creating database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := DropDatabase(ctx, adminDSN, name); err != nil {
			t.Errorf("dropping database %s: %v", name, err)
		}
	})
	dsn, err := WithDatabase(adminDSN, name)
	if err != nil {
		t.Fatal(err)
	}
	return dsn
}

// NewServer starts a server of t's own (for tests that stop, restart or
// replicate it, and benchmarks that want fsync), stopped and removed when
// t ends. Without initdb and pg_ctl it skips t, or fails it under
// LEDGERNODE_REQUIRE_POSTGRES=1.
func NewServer(t testing.TB, fsync bool) *Server {
	t.Helper()
	if !Available() {
		if Required() {
			t.Fatalf("PostgreSQL required (%s=1): %v", EnvRequire, errNoServer)
		}
		t.Skip(errNoServer)
	}
	s, err := Start(fsync)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}
