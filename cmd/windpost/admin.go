package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/windpost/windpost/games"
)

const defaultStore = "windpost.db"

const adminAbout = `Inspect and back up windpost's game store (a bbolt file).

Subcommands:
  games                 list every game: id, variant, players, state, turn, deadline, result
  dump [--keys]         print everything in the store as JSON (the server secret and, without
                        --keys, the players' reply keys are redacted)
  outbox                list the mail not sent: pending (next try), held back by a send
                        limit, and failed for good (why)
  backup FILE           write a consistent copy of the store to FILE
  check                 run bbolt's consistency check over the store and read every record
  forget ADDRESS        forget a player (as their "forget me"); serve must be stopped
  export --all DIR      write each game's record as a PGN file in DIR (--game G: one game)
  adjudicate GAME [black|white|draw] --why TEXT
                        end a game now (by the solved table in Gufuu and Jul-Gonu)
  extend GAME DAYS --why TEXT
                        give the player to move DAYS more days
  cancel GAME --why TEXT
                        call off a game without a result (not rated, counts nowhere)
  ban ADDRESS --why TEXT / unban ADDRESS --why TEXT
                        ignore an address's mail and never mail it / lift that
  audit                 print the audit log: every organiser's and operator's action

Each takes --store FILE (default ./windpost.db); the changes also take --by
NAME (default: your user name), which the audit log keeps with --why. While
'windpost serve' runs on the store it holds the file, so these commands ask
the running daemon instead, over the socket it keeps beside the store
(FILE.admin, readable by its owner only): a backup made then is a hot
backup, taken while games go on, and a change is made by the daemon.`

// cmdAdmin runs `windpost admin <games|dump|outbox|backup|check|forget>`.
func cmdAdmin(ctx context.Context, a *app, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(a.stderr, "Usage: windpost admin <games|dump|outbox|backup> [options]\n\n%s\n", adminAbout)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(a.stdout, "Usage: windpost admin <games|dump|outbox|backup> [options]\n\n%s\n", adminAbout)
		return 0
	case "games":
		return adminGames(a, args[1:])
	case "dump":
		return adminDump(a, args[1:])
	case "outbox":
		return adminLook(a, args[1:], "outbox", "List the mail not sent: pending, with its next try, and failed for good, with why.")
	case "backup":
		return adminBackup(a, args[1:])
	case "forget":
		return adminForget(ctx, a, args[1:])
	case "check":
		return adminCheck(a, args[1:])
	case "export":
		return adminExport(a, args[1:])
	case "adjudicate", "extend", "cancel", "ban", "unban":
		return adminOperate(ctx, a, args[0], args[1:])
	case "audit":
		return adminLook(a, args[1:], "audit", "Print the audit log: every action of a tournament's organiser or of the operator\n(adjudicate, extend, cancel, ban, unban), when, by whom, on what, and why.")
	}
	fmt.Fprintf(a.stderr, "windpost admin: unknown subcommand %q (want games, dump, outbox, backup, check, forget, export, adjudicate, extend, cancel, ban, unban or audit)\n", args[0])
	return 2
}

// An adminJob reads the store and writes its result to w. The admin
// commands run a job on the store file themselves, or, while windpost
// serve holds the file, ask the daemon to run it (see adminsock.go).
type adminJob func(st *games.Store, arg string, w io.Writer) error

// adminJobs are the jobs by name; arg is the job's one argument (the
// backup's absolute path) or "".
func adminJobs() map[string]adminJob {
	return map[string]adminJob{"games": gamesJob, "dump": dumpJob, "backup": backupJob, "outbox": outboxJob, "check": checkJob, "export": exportJob,
		"operate": operateJob, "audit": auditJob}
}

func gamesJob(st *games.Store, _ string, w io.Writer) error {
	list, err := st.Games()
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(w, "No games in the store.")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
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
	return tw.Flush()
}

// outboxJob lists the mail not sent: pending and failed for good, with
// the last failure, and no reply key; first, when a send limit holds mail
// back, which limit and until when. GOES says whether a mail goes first
// (moves and results) or later (reminders, digests, notices) while a
// limit holds mail back; a pending mail it holds back is "held".
func outboxJob(st *games.Store, _ string, w io.Writer) error {
	list, err := st.Unsent()
	if err != nil {
		return err
	}
	hold, err := st.SendHold()
	if err != nil {
		return err
	}
	if hold.Held() {
		waiting := 0
		for _, m := range list {
			if m.FailedAt.IsZero() {
				waiting++
			}
		}
		fmt.Fprintf(w, "A send limit holds mail back: %s. %d mails went in the last %s; the next may go at %s (held since %s). "+
			"Moves and results go first; %d mails wait.\n\n", hold.Limits, hold.Sent, hold.Window,
			hold.Until.UTC().Format(time.DateTime), hold.Since.UTC().Format(time.DateTime), waiting)
	}
	if len(list) == 0 {
		fmt.Fprintln(w, "No mail waiting or failed in the outbox.")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MAIL\tKIND\tGOES\tTO\tGAME\tSTATE\tTRIES\tWHEN\tLAST ERROR")
	for _, m := range list {
		state, when := "pending", m.NextTry
		switch {
		case !m.FailedAt.IsZero():
			state, when = "failed", m.FailedAt
		case hold.Held() && m.NextTry.Before(hold.Until):
			state = "held"
		}
		goes := "first"
		if m.Later {
			goes = "later"
		}
		why := cmp.Or(strings.Join(strings.Fields(m.LastError), " "), "-")
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", m.ID, m.Kind, goes, m.To, cmp.Or(m.Game, "-"), state, m.Attempts, when.UTC().Format(time.DateTime), why)
	}
	return tw.Flush()
}

// dumpJob writes the dump; arg "keys" shows the reply keys.
func dumpJob(st *games.Store, arg string, w io.Writer) error {
	return st.DumpWith(w, games.DumpOptions{Keys: arg == "keys"})
}

// backupJob writes a consistent copy of the store (one read transaction)
// to the file target, which must not exist yet.
func backupJob(st *games.Store, target string, w io.Writer) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
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
		return err
	}
	fmt.Fprintf(w, "Wrote %s (%d bytes).\n", target, n)
	return nil
}

// runAdminJob runs job name on the store file, or through the running
// daemon's admin socket when windpost serve holds the file.
func runAdminJob(a *app, storePath, name, arg string) int {
	st, err := games.OpenWith(storePath, games.StoreOptions{ReadOnly: true, LockTimeout: 300 * time.Millisecond})
	switch {
	case err == nil:
		defer st.Close()
		if err := adminJobs()[name](st, arg, a.stdout); err != nil {
			fmt.Fprintf(a.stderr, "windpost admin %s: %v\n", name, err)
			return 1
		}
		return 0
	case errors.Is(err, games.ErrStoreInUse):
		if err := askDaemon(adminSocketPath(storePath), name, arg, a.stdout); err != nil {
			fmt.Fprintf(a.stderr, "windpost admin %s: %s is in use by another process, and asking it failed: %v\n", name, storePath, err)
			return 1
		}
		return 0
	case errors.Is(err, os.ErrNotExist):
		fmt.Fprintf(a.stderr, "windpost admin: there is no store %s (use --store FILE to name another)\n", storePath)
	default:
		fmt.Fprintf(a.stderr, "windpost admin: %v\n", err)
	}
	return 1
}

func adminGames(a *app, args []string) int {
	return adminLook(a, args, "games", "List every game in the store.")
}

func adminDump(a *app, args []string) int {
	return adminRun(a, args, "dump", "Print everything in the store as JSON, bucket by bucket. The server secret is redacted,\n"+
		"and so are the players' reply keys (each shown as …) unless --keys is given: whoever\n"+
		"holds a key can play in that player's name where mail is not authenticated.", true)
}

// adminLook runs a job that takes no argument but --store.
func adminLook(a *app, args []string, name, about string) int {
	return adminRun(a, args, name, about, false)
}

// adminRun runs a job that takes no argument but --store, and --keys if
// keys is set (the job's argument is then "keys").
func adminRun(a *app, args []string, name, about string, keys bool) int {
	usage := "admin " + name + " [--store FILE]"
	if keys {
		usage = "admin " + name + " [--keys] [--store FILE]"
	}
	fs := newFlags(a, usage, about)
	store := fs.String("store", defaultStore, "the store `file`")
	showKeys := new(bool)
	if keys {
		showKeys = fs.Bool("keys", false, "show the reply keys")
	}
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fs.Usage()
		return 2
	}
	if *showKeys {
		return runAdminJob(a, *store, name, "keys")
	}
	return runAdminJob(a, *store, name, "")
}

func adminBackup(a *app, args []string) int {
	fs := newFlags(a, "admin backup FILE [--store FILE]",
		"Write a consistent copy of the store to FILE (from one read transaction), also while\n"+
			"windpost serve runs on the store. FILE must not exist yet.")
	store := fs.String("store", defaultStore, "the store `file`")
	file, code, ok := parseOneArg(fs, args)
	if !ok {
		return code
	}
	target, err := filepath.Abs(file) // the daemon may run in another directory
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin backup: %v\n", err)
		return 2
	}
	if abs, _ := filepath.Abs(*store); abs == target {
		fmt.Fprintln(a.stderr, "windpost admin backup: the backup cannot be the store itself")
		return 2
	}
	return runAdminJob(a, *store, "backup", target)
}
