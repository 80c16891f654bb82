package main

import (
	"bufio"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

const unitFile = "../../contrib/systemd/windpost.service"

// installedReadme is where the README's install steps put the README, the
// unit's Documentation=.
const installedReadme = "/usr/local/share/doc/windpost/README.md"

// The example unit: the settings the README promises are there, and
// systemd's own checker (when installed) finds nothing to say about it.
func TestSystemdUnit(t *testing.T) {
	f, err := os.Open(unitFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := map[string][]string{} // "Section.Key" -> values
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "" || l[0] == '#' || l[0] == ';':
		case l[0] == '[' && l[len(l)-1] == ']':
			section = l[1 : len(l)-1]
		default:
			k, v, ok := strings.Cut(l, "=")
			if !ok || section == "" {
				t.Fatalf("line %d: %q is neither a section nor a key=value", n, l)
			}
			got[section+"."+k] = append(got[section+"."+k], v)
		}
	}
	for key, want := range map[string]string{
		"Service.Type": "notify", "Service.DynamicUser": "yes", "Service.StateDirectory": "windpost",
		"Service.ProtectSystem": "strict", "Service.ProtectHome": "yes", "Service.NoNewPrivileges": "yes",
		"Service.Restart": "on-failure", "Service.LoadCredential": "windpost.toml:/etc/windpost/windpost.toml",
		"Service.ExecStart":   "/usr/local/bin/windpost serve -config %d/windpost.toml",
		"Service.Environment": "WINDPOST_STORE_PATH=/var/lib/windpost/windpost.db",
		"Install.WantedBy":    "multi-user.target",
		"Unit.Documentation":  "file:" + installedReadme,
	} {
		if v := got[key]; len(v) != 1 || v[0] != want {
			t.Errorf("%s = %q, want %q", key, v, want)
		}
	}

	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("systemd-analyze is not installed: CI verifies the unit with it (Debian's systemd)")
		}
		t.Log("systemd-analyze is not installed: only parsed")
		return
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "windpost")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	text, _ := os.ReadFile(unitFile)
	unit := filepath.Join(dir, "windpost.service")
	if err := os.WriteFile(unit, []byte(strings.ReplaceAll(string(text), "/usr/local/bin/windpost", bin)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("systemd-analyze", "verify", unit).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// serve tells systemd READY=1 once it serves, and STOPPING=1 when it is
// asked to stop, over $NOTIFY_SOCKET.
func TestServeNotifiesSystemd(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "notify")
	ln, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	t.Setenv("NOTIFY_SOCKET", sock)
	srv := mailtest.Server(t, localmail.Options{})
	cfg := checkConfig(t, srv, dir, nil, "")
	a, _, errb := testApp("")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int)
	go func() { done <- run(ctx, a, []string{"serve", "-config", cfg}) }()
	read := func() string {
		_ = ln.SetReadDeadline(time.Now().Add(10 * time.Second))
		buf := make([]byte, 512)
		n, err := ln.Read(buf)
		if err != nil {
			t.Fatalf("no notification: %v\n%s", err, errb)
		}
		return string(buf[:n])
	}
	if msg := read(); !strings.HasPrefix(msg, "READY=1\n") || !strings.Contains(msg, "STATUS=windpost serving bot@example.test") {
		t.Errorf("first notification %q", msg)
	}
	cancel()
	if msg := read(); msg != "STOPPING=1" {
		t.Errorf("second notification %q", msg)
	}
	if code := <-done; code != 0 {
		t.Errorf("serve: exit status %d\n%s", code, errb)
	}
}
