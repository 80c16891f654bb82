package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

// logLines hands the lines of a log, as they are written to r, to the
// returned channel, which is closed at r's end.
func logLines(r io.Reader) <-chan string {
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines
}

// waitForLine reads lines until one holds each of wants, in 15 s at most,
// and fails t otherwise; seen gets every line read, for the failure.
func waitForLine(t *testing.T, lines <-chan string, seen *[]string, wants ...string) {
	t.Helper()
	timeout := time.After(15 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the log ended without a line holding %q:\n%s", wants, strings.Join(*seen, "\n"))
			}
			*seen = append(*seen, l)
			all := true
			for _, w := range wants {
				all = all && strings.Contains(l, w)
			}
			if all {
				return
			}
		case <-timeout:
			t.Fatalf("no line holding %q in 15 s:\n%s", wants, strings.Join(*seen, "\n"))
		}
	}
}

// TestServeLogsStop: a signal (Ctrl-C's interrupt, systemd's SIGTERM) that
// stops serve is logged when it comes, naming it, and then a clean stop
// once the store is closed; the exit status is 0.
func TestServeLogsStop(t *testing.T) {
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			srv := mailtest.Server(t, localmail.Options{})
			cfg := checkConfig(t, srv, dir, nil, "")
			a, _, _ := testApp("")
			pr, pw := io.Pipe()
			a.stderr = pw
			lines := logLines(pr)
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			done := make(chan int, 1)
			go func() { done <- run(ctx, a, []string{"serve", "-config", cfg}); pw.Close() }()
			var seen []string
			waitForLine(t, lines, &seen, "windpost serving")
			cancel(stopSignal{sig})
			value := sig.String()
			if strings.Contains(value, " ") {
				value = `"` + value + `"`
			}
			waitForLine(t, lines, &seen, `msg="stopping: finishing the mail at hand, then closing the store"`, "signal="+value)
			waitForLine(t, lines, &seen, `msg="windpost stopped cleanly: the store is closed"`, "signal="+value)
			if code := <-done; code != 0 {
				t.Errorf("exit status %d", code)
			}
		})
	}
}

// TestServeBinaryStopsOnCtrlC: the built program, sent SIGINT as Ctrl-C
// does, logs the signal and the clean stop, and exits 0 (main's signal
// handling).
func TestServeBinaryStopsOnCtrlC(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "windpost")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	srv := mailtest.Server(t, localmail.Options{})
	cmd := exec.Command(bin, "serve", "-config", checkConfig(t, srv, dir, nil, ""))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := logLines(stderr)
	var seen []string
	waitForLine(t, lines, &seen, "windpost serving")
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	waitForLine(t, lines, &seen, `msg="stopping: finishing the mail at hand, then closing the store"`, "signal=interrupt")
	waitForLine(t, lines, &seen, `msg="windpost stopped cleanly: the store is closed"`)
	for range lines { // to the end, before Wait closes the pipe
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("serve after Ctrl-C: %v", err)
	}
}
