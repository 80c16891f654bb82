package variants

import (
	"path/filepath"

	notationjg "github.com/windpost/windpost/notation/julgonu"
	rulesjg "github.com/windpost/windpost/rules/julgonu"
	solverjg "github.com/windpost/windpost/solver/julgonu"
)

// JulgonuTable is the name of the Jul-Gonu table's cache file in
// Options.CacheDir.
const JulgonuTable = "julgonu.table"

// julgonuKit wires the Jul-Gonu engine, notation, bot and analyst. The table
// the bot and analyst use is loaded from (or built and written to)
// CacheDir/julgonu.table the first time it is needed, not here.
func julgonuKit(o Options) Kit {
	s := solverjg.New(filepath.Join(o.CacheDir, JulgonuTable))
	return Kit{Rules: rulesjg.Variant{}, Notation: notationjg.Notation{}, Bot: s, Analyst: s, Table: s}
}
