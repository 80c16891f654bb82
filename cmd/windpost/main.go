// Command windpost is a play-by-email referee and opponent for Gufuu Shogi,
// Micro-shogi and Jul-Gonu. One binary, several subcommands: serve runs the
// mail daemon; the others play, solve, check and inspect games from the
// terminal.
package main

import (
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/windpost/windpost/variants"
)

// app is what every subcommand gets: its streams and the variants.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// catalog returns the variants windpost plays; cacheDir is where costly
	// tables are cached ("" = working directory).
	catalog func(o variants.Options) *variants.Catalog
	// lookupHost finds a mail server's addresses for `windpost check`;
	// nil = the system's resolver (tests answer without the network).
	lookupHost func(ctx context.Context, host string) ([]string, error)
}

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, a *app, args []string) int
}

func commands() []command {
	return []command{
		{"serve", "run the mail daemon (with no config: an embedded local mail server to try it)", cmdServe},
		{"play", "play a game in the terminal, against the bot or a friend", cmdPlay},
		{"solve", "print a solved game's figures, or analyse positions with its table", cmdSolve},
		{"analyse", "search a position with the bot's engine (Micro-shogi)", cmdAnalyse},
		{"perft", "count the leaves of the legal-move tree (tests the move generator)", cmdPerft},
		{"replay", "check a game record and name the first illegal move", cmdReplay},
		{"uci", "speak UCI as Fairy-Stockfish does for Micro-shogi (variant micro)", cmdUCI},
		{"match", "play the Micro-shogi bot against Fairy-Stockfish and measure its Elo", cmdMatch},
		{"admin", "inspect, back up and operate the game store (admin --help lists all 13)", cmdAdmin},
		{"oauth", "sign in to the mailbox with OAuth 2.0 once (oauth login -config FILE)", cmdOAuth},
		{"check", "check a config: servers, TLS, sign-in, capabilities, a test mail", cmdCheck},
	}
}

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		// The first Ctrl-C (or SIGTERM) asks for a clean stop, and is the
		// context's cause (serve logs it); after it the signals act as
		// usual again, so a second one ends the program at once.
		sig := <-sigs
		signal.Stop(sigs)
		cancel(stopSignal{sig})
	}()
	a := &app{
		stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		catalog: variants.Default,
	}
	os.Exit(run(ctx, a, os.Args[1:]))
}

// stopSignal is the cause of main's context when a signal ended it.
type stopSignal struct{ os.Signal }

func (s stopSignal) Error() string { return "signal " + s.Signal.String() }

// stopCause says why ctx ended, for the log: the signal ("interrupt",
// "terminated"), or the context's error.
func stopCause(ctx context.Context) string {
	var s stopSignal
	if errors.As(context.Cause(ctx), &s) {
		return s.Signal.String()
	}
	if err := context.Cause(ctx); err != nil {
		return err.Error()
	}
	return "done"
}

// run dispatches to a subcommand and returns the exit code.
func run(ctx context.Context, a *app, args []string) int {
	if len(args) == 0 {
		usage(a.stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help", "help":
		usage(a.stdout)
		return 0
	case "analyze":
		name = "analyse"
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, a, args[1:])
		}
	}
	fmt.Fprintf(a.stderr, "windpost: unknown command %q\n\n", args[0])
	usage(a.stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "windpost — a play-by-email referee and opponent for Gufuu Shogi, Micro-shogi and Jul-Gonu")
	fmt.Fprintln(w, "\nUsage: windpost <command> [arguments]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'windpost <command> --help' for a command's options.")
}

// newFlags returns a flag set for a subcommand whose usage line is
// "windpost <usage>", with a description printed under it.
func newFlags(a *app, usageLine, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(strings.Fields(usageLine)[0], flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: windpost %s\n\n%s\n", usageLine, about)
		var any bool
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprintln(out, "\nOptions:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// helpFiles holds each command's usage line and description (help/NAME.txt:
// the usage line after "windpost ", a blank line, the description).
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpFlags is newFlags for the command whose help is help/name.txt.
func helpFlags(a *app, name string) *flag.FlagSet {
	text, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("windpost: no help for " + name) // a programming error
	}
	usageLine, about, _ := strings.Cut(strings.TrimSuffix(string(text), "\n"), "\n\n")
	return newFlags(a, usageLine, about)
}

// parseFlags parses args, allowing flags after positional arguments
// ("solve gufuu --json"). It returns the positional arguments, or ok=false
// with the exit code to use (0 for --help).
func parseFlags(fs *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, 0, false
			}
			return nil, 2, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// gameArgs parses args with fs and finds the game named by the first of
// the n positional arguments the command wants, in the catalog whose tables
// are cached in *cacheDir (nil: the working directory). For a wrong number
// of arguments it prints usage, in which {games} stands for the games
// there are. ok is false then, or when the flags or the game are wrong,
// with the exit code to use (0 for --help).
func (a *app) gameArgs(fs *flag.FlagSet, args []string, n int, cacheDir *string, usage string) (kit variants.Kit, pos []string, code int, ok bool) {
	pos, code, ok = parseFlags(fs, args)
	if !ok {
		return kit, nil, code, false
	}
	dir := ""
	if cacheDir != nil {
		dir = *cacheDir
	}
	cat := a.catalog(variants.Options{CacheDir: dir})
	if len(pos) != n {
		fmt.Fprintf(a.stderr, "windpost %s: %s\n", fs.Name(), strings.ReplaceAll(usage, "{games}", variantNames(cat)))
		return kit, nil, 2, false
	}
	kit, err := cat.Get(pos[0])
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost %s: %v\n", fs.Name(), err)
		return kit, nil, 2, false
	}
	return kit, pos, 0, true
}

// variantNames lists the variants for messages.
func variantNames(c *variants.Catalog) string {
	ns := c.Names()
	sort.Strings(ns)
	return strings.Join(ns, ", ")
}
