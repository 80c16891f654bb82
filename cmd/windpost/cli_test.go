package main

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"

	"github.com/windpost/windpost/variants"
)

// leadRun runs the windpost command line in-process with the given stdin
// and returns what it printed and its exit code.
func leadRun(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	dir := t.TempDir()
	a := &app{
		stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		catalog: func(o variants.Options) *variants.Catalog {
			return variants.Default(variants.Options{CacheDir: dir, MicroThink: o.MicroThink})
		},
		lookupHost: lookupWithoutNetwork,
	}
	code = run(context.Background(), a, args)
	return out.String(), errb.String(), code
}

func TestTopLevelUsage(t *testing.T) {
	out, _, code := leadRun(t, "", "--help")
	if code != 0 || !strings.Contains(out, "serve") || !strings.Contains(out, "perft") {
		t.Fatalf("--help: code %d, output:\n%s", code, out)
	}
	_, errOut, code := leadRun(t, "", "frobnicate")
	if code != 2 || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Fatalf("unknown command: code %d, stderr:\n%s", code, errOut)
	}
	if _, _, code := leadRun(t, ""); code != 2 {
		t.Fatalf("no command: code %d, want 2", code)
	}
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "microshogi", "--depth", "3"}, "767\n"},
		{[]string{"perft", "micro", "--depth", "0"}, "1\n"},
		{[]string{"perft", "--depth", "2", "microshogi"}, "80\n"},
	}
	for _, tt := range tests {
		out, errOut, code := leadRun(t, "", tt.args...)
		if code != 0 || out != tt.want {
			t.Errorf("%v: code %d, out %q, stderr %q; want %q", tt.args, code, out, errOut, tt.want)
		}
	}
}

func TestPerftDivideSumsToTotal(t *testing.T) {
	out, errOut, code := leadRun(t, "", "perft", "microshogi", "--depth", "3", "--divide")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if !strings.Contains(out, "\nmoves: 9\nleaves: 767\n") {
		t.Fatalf("divide output lacks the totals:\n%s", out)
	}
	if n := strings.Count(out, ": "); n != 9+2 {
		t.Errorf("want 9 move lines and 2 totals, got %d lines with ': '\n%s", n, out)
	}
}

func TestPerftRefusals(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft"}, "name one game"},
		{[]string{"perft", "chess", "--depth", "1"}, `unknown game "chess"`},
		{[]string{"perft", "micro", "--depth", "-1"}, "--depth must be 0 or more"},
		{[]string{"perft", "micro", "--position", "nonsense"}, "--position"},
		{[]string{"perft", "micro", "--superko"}, "no superko rule"},
	}
	for _, tt := range tests {
		_, errOut, code := leadRun(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: code %d, stderr %q; want code 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

func TestAnalyseMicroshogi(t *testing.T) {
	out, errOut, code := leadRun(t, "", "analyse", "microshogi", "--time", "200ms")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	for _, want := range []string{"Position: kbgs/p3/4/3P/SGBK b - 1", "Best move", "Score"} {
		if !strings.Contains(strings.ToLower(out), strings.ToLower(want)) {
			t.Errorf("analyse output lacks %q:\n%s", want, out)
		}
	}
	_, errOut, code = leadRun(t, "", "analyse", "microshogi", "--time", "0s")
	if code != 2 || !strings.Contains(errOut, "--time") {
		t.Errorf("--time 0s: code %d, stderr %q", code, errOut)
	}
}

// lookupWithoutNetwork stands for the DNS in tests: addresses and
// localhost are found, names under offline.test time out (as without a
// network), every other name is not found (as for a typo), and no query
// leaves the machine.
func lookupWithoutNetwork(_ context.Context, host string) ([]string, error) {
	if host == "localhost" {
		return []string{"127.0.0.1"}, nil
	}
	if strings.HasSuffix(host, ".offline.test") {
		return nil, &net.DNSError{Err: "i/o timeout", Name: host, IsTimeout: true, IsTemporary: true}
	}
	if ip := net.ParseIP(host); ip != nil {
		return []string{ip.String()}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}
