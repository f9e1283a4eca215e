// Command server runs the bundled local ledger node.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "ledgernode: the bundled node is not built yet; see README.md for status")
	os.Exit(1)
}
