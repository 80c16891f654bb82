package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
)

// The operator's actions: windpost admin adjudicate, extend, cancel, ban
// and unban change games and players, each with who takes it (--by) and
// why (--why), which the audit log keeps (windpost admin audit prints it)
// and the players' mails say. They write the store: on a store that
// windpost serve holds, the daemon runs them, asked over its admin socket
// (adminsock.go) with the action as JSON; otherwise they open the store
// themselves, and the mails wait in the outbox for the next serve.

// maxWhy bounds --why: the request to the daemon is one line of at most
// 4096 bytes.
const maxWhy = 1000

// adminOp is one operator action, as the admin socket's "operate" job
// reads it.
type adminOp struct {
	Op     string `json:"op"`     // adjudicate, extend, cancel, ban or unban
	Target string `json:"target"` // a game id, or an address for ban and unban
	Result string `json:"result,omitempty"`
	Days   int    `json:"days,omitempty"`
	By     string `json:"by"`
	Why    string `json:"why"`
	Bot    string `json:"bot"` // the bot's address, which the players' mails come from
}

// opUsage is each action's usage line and description.
var opUsage = map[string][2]string{
	"adjudicate": {"admin adjudicate GAME [black|white|draw] --why TEXT [--by NAME] [-config FILE | --store FILE]",
		"End a game in progress now, by a judgement. In Gufuu Shogi and Jul-Gonu, which are solved,\n" +
			"the game gets the result its position is worth with perfect play from both sides (the\n" +
			"side to move counts); a result you name must agree with it. In Micro-shogi you must\n" +
			"name the result: black or white (the side that wins), or draw. The game ends as any\n" +
			"game does: a rated game moves the ratings. Both players get a mail with the result and\n" +
			"your reason."},
	"extend": {"admin extend GAME DAYS --why TEXT [--by NAME] [-config FILE | --store FILE]",
		"Give the player to move in a game DAYS more days (1 to 30) for their move. Both players\n" +
			"get a mail with the new deadline and your reason."},
	"cancel": {"admin cancel GAME --why TEXT [--by NAME] [-config FILE | --store FILE]",
		"Call off a game in progress, or a challenge, without a result: it is not rated and\n" +
			"counts nowhere (in a tournament it counts as not played). Its players get a mail\n" +
			"saying so, with your reason (for a challenge, only the player who sent it)."},
	"ban": {"admin ban ADDRESS --why TEXT [--by NAME] [-config FILE | --store FILE]",
		"Ban an address: from now on windpost drops its mail unanswered and does nothing it asks,\n" +
			"nobody can invite it, and windpost sends it no more mail. Nothing tells it so. Its\n" +
			"games stay as they are, clocks running: the command lists them, so that you can\n" +
			"cancel or adjudicate them."},
	"unban": {"admin unban ADDRESS --why TEXT [--by NAME] [-config FILE | --store FILE]",
		"Lift the ban of an address: its mail is read and answered again."},
}

// adminOperate runs `windpost admin <adjudicate|extend|cancel|ban|unban>`.
func adminOperate(ctx context.Context, a *app, name string, args []string) int {
	usage := opUsage[name]
	fs := newFlags(a, usage[0], usage[1]+"\n\nEach change goes to the audit log with who made it and why (windpost admin audit).")
	where := botStoreFlags(fs)
	by := fs.String("by", osUser(), "who takes the action, for the audit log (a `name`)")
	why := fs.String("why", "", "why, in a few words (`text`, required): the players are told")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	op, err := newAdminOp(name, pos, *by, *why)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin %s: %v\n\n", name, err)
		fs.Usage()
		return 2
	}
	bot, store, err := where.resolve()
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin %s: %v\n", name, err)
		return 2
	}
	op.Bot = bot
	if err := runAdminOp(ctx, a, store, op); err != nil {
		fmt.Fprintf(a.stderr, "windpost admin %s: %v\n", name, err)
		return 1
	}
	return 0
}

// newAdminOp reads an action's arguments.
func newAdminOp(name string, pos []string, by, why string) (adminOp, error) {
	op := adminOp{Op: name, By: strings.TrimSpace(by), Why: strings.Join(strings.Fields(why), " ")}
	switch {
	case op.Why == "":
		return op, errors.New("say why with --why TEXT: the players are told")
	case len(op.Why) > maxWhy:
		return op, fmt.Errorf("--why is longer than %d bytes", maxWhy)
	case op.By == "":
		return op, errors.New("say who you are with --by NAME")
	case len(pos) == 0:
		return op, errors.New("name the game or the address")
	}
	op.Target = pos[0]
	rest := pos[1:]
	switch name {
	case "adjudicate":
		if len(rest) == 1 {
			op.Result = strings.ToLower(rest[0])
			if op.Result != "black" && op.Result != "white" && op.Result != "draw" {
				return op, fmt.Errorf("%q is not a result: write black, white or draw", rest[0])
			}
			rest = nil
		}
	case "extend":
		if len(rest) == 2 && (rest[1] == "days" || rest[1] == "day") {
			rest = rest[:1]
		}
		if len(rest) != 1 {
			return op, errors.New("name the game and the number of days")
		}
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < 1 || n > 30 {
			return op, fmt.Errorf("%q is not a number of days from 1 to 30", rest[0])
		}
		op.Days, rest = n, nil
	}
	if len(rest) > 0 {
		return op, fmt.Errorf("too many arguments: %s", strings.Join(rest, " "))
	}
	return op, nil
}

// osUser is the name of the user running windpost, "" if unknown.
func osUser() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return os.Getenv("USER")
}

// runAdminOp runs op on the store at path, or through the daemon that
// holds it.
func runAdminOp(ctx context.Context, a *app, path string, op adminOp) error {
	st, err := games.OpenWith(path, games.StoreOptions{LockTimeout: 300 * time.Millisecond})
	switch {
	case errors.Is(err, games.ErrStoreInUse):
		arg, err := json.Marshal(op)
		if err != nil {
			return err
		}
		if err := askDaemon(adminSocketPath(path), "operate", string(arg), a.stdout); err != nil {
			return fmt.Errorf("%s is in use by another process, and asking it failed: %w", path, err)
		}
		return nil
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("there is no store %s (use --store FILE or -config FILE to name another)", path)
	case err != nil:
		return err
	}
	defer st.Close()
	if err := op.run(ctx, st, a.catalog(variants.Options{CacheDir: filepath.Dir(path)}), a.stdout); err != nil {
		return err
	}
	if op.Op != "ban" && op.Op != "unban" {
		fmt.Fprintln(a.stdout, "windpost serve is not running on this store: the mails wait in its outbox until it runs.")
	}
	return nil
}

// operateJob is the admin socket's "operate" job: the daemon runs the
// action in arg (an adminOp as JSON) on its store.
func operateJob(st *games.Store, arg string, w io.Writer) error {
	var op adminOp
	if err := json.Unmarshal([]byte(arg), &op); err != nil {
		return fmt.Errorf("the action: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second) // the socket gives a minute
	defer cancel()
	return op.run(ctx, st, variants.Default(variants.Options{CacheDir: filepath.Dir(st.Path())}), w)
}

// run takes the action on st, with the variants of catalog, and says what
// it did.
func (op adminOp) run(ctx context.Context, st *games.Store, catalog *variants.Catalog, w io.Writer) error {
	srv, err := games.NewServer(st, catalog, games.Config{BotAddress: op.Bot})
	if err != nil {
		return err
	}
	d := games.Decision{By: op.By, Why: op.Why}
	switch op.Op {
	case "adjudicate":
		result, err := srv.Adjudicate(ctx, op.Target, op.Result, d)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "Adjudicated game %s: %s. Both players are mailed.\n", op.Target, result)
	case "extend":
		deadline, err := srv.Extend(ctx, op.Target, op.Days, d)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "Extended game %s by %d days: the deadline is now %s UTC. Both players are mailed.\n",
			op.Target, op.Days, deadline.UTC().Format(time.DateTime))
	case "cancel":
		if err := srv.Cancel(ctx, op.Target, d); err != nil {
			return err
		}
		fmt.Fprintf(w, "Cancelled game %s: it ends without a result and is not rated. Its players are mailed.\n", op.Target)
	case "ban":
		b, err := srv.Ban(ctx, op.Target, d)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "Banned %s: its mail gets no answer, it cannot be invited, and windpost mails it nothing more.\n", b.Address)
		if len(b.Open) > 0 {
			fmt.Fprintf(w, "Its open games, which go on as they are: %s (windpost admin cancel or adjudicate ends them).\n", strings.Join(b.Open, ", "))
		}
	case "unban":
		if err := srv.Unban(ctx, op.Target, d); err != nil {
			return err
		}
		fmt.Fprintf(w, "Lifted the ban of %s.\n", games.CanonicalAddress(op.Target))
	default:
		return fmt.Errorf("unknown action %q", op.Op)
	}
	return nil
}

// auditJob prints the audit log, oldest first.
func auditJob(st *games.Store, _ string, w io.Writer) error {
	log, err := st.AuditLog()
	if err != nil {
		return err
	}
	return writeTable(w, "The audit log is empty: no organiser or operator has acted yet.", "WHEN (UTC)\tWHO\tACTION\tON\tWHAT\tWHY", log, func(e games.AuditEntry) []string {
		return []string{e.At.UTC().Format(time.DateTime), e.Who, e.Action, e.Target, cmp.Or(oneLine(e.Detail), "-"), cmp.Or(oneLine(e.Why), "-")}
	})
}

// oneLine is s with its white space (tabs, line breaks) folded to single
// spaces, for a table.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
