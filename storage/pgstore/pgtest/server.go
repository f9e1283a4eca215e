// Package pgtest runs a throwaway PostgreSQL server for tests: initdb into
// a temporary directory, pg_ctl start on a free 127.0.0.1 port with trust
// authentication, and a fresh database per test. When the process runs as
// root (PostgreSQL refuses to), initdb, pg_ctl and the server run as the
// postgres user over a data directory chowned to it.
//
// A package's TestMain starts one server for all its tests (Main); tests
// take a database each (Database). LEDGERNODE_TEST_POSTGRES may name a
// server to use instead (a DSN whose role may create databases). Without
// PostgreSQL the tests skip, saying how to run them, unless
// LEDGERNODE_REQUIRE_POSTGRES=1, which makes a missing server a failure.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Environment variables the harness reads.
const (
	// EnvDSN names an existing server to use instead of starting one.
	EnvDSN = "LEDGERNODE_TEST_POSTGRES"
	// EnvRequire set to 1 turns a missing PostgreSQL into a failure.
	EnvRequire = "LEDGERNODE_REQUIRE_POSTGRES"
)

// HowToRun is the message of a skipped test.
const HowToRun = "PostgreSQL 15 not available: install it so that initdb and pg_ctl are on the PATH " +
	"(apt-get install postgresql-15, then add /usr/lib/postgresql/15/bin to PATH), or set " +
	EnvDSN + " to the DSN of a server whose role may create databases; " +
	EnvRequire + "=1 makes this a failure"

// Server is a PostgreSQL server in a temporary data directory.
type Server struct {
	// Dir is the data directory.
	Dir string
	// Port is the TCP port on 127.0.0.1.
	Port int
	// root is the directory holding Dir and the log; removed by Stop.
	root string
	// asUser runs the server's tools as this user ("" for the caller).
	asUser string
	// primary is the server a standby replicates from.
	primary *Server
}

// Required reports whether LEDGERNODE_REQUIRE_POSTGRES asks for PostgreSQL.
func Required() bool { return os.Getenv(EnvRequire) == "1" }

// Available reports whether initdb and pg_ctl are on the PATH.
func Available() bool {
	for _, tool := range []string{"initdb", "pg_ctl"} {
		if _, err := exec.LookPath(tool); err != nil {
			return false
		}
	}
	return true
}

// FreePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Start runs initdb into a new temporary directory and starts a server on
// a free loopback port. fsync=false trades crash safety of the whole
// machine for speed (a killed server still loses nothing it acknowledged).
func Start(fsync bool) (*Server, error) {
	s, err := newServer()
	if err != nil {
		return nil, err
	}
	if err := s.run("initdb", "-D", s.Dir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		s.remove()
		return nil, err
	}
	conf := fmt.Sprintf("listen_addresses = '127.0.0.1'\nport = %d\nunix_socket_directories = ''\nfsync = %v\n"+
		"max_connections = 200\nwal_level = replica\nmax_wal_senders = 10\nhot_standby = on\n", s.Port, fsync)
	if !fsync {
		conf += "full_page_writes = off\n"
	}
	if err := s.appendConf(conf); err != nil {
		s.remove()
		return nil, err
	}
	if err := s.Restart(); err != nil {
		s.remove()
		return nil, err
	}
	return s, nil
}

func newServer() (*Server, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	root, err := os.MkdirTemp("", "ledgernode-pg-")
	if err != nil {
		return nil, err
	}
	s := &Server{Dir: filepath.Join(root, "data"), Port: port, root: root}
	if os.Geteuid() == 0 {
		s.asUser = "postgres"
		if err := chownTo(root, s.asUser); err != nil {
			os.RemoveAll(root)
			return nil, err
		}
	}
	return s, nil
}

// chownTo hands dir to the named user.
func chownTo(dir, name string) error {
	u, err := user.Lookup(name)
	if err != nil {
		return fmt.Errorf("pgtest: running as root needs the %s user: %w", name, err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return os.Chown(dir, uid, gid)
}

// run runs a PostgreSQL tool, as the server's user.
func (s *Server) run(tool string, args ...string) error {
	name := tool
	if s.asUser != "" {
		args = append([]string{"-u", s.asUser, "--", tool}, args...)
		name = "runuser"
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = s.root
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgtest: %s: %w\n%s", tool, err, out)
	}
	return nil
}

func (s *Server) appendConf(conf string) error {
	f, err := os.OpenFile(filepath.Join(s.Dir, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(conf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Restart starts the server (stopped or not yet started) and waits until
// it accepts connections.
func (s *Server) Restart() error {
	if err := s.run("pg_ctl", "-D", s.Dir, "-l", filepath.Join(s.root, "log-"+filepath.Base(s.Dir)), "-w", "-t", "60", "start"); err != nil {
		return err
	}
	return s.waitReady(30 * time.Second)
}

// waitReady polls until a connection succeeds.
func (s *Server) waitReady(d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		c, err := pgx.Connect(ctx, s.DSN("postgres"))
		if err == nil {
			c.Close(ctx)
			cancel()
			return nil
		}
		cancel()
		if time.Now().After(deadline) {
			return fmt.Errorf("pgtest: server on port %d not ready: %w", s.Port, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Halt stops the server; immediate stops it without a checkpoint, as a
// crash would.
func (s *Server) Halt(immediate bool) error {
	mode := "fast"
	if immediate {
		mode = "immediate"
	}
	return s.run("pg_ctl", "-D", s.Dir, "-m", mode, "-w", "-t", "60", "stop")
}

// Stop stops the server and removes its directory.
func (s *Server) Stop() {
	s.Halt(false)
	s.remove()
}

func (s *Server) remove() { os.RemoveAll(s.root) }

// DSN is the connection string of database db on this server.
func (s *Server) DSN(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.Port, db)
}

// Standby takes a base backup of s (pg_basebackup -R) into a new directory
// and starts it as a streaming hot standby on another free port.
func (s *Server) Standby() (*Server, error) {
	st, err := newServer()
	if err != nil {
		return nil, err
	}
	st.primary = s
	if err := st.run("pg_basebackup", "-D", st.Dir, "-R", "-X", "stream", "-c", "fast", "-h", "127.0.0.1", "-p", strconv.Itoa(s.Port), "-U", "postgres", "--no-sync"); err != nil {
		st.remove()
		return nil, err
	}
	if err := st.appendConf(fmt.Sprintf("port = %d\n", st.Port)); err != nil {
		st.remove()
		return nil, err
	}
	if err := st.Restart(); err != nil {
		st.remove()
		return nil, err
	}
	return st, nil
}

// CreateDatabase creates database name on the server at dsn.
func CreateDatabase(ctx context.Context, dsn, name string) error {
	c, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	_, err = c.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	return err
}

// DropDatabase drops database name on the server at dsn, closing the
// connections still open to it.
func DropDatabase(ctx context.Context, dsn, name string) error {
	c, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	_, err = c.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

// WithDatabase returns dsn with its database replaced by name.
func WithDatabase(dsn, name string) (string, error) {
	if _, err := pgx.ParseConfig(dsn); err != nil {
		return "", err
	}
	if strings.Contains(dsn, "://") {
		i := strings.Index(dsn, "://")
		rest := dsn[i+3:]
		q := ""
		if j := strings.IndexByte(rest, '?'); j >= 0 {
			rest, q = rest[:j], rest[j:]
		}
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			rest = rest[:j]
		}
		return dsn[:i+3] + rest + "/" + name + q, nil
	}
	return dsn + " dbname=" + name, nil
}

// errNoServer is the error of a test with no server to run against.
var errNoServer = errors.New(HowToRun)
