package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
)

// sdNotify sends state ("READY=1", "STOPPING=1") to the service manager
// at socket, the value of $NOTIFY_SOCKET when windpost runs as a systemd
// service with Type=notify; with no socket it does nothing. A socket
// starting with '@' is in the abstract namespace.
func sdNotify(socket, state string) error {
	if socket == "" {
		return nil
	}
	if socket[0] == '@' {
		socket = "\x00" + socket[1:]
	}
	c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: socket, Net: "unixgram"})
	if err != nil {
		return fmt.Errorf("sd_notify: %w", err)
	}
	defer c.Close()
	if _, err := c.Write([]byte(state)); err != nil {
		return fmt.Errorf("sd_notify: %w", err)
	}
	return nil
}

// notifyReady tells systemd (if it is there) that serve is ready, and
// that it is stopping once ctx ends; the daemon connects and reconnects
// to the mail servers itself, so a server that is down does not fail the
// service's start. The returned func ends the watch.
func notifyReady(ctx context.Context, log *slog.Logger, status string) func() {
	socket := os.Getenv("NOTIFY_SOCKET")
	if socket == "" {
		return func() {}
	}
	if err := sdNotify(socket, "READY=1\nSTATUS="+status); err != nil {
		log.Warn("cannot tell systemd that windpost is ready", "err", err)
	}
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		select {
		case <-ctx.Done():
		case <-done:
			if ctx.Err() == nil {
				return // serve ended on its own (an error): systemd sees the exit
			}
		}
		_ = sdNotify(socket, "STOPPING=1")
	}()
	return func() { close(done); <-exited }
}
