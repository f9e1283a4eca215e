package handlers

import (
	"runtime/debug"
	"sync"
)

// modulePath is this module's import path, looked up among the build's
// dependencies when the API is built into another program.
const modulePath = "github.com/ledgernode/ledgernode"

// BuildRevision names the build for GET /'s git_hash, from the Go build
// information of the running program, never empty:
//   - the VCS revision the program was built from (the vcs.revision
//     setting that go build stamps from a git checkout: a commit hash);
//   - else the main module's version (a release tag such as "v0.3.0",
//     or a pseudo-version naming the commit), when it has one;
//   - else this module's version, when another program depends on it;
//   - else "unknown" (for example go test binaries, or a build with
//     -buildvcs=false from a source tree).
func BuildRevision() string { return buildRevision() }

var buildRevision = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return revisionOf(bi)
})

func revisionOf(bi *debug.BuildInfo) string {
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && s.Value != "" {
			return s.Value
		}
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, d := range bi.Deps {
		if d.Path == modulePath && d.Version != "" && d.Version != "(devel)" {
			return d.Version
		}
	}
	return "unknown"
}
