package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

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

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// windpostBinary builds cmd/windpost once per test run.
func windpostBinary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "windpost-e2e-bin")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "windpost")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/windpost/windpost/cmd/windpost").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// writeConfig writes a windpost.toml for the backend's bot account.
func writeConfig(t testing.TB, b *backend, dir string) string {
	t.Helper()
	ca := ""
	if b.tls != nil {
		ca = mailstackEnv(t)["MAILSTACK_CA_CERT"]
	}
	cfg := config.Config{
		IMAP: config.IMAP{Host: b.imapHost, Port: b.imapPort, TLS: b.imapTLS,
			Username: b.addr("bot"), Password: b.password("bot"), CAFile: ca},
		SMTP:  config.SMTP{Host: b.smtpHost, Port: b.smtpPort, TLS: b.smtpTLS, Password: b.password("bot"), CAFile: ca},
		Bot:   config.Bot{Address: b.addr("bot")},
		Store: config.Store{Path: filepath.Join(dir, "windpost.db")},
		Poll:  config.Poll{Interval: 2 * time.Second},
		Log:   config.Log{Format: "json"},
	}
	if b.smtpAuth {
		cfg.SMTP.Username = b.addr("bot")
	}
	var text bytes.Buffer
	if err := toml.NewEncoder(&text).Encode(cfg); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "windpost.toml")
	if err := os.WriteFile(p, text.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// prepareServe builds windpost, empties the mailboxes of the accounts
// locals and writes a config for the bot into a fresh directory. It
// returns the binary, the config file and the daemon's log file.
func prepareServe(t testing.TB, b *backend, locals ...string) (bin, cfg, logPath string) {
	t.Helper()
	bin = windpostBinary(t)
	b.wipe(t, locals...)
	dir := t.TempDir()
	return bin, writeConfig(t, b, dir), filepath.Join(dir, "daemon.log")
}

// editConfig replaces the first old in the config file cfg by new; the
// test fails when the file has no old.
func editConfig(t testing.TB, cfg, old, new string) {
	t.Helper()
	text, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(text), old, new, 1)
	if edited == string(text) {
		t.Fatalf("no %q in the config:\n%s", old, text)
	}
	if err := os.WriteFile(cfg, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
}

// proc is windpost serve running as a child process.
type proc struct {
	cmd  *exec.Cmd
	done chan error
	log  string // the file its output goes to (WINDPOST_E2E_LOGDIR may move it)
	// signalled says the test ended the process (kill, stop); one that
	// exited without it is told of when the test fails.
	signalled atomic.Bool
}

// toldIfExited, when t failed, says whether p exited by itself while the
// test ran, with its exit status and the end of its log: a daemon that
// stops of its own accord is the first thing to look at.
func (p *proc) toldIfExited(t testing.TB) {
	if !t.Failed() || p.signalled.Load() {
		return
	}
	select {
	case err := <-p.done:
		p.done <- err
		data, _ := os.ReadFile(p.log)
		lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
		t.Logf("the daemon (pid %d) exited by itself: %v; the last lines of %s:\n%s",
			p.cmd.Process.Pid, err, p.log, strings.Join(lines[max(0, len(lines)-30):], "\n"))
	default:
	}
}

func startProc(t testing.TB, bin, cfg, logPath string) *proc {
	t.Helper()
	if d := os.Getenv("WINDPOST_E2E_LOGDIR"); d != "" {
		logPath = filepath.Join(d, filepath.Base(logPath))
	}
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve", "-config", cfg)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, done: make(chan error, 1), log: logPath}
	go func() { p.done <- cmd.Wait(); logf.Close() }()
	t.Cleanup(func() { p.toldIfExited(t) })
	return p
}

// kill ends the process with sig and waits for it.
func (p *proc) kill(sig syscall.Signal) error {
	p.signalled.Store(true)
	if err := p.cmd.Process.Signal(sig); err != nil {
		return err
	}
	select {
	case err := <-p.done:
		return err
	case <-time.After(30 * time.Second):
		p.cmd.Process.Kill()
		return fmt.Errorf("pid %d did not end within 30s of %v", p.cmd.Process.Pid, sig)
	}
}

// stop ends the process with SIGTERM, as a service manager does, and
// waits for it.
func (p *proc) stop() error { return p.kill(syscall.SIGTERM) }

// peakRSS reads the process's peak resident set (VmHWM) in MiB.
func (p *proc) peakRSS() float64 {
	pid := p.cmd.Process.Pid
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			kb, _ := strconv.Atoi(f[1])
			return float64(kb) / 1024
		}
	}
	return 0
}

// cpuTime reads the process's user+system CPU time from /proc.
func (p *proc) cpuTime() time.Duration {
	pid := p.cmd.Process.Pid
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses.
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ
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
		bin, cfg, _ := prepareServe(t, b, "bot", "alice")
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

// TestServeConfigBudgets: the budgets of the config file reach the
// running daemon ([limits] commands_per_mail here).
func TestServeConfigBudgets(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin, cfg, logPath := prepareServe(t, b, "bot", "alice")
		editConfig(t, cfg, "commands_per_mail = 0", "commands_per_mail = 3")
		p := startProc(t, bin, cfg, logPath)
		defer p.stop()
		alice := newPlayer(t, b, "alice")
		ans := alice.answerTo(alice.send(b.addr("bot"), "my games", strings.Repeat("games\n", 5), mailOpts{}))
		if !strings.Contains(ans.Text, "one mail may hold at most 3 commands") {
			t.Errorf("the answer does not apply commands_per_mail = 3:\n%s", ans.Text)
		}
	})
}
