package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var replyKey = regexp.MustCompile(`\+g[0-9a-z]+\.([a-z2-7]{16})@`)

// TestAdminDumpKeys: admin dump hides the reply keys unless --keys is
// given, on the file and through the running daemon's socket, whose
// streamed answer is the same dump byte for byte.
func TestAdminDumpKeys(t *testing.T) {
	path, _ := adminStore(t)
	full, errOut, code := leadRun(t, "", "admin", "dump", "--keys", "--store", path)
	keys := replyKey.FindAllStringSubmatch(full, -1)
	if code != 0 || len(keys) == 0 {
		t.Fatalf("dump --keys: code %d, %s, no key in:\n%s", code, errOut, full)
	}
	plain, _, code := leadRun(t, "", "admin", "dump", "--store", path)
	if code != 0 || !strings.Contains(plain, "…@") {
		t.Fatalf("dump: code %d:\n%s", code, plain)
	}
	for _, k := range keys {
		if strings.Contains(plain, k[1]) {
			t.Errorf("the dump without --keys shows key %s", k[1])
		}
	}

	serveStore(t, path)
	for _, tt := range []struct {
		args []string
		want string
	}{{[]string{"--keys"}, full}, {nil, plain}} {
		out, errOut, code := leadRun(t, "", append([]string{"admin", "dump", "--store", path}, tt.args...)...)
		if code != 0 || out != tt.want {
			t.Errorf("dump %v through the socket: code %d, %s; differs from the dump of the file", tt.args, code, errOut)
		}
	}
}

// TestStreamAnswer: the end of a streamed admin answer tells success from
// an error met half way, and a cut answer is an error.
func TestStreamAnswer(t *testing.T) {
	long := strings.Repeat("x", 10000)
	for _, tt := range []struct {
		name, in, out, err string
	}{
		{"ok", long + "\x00ok\n", long, ""},
		{"error half way", "partial\x00error: the store is damaged\n", "partial", "the store is damaged"},
		{"cut", long, long, "ended early"},
		{"garbled end", "x\x00what\n", "x", "unexpected end"},
	} {
		var w bytes.Buffer
		err := streamAnswer(bufioReader(tt.in), &w)
		if w.String() != tt.out || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: wrote %d bytes, err %v; want %d bytes, err %q", tt.name, w.Len(), err, len(tt.out), tt.err)
		}
	}
	// A NUL in a job's output cannot end the answer early.
	c, d := net.Pipe()
	go func() {
		fmt.Fprint(noNUL{c, bufio.NewWriter(c)}, "a\x00b")
		c.Write([]byte("\x00ok\n"))
		c.Close()
	}()
	var w bytes.Buffer
	if err := streamAnswer(bufio.NewReader(d), &w); err != nil || w.String() != "a?b" {
		t.Errorf("NUL in the output: %q, %v", w.String(), err)
	}
}

func bufioReader(s string) *bufio.Reader { return bufio.NewReaderSize(strings.NewReader(s), 16) }

// TestAdminOnDamagedStore: on an empty, cut or bit-flipped store each
// admin command exits 1 with the store's name and what to do, never a
// panic; check says what it found.
func TestAdminOnDamagedStore(t *testing.T) {
	path, _ := adminStore(t)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		damage func([]byte) []byte
	}{
		{"empty", func(b []byte) []byte { return nil }},
		{"cut to 1000 bytes", func(b []byte) []byte { return b[:1000] }},
		{"cut in half", func(b []byte) []byte { return b[:len(b)/2] }},
		{"both meta pages flipped", func(b []byte) []byte { b[16] ^= 0xff; b[4096+16] ^= 0xff; return b }},
	} {
		damaged := filepath.Join(t.TempDir(), "windpost.db")
		if err := os.WriteFile(damaged, tt.damage(bytes.Clone(good)), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, sub := range []string{"games", "dump", "check"} {
			out, errOut, code := leadRun(t, "", "admin", sub, "--store", damaged)
			all := out + errOut
			if code != 1 || !strings.Contains(errOut, damaged) || !strings.Contains(errOut, "windpost admin backup") ||
				strings.Contains(all, "panic") || strings.Contains(all, "goroutine") {
				t.Errorf("%s: admin %s: code %d, stdout %q, stderr %q", tt.name, sub, code, out, errOut)
			}
		}
	}
}
