package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
	"github.com/windpost/windpost/mailer/oauth"
	"github.com/windpost/windpost/mailer/oauth/oauthtest"
)

// checkConfig writes a config for the bot of srv (unencrypted, password
// bot-pw) with the given lines replaced ("key = value" lines, by key, in
// their section) and extra sections appended.
func checkConfig(t *testing.T, srv *localmail.Server, dir string, change map[string]string, extra string) string {
	t.Helper()
	ih, ip := mailtest.HostPort(t, srv.IMAPAddr())
	sh, sp := mailtest.HostPort(t, srv.SMTPAddr())
	lines := []string{
		"[imap]", `host = "` + ih + `"`, fmt.Sprintf("port = %d", ip), `tls = "none"`, `username = "bot@example.test"`, `password = "bot-pw"`, `ca_file = ""`,
		"[smtp]", `host = "` + sh + `"`, fmt.Sprintf("port = %d", sp), `tls = "none"`, `username = "bot@example.test"`, `password = "bot-pw"`, `ca_file = ""`,
		"[bot]", `address = "bot@example.test"`,
		"[store]", `path = "` + filepath.Join(dir, "windpost.db") + `"`,
	}
	section := ""
	for i, l := range lines {
		if strings.HasPrefix(l, "[") {
			section = strings.Trim(l, "[]")
			continue
		}
		key, _, _ := strings.Cut(l, " = ")
		if v, ok := change[section+"."+key]; ok {
			lines[i] = key + " = " + v
		}
	}
	p := filepath.Join(dir, "windpost.toml")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"+extra), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// tlsFront serves TLS with a fresh self-signed certificate for 127.0.0.1
// in front of target; it returns its port and the certificate's PEM file.
func tlsFront(t *testing.T, target string) (int, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "windpost test CA"}, SubjectKeyId: []byte{1, 2, 3, 4}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for c, err := ln.Accept(); err == nil; c, err = ln.Accept() {
			go forward(c, target)
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port, caFile
}

// forward copies between c and a new connection to target both ways.
func forward(c net.Conn, target string) {
	defer c.Close()
	if b, err := net.Dial("tcp", target); err == nil {
		defer b.Close()
		go io.Copy(b, c)
		_, _ = io.Copy(c, b)
	}
}

// windpost check against the embedded server: a good configuration (with
// passwords, with TLS and its CA, with OAuth) passes every step with exit
// status 0; each broken one fails at the right step, in the right words,
// with exit status 1.
func TestCheckCommand(t *testing.T) {
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	srv := mailtest.Server(t, localmail.Options{CheckToken: p.Check})
	imapTLS, ca := tlsFront(t, srv.IMAPAddr())
	oauthOn := fmt.Sprintf("[oauth]\nprovider = \"generic\"\nclient_id = \"windpost-test\"\nclient_secret = \"s3cret\"\ntoken_url = %q\nauth_url = %q\n",
		p.URL+"/token", p.URL+"/authorize")
	noPasswords := map[string]string{"imap.password": `""`, "smtp.password": `""`}
	for _, tc := range []struct {
		name    string
		change  map[string]string
		extra   string
		seed    bool // sign in (a token file)
		revoke  bool
		code    int
		want    []string
		notWant []string
	}{
		{name: "good", code: 0, want: []string{"done    IMAP: sign in as bot@example.test with the password: signed in",
			"IDLE MOVE UIDPLUS", "windpost/processed is there", "arrives in INBOX: after", "All 11 steps passed"}},
		{name: "tls with ca_file", code: 0, change: map[string]string{"imap.tls": `"implicit"`, "imap.port": fmt.Sprint(imapTLS), "imap.ca_file": fmt.Sprintf("%q", ca)},
			want: []string{"TLS works and the certificate is valid for 127.0.0.1", "All 11 steps passed"}},
		{name: "oauth", code: 0, change: noPasswords, extra: oauthOn, seed: true,
			want: []string{"IMAP: sign in as bot@example.test with OAuth: signed in", "SMTP: sign in as bot@example.test with OAuth: signed in", "All 11 steps passed"}},
		{name: "wrong password", code: 1, change: map[string]string{"imap.password": `"wrong"`},
			want: []string{"FAILED  IMAP: sign in as bot@example.test with the password: wrong username or password",
				"what to change: check imap.username and imap.password", "1 of 7 steps failed"}},
		{name: "wrong host", code: 1, change: map[string]string{"imap.host": `"imap.nowhere.invalid"`},
			want: []string{"FAILED  IMAP: find the server imap.nowhere.invalid: the name imap.nowhere.invalid does not exist", "check imap.host for a typo"}},
		{name: "no network", code: 1, change: map[string]string{"smtp.host": `"smtp.offline.test"`},
			want: []string{"FAILED  SMTP: find the server smtp.offline.test: the name smtp.offline.test could not be looked up: the DNS did not answer in time",
				"check this machine's network and DNS server", "smtp.host may well be right"}, notWant: []string{"for a typo"}},
		{name: "bad certificate", code: 1, change: map[string]string{"imap.tls": `"implicit"`, "imap.port": fmt.Sprint(imapTLS)},
			want: []string{"FAILED  IMAP: connect to 127.0.0.1 port", "the server's certificate is not trusted", "set imap.ca_file"}},
		{name: "certificate for another name", code: 1, change: map[string]string{"imap.host": `"localhost"`, "imap.tls": `"implicit"`, "imap.port": fmt.Sprint(imapTLS), "imap.ca_file": fmt.Sprintf("%q", ca)},
			want: []string{"the server's certificate is not for localhost", "set imap.host to a name the certificate is for"}},
		{name: "not tls", code: 1, change: map[string]string{"smtp.tls": `"implicit"`},
			want: []string{"FAILED  SMTP: connect to 127.0.0.1", "check smtp.tls and smtp.port together"}},
		{name: "oauth never signed in", code: 1, change: noPasswords, extra: oauthOn,
			want: []string{"FAILED  IMAP: sign in as bot@example.test with OAuth: windpost has not been signed in to the mailbox yet", "what to change: run `windpost oauth login -config /"}},
		{name: "oauth revoked", code: 1, change: noPasswords, extra: oauthOn, seed: true, revoke: true,
			want: []string{"FAILED  IMAP: sign in as bot@example.test with OAuth: the OAuth provider refused the refresh token: it was revoked or has expired",
				"what to change: run `windpost oauth login -config "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := checkConfig(t, srv, dir, tc.change, tc.extra)
			if tc.seed {
				if err := p.Seed(oauth.DefaultTokenFile(filepath.Join(dir, "windpost.db"))); err != nil {
					t.Fatal(err)
				}
			}
			if tc.revoke {
				p.Revoke()
			}
			out, errOut, code := leadRun(t, "", "check", "-config", cfg, "-wait", "5s")
			if code != tc.code {
				t.Errorf("exit status %d, want %d", code, tc.code)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q", w)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(out, w) {
					t.Errorf("output has %q", w)
				}
			}
			if t.Failed() || testing.Verbose() {
				t.Logf("windpost check:\n%s%s", out, errOut)
			}
		})
	}
}

// windpost oauth login with a provider that has the device flow: it shows
// the code, and keeps the token where serve looks for it, mode 0600.
func TestOAuthLoginCommand(t *testing.T) {
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	srv := mailtest.Server(t, localmail.Options{CheckToken: p.Check})
	dir := t.TempDir()
	cfg := checkConfig(t, srv, dir, map[string]string{"imap.password": `""`, "smtp.password": `""`},
		fmt.Sprintf("[oauth]\nprovider = \"generic\"\nclient_id = \"windpost-test\"\ntoken_url = %q\ndevice_url = %q\n", p.URL+"/token", p.URL+"/device"))
	out, errOut, code := leadRun(t, "", "oauth", "login", "-config", cfg)
	if code != 0 || !strings.Contains(out, "enter the code WIND-POST") || !strings.Contains(out, "Signed in as bot@example.test") {
		t.Fatalf("code %d:\n%s%s", code, out, errOut)
	}
	f := oauth.DefaultTokenFile(filepath.Join(dir, "windpost.db"))
	fi, err := os.Stat(string(f))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file: %v %v", fi, err)
	}
	if _, err := f.Load(); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := leadRun(t, "", "oauth", "login", "-config", checkConfig(t, srv, t.TempDir(), nil, "")); code != 2 || !strings.Contains(errOut, "no [oauth] provider") {
		t.Errorf("without [oauth]: code %d, %s", code, errOut)
	}
}

// TestOAuthLoginListen: the loopback sign-in's port is fixed
// (oauth.DefaultListen), so the SSH forwarding the README and the help
// give, with that port, can be set up before it starts; a taken port is
// refused with the advice to pick another with -listen.
func TestOAuthLoginListen(t *testing.T) {
	_, port, _ := net.SplitHostPort(oauth.DefaultListen)
	forwarding := "ssh -L " + port + ":127.0.0.1:" + port + " "
	out, errOut, _ := leadRun(t, "", "oauth", "--help")
	for name, text := range map[string]string{"README": readme(t), "oauth --help": out + errOut} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), forwarding) || !strings.Contains(text, "-listen") {
			t.Errorf("the %s does not give the forwarding %q and -listen", name, forwarding)
		}
	}
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	srv := mailtest.Server(t, localmail.Options{CheckToken: p.Check})
	cfg := checkConfig(t, srv, t.TempDir(), map[string]string{"imap.password": `""`, "smtp.password": `""`},
		fmt.Sprintf("[oauth]\nprovider = \"generic\"\nclient_id = \"windpost-test\"\ntoken_url = %q\nauth_url = %q\n", p.URL+"/token", p.URL+"/authorize"))
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	_, errOut, code := leadRun(t, "", "oauth", "login", "-config", cfg, "-listen", taken.Addr().String())
	if code != 1 || !strings.Contains(errOut, "cannot listen for the sign-in redirect on "+taken.Addr().String()) ||
		!strings.Contains(errOut, "choose a free port with -listen 127.0.0.1:PORT") {
		t.Errorf("a taken port: code %d, %s", code, errOut)
	}
}
