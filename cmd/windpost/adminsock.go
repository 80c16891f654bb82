package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/windpost/windpost/games"
)

// The admin socket lets 'windpost admin' reach a store that 'windpost
// serve' holds (bbolt lets one process open the file). The daemon listens
// on a unix socket beside the store, FILE.admin, that only the store's
// owner may use. A request is one line, "<job> [<argument>]"; the answer is
// "ok" or "error: <why>" on the first line, then the job's output.

func adminSocketPath(storePath string) string { return storePath + ".admin" }

// serveAdminSocket answers admin requests for st on path until stop is
// called. A socket file left by a daemon that died is replaced: the caller
// holds the store's lock, so no other daemon can be using it.
func serveAdminSocket(st *games.Store, path string, log *slog.Logger) (stop func(), err error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSocket != 0 {
		os.Remove(path)
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("admin socket: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("admin socket: %w", err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return // closed by stop
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				answerAdmin(st, c, log)
			}()
		}
	}()
	return func() {
		ln.Close()
		wg.Wait()
		os.Remove(path)
	}, nil
}

func answerAdmin(st *games.Store, c net.Conn, log *slog.Logger) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	line, err := bufio.NewReader(io.LimitReader(c, 4096)).ReadString('\n')
	if err != nil {
		return
	}
	name, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	job, ok := adminJobs()[name]
	if !ok {
		fmt.Fprintf(c, "error: unknown admin job %q\n", name)
		return
	}
	if name == "backup" && !filepath.IsAbs(arg) {
		fmt.Fprintf(c, "error: the backup file must be an absolute path, got %q\n", arg)
		return
	}
	var out strings.Builder
	if err := job(st, arg, &out); err != nil {
		log.Warn("admin request failed", "job", name, "err", err)
		fmt.Fprintf(c, "error: %v\n", err)
		return
	}
	log.Info("admin request", "job", name, "arg", arg)
	fmt.Fprintf(c, "ok\n%s", out.String())
}

// askDaemon sends one admin request to the daemon's socket at path and
// copies the job's output to w.
func askDaemon(path, name, arg string, w io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("no admin socket %s (is it windpost serve, of this version?)", path)
		}
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	if _, err := fmt.Fprintf(c, "%s %s\n", name, arg); err != nil {
		return err
	}
	r := bufio.NewReader(c)
	status, err := r.ReadString('\n')
	if err != nil {
		return fmt.Errorf("no answer from the daemon: %w", err)
	}
	if msg, ok := strings.CutPrefix(strings.TrimSpace(status), "error: "); ok {
		return errors.New(msg)
	}
	if strings.TrimSpace(status) != "ok" {
		return fmt.Errorf("unexpected answer from the daemon: %q", status)
	}
	_, err = io.Copy(w, r)
	return err
}
