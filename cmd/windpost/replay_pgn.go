package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/variants"
)

// pgnRecords reads text as PGN when it is PGN: when a game in it has a
// Variant or Result tag or a result token (windpost's own numbered record,
// which may have tags too, has none of these). err is a tag that does not
// close; recs are the games before it.
func pgnRecords(text string) (recs []notation.PGN, isPGN bool, err error) {
	recs, err = notation.ReadPGN(text)
	for _, r := range recs {
		if r.Tag("Variant") != "" || r.Tag("Result") != "" || r.Result != "" {
			isPGN = true
		}
	}
	return recs, isPGN || err != nil && (strings.Contains(text, "[Variant") || strings.Contains(text, "[Result")), err
}

// replayPGN checks each game of a PGN file as a game of kit's variant:
// its Variant tag must name that variant (or be missing); a record whose
// Variant tag names another form of its notation is read in that form
// (notation.FormOf: "micro" is Fairy-Stockfish's). With several games,
// each report is headed by the game's number, players and id. readErr is
// the reader's error.
func replayPGN(w io.Writer, kit variants.Kit, recs []notation.PGN, readErr error) int {
	code := 0
	for i, r := range recs {
		if len(recs) > 1 {
			id := ""
			if r.Tag("GameId") != "" {
				id = ", " + r.Tag("GameId")
			}
			fmt.Fprintf(w, "Game %d (%s - %s%s):\n", i+1, cmp.Or(r.Tag("White"), "?"), cmp.Or(r.Tag("Black"), "?"), id)
		}
		if v := r.Tag("Variant"); v != "" && !namesVariant(kit, v) {
			fmt.Fprintf(w, "not ok: a record of %s, not of %s\n", v, kit.Rules.Name())
			code = 1
			continue
		}
		f := notation.FormOf(kit.Rules, kit.Notation, r)
		g, o, err := notation.PlayPGN(kit.Rules, f, r)
		if replayReport(w, kit, f.Moves, g, o, err) != 0 {
			code = 1
		}
	}
	if readErr != nil {
		fmt.Fprintf(w, "not ok: %v\n", readErr)
		code = 1
	}
	return code
}

// namesVariant reports whether a Variant tag names kit's variant: its
// name, an alias or its title, in any case.
func namesVariant(kit variants.Kit, v string) bool {
	names := append([]string{kit.Rules.Name(), kit.Rules.Title()}, kit.Rules.Aliases()...)
	return slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, v) })
}
