package variants

import (
	ngufuu "github.com/windpost/windpost/notation/gufuu"
	rgufuu "github.com/windpost/windpost/rules/gufuu"
	sgufuu "github.com/windpost/windpost/solver/gufuu"
)

// gufuuKit wires the gufuu engine, notation, bot and analyst. They share
// one table, solved on first use (some tens of milliseconds).
func gufuuKit(Options) Kit {
	t := &sgufuu.Table{}
	return Kit{
		Rules:    rgufuu.Variant{},
		Notation: ngufuu.Notation{},
		Bot:      sgufuu.Bot{Table: t},
		Analyst:  sgufuu.Analyst{Table: t},
		Table:    t,
	}
}
