// Package config reads windpost's one configuration file (TOML) and the
// environment overrides on top of it, and refuses anything it does not
// understand with the name of the key at fault.
//
// A file looks like this (every section is optional except what the
// validation below asks for):
//
//	[imap]
//	host = "mail.example.org"
//	port = 993                # default: 993 for implicit TLS, 143 otherwise
//	tls = "implicit"          # implicit | starttls | none
//	username = "bot@example.org"
//	password = "..."          # or WINDPOST_IMAP_PASSWORD
//	mailbox = "INBOX"
//	ca_file = ""              # an extra CA certificate (PEM) to trust
//
//	[smtp]
//	host = "mail.example.org"
//	port = 587                # default: 465 implicit, 587 starttls, 25 none
//	tls = "starttls"
//	username = "bot@example.org"   # empty: no AUTH
//	password = "..."          # or WINDPOST_SMTP_PASSWORD
//	ca_file = ""
//	connections = 2           # sending at once (1 to 8)
//
//	[bot]
//	address = "bot@example.org"
//	name = "windpost"
//
//	[store]
//	path = "windpost.db"
//
//	[auth]
//	authserv_id = ""          # trust Authentication-Results from this host only
//
//	[poll]
//	interval = "1m"           # poll and connection check while idling
//
//	[log]
//	format = "text"           # text | json
//	level = "info"            # debug | info | warn | error
//
//	[limits]
//	max_mail_size = 262144    # bytes; larger mail gets a short refusal
//
//	[outbox]
//	per_day = 0               # mails in any 24 hours; 0 = the provider preset's limit, or none
//	per_minute = 0            # mails in any minute; 0 = the preset's, or none
//
//	[mail]
//	provider = ""             # a preset: gmail | outlook | microsoft365 | fastmail | icloud | yahoo
//
//	[oauth]                   # OAuth 2.0 sign-in instead of passwords (see OAuth)
//	provider = ""             # google | microsoft | generic
//	client_id = "..."
//
//	[web]                     # the read-only web view (see Web); off unless listen is set
//	listen = "127.0.0.1:8080"
//	base_url = "https://games.example.org"   # set: mails about a game link to its page
//
// Every key can be overridden from the environment as
// WINDPOST_<SECTION>_<KEY>, for example WINDPOST_IMAP_PASSWORD or
// WINDPOST_POLL_INTERVAL. Environment variables with a known section and an
// unknown key are refused like unknown keys in the file.
package config

import (
	"cmp"
	"errors"
	"fmt"
	"net/mail"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Config is the whole configuration.
type Config struct {
	IMAP   IMAP   `toml:"imap"`
	SMTP   SMTP   `toml:"smtp"`
	Bot    Bot    `toml:"bot"`
	Store  Store  `toml:"store"`
	Auth   Auth   `toml:"auth"`
	Poll   Poll   `toml:"poll"`
	Log    Log    `toml:"log"`
	Limits Limits `toml:"limits"`
	Outbox Outbox `toml:"outbox"`
	Clock  Clock  `toml:"clock"`
	Mail   Mail   `toml:"mail"`
	OAuth  OAuth  `toml:"oauth"`
	Web    Web    `toml:"web"`
}

// IMAP is the inbox windpost reads.
type IMAP struct {
	Host     string  `toml:"host"`
	Port     int     `toml:"port"`
	TLS      TLSMode `toml:"tls"`
	Username string  `toml:"username"`
	Password string  `toml:"password"`
	Mailbox  string  `toml:"mailbox"`
	CAFile   string  `toml:"ca_file"`
}

// SMTP is the server windpost sends its answers through.
type SMTP struct {
	Host     string  `toml:"host"`
	Port     int     `toml:"port"`
	TLS      TLSMode `toml:"tls"`
	Username string  `toml:"username"`
	Password string  `toml:"password"`
	CAFile   string  `toml:"ca_file"`
	// Connections is how many connections send at once (mail to one
	// recipient always takes the same one).
	Connections int `toml:"connections"`
}

// Bot is who windpost is in mail.
type Bot struct {
	Address string `toml:"address"`
	Name    string `toml:"name"`
	// ThinkTime is how long the Micro-shogi bot thinks about a move in a
	// mail game; 0 = DefaultThinkTime. More is stronger (the bot thinks
	// outside the mail loop, but one game at a time): at most a minute. A
	// search whose best move just changed or fell may take twice as long;
	// one that is sure of its move ends sooner. Read it through Think.
	ThinkTime time.Duration `toml:"think_time"`
	// Threads is how many threads the Micro-shogi bot searches with; 0 =
	// one per core of the machine. At most MaxThreads. Read it through
	// SearchThreads.
	Threads int `toml:"threads"`
	// TimePerSenderHour is how much of the bot's thinking one sender's
	// mails that carry their key may take in an hour before their work
	// waits until no other sender's does; 0 = the default of games (10
	// minutes).
	TimePerSenderHour time.Duration `toml:"time_per_sender_hour"`
	// NewGamesPerHourUnproven caps the games against the bot that senders
	// who never proved their address begin in an hour, all of them
	// together; 0 = the default of games (20).
	NewGamesPerHourUnproven int `toml:"new_games_per_hour_unproven"`
}

// DefaultThinkTime is the Micro-shogi bot's time a move in mail games when
// [bot] think_time is not set: a correspondence game allows several
// seconds, which the bot turns into strength.
const DefaultThinkTime = 5 * time.Second

// MaxThreads bounds [bot] threads.
const MaxThreads = 64

// Think is the Micro-shogi bot's time a move: ThinkTime, or
// DefaultThinkTime if that is zero.
func (b Bot) Think() time.Duration {
	if b.ThinkTime == 0 {
		return DefaultThinkTime
	}
	return b.ThinkTime
}

// SearchThreads is the Micro-shogi bot's threads: Threads, or the number
// of the machine's cores if that is zero.
func (b Bot) SearchThreads() int {
	if b.Threads == 0 {
		return min(runtime.NumCPU(), MaxThreads)
	}
	return b.Threads
}

// Store is where the games are kept.
type Store struct {
	Path string `toml:"path"`
}

// Auth configures sender authentication.
type Auth struct {
	// AuthservID is the authserv-id of the receiving server whose
	// Authentication-Results header is trusted; "" turns the check off.
	AuthservID string `toml:"authserv_id"`
}

// Poll configures the inbox watch.
type Poll struct {
	// Interval is how often the inbox is searched for new mail even when
	// IDLE is quiet, and the connection checked.
	Interval time.Duration `toml:"interval"`
}

// Log configures logging.
type Log struct {
	Format string `toml:"format"`
	Level  string `toml:"level"`
}

// Limits bounds what windpost reads and what one mail may cause. A zero
// value (left out) means the default of the package that applies it
// (games.DefaultCommandsPerMail and the like), so that each default is
// written in one place.
type Limits struct {
	MaxMailSize int `toml:"max_mail_size"`
	// CommandsPerMail is how many commands of one mail run; 0 = 20.
	CommandsPerMail int `toml:"commands_per_mail"`
	// AnswerBytes bounds the text of one answer; 0 = 24 KiB.
	AnswerBytes int `toml:"answer_bytes"`
	// MailsPerMail bounds the mails one incoming mail may cause; 0 = 10.
	MailsPerMail int `toml:"mails_per_mail"`
	// InvitationsPerDay bounds a sender's invitations to addresses that
	// never played, in 24 hours; 0 = 5.
	InvitationsPerDay int `toml:"invitations_per_day"`
	// AttachmentBytes bounds the files one answer carries (the records
	// "export" attaches); 0 = 64 KiB.
	AttachmentBytes int `toml:"attachment_bytes"`
}

// Outbox configures how long mail that fails is tried again (zero: the
// mailer's defaults, see mailer.Outbox).
type Outbox struct {
	RetryDelay     time.Duration `toml:"retry_delay"`     // first retry; 0 = 30s
	MaxRetryDelay  time.Duration `toml:"max_retry_delay"` // longest backoff; 0 = 1h
	PermanentTries int           `toml:"permanent_tries"` // 5xx refusals before failed for good; 0 = 4
	GiveUpAfter    time.Duration `toml:"give_up_after"`   // failing this long: failed for good; 0 = 120h
	RetriesPerPass int           `toml:"retries_per_pass"`
	// PerDay and PerMinute bound the mail sent in any 24 hours and in any
	// minute; 0 = the [mail] provider preset's limit, or none. Read them
	// through Config.SendLimits.
	PerDay    int `toml:"per_day"`
	PerMinute int `toml:"per_minute"`
}

// SendLimits is what the outbox keeps under: [outbox] per_day and
// per_minute where set, else the [mail] provider preset's limits (each on
// its own), else none.
func (c *Config) SendLimits() SendLimits {
	var preset SendLimits
	if p, ok := PresetNamed(c.Mail.Provider); ok {
		preset = p.Send
	}
	l := SendLimits{PerDay: cmp.Or(c.Outbox.PerDay, preset.PerDay), PerMinute: cmp.Or(c.Outbox.PerMinute, preset.PerMinute)}
	fromPreset := (c.Outbox.PerDay == 0 && preset.PerDay > 0) || (c.Outbox.PerMinute == 0 && preset.PerMinute > 0)
	fromFile := c.Outbox.PerDay > 0 || c.Outbox.PerMinute > 0
	switch {
	case fromPreset && fromFile:
		l.Source = "[outbox] and the " + c.Mail.Provider + " preset"
	case fromPreset:
		l.Source = "the " + c.Mail.Provider + " preset"
	case fromFile:
		l.Source = "[outbox]"
	}
	return l
}

// Clock configures how deadlines meet the time the service was down.
type Clock struct {
	// OutageAfter: a gap longer than this between two looks at the clocks
	// (windpost was not running, or the clock jumped) is not charged to
	// players; 0 = 10m.
	OutageAfter time.Duration `toml:"outage_after"`
	// Skew is how far the mail server's clock may be from windpost's;
	// 0 = 1m.
	Skew time.Duration `toml:"skew"`
}

// Defaults for keys a file leaves out. Package mailer reads the same
// constants for its own zero fields (an empty mailbox, a zero poll
// interval or mail-size limit), so each value is written here only.
const (
	DefaultMailbox     = "INBOX"
	DefaultBotName     = "windpost"
	DefaultStorePath   = "windpost.db"
	DefaultPoll        = time.Minute
	DefaultMaxMailSize = 256 << 10 // bytes
	DefaultConnections = 2
	DefaultLogFormat   = "text"
	DefaultLogLevel    = "info"
)

// Load reads the file at path, applies the environment (env, normally
// os.Environ()) and defaults, and validates the result.
func Load(path string, env []string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	c, err := Parse(string(data), env)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// Parse is Load on the file's text.
func Parse(text string, env []string) (*Config, error) {
	var c Config
	var raw map[string]any
	if _, err := toml.Decode(text, &raw); err != nil {
		return nil, err // TOML syntax: the error has the line
	}
	if err := c.checkTypes(raw); err != nil {
		return nil, err
	}
	md, err := toml.Decode(text, &c)
	if err != nil {
		return nil, c.explain(err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		var names []string
		for i, k := range und {
			// A table is listed before its keys: name the keys only.
			if i+1 < len(und) && len(k) == 1 && len(und[i+1]) > 1 && und[i+1][0] == k[0] {
				continue
			}
			names = append(names, k.String())
		}
		sort.Strings(names)
		return nil, unknownKeys(names)
	}
	if err := c.applyEnv(env); err != nil {
		return nil, err
	}
	c.fillDefaults()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// fillDefaults gives every key the file and the environment left empty
// its default (cmp.Or: the first value that is not zero).
func (c *Config) fillDefaults() {
	c.fillProvider()
	c.IMAP.TLS = cmp.Or(c.IMAP.TLS, TLSImplicit)
	c.SMTP.TLS = cmp.Or(c.SMTP.TLS, TLSStartTLS)
	c.IMAP.Port = cmp.Or(c.IMAP.Port, DefaultPort("imap", c.IMAP.TLS))
	c.SMTP.Port = cmp.Or(c.SMTP.Port, DefaultPort("smtp", c.SMTP.TLS))
	c.SMTP.Connections = cmp.Or(c.SMTP.Connections, DefaultConnections)
	c.IMAP.Mailbox = cmp.Or(c.IMAP.Mailbox, DefaultMailbox)
	c.Bot.Name = cmp.Or(c.Bot.Name, DefaultBotName)
	c.Store.Path = cmp.Or(c.Store.Path, DefaultStorePath)
	c.Poll.Interval = cmp.Or(c.Poll.Interval, DefaultPoll)
	c.Log.Format = cmp.Or(c.Log.Format, DefaultLogFormat)
	c.Log.Level = cmp.Or(c.Log.Level, DefaultLogLevel)
	c.Limits.MaxMailSize = cmp.Or(c.Limits.MaxMailSize, DefaultMaxMailSize)
	c.fillOAuth()
}

// Validate checks every key and reports all problems at once, each with
// its key's name.
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	need := func(name, val string) {
		if strings.TrimSpace(val) == "" {
			bad("%s: missing (set it in the file or as %s)", name, EnvName(name))
		}
	}
	tlsMode := func(name string, m TLSMode) {
		if err := m.Check(); err != nil {
			bad("%s: %v", name, err)
		}
	}
	port := func(name string, p int) {
		if p < 1 || p > 65535 {
			bad("%s: want a port from 1 to 65535, got %d", name, p)
		}
	}
	caFile := func(name, path string) {
		if path == "" {
			return
		}
		if _, err := os.Stat(path); err != nil {
			bad("%s: %v", name, err)
		}
	}

	need("imap.host", c.IMAP.Host)
	port("imap.port", c.IMAP.Port)
	tlsMode("imap.tls", c.IMAP.TLS)
	need("imap.username", c.IMAP.Username)
	if !c.OAuth.Enabled() {
		need("imap.password", c.IMAP.Password)
	}
	caFile("imap.ca_file", c.IMAP.CAFile)

	need("smtp.host", c.SMTP.Host)
	port("smtp.port", c.SMTP.Port)
	tlsMode("smtp.tls", c.SMTP.TLS)
	if c.SMTP.Username != "" && !c.OAuth.Enabled() {
		need("smtp.password", c.SMTP.Password)
	}
	caFile("smtp.ca_file", c.SMTP.CAFile)
	if c.SMTP.Connections < 1 || c.SMTP.Connections > 8 {
		bad("smtp.connections: want 1 to 8, got %d", c.SMTP.Connections)
	}

	need("bot.address", c.Bot.Address)
	if c.Bot.Address != "" {
		if a, err := mail.ParseAddress(c.Bot.Address); err != nil || a.Address != c.Bot.Address || !strings.Contains(a.Address, "@") {
			bad("bot.address: want a bare address like \"bot@example.org\", got %q", c.Bot.Address)
		} else if strings.Contains(strings.SplitN(a.Address, "@", 2)[0], "+") {
			bad("bot.address: must not contain '+' (windpost adds +tags itself), got %q", c.Bot.Address)
		}
	}
	need("store.path", c.Store.Path)
	if c.Poll.Interval < time.Second {
		bad("poll.interval: want at least 1s, got %s", c.Poll.Interval)
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		bad("log.format: want text or json, got %q", c.Log.Format)
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		bad("log.level: want debug, info, warn or error, got %q", c.Log.Level)
	}
	if c.Limits.MaxMailSize < 1024 {
		bad("limits.max_mail_size: want at least 1024 bytes, got %d", c.Limits.MaxMailSize)
	}
	for _, k := range []struct {
		name string
		v    int64
	}{
		{"limits.commands_per_mail", int64(c.Limits.CommandsPerMail)}, {"limits.answer_bytes", int64(c.Limits.AnswerBytes)},
		{"limits.mails_per_mail", int64(c.Limits.MailsPerMail)}, {"limits.invitations_per_day", int64(c.Limits.InvitationsPerDay)},
		{"limits.attachment_bytes", int64(c.Limits.AttachmentBytes)},
		{"bot.time_per_sender_hour", int64(c.Bot.TimePerSenderHour)}, {"bot.new_games_per_hour_unproven", int64(c.Bot.NewGamesPerHourUnproven)},
		{"outbox.retry_delay", int64(c.Outbox.RetryDelay)}, {"outbox.max_retry_delay", int64(c.Outbox.MaxRetryDelay)},
		{"outbox.permanent_tries", int64(c.Outbox.PermanentTries)}, {"outbox.give_up_after", int64(c.Outbox.GiveUpAfter)},
		{"outbox.retries_per_pass", int64(c.Outbox.RetriesPerPass)},
		{"outbox.per_day", int64(c.Outbox.PerDay)}, {"outbox.per_minute", int64(c.Outbox.PerMinute)},
		{"clock.outage_after", int64(c.Clock.OutageAfter)}, {"clock.skew", int64(c.Clock.Skew)},
	} {
		if k.v < 0 {
			bad("%s: want 0 (the default) or more, got a negative value", k.name)
		}
	}
	if c.Bot.ThinkTime < 0 || c.Bot.ThinkTime > time.Minute {
		bad("bot.think_time: want 0 (the default, %s) up to 1m, got %s", DefaultThinkTime, c.Bot.ThinkTime)
	}
	if c.Bot.Threads < 0 || c.Bot.Threads > MaxThreads {
		bad("bot.threads: want 0 (one per core) up to %d, got %d", MaxThreads, c.Bot.Threads)
	}
	if c.Limits.AnswerBytes != 0 && c.Limits.AnswerBytes < 4096 {
		bad("limits.answer_bytes: want at least 4096 bytes (or 0 for the default), got %d", c.Limits.AnswerBytes)
	}
	c.validateOAuth(bad)
	c.validateWeb(bad)
	return errors.Join(errs...)
}
