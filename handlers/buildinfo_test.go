package handlers

import (
	"runtime/debug"
	"testing"
)

func TestRevisionOf(t *testing.T) {
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "4f0c1e2d3b4a59687766554433221100ffeeddcc"}
	self := &debug.Module{Path: modulePath, Version: "v0.3.0"}
	cases := []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"checkout build", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "-compiler", Value: "gc"}, rev}}, rev.Value},
		{"revision wins over a version", debug.BuildInfo{Main: debug.Module{Path: "example.com/host", Version: "v1.2.3"},
			Settings: []debug.BuildSetting{rev}}, rev.Value},
		{"go install of a release", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.3.0"}}, "v0.3.0"},
		{"pseudo-version", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.0.0-20260102030405-4f0c1e2d3b4a"}},
			"v0.0.0-20260102030405-4f0c1e2d3b4a"},
		{"built into a host", debug.BuildInfo{Main: debug.Module{Path: "example.com/host", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "github.com/rs/zerolog", Version: "v1.33.0"}, self}}, "v0.3.0"},
		{"nothing recorded", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: ""}}}, "unknown"},
		{"empty", debug.BuildInfo{}, "unknown"},
	}
	for _, c := range cases {
		if got := revisionOf(&c.bi); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if BuildRevision() == "" {
		t.Error("BuildRevision is empty")
	}
}
