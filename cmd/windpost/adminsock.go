package main

import (
	"bufio"
	"bytes"
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
// owner may use. A request is one line, "<job> [<argument>]". The answer is
// "ok" or "error: <why>" on the first line; after "ok" comes the job's
// output as it is written (a dump of any size streams through), then a NUL
// byte and how the job ended: "ok" or "error: <why>" (see streamAnswer).

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
	fmt.Fprintf(c, "ok\n")
	err = job(st, arg, noNUL{c, bufio.NewWriter(c)})
	if err != nil {
		log.Warn("admin request failed", "job", name, "err", err)
		fmt.Fprintf(c, "\x00error: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		return
	}
	log.Info("admin request", "job", name, "arg", arg)
	fmt.Fprintf(c, "\x00ok\n")
}

// noNUL writes to w, which writes to c, with every NUL byte replaced by '?'
// (the end marker of an admin answer), and flushes w at the end of each
// write; a write may take a minute.
type noNUL struct {
	c net.Conn
	w *bufio.Writer
}

func (n noNUL) Write(p []byte) (int, error) {
	size := len(p)
	n.c.SetWriteDeadline(time.Now().Add(time.Minute))
	for len(p) > 0 {
		i := bytes.IndexByte(p, 0)
		if i < 0 {
			i = len(p)
		}
		n.w.Write(p[:i])
		if i < len(p) {
			n.w.WriteByte('?')
			i++
		}
		p = p[i:]
	}
	return size, n.w.Flush()
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
	r := bufio.NewReader(deadlineReader{c})
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
	return streamAnswer(r, w)
}

// deadlineReader gives each read from c a minute.
type deadlineReader struct{ c net.Conn }

func (d deadlineReader) Read(p []byte) (int, error) {
	d.c.SetReadDeadline(time.Now().Add(time.Minute))
	return d.c.Read(p)
}

// streamAnswer copies the job's output from r to w up to the NUL byte that
// ends it, and returns the error after it, if any.
func streamAnswer(r *bufio.Reader, w io.Writer) error {
	for {
		chunk, err := r.ReadSlice(0)
		end := err == nil
		if end {
			chunk = chunk[:len(chunk)-1]
		}
		if _, werr := w.Write(chunk); werr != nil {
			return werr
		}
		switch {
		case end:
			tail, _ := r.ReadString('\n')
			if msg, ok := strings.CutPrefix(strings.TrimSpace(tail), "error: "); ok {
				return errors.New(msg)
			}
			if strings.TrimSpace(tail) != "ok" {
				return fmt.Errorf("unexpected end of the daemon's answer: %q", tail)
			}
			return nil
		case errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			return errors.New("the daemon's answer ended early")
		default:
			return err
		}
	}
}
