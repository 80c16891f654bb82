package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/windpost/windpost/config"
)

// The README is what users read first: its config example must load, and
// every "go run ./cmd/windpost ..." line must name a real command whose
// --help works.

func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReadmeConfigExampleLoads(t *testing.T) {
	m := regexp.MustCompile("(?s)```toml\n(.*?)```").FindStringSubmatch(readme(t))
	if m == nil {
		t.Fatal("the README has no ```toml example")
	}
	env := []string{"WINDPOST_IMAP_PASSWORD=x", "WINDPOST_SMTP_PASSWORD=y"}
	cfg, err := config.Parse(m[1], env)
	if err != nil {
		t.Fatalf("the README's config example is refused: %v", err)
	}
	if cfg.Bot.Address != "bot@example.org" || cfg.IMAP.Password != "x" {
		t.Errorf("config example read as %+v", cfg)
	}
}

func TestReadmeCommandsExist(t *testing.T) {
	lines := regexp.MustCompile(`(?m)^go run \./cmd/windpost ([a-z]+)`).FindAllStringSubmatch(readme(t), -1)
	if len(lines) < 5 {
		t.Fatalf("found only %d command lines in the README", len(lines))
	}
	for _, l := range lines {
		out, errOut, code := leadRun(t, "", l[1], "--help")
		if code != 0 || !strings.Contains(out+errOut, "Usage: windpost "+l[1]) {
			t.Errorf("README shows 'windpost %s', but its --help gives code %d:\n%s%s", l[1], code, out, errOut)
		}
	}
}
