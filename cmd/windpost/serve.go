package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/variants"
)

// The embedded local mail server's defaults.
const (
	localDomain   = "windpost.test"
	localIMAPPort = 1143
	localSMTPPort = 1025
)

func cmdServe(ctx context.Context, a *app, args []string) int {
	fs := newFlags(a, "serve [-config FILE] [--once] [-web HOST:PORT]",
		`Run the mail daemon: read moves from an IMAP inbox, referee them, answer by SMTP.

With -config, windpost uses the real mail accounts described in the file
(see the README for its keys; WINDPOST_IMAP_PASSWORD and WINDPOST_SMTP_PASSWORD
override the passwords; with [oauth] it signs in with OAuth 2.0 after one
"windpost oauth login -config FILE"; "windpost check -config FILE" tries the
file step by step). Without it, windpost starts an embedded local mail
server on 127.0.0.1 (IMAP and SMTP, mail kept in memory) with demo accounts,
prints how to connect a mail client to it, and keeps the games in ./windpost.db.

With -web (or [web] listen in the file), windpost also serves a read-only
web view there: each game's page, the standings and the tournaments; with
[web] base_url, the mails about a game link to its page.

Stop it with Ctrl-C (or SIGTERM): the mail at hand is finished first.`)
	cfgPath := fs.String("config", "", "the config `file` (TOML); none = the embedded local mail server")
	once := fs.Bool("once", false, "handle the mail waiting, send the answers, and exit (for cron)")
	imapPort := fs.Int("imap-port", localIMAPPort, "embedded server: the IMAP `port` on 127.0.0.1")
	smtpPort := fs.Int("smtp-port", localSMTPPort, "embedded server: the SMTP `port` on 127.0.0.1")
	dbPath := fs.String("db", config.DefaultStorePath, "embedded server: the game store `file`")
	logFormat := fs.String("log", "", "log `format`: text or json (default: the config's [log] format, else text)")
	webAddr := fs.String("web", "", "serve the read-only web view on `host:port` (overrides the config's [web] listen)")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(a.stderr, "windpost serve: unexpected argument %q (did you mean -config %s?)\n", pos[0], pos[0])
		return 2
	}
	if *logFormat != "" && *logFormat != "text" && *logFormat != "json" {
		fmt.Fprintf(a.stderr, "windpost serve: -log: want text or json, got %q\n", *logFormat)
		return 2
	}
	if *webAddr != "" {
		if err := config.CheckListen(*webAddr); err != nil {
			fmt.Fprintf(a.stderr, "windpost serve: -web: %v\n", err)
			return 2
		}
	}
	if *cfgPath == "" {
		return serveLocal(ctx, a, localOptions{imapPort: *imapPort, smtpPort: *smtpPort, db: *dbPath, once: *once, logFormat: *logFormat,
			web: *webAddr})
	}
	cfg, err := config.Load(*cfgPath, os.Environ())
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost serve: %v\n", err)
		return 2
	}
	if *logFormat != "" {
		cfg.Log.Format = *logFormat
	}
	if *webAddr != "" {
		cfg.Web.Listen = *webAddr
	}
	return serveConfig(ctx, a, cfg, *cfgPath, *once)
}

// logger writes the log to the app's stderr in format (text or json)
// from level on.
func (a *app) logger(format, level string) *slog.Logger {
	var lv slog.Level
	_ = lv.UnmarshalText([]byte(level))
	o := &slog.HandlerOptions{Level: lv}
	// RedactHandler: no reply key reaches the log, whatever a line holds.
	if format == "json" {
		return slog.New(games.RedactHandler(slog.NewJSONHandler(a.stderr, o)))
	}
	return slog.New(games.RedactHandler(slog.NewTextHandler(a.stderr, o)))
}

func serveConfig(ctx context.Context, a *app, cfg *config.Config, cfgPath string, once bool) int {
	log := a.logger(cfg.Log.Format, cfg.Log.Level)
	fail := func(format string, args ...any) int {
		fmt.Fprintf(a.stderr, "windpost serve: "+format+"\n", args...)
		return 1
	}
	imapOpts, smtpOpts, err := mailOptions(cfg, cfgPath, log)
	if err != nil {
		return fail("%v", err)
	}
	for _, c := range []struct {
		key, host string
		mode      config.TLSMode
	}{{"imap", cfg.IMAP.Host, cfg.IMAP.TLS}, {"smtp", cfg.SMTP.Host, cfg.SMTP.TLS}} {
		if c.mode == config.TLSNone && !loopback(c.host) {
			log.Warn(c.key+".tls is none but the server is not on this machine: the password and the mail travel unencrypted", "host", c.host)
		}
	}
	webLn, err := listenWeb(cfg.Web.Listen)
	if err != nil {
		return fail("%v", err)
	}
	if webLn == nil && cfg.Web.Base() != "" {
		log.Warn("web.base_url is set but the web view is off (no web.listen, no -web): the mails' links lead nowhere here", "base_url", cfg.Web.Base())
	}
	d, closeAll, err := buildDaemon(a, daemonParts{
		imap:       imapOpts,
		smtp:       smtpOpts,
		bot:        mailer.Bot{Address: cfg.Bot.Address, Name: cfg.Bot.Name},
		think:      cfg.Bot.Think(),
		threads:    cfg.Bot.SearchThreads(),
		botBudget:  cfg.Bot,
		lanes:      cfg.SMTP.Connections,
		storePath:  cfg.Store.Path,
		authservID: cfg.Auth.AuthservID,
		limits:     cfg.Limits,
		outbox:     cfg.Outbox,
		sendLimits: cfg.SendLimits(),
		clock:      cfg.Clock,
		webBase:    cfg.Web.Base(),
		web:        webLn,
		log:        log,
	})
	if err != nil {
		if webLn != nil {
			webLn.Close()
		}
		return fail("%v", err)
	}
	log.Info("windpost serving", "bot", cfg.Bot.Address, "imap", fmt.Sprintf("%s:%d", cfg.IMAP.Host, cfg.IMAP.Port),
		"smtp", fmt.Sprintf("%s:%d", cfg.SMTP.Host, cfg.SMTP.Port), "store", cfg.Store.Path, "once", once, "send_limits", cfg.SendLimits().String())
	if !once {
		stopNotify := notifyReady(ctx, log, "windpost serving "+cfg.Bot.Address)
		defer stopNotify()
	}
	return serveUntilStopped(ctx, d, once, log, closeAll)
}

type daemonParts struct {
	imap       mailer.IMAPOptions
	smtp       mailer.SMTPOptions
	bot        mailer.Bot
	think      time.Duration // the Micro-shogi bot's time a move ([bot] think_time)
	threads    int           // the Micro-shogi bot's search threads ([bot] threads)
	botBudget  config.Bot    // the bot's budgets per hour (zero values: the defaults of games)
	lanes      int           // SMTP connections
	storePath  string
	authservID string
	limits     config.Limits // zero values: the defaults of games and mailer
	outbox     config.Outbox
	sendLimits config.SendLimits // the provider's, or [outbox] per_day and per_minute
	clock      config.Clock
	webBase    string       // where the web view is reached; "" = no link in mails
	web        net.Listener // the web view's, nil = none; closed by the daemon's closeAll
	log        *slog.Logger
	// fresh says the mailbox was created empty (the embedded server): the
	// stored cursor belongs to an earlier mailbox and is dropped.
	fresh bool
}

func buildDaemon(a *app, p daemonParts) (*mailer.Daemon, func(), error) {
	store, err := games.Open(p.storePath)
	if err != nil {
		return nil, nil, err
	}
	if p.fresh {
		if err := store.SetCursor(p.imap.Inbox(), games.MailboxCursor{}); err != nil {
			store.Close()
			return nil, nil, fmt.Errorf("reset the cursor of the new mailbox: %w", err)
		}
	}
	cacheDir := filepath.Dir(p.storePath)
	srv, err := games.NewServer(store, a.catalog(variants.Options{CacheDir: cacheDir, MicroThink: p.think, MicroMaxThink: 2 * p.think, MicroThreads: p.threads}), games.Config{
		BotAddress: p.bot.Address, BotName: p.bot.Name, Logger: p.log.With("part", "games"),
		CheckAddress:    mailer.CheckAddress,
		CommandsPerMail: p.limits.CommandsPerMail, AnswerBytes: p.limits.AnswerBytes, AttachmentBytes: p.limits.AttachmentBytes,
		MailsPerMail: p.limits.MailsPerMail, InvitationsPerDay: p.limits.InvitationsPerDay,
		OutageAfter: p.clock.OutageAfter, WebBaseURL: p.webBase,
		BotTimePerSenderHour: p.botBudget.TimePerSenderHour, NewBotGamesUnproven: p.botBudget.NewGamesPerHourUnproven,
	})
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	snd, err := mailer.NewSenderPool(p.smtp, p.bot, p.lanes)
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	d := &mailer.Daemon{
		IMAP:  p.imap,
		Games: srv,
		Store: store,
		Outbox: &mailer.Outbox{Store: store, Send: snd.Send, Lanes: snd.Lanes(), Log: p.log.With("part", "outbox"),
			RetryDelay: p.outbox.RetryDelay, MaxRetryDelay: p.outbox.MaxRetryDelay, PermanentTries: p.outbox.PermanentTries,
			GiveUpAfter: p.outbox.GiveUpAfter, RetriesPerPass: p.outbox.RetriesPerPass, Limits: p.sendLimits},
		Bot:         p.bot,
		AuthservID:  p.authservID,
		MaxMailSize: p.limits.MaxMailSize,
		ClockSkew:   p.clock.Skew,
		Log:         p.log.With("part", "inbox"),
	}
	stopAdmin, err := serveAdminSocket(store, adminSocketPath(p.storePath), p.log.With("part", "admin"))
	if err != nil {
		// The daemon works without it; only 'windpost admin' cannot reach
		// the store while it runs.
		p.log.Warn("no admin socket: windpost admin cannot reach the store while serve runs", "err", err)
		stopAdmin = func() {}
	}
	stopWeb := serveWeb(p.web, store, srv, p.bot.Address, p.log)
	return d, func() { stopWeb(); stopAdmin(); snd.Close(); store.Close() }, nil
}

// serveUntilStopped runs the daemon until ctx ends (with once, for one
// pass), then closes what buildDaemon opened (closeAll). When ctx ends
// (Ctrl-C, SIGTERM) it logs why at once, and that windpost stopped once
// everything is closed.
func serveUntilStopped(ctx context.Context, d *mailer.Daemon, once bool, log *slog.Logger, closeAll func()) int {
	logged := make(chan struct{})
	stopLog := context.AfterFunc(ctx, func() {
		defer close(logged)
		log.Info("stopping: finishing the mail at hand, then closing the store", "signal", stopCause(ctx))
	})
	code := runDaemon(ctx, d, once, log)
	stopping := !stopLog()
	closeAll()
	if stopping {
		<-logged
		if code == 0 {
			log.Info("windpost stopped cleanly: the store is closed", "signal", stopCause(ctx))
		} else {
			log.Info("windpost stopped after an error", "signal", stopCause(ctx), "exit", code)
		}
	}
	return code
}

func runDaemon(ctx context.Context, d *mailer.Daemon, once bool, log *slog.Logger) int {
	if once {
		if err := d.RunOnce(ctx); err != nil {
			log.Error("serve --once", "err", err)
			return 1
		}
		return 0
	}
	if err := d.Run(ctx); err != nil {
		log.Error("serve", "err", err)
		return 1
	}
	return 0
}

type localOptions struct {
	imapPort, smtpPort int
	db                 string
	once               bool
	logFormat          string
	web                string // the web view's address, "" = none
}

func serveLocal(ctx context.Context, a *app, o localOptions) int {
	log := a.logger(o.logFormat, config.DefaultLogLevel)
	names := []string{"bot", "alice", "bob"}
	var accounts []localmail.Account
	for _, n := range names {
		accounts = append(accounts, localmail.Account{Name: n, Password: n})
	}
	ms, err := localmail.Start(localmail.Options{Domain: localDomain, IMAPPort: o.imapPort, SMTPPort: o.smtpPort,
		Accounts: accounts, Log: log.With("part", "localmail")})
	if err != nil {
		msg := err.Error()
		if strings.Contains(msg, "already taken") {
			msg += " (flags -imap-port and -smtp-port; or is another windpost serve running?)"
		}
		fmt.Fprintf(a.stderr, "windpost serve: %s\n", msg)
		return 1
	}
	defer ms.Close()
	bot := ms.Address("bot")
	_, ip := splitPort(ms.IMAPAddr())
	_, sp := splitPort(ms.SMTPAddr())
	webLn, err := listenWeb(o.web)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost serve: %v\n", err)
		return 1
	}
	webBase := ""
	if webLn != nil {
		webBase = "http://" + webLn.Addr().String() // the demo's players are on this machine
	}
	d, closeAll, err := buildDaemon(a, daemonParts{
		imap:      mailer.IMAPOptions{Host: "127.0.0.1", Port: ip, TLS: config.TLSNone, Username: bot, Password: "bot"},
		smtp:      mailer.SMTPOptions{Host: "127.0.0.1", Port: sp, TLS: config.TLSNone},
		bot:       mailer.Bot{Address: bot, Name: config.DefaultBotName},
		think:     config.Bot{}.Think(),
		threads:   config.Bot{}.SearchThreads(),
		lanes:     config.DefaultConnections,
		storePath: o.db,
		webBase:   webBase,
		web:       webLn,
		log:       log,
		fresh:     true,
	})
	if err != nil {
		if webLn != nil {
			webLn.Close()
		}
		fmt.Fprintf(a.stderr, "windpost serve: %v\n", err)
		return 1
	}
	w := a.stdout
	fmt.Fprintf(w, "windpost: no -config given, so it runs on its own local mail server (127.0.0.1 only, mail kept in memory).\n\n")
	fmt.Fprintf(w, "  IMAP    127.0.0.1 port %d   no encryption, normal password\n", ip)
	fmt.Fprintf(w, "  SMTP    127.0.0.1 port %d   no encryption, normal password (or none)\n", sp)
	fmt.Fprintf(w, "  store   %s\n", o.db)
	if webBase != "" {
		fmt.Fprintf(w, "  web     %s/   the games' pages (read-only)\n", webBase)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  accounts (the login is the whole address):\n")
	for _, n := range names {
		role := ""
		if n == "bot" {
			role = "   windpost reads this one: write your moves to it"
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("    %-22s password %-6s%s", ms.Address(n), n, role), " "))
	}
	fmt.Fprintf(w, "\nAdd alice (and bob) to any mail client with these settings, then write to %s\n", bot)
	fmt.Fprintf(w, "with \"help\" in the body, or \"new gufuu\" to play the bot. Stop with Ctrl-C.\n\n")
	fmt.Fprintf(w, "Demo only: this mail server checks no sender. Anyone who can reach these\n")
	fmt.Fprintf(w, "ports and knows a player's reply key can play in their name.\n\n")
	return serveUntilStopped(ctx, d, o.once, log, closeAll)
}

// loopback reports whether host names this machine.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func splitPort(addr string) (string, int) {
	i := strings.LastIndexByte(addr, ':')
	var p int
	fmt.Sscan(addr[i+1:], &p)
	return addr[:i], p
}
