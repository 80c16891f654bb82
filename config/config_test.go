package config

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

const minimal = `
[imap]
host = "imap.example.org"
username = "bot@example.org"
password = "pw"
[smtp]
host = "smtp.example.org"
[bot]
address = "bot@example.org"
`

func TestParseDefaults(t *testing.T) {
	c, err := Parse(minimal, nil)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"imap.tls", string(c.IMAP.TLS), "implicit"},
		{"imap.port", c.IMAP.Port, 993},
		{"imap.mailbox", c.IMAP.Mailbox, "INBOX"},
		{"smtp.tls", string(c.SMTP.TLS), "starttls"},
		{"smtp.port", c.SMTP.Port, 587},
		{"smtp.connections", c.SMTP.Connections, 2},
		{"bot.name", c.Bot.Name, "windpost"},
		{"store.path", c.Store.Path, "windpost.db"},
		{"poll.interval", c.Poll.Interval, time.Minute},
		{"log.format", c.Log.Format, "text"},
		{"limits.max_mail_size", c.Limits.MaxMailSize, 262144},
	}
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("%s = %v, want %v", ch.name, ch.got, ch.want)
		}
	}
}

func TestParseValues(t *testing.T) {
	text := minimal + `
[poll]
interval = "15s"
[log]
format = "json"
[limits]
max_mail_size = 4096
[auth]
authserv_id = "mx.example.org"
`
	c, err := Parse(strings.Replace(text, `host = "smtp.example.org"`, "host = \"smtp.example.org\"\ntls = \"none\"", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Poll.Interval != 15*time.Second || c.Log.Format != "json" || c.Limits.MaxMailSize != 4096 ||
		c.Auth.AuthservID != "mx.example.org" || c.SMTP.Port != 25 {
		t.Errorf("got %+v", c)
	}
}

func TestParseBudgets(t *testing.T) {
	text := minimal + `
[limits]
commands_per_mail = 5
answer_bytes = 8192
mails_per_mail = 3
invitations_per_day = 2
attachment_bytes = 32768
[outbox]
retry_delay = "10s"
max_retry_delay = "20m"
permanent_tries = 2
give_up_after = "48h"
retries_per_pass = 7
[clock]
outage_after = "2h"
skew = "30s"
`
	c, err := Parse(text, []string{"WINDPOST_LIMITS_MAILS_PER_MAIL=4"})
	if err != nil {
		t.Fatal(err)
	}
	want := Config{}
	want.Limits = Limits{MaxMailSize: DefaultMaxMailSize, CommandsPerMail: 5, AnswerBytes: 8192, MailsPerMail: 4, InvitationsPerDay: 2, AttachmentBytes: 32768}
	want.Outbox = Outbox{RetryDelay: 10 * time.Second, MaxRetryDelay: 20 * time.Minute, PermanentTries: 2, GiveUpAfter: 48 * time.Hour, RetriesPerPass: 7}
	want.Clock = Clock{OutageAfter: 2 * time.Hour, Skew: 30 * time.Second}
	if c.Limits != want.Limits || c.Outbox != want.Outbox || c.Clock != want.Clock {
		t.Errorf("got %+v %+v %+v", c.Limits, c.Outbox, c.Clock)
	}
	// Left out, they stay zero: games and mailer apply their defaults.
	d, err := Parse(minimal, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Limits.CommandsPerMail != 0 || d.Outbox != (Outbox{}) || d.Clock != (Clock{}) {
		t.Errorf("defaults filled in config: %+v %+v %+v", d.Limits, d.Outbox, d.Clock)
	}
	for _, bad := range []struct{ text, want string }{
		{"[limits]\ncommands_per_mail = -1\n", "limits.commands_per_mail: want 0 (the default) or more"},
		{"[outbox]\ngive_up_after = \"-1h\"\n", "outbox.give_up_after: want 0 (the default) or more"},
		{"[limits]\nanswer_bytes = 100\n", "limits.answer_bytes: want at least 4096"},
		{"[clock]\noutage_after = 600\n", "clock.outage_after: want a duration in quotes"},
	} {
		if _, err := Parse(minimal+bad.text, nil); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: err %v, want %q", bad.text, err, bad.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		env        []string
		want       []string // substrings of the error
	}{
		{"bad tls", strings.Replace(minimal, `host = "imap.example.org"`, "host = \"imap.example.org\"\ntls = \"ssl\"", 1), nil,
			[]string{`imap.tls: want implicit, starttls or none, got "ssl"`}},
		{"unknown key", minimal + "\n[bot]\n", nil, []string{"bot"}}, // duplicate table is a TOML error
		{"unknown key name", strings.Replace(minimal, "[bot]", "[bot]\nadress = \"x@y\"", 1), nil,
			[]string{"unknown key bot.adress (did you mean bot.address?)"}},
		{"unknown key, nothing close", strings.Replace(minimal, "[bot]", "[bot]\ncolour = \"x\"", 1), nil,
			[]string{"unknown key bot.colour (known keys: ", "bot.address"}},
		{"unknown section", minimal + "\n[imapp]\nhost = \"x\"\n", nil, []string{"unknown key imapp.host (did you mean imap.host?)"}},
		{"unknown empty section", minimal + "\n[colours]\n", nil, []string{"unknown key colours (known keys: "}},
		{"missing host", strings.Replace(minimal, `host = "imap.example.org"`, "", 1), nil,
			[]string{"imap.host: missing", "WINDPOST_IMAP_HOST"}},
		{"missing password", strings.Replace(minimal, `password = "pw"`, "", 1), nil,
			[]string{"imap.password: missing (set it in the file or as WINDPOST_IMAP_PASSWORD)"}},
		{"smtp user without password", strings.Replace(minimal, `host = "smtp.example.org"`, "host = \"smtp.example.org\"\nusername = \"u\"", 1), nil,
			[]string{"smtp.password: missing"}},
		{"bad port", strings.Replace(minimal, `host = "imap.example.org"`, "host = \"imap.example.org\"\nport = 70000", 1), nil,
			[]string{"imap.port: want a port from 1 to 65535, got 70000"}},
		{"port as text", strings.Replace(minimal, `host = "imap.example.org"`, "host = \"imap.example.org\"\nport = \"993\"", 1), nil,
			[]string{`imap.port: want a whole number without quotes, like 993, got the text "993"`}},
		{"password as number", strings.Replace(minimal, `password = "pw"`, "password = 31415926", 1), nil,
			[]string{`imap.password: want text in quotes, like "example", got a number (not shown)`}},
		{"host as number", strings.Replace(minimal, `host = "smtp.example.org"`, "host = 25", 1), nil,
			[]string{`smtp.host: want text in quotes, like "example", got 25`}},
		{"bot with plus", strings.Replace(minimal, `address = "bot@example.org"`, `address = "bot+x@example.org"`, 1), nil,
			[]string{"bot.address: must not contain '+'"}},
		{"bot not an address", strings.Replace(minimal, `address = "bot@example.org"`, `address = "Bot <bot@example.org>"`, 1), nil,
			[]string{"bot.address: want a bare address"}},
		{"too many connections", strings.Replace(minimal, `host = "smtp.example.org"`, "host = \"smtp.example.org\"\nconnections = 20", 1), nil,
			[]string{"smtp.connections: want 1 to 8, got 20"}},
		{"bad log format", minimal + "[log]\nformat = \"xml\"\n", nil, []string{`log.format: want text or json, got "xml"`}},
		{"tiny poll", minimal + "[poll]\ninterval = \"10ms\"\n", nil, []string{"poll.interval: want at least 1s"}},
		{"poll as a number", minimal + "[poll]\ninterval = 60\n", nil, []string{`poll.interval: want a duration in quotes, like "30s", "5m" or "1h30m", got 60`}},
		{"bad duration", minimal + "[poll]\ninterval = \"soon\"\n", nil,
			[]string{`poll.interval (line 11): want a duration in quotes, like "30s", "5m" or "1h30m"`, `"soon"`}},
		{"env unknown key", minimal, []string{"WINDPOST_IMAP_PASWORD=x"}, []string{"unknown environment variable WINDPOST_IMAP_PASWORD"}},
		{"env bad int", minimal, []string{"WINDPOST_IMAP_PORT=abc"}, []string{"imap.port (from WINDPOST_IMAP_PORT): want a whole number"}},
		{"missing ca file", strings.Replace(minimal, `host = "smtp.example.org"`, "host = \"smtp.example.org\"\nca_file = \"/nonexistent/ca.pem\"", 1), nil,
			[]string{"smtp.ca_file:", "/nonexistent/ca.pem"}},
		{"two problems", strings.Replace(strings.Replace(minimal, `host = "imap.example.org"`, "", 1), `host = "smtp.example.org"`, "", 1), nil,
			[]string{"imap.host: missing", "smtp.host: missing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text, tt.env)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "31415926") {
				t.Errorf("error %q shows a password", err)
			}
		})
	}
}

func TestEnvOverrides(t *testing.T) {
	env := []string{
		"WINDPOST_IMAP_PASSWORD=from-env",
		"WINDPOST_SMTP_PASSWORD=smtp-env",
		"WINDPOST_SMTP_USERNAME=bot",
		"WINDPOST_IMAP_PORT=1143",
		"WINDPOST_POLL_INTERVAL=2m",
		"WINDPOST_E2E_MAILSTACK=1", // another program's variable: ignored
		"PATH=/bin",
	}
	c, err := Parse(strings.Replace(minimal, `password = "pw"`, "", 1), env)
	if err != nil {
		t.Fatal(err)
	}
	if c.IMAP.Password != "from-env" || c.SMTP.Password != "smtp-env" || c.IMAP.Port != 1143 || c.Poll.Interval != 2*time.Minute {
		t.Errorf("got %+v", c)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "windpost.toml")
	if err := os.WriteFile(p, []byte(minimal), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(p, nil); err != nil {
		t.Fatal(err)
	}
	_, err := Load(filepath.Join(dir, "missing.toml"), nil)
	if err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Errorf("missing file: %v", err)
	}
}

func TestEnvNameCoversKeys(t *testing.T) {
	for _, k := range Keys() {
		n := EnvName(k)
		if !strings.HasPrefix(n, "WINDPOST_") || strings.ContainsAny(n, ".abcdefghijklmnopqrstuvwxyz") {
			t.Errorf("EnvName(%q) = %q", k, n)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(minimal)
	f.Add("[imap]\nport = 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := Parse(text, nil)
		if err == nil && c.Validate() != nil {
			t.Fatal("Parse accepted an invalid config")
		}
	})
}

func TestExampleFile(t *testing.T) {
	c, err := Load("windpost.example.toml", []string{"WINDPOST_IMAP_PASSWORD=a", "WINDPOST_SMTP_PASSWORD=b"})
	if err != nil {
		t.Fatal(err)
	}
	if c.IMAP.Port != 993 || c.SMTP.Port != 587 || c.Bot.Address != "windpost@example.org" {
		t.Errorf("got %+v", c)
	}
	if _, err := Load("windpost.example.toml", nil); err == nil || !strings.Contains(err.Error(), "imap.password: missing") {
		t.Errorf("without passwords: %v", err)
	}
}

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

// TestBotSearch: [bot] think_time is the Micro-shogi bot's time a move,
// from 0 (DefaultThinkTime) up to a minute, and [bot] threads its search
// threads, from 0 (one per core) up to MaxThreads; [bot]
// time_per_sender_hour and new_games_per_hour_unproven its budgets per
// hour, 0 (the defaults of games) or more; all also from the environment,
// which wins over the file.
func TestBotSearch(t *testing.T) {
	cores := min(runtime.NumCPU(), MaxThreads)
	for _, tc := range []struct {
		text    string
		env     []string
		think   time.Duration // Think()
		threads int           // SearchThreads()
		err     string
		budget  time.Duration // TimePerSenderHour
		games   int           // NewGamesPerHourUnproven
	}{
		{text: minimal, think: DefaultThinkTime, threads: cores},
		{text: minimal + "think_time = \"7s\"\nthreads = 1\n", think: 7 * time.Second, threads: 1},
		{text: minimal + "threads = 3\n", env: []string{"WINDPOST_BOT_THINK_TIME=10s", "WINDPOST_BOT_THREADS=2"}, think: 10 * time.Second, threads: 2},
		{text: minimal + "think_time = \"2m\"\n", err: "bot.think_time: want 0 (the default, 5s) up to 1m, got 2m0s"},
		{text: minimal + "think_time = \"-1s\"\n", err: "bot.think_time: want 0"},
		{text: minimal + "threads = 65\n", err: "bot.threads: want 0 (one per core) up to 64, got 65"},
		{text: minimal + "threads = -1\n", err: "bot.threads: want 0"},
		{text: minimal + "time_per_sender_hour = \"3m\"\nnew_games_per_hour_unproven = 5\n", think: DefaultThinkTime, threads: cores, budget: 3 * time.Minute, games: 5},
		{text: minimal + "new_games_per_hour_unproven = 5\n", env: []string{"WINDPOST_BOT_TIME_PER_SENDER_HOUR=90s", "WINDPOST_BOT_NEW_GAMES_PER_HOUR_UNPROVEN=7"},
			think: DefaultThinkTime, threads: cores, budget: 90 * time.Second, games: 7},
		{text: minimal + "time_per_sender_hour = \"-1m\"\n", err: "bot.time_per_sender_hour: want 0 (the default) or more"},
		{text: minimal + "new_games_per_hour_unproven = -2\n", err: "bot.new_games_per_hour_unproven: want 0 (the default) or more"},
		{text: minimal + "new_games_per_hour_unproven = \"5\"\n", err: "bot.new_games_per_hour_unproven: want a whole number without quotes"},
	} {
		c, err := Parse(tc.text, tc.env)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q %v: error %v, want %q", tc.text, tc.env, err, tc.err)
			}
			continue
		}
		if err != nil || c.Bot.Think() != tc.think || c.Bot.SearchThreads() != tc.threads ||
			c.Bot.TimePerSenderHour != tc.budget || c.Bot.NewGamesPerHourUnproven != tc.games {
			t.Errorf("%q %v: think %v, threads %d, budget %v, games %d (%v), want %v, %d, %v, %d", tc.text, tc.env,
				c.Bot.Think(), c.Bot.SearchThreads(), c.Bot.TimePerSenderHour, c.Bot.NewGamesPerHourUnproven, err, tc.think, tc.threads, tc.budget, tc.games)
		}
	}
}
