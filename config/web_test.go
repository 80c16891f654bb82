package config

import (
	"strings"
	"testing"
)

// TestWeb: the [web] keys, from the file and the environment; left out,
// the web view is off and the mails carry no link; a listen address or a
// base URL that cannot be meant is refused with its key's name.
func TestWeb(t *testing.T) {
	for _, c := range []struct {
		name, text string
		env        []string
		enabled    bool
		listen     string
		base       string
		err        string
	}{
		{name: "left out"},
		{name: "both", text: "[web]\nlisten = \"127.0.0.1:8080\"\nbase_url = \"https://games.example.org/\"\n",
			enabled: true, listen: "127.0.0.1:8080", base: "https://games.example.org"},
		{name: "every address", text: "[web]\nlisten = \":8080\"\n", enabled: true, listen: ":8080"},
		{name: "a path", text: "[web]\nlisten = \"[::1]:80\"\nbase_url = \"http://example.org/windpost\"\n",
			enabled: true, listen: "[::1]:80", base: "http://example.org/windpost"},
		{name: "environment", text: "[web]\nlisten = \"127.0.0.1:8080\"\n", env: []string{"WINDPOST_WEB_LISTEN=127.0.0.1:9090", "WINDPOST_WEB_BASE_URL=https://x.example"},
			enabled: true, listen: "127.0.0.1:9090", base: "https://x.example"},
		{name: "no port", text: "[web]\nlisten = \"127.0.0.1\"\n", err: `web.listen: want host:port like "127.0.0.1:8080", got "127.0.0.1"`},
		{name: "port 0", text: "[web]\nlisten = \"127.0.0.1:0\"\n", err: `web.listen: want host:port`},
		{name: "port name", text: "[web]\nlisten = \"localhost:http\"\n", err: `web.listen: want host:port`},
		{name: "no scheme", text: "[web]\nbase_url = \"games.example.org\"\n", err: `web.base_url: want the address players reach`},
		{name: "ftp", text: "[web]\nbase_url = \"ftp://games.example.org\"\n", err: `web.base_url:`},
		{name: "query", text: "[web]\nbase_url = \"https://games.example.org/?a=b\"\n", err: `web.base_url:`},
		{name: "a number", text: "[web]\nlisten = 8080\n", err: `web.listen: want text in quotes`},
		{name: "typo", text: "[web]\nlisen = \"127.0.0.1:8080\"\n", err: `unknown key web.lisen (did you mean web.listen?)`},
	} {
		cfg, err := Parse(minimal+"\n"+c.text, c.env)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: got %v, want an error with %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if cfg.Web.Enabled() != c.enabled || cfg.Web.Listen != c.listen || cfg.Web.Base() != c.base {
			t.Errorf("%s: enabled %v, listen %q, base %q; want %v, %q, %q", c.name, cfg.Web.Enabled(), cfg.Web.Listen, cfg.Web.Base(),
				c.enabled, c.listen, c.base)
		}
	}
}
