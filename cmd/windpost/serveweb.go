package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/web"
)

// listenWeb opens the web view's address ("" = no web view: nil).
func listenWeb(addr string) (net.Listener, error) {
	if addr == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("the web view: %w", err)
	}
	return ln, nil
}

// serveWeb serves the read-only web view of store on ln (nil: none), its
// footer naming bot, the address to write to, and its one-click
// unsubscribe run by srv, until the returned stop is called; stop waits
// for the server to finish.
func serveWeb(ln net.Listener, store *games.Store, srv *games.Server, bot string, log *slog.Logger) (stop func()) {
	if ln == nil {
		return func() {}
	}
	log = log.With("part", "web")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		log.Info("web view serving", "addr", ln.Addr().String())
		if err := web.Serve(ctx, web.NewServer(&web.Handler{Games: store, Tournaments: web.StoreTournaments{Store: store}, Log: log, BotAddress: bot,
			Unsubscribe: srv}, log), ln); err != nil {
			log.Error("web view stopped", "err", err)
		}
	}()
	return func() { cancel(); <-done }
}
