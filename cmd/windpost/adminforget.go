package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
)

// adminForget runs `windpost admin forget ADDRESS`: the player's games in
// progress are resigned, their challenges called off, their address in the
// game records replaced by a stand-in, and their record deleted, as their
// own "forget me" does. It writes the store, so windpost serve must not be
// running on it; the opponents' notices wait in the outbox for the next
// serve.
func adminForget(ctx context.Context, a *app, args []string) int {
	fs := newFlags(a, "admin forget ADDRESS [-config FILE | --store FILE]",
		"Forget a player, as their own \"forget me\" does: resign their games in progress, call\n"+
			"off their challenges, replace their address in the game records by a stand-in\n"+
			"(forgotten-<n>@invalid) and delete their player record. A \"stop\" they wrote stays\n"+
			"on the do-not-mail list. Stop windpost serve first: this writes the store.")
	where := botStoreFlags(fs)
	address, code, ok := parseOneArg(fs, args)
	if !ok {
		return code
	}
	bot, path, err := where.resolve()
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin forget: %v\n", err)
		return 2
	}
	st, err := games.OpenWith(path, games.StoreOptions{LockTimeout: 300 * time.Millisecond})
	if errors.Is(err, games.ErrStoreInUse) {
		fmt.Fprintf(a.stderr, "windpost admin forget: %s is in use: stop windpost serve first (forget writes the store)\n", path)
		return 1
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost admin forget: %v\n", err)
		return 1
	}
	defer st.Close()
	srv, err := games.NewServer(st, a.catalog(variants.Options{CacheDir: filepath.Dir(path)}), games.Config{BotAddress: bot})
	if err == nil {
		var f games.Forgotten
		if f, err = srv.Forget(ctx, address); err == nil {
			fmt.Fprintf(a.stdout, "Forgot %s: now %s in %d game records; resigned: %s; challenges called off: %s.\n",
				games.CanonicalAddress(address), f.StandIn, f.Games, list(f.Resigned), list(f.Ended))
			return 0
		}
	}
	fmt.Fprintf(a.stderr, "windpost admin forget: %v\n", err)
	return 1
}

// botStore is where an admin command that acts in the bot's name finds
// the bot's address and the store: -config's [bot] address and [store]
// path, or without -config the embedded demo's bot and --store.
type botStore struct {
	config, store *string
}

// botStoreFlags adds -config and --store to fs.
func botStoreFlags(fs *flag.FlagSet) botStore {
	return botStore{
		config: fs.String("config", "", "the config `file`: its [bot] address and [store] path"),
		store:  fs.String("store", defaultStore, "the store `file` (without -config; the embedded demo's store)"),
	}
}

// resolve is the bot's address and the store's path the flags name; err
// says why the config file does not load.
func (w botStore) resolve() (bot, path string, err error) {
	if *w.config == "" {
		return "bot@" + localDomain, cmp.Or(*w.store, defaultStore), nil
	}
	cfg, err := config.Load(*w.config, os.Environ())
	if err != nil {
		return "", "", err
	}
	return cfg.Bot.Address, cfg.Store.Path, nil
}

// parseOneArg parses args with fs and wants exactly one argument besides
// the flags; otherwise it shows the usage.
func parseOneArg(fs *flag.FlagSet, args []string) (arg string, code int, ok bool) {
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return "", code, false
	}
	if len(pos) != 1 {
		fs.Usage()
		return "", 2, false
	}
	return pos[0], 0, true
}

// list is ids joined for a sentence, or "none".
func list(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}
