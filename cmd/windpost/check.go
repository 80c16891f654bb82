package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/mailer"
)

func cmdCheck(ctx context.Context, a *app, args []string) int {
	fs := newFlags(a, "check -config FILE [-wait DURATION]",
		`Check a configuration against the real mail servers, step by step: each
server's name, the connection, TLS and its certificate, the sign-in
(password or OAuth), the IMAP capabilities windpost uses (IDLE, MOVE,
UIDPLUS), the folder for handled mail (created if missing), and a test mail
to the bot's own plus-address that must arrive in the inbox (it is deleted
then). Each step says done or FAILED, and what to change.

The exit status is 0 only when every step passed.`)
	cfgPath := fs.String("config", "", "the config `file` (TOML)")
	wait := fs.Duration("wait", 2*time.Minute, "how long the test mail may take to arrive")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 || *cfgPath == "" {
		fs.Usage()
		return 2
	}
	cfg, err := config.Load(*cfgPath, os.Environ())
	if err != nil {
		fmt.Fprintf(a.stdout, "FAILED  the config file: %v\n", err)
		return 1
	}
	fmt.Fprintf(a.stdout, "done    the config file %s reads\n", *cfgPath)
	if p, ok := config.PresetNamed(cfg.Mail.Provider); ok {
		fmt.Fprintf(a.stdout, "        provider %s:\n", p)
		for _, n := range p.Notes {
			fmt.Fprintf(a.stdout, "          - %s\n", n)
		}
	}
	io, so, err := mailOptions(cfg, *cfgPath, slog.New(slog.DiscardHandler))
	if err != nil {
		fmt.Fprintf(a.stdout, "FAILED  %v\n", err)
		return 1
	}
	steps, failed := 1, 0
	ch := &mailer.Check{IMAP: io, SMTP: so, Bot: mailer.Bot{Address: cfg.Bot.Address, Name: cfg.Bot.Name}, Wait: *wait, LookupHost: a.lookupHost,
		Report: func(s mailer.CheckStep) {
			steps++
			mark := "done  "
			if !s.OK {
				mark = "FAILED"
				failed++
			}
			fmt.Fprintf(a.stdout, "%s  %s: %s\n", mark, s.Name, s.Detail)
			if s.Fix != "" {
				fmt.Fprintf(a.stdout, "        what to change: %s\n", s.Fix)
			}
		}}
	if ch.Run(ctx) && failed == 0 {
		fmt.Fprintf(a.stdout, "\nAll %d steps passed: windpost serve -config %s will work.\n", steps, *cfgPath)
		return 0
	}
	fmt.Fprintf(a.stdout, "\n%d of %d steps failed (the steps after a failure were not tried). Change what is said above and run windpost check again.\n", failed, steps)
	return 1
}
