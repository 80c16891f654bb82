package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/windpost/windpost/games"
)

const defaultStore = "windpost.db"

const adminAbout = `Inspect and back up windpost's game store (a bbolt file).

Subcommands:
  games                 list every game: id, variant, players, state, turn, deadline, result
  dump                  print everything in the store as JSON (the server secret is redacted)
  backup FILE           write a consistent copy of the store to FILE

Each takes --store FILE (default ./windpost.db). bbolt lets one process use
the file at a time: while 'windpost serve' runs on it, these commands wait a
second and then say so.`

// cmdAdmin runs `windpost admin <games|dump|backup>`.
func cmdAdmin(ctx context.Context, a *app, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(a.stderr, "Usage: windpost admin <games|dump|backup> [options]\n\n%s\n", adminAbout)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(a.stdout, "Usage: windpost admin <games|dump|backup> [options]\n\n%s\n", adminAbout)
		return 0
	case "games":
		return adminGames(a, args[1:])
	case "dump":
		return adminDump(a, args[1:])
	case "backup":
		return adminBackup(a, args[1:])
	}
	fmt.Fprintf(a.stderr, "windpost admin: unknown subcommand %q (want games, dump or backup)\n", args[0])
	return 2
}

// openStoreForAdmin opens the store read-only, with an error that says
// what to do.
func openStoreForAdmin(a *app, path string) (*games.Store, bool) {
	st, err := games.OpenWith(path, games.StoreOptions{ReadOnly: true})
	if err != nil {
		switch {
		case errors.Is(err, games.ErrStoreInUse):
			fmt.Fprintf(a.stderr, "windpost admin: %v\nStop 'windpost serve' on this file first.\n", err)
		case errors.Is(err, os.ErrNotExist):
			fmt.Fprintf(a.stderr, "windpost admin: there is no store %s (use --store FILE to name another)\n", path)
		default:
			fmt.Fprintf(a.stderr, "windpost admin: %v\n", err)
		}
		return nil, false
	}
	return st, true
}

func adminGames(a *app, args []string) int {
	fs := newFlags(a, "admin games [--store FILE]", "List every game in the store.")
	store := fs.String("store", defaultStore, "the store `file`")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fs.Usage()
		return 2
	}
	st, ok := openStoreForAdmin(a, *store)
	if !ok {
		return 1
	}
	defer st.Close()
	list, err := st.Games()
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin games: %v\n", err)
		return 1
	}
	if len(list) == 0 {
		fmt.Fprintf(a.stdout, "No games in %s.\n", *store)
		return 0
	}
	tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tVARIANT\tBLACK\tWHITE\tSTATE\tMOVES\tTO MOVE\tDEADLINE\tRESULT")
	for _, g := range list {
		deadline := "-"
		if !g.Deadline.IsZero() {
			deadline = g.Deadline.UTC().Format(time.DateTime)
		}
		toMove := g.ToMove
		if toMove == "" {
			toMove = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\n", g.ID, g.Variant, g.Black, g.White, g.State, g.Ply, toMove, deadline, g.Result)
	}
	tw.Flush()
	return 0
}

func adminDump(a *app, args []string) int {
	fs := newFlags(a, "admin dump [--store FILE]", "Print everything in the store as JSON, bucket by bucket; the server secret is redacted.")
	store := fs.String("store", defaultStore, "the store `file`")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fs.Usage()
		return 2
	}
	st, ok := openStoreForAdmin(a, *store)
	if !ok {
		return 1
	}
	defer st.Close()
	if err := st.Dump(a.stdout); err != nil {
		fmt.Fprintf(a.stderr, "windpost admin dump: %v\n", err)
		return 1
	}
	return 0
}

func adminBackup(a *app, args []string) int {
	fs := newFlags(a, "admin backup FILE [--store FILE]",
		"Write a consistent copy of the store to FILE (from one read transaction). FILE must not exist yet.")
	store := fs.String("store", defaultStore, "the store `file`")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	target := pos[0]
	if abs1, _ := filepath.Abs(target); abs1 != "" {
		if abs2, _ := filepath.Abs(*store); abs1 == abs2 {
			fmt.Fprintln(a.stderr, "windpost admin backup: the backup cannot be the store itself")
			return 2
		}
	}
	st, ok := openStoreForAdmin(a, *store)
	if !ok {
		return 1
	}
	defer st.Close()
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin backup: %v\n", err)
		return 1
	}
	n, err := st.Backup(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(target)
		fmt.Fprintf(a.stderr, "windpost admin backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(a.stdout, "Wrote %s (%d bytes) from %s.\n", target, n, *store)
	return 0
}
