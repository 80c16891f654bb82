package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
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
		files, err := exportFiles(cat, rec)
		if err != nil {
			return err
		}
		for _, f := range files {
			path := filepath.Join(dir, f.name)
			if err := os.WriteFile(path, []byte(f.text), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(w, "Wrote %s (%s, %d moves, %s).\n", path, rec.Variant, len(rec.Moves), f.result)
		}
	}
	fmt.Fprintf(w, "Exported %d games to %s.\n", len(ids), dir)
	if skipped > 0 {
		return fmt.Errorf("%d damaged games not exported (see windpost admin check)", skipped)
	}
	return nil
}

// exportFile is one file of a game's export.
type exportFile struct{ name, text, result string }

// exportFiles writes rec as PGN records: <id>.pgn in the game's own
// notation, and for Micro-shogi <id>.micro.pgn in Fairy-Stockfish's form.
func exportFiles(cat *variants.Catalog, rec games.GameRecord) ([]exportFile, error) {
	kit, err := cat.Get(rec.Variant)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	g, err := recordGame(kit, rec)
	if err != nil {
		return nil, err
	}
	h := notation.Header{Date: rec.Created, DaysPerMove: rec.DaysPerMove, GameID: rec.ID, Outcome: rec.Outcome}
	h.Black, h.BlackBot = playerName(rec.Players[rules.Black])
	h.White, h.WhiteBot = playerName(rec.Players[rules.White])
	forms := []notation.PGNForm{notation.OwnForm(kit.Rules, kit.Notation)}
	if _, ok := kit.Notation.(microshogi.Notation); ok {
		forms = append(forms, microshogi.FairyForm())
	}
	var files []exportFile
	for i, f := range forms {
		p := notation.NewPGN(f, g, h)
		name := rec.ID + ".pgn"
		if i > 0 {
			name = rec.ID + "." + f.Variant + ".pgn"
		}
		files = append(files, exportFile{name, p.String(), p.Result})
	}
	return files, nil
}

// playerName is a side's name in a record, and whether it is the bot.
func playerName(s games.RecordSide) (string, bool) {
	if s.Bot {
		return "windpost bot (" + s.Level + ")", true
	}
	return s.Address, false
}

// recordGame plays rec's moves from its start.
func recordGame(kit variants.Kit, rec games.GameRecord) (*rules.Game, error) {
	start := kit.Rules.Start()
	if rec.Start != "" {
		p, err := kit.Notation.ParsePosition(rec.Start)
		if err != nil {
			return nil, fmt.Errorf("game %s: start: %w", rec.ID, err)
		}
		start = p
	}
	g := rules.NewGameFrom(kit.Rules, start)
	for i, text := range rec.Moves {
		m, err := kit.Notation.ParseMove(g.Position(), text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", rec.ID, &notation.RecordError{Ply: i + 1, Text: text, Err: err})
		}
	}
	return g, nil
}
