package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

// lockedBuffer is a bytes.Buffer that serve's log and the test may use at
// once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
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
			var log lockedBuffer
			a.stderr = &log
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			done := make(chan int)
			go func() { done <- run(ctx, a, []string{"serve", "-config", cfg}) }()
			for i := 0; !strings.Contains(log.String(), "windpost serving"); i++ {
				if i == 1000 {
					t.Fatalf("serve did not start:\n%s", log.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			cancel(stopSignal{sig})
			if code := <-done; code != 0 {
				t.Errorf("exit status %d", code)
			}
			out := log.String()
			stopping := strings.Index(out, `msg="stopping: finishing the mail at hand, then closing the store" signal=`+quoteIfNeeded(sig.String()))
			stopped := strings.Index(out, `msg="windpost stopped cleanly: the store is closed" signal=`+quoteIfNeeded(sig.String()))
			if stopping < 0 || stopped < stopping {
				t.Errorf("the log does not say the %s stopped serve, then that it stopped cleanly:\n%s", sig, out)
			}
		})
	}
}

// quoteIfNeeded is s as slog's text handler writes a value.
func quoteIfNeeded(s string) string {
	if strings.ContainsAny(s, " =\"") {
		return `"` + s + `"`
	}
	return s
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
	var log lockedBuffer
	cmd.Stderr = &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	for i := 0; !strings.Contains(log.String(), "windpost serving"); i++ {
		if i == 1000 {
			t.Fatalf("serve did not start:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("serve after Ctrl-C: %v", err)
	}
	for _, want := range []string{"stopping: finishing the mail at hand, then closing the store\" signal=interrupt", "windpost stopped cleanly"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, log.String())
		}
	}
}
