// Package examples holds runnable programs built on the module: the bundled
// local node (examples/server) and examples of mounting and extending it.
package examples
