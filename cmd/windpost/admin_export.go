package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
)

// adminExport runs `windpost admin export [--game G | --all] DIR`: each
// game's record as a PGN file in DIR, read from the store (or through the
// running daemon's admin socket).
func adminExport(a *app, args []string) int {
	fs := newFlags(a, "admin export [--game G | --all] DIR [--store FILE]",
		"Write the record of game G, or of every game played (challenges never accepted are left\n"+
			"out), as a PGN file DIR/<game>.pgn in the game's own notation; a Micro-shogi game also\n"+
			"as DIR/<game>.micro.pgn in Fairy-Stockfish's form (Variant \"micro\", its FEN, UCI moves).\n"+
			"DIR is made if need be; files of the same names are replaced. 'windpost replay' reads\n"+
			"the files back. Also while windpost serve runs on the store.")
	store := fs.String("store", defaultStore, "the store `file`")
	game := fs.String("game", "", "the `id` of the game to export")
	all := fs.Bool("all", false, "export every game played")
	dir, code, ok := parseOneArg(fs, args)
	if !ok {
		return code
	}
	if (*game == "") != *all || strings.ContainsAny(*game, " /\\") {
		fmt.Fprintln(a.stderr, "windpost admin export: name one game with --game G, or --all")
		return 2
	}
	abs, err := filepath.Abs(dir) // the daemon may run in another directory
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin export: %v\n", err)
		return 2
	}
	if *all {
		return runAdminJob(a, *store, "export", "all "+abs)
	}
	return runAdminJob(a, *store, "export", "game "+*game+" "+abs)
}

// exportJob writes records: arg is "all DIR" or "game G DIR", DIR an
// absolute path. It only reads the store.
func exportJob(st *games.Store, arg string, w io.Writer) error {
	which, rest, _ := strings.Cut(arg, " ")
	var ids []string
	dir := rest
	skipped := 0
	switch which {
	case "game":
		var id string
		id, dir, _ = strings.Cut(rest, " ")
		ids = []string{id}
	case "all":
		list, err := st.Games()
		if err != nil {
			return err
		}
		for _, g := range list {
			switch g.State {
			case "playing", "over":
				ids = append(ids, g.ID)
			case "damaged":
				fmt.Fprintf(w, "Skipped %s: damaged (%s).\n", g.ID, g.Result)
				skipped++
			}
		}
	default:
		return fmt.Errorf("export: want \"all DIR\" or \"game G DIR\", got %q", arg)
	}
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("export: the directory must be an absolute path, got %q", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	cat := variants.Default(variants.Options{}) // rules and notation only: no table is loaded
	for _, id := range ids {
		rec, err := st.GameRecord(id)
		if err != nil {
			return err
		}
		files, err := games.ExportFiles(cat, rec)
		if err != nil {
			return err
		}
		for _, f := range files {
			path := filepath.Join(dir, f.Name)
			if err := os.WriteFile(path, []byte(f.Text), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(w, "Wrote %s (%s, %d moves, %s).\n", path, rec.Variant, len(rec.Moves), f.Result)
		}
	}
	fmt.Fprintf(w, "Exported %d games to %s.\n", len(ids), dir)
	if skipped > 0 {
		return fmt.Errorf("%d damaged games not exported (see windpost admin check)", skipped)
	}
	return nil
}
