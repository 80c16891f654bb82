package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/windpost/windpost/games"
)

const defaultStore = "windpost.db"

// adminSub is one subcommand of `windpost admin`: its name, its line in
// the help (arguments and what it does) and how it runs. adminSubs is the
// one table the usage line, the help and the dispatch are made from.
type adminSub struct {
	name, args, about string
	run               func(ctx context.Context, a *app, args []string) int
}

// adminSubs are the admin subcommands in the help's order.
func adminSubs() []adminSub {
	operate := func(name string) func(ctx context.Context, a *app, args []string) int {
		return func(ctx context.Context, a *app, args []string) int { return adminOperate(ctx, a, name, args) }
	}
	plain := func(f func(a *app, args []string) int) func(ctx context.Context, a *app, args []string) int {
		return func(_ context.Context, a *app, args []string) int { return f(a, args) }
	}
	return []adminSub{
		{"games", "", "list every game: id, variant, players, state, turn, deadline, result", plain(adminGames)},
		{"dump", "[--keys]", "print everything in the store as JSON (the server secret and, without\n--keys, the players' reply keys are redacted)", plain(adminDump)},
		{"outbox", "", "list the mail not sent: pending (next try), held back by a send\nlimit, and failed for good (why)", plain(func(a *app, args []string) int {
			return adminLook(a, args, "outbox", "List the mail not sent: pending, with its next try, held back by a send limit\n(which, and until when), and failed for good, with why.")
		})},
		{"backup", "FILE", "write a consistent copy of the store to FILE", plain(adminBackup)},
		{"check", "", "run bbolt's consistency check over the store and read every record", plain(adminCheck)},
		{"forget", "ADDRESS", `forget a player (as their "forget me"); serve must be stopped`, adminForget},
		{"export", "--all DIR", "write each game's record as a PGN file in DIR (--game G: one game)", plain(adminExport)},
		{"adjudicate", "GAME [black|white|draw] --why TEXT", "end a game now (by the solved table in Gufuu, in Jul-Gonu where proven; else by the result given)", operate("adjudicate")},
		{"extend", "GAME DAYS --why TEXT", "give the player to move DAYS more days", operate("extend")},
		{"cancel", "GAME --why TEXT", "call off a game without a result (not rated, counts nowhere)", operate("cancel")},
		{"ban", "ADDRESS --why TEXT", "ignore an address's mail and never mail it", operate("ban")},
		{"unban", "ADDRESS --why TEXT", "lift a ban", operate("unban")},
		{"audit", "", "print the audit log: every organiser's and operator's action", plain(func(a *app, args []string) int {
			return adminLook(a, args, "audit", "Print the audit log: every action of a tournament's organiser or of the operator\n(adjudicate, extend, cancel, ban, unban), when, by whom, on what, and why.")
		})},
	}
}

// adminUsage is admin's help: the usage line naming every subcommand, and
// each one's line, both from adminSubs.
func adminUsage() string {
	subs := adminSubs()
	var names []string
	var b strings.Builder
	for _, s := range subs {
		names = append(names, s.name)
	}
	fmt.Fprintf(&b, "Usage: windpost admin <%s> [options]\n\n", strings.Join(names, "|"))
	b.WriteString("Inspect, back up and operate windpost's game store (a bbolt file).\n\nSubcommands:\n")
	for _, s := range subs {
		head := strings.TrimSpace(s.name + " " + s.args)
		about := strings.ReplaceAll(s.about, "\n", "\n"+strings.Repeat(" ", 24))
		if len(head) > 21 {
			fmt.Fprintf(&b, "  %s\n%s%s\n", head, strings.Repeat(" ", 24), about)
		} else {
			fmt.Fprintf(&b, "  %-21s %s\n", head, about)
		}
	}
	b.WriteString(`
Each takes --store FILE (default ./windpost.db); the changes also take --by
NAME (default: your user name), which the audit log keeps with --why. While
'windpost serve' runs on the store it holds the file, so these commands ask
the running daemon instead, over the socket it keeps beside the store
(FILE.admin, readable by its owner only): a backup made then is a hot
backup, taken while games go on, and a change is made by the daemon.
`)
	return b.String()
}

// cmdAdmin runs `windpost admin <subcommand>`, one of adminSubs.
func cmdAdmin(ctx context.Context, a *app, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(a.stderr, adminUsage())
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(a.stdout, adminUsage())
		return 0
	}
	var names []string
	for _, s := range adminSubs() {
		if s.name == args[0] {
			return s.run(ctx, a, args[1:])
		}
		names = append(names, s.name)
	}
	fmt.Fprintf(a.stderr, "windpost admin: unknown subcommand %q (want %s or %s)\n", args[0],
		strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
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
	return writeTable(w, "No games in the store.", "GAME\tVARIANT\tBLACK\tWHITE\tSTATE\tMOVES\tTO MOVE\tDEADLINE\tRESULT", list, func(g games.GameSummary) []string {
		deadline := "-"
		if !g.Deadline.IsZero() {
			deadline = g.Deadline.UTC().Format(time.DateTime)
		}
		return []string{g.ID, g.Variant, g.Black, g.White, g.State, strconv.Itoa(g.Ply), cmp.Or(g.ToMove, "-"), deadline, g.Result}
	})
}

// writeTable writes a row of cells for each item under header (its column
// names tab-separated) in columns two spaces apart, or only the sentence
// empty when there are no items.
func writeTable[T any](w io.Writer, empty, header string, items []T, row func(T) []string) error {
	if len(items) == 0 {
		_, err := fmt.Fprintln(w, empty)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, header)
	for _, it := range items {
		fmt.Fprintln(tw, strings.Join(row(it), "\t"))
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
		window := hold.Window
		if window != "minute" {
			window = "day" // "server": the server refused mail; Sent counts the day's
		}
		fmt.Fprintf(w, "A send limit holds mail back: %s. %d mails went in the last %s; the next may go at %s (held since %s). "+
			"Moves and results go first; %d mails wait.\n\n", hold.Limits, hold.Sent, window,
			hold.Until.UTC().Format(time.DateTime), hold.Since.UTC().Format(time.DateTime), waiting)
	}
	return writeTable(w, "No mail waiting or failed in the outbox.", "MAIL\tKIND\tGOES\tTO\tGAME\tSTATE\tTRIES\tWHEN\tLAST ERROR", list, func(m games.UnsentMail) []string {
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
		return []string{m.ID, string(m.Kind), goes, m.To, cmp.Or(m.Game, "-"), state, strconv.Itoa(m.Attempts),
			when.UTC().Format(time.DateTime), cmp.Or(oneLine(m.LastError), "-")}
	})
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
	// admin check walks the store itself, to say all it finds; the others
	// are refused a damaged store at open.
	st, err := games.OpenWith(storePath, games.StoreOptions{ReadOnly: true, LockTimeout: 300 * time.Millisecond, SkipWalk: name == "check"})
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
