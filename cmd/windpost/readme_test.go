package main

import (
	"os"
	"path/filepath"
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

// TestReadmeServiceInstall: the README's service install steps build every
// program they install (from a package of the checkout) before installing
// it, install the README where the unit's Documentation= points, and are
// the steps the unit's own comment gives.
func TestReadmeServiceInstall(t *testing.T) {
	m := regexp.MustCompile("(?s)### Running as a service.*?```sh\n(.*?)```").FindStringSubmatch(readme(t))
	if m == nil {
		t.Fatal("the README has no service install steps")
	}
	steps := strings.Split(strings.TrimSpace(m[1]), "\n")
	built := map[string]bool{}
	installedDoc := false
	for _, step := range steps {
		w := strings.Fields(step)
		switch {
		case len(w) == 5 && w[0] == "go" && w[1] == "build" && w[2] == "-o":
			if _, err := os.Stat(filepath.Join("..", "..", w[4])); err != nil {
				t.Errorf("%q builds %s, which is not in the checkout", step, w[4])
			}
			built[w[3]] = true
		case len(w) >= 4 && w[0] == "install" && w[2] == "0755":
			if !built[w[len(w)-2]] {
				t.Errorf("%q installs %s, which no step before builds", step, w[len(w)-2])
			}
		case len(w) >= 4 && w[0] == "install" && w[len(w)-2] == "README.md":
			installedDoc = w[len(w)-1] == installedReadme
		}
	}
	if !installedDoc {
		t.Errorf("no step installs README.md as %s (the unit's Documentation=):\n%s", installedReadme, m[1])
	}
	unit, err := os.ReadFile(unitFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range steps {
		if strings.HasPrefix(step, "go build") || strings.HasPrefix(step, "install ") {
			if !strings.Contains(string(unit), "#   "+step+"\n") {
				t.Errorf("the unit's comment lacks the step %q", step)
			}
		}
	}
}
