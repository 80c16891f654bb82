package e2e

import (
	"bufio"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
)

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestServeEmbedded runs "windpost serve" with no config, the README's
// main command: it prints the accounts, and a mail client that uses them
// plays; SIGTERM ends it with status 0.
func TestServeEmbedded(t *testing.T) {
	bin := windpostBinary(t)
	dir := t.TempDir()
	ip, sp := freePort(t), freePort(t)
	cmd := exec.Command(bin, "serve", "-imap-port", itoa(ip), "-smtp-port", itoa(sp))
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	banner := make(chan string, 1)
	go func() {
		var b strings.Builder
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			b.WriteString(sc.Text() + "\n")
			if strings.Contains(sc.Text(), "Stop with Ctrl-C") {
				banner <- b.String()
				io.Copy(io.Discard, out)
				break
			}
		}
		done <- cmd.Wait()
	}()
	var text string
	select {
	case text = <-banner:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("no banner within 30s")
	}
	for _, want := range []string{"port " + itoa(ip), "port " + itoa(sp), "bot@windpost.test", "alice@windpost.test", "password alice", "bob@windpost.test"} {
		if !strings.Contains(text, want) {
			t.Errorf("banner lacks %q:\n%s", want, text)
		}
	}
	b := &backend{name: "serve", domain: "windpost.test", imapHost: "127.0.0.1", imapPort: ip, imapTLS: config.TLSNone,
		smtpHost: "127.0.0.1", smtpPort: sp, smtpTLS: config.TLSNone, smtpAuth: true, password: func(n string) string { return n }}
	alice := newPlayer(t, b, "alice")
	g := alice.answerTo(alice.send(b.addr("bot"), "hello", "new gufuu", mailOpts{}))
	if g.game() == "" {
		t.Fatalf("no game:\n%s", g.Text)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("after SIGTERM: %v (want exit status 0)", err)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("no exit within 30s of SIGTERM")
	}
	if fi, err := os.Stat(filepath.Join(dir, "windpost.db")); err != nil || fi.Size() == 0 {
		t.Errorf("no ./windpost.db: %v", err)
	}
}

// TestServeOnce: "windpost serve --once -config" handles what waits,
// sends the answers and exits 0 (for cron).
func TestServeOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin := windpostBinary(t)
		b.wipe(t, "bot", "alice")
		dir := t.TempDir()
		cfg := writeConfig(t, b, dir)
		alice := newPlayer(t, b, "alice")
		id1 := alice.send(b.addr("bot"), "one", "new gufuu", mailOpts{})
		id2 := alice.send(b.addr("bot"), "two", "help", mailOpts{})
		time.Sleep(500 * time.Millisecond) // let the mail stack deliver
		out, err := exec.Command(bin, "serve", "-config", cfg, "--once").CombinedOutput()
		if err != nil {
			t.Fatalf("serve --once: %v\n%s", err, out)
		}
		// The answers are already out: they must arrive without a daemon.
		alice.answerTo(id1)
		alice.answerTo(id2)
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
