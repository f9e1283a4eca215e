package main

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestTakenAddressSaysWhatFailed starts the server on an address another
// listener holds, for the API and for the faucet: it exits with status 1
// and one line on stderr naming the address and the flag that moves it.
func TestTakenAddressSaysWhatFailed(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	addr := taken.Addr().String()
	for _, tc := range []struct {
		flag string
		args []string
	}{
		{"-addr", []string{"-addr", addr, "-faucet-addr="}},
		{"-faucet-addr", []string{"-addr", "127.0.0.1:0", "-faucet-addr", addr}},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			args := append([]string{"-quiet", "-indexer-addr=", "-ready-addr=", "-idle-block-interval=0"}, tc.args...)
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Fatalf("exit: %v, want status 1; stderr %q", err, stderr.String())
			}
			want := "ledgernode: cannot listen on " + addr + ": address already in use (another process holds it; choose another address with " + tc.flag + ")\n"
			if stderr.String() != want {
				t.Errorf("stderr = %q\nwant     %q", stderr.String(), want)
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing (no banner)", stdout.String())
			}
		})
	}
}
