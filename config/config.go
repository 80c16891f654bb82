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
// Every key can be overridden from the environment as
// WINDPOST_<SECTION>_<KEY>, for example WINDPOST_IMAP_PASSWORD or
// WINDPOST_POLL_INTERVAL. Environment variables with a known section and an
// unknown key are refused like unknown keys in the file.
package config

import (
	"errors"
	"fmt"
	"net/mail"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// TLS modes for IMAP and SMTP connections.
const (
	TLSImplicit = "implicit" // TLS from the first byte (IMAPS 993, SMTPS 465)
	TLSStartTLS = "starttls" // plain connect, then STARTTLS (required)
	TLSNone     = "none"     // no encryption; only sensible on loopback
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
}

// IMAP is the inbox windpost reads.
type IMAP struct {
	Host     string `toml:"host"`
	Port     int    `toml:"port"`
	TLS      string `toml:"tls"`
	Username string `toml:"username"`
	Password string `toml:"password"`
	Mailbox  string `toml:"mailbox"`
	CAFile   string `toml:"ca_file"`
}

// SMTP is the server windpost sends its answers through.
type SMTP struct {
	Host     string `toml:"host"`
	Port     int    `toml:"port"`
	TLS      string `toml:"tls"`
	Username string `toml:"username"`
	Password string `toml:"password"`
	CAFile   string `toml:"ca_file"`
	// Connections is how many connections send at once (mail to one
	// recipient always takes the same one).
	Connections int `toml:"connections"`
}

// Bot is who windpost is in mail.
type Bot struct {
	Address string `toml:"address"`
	Name    string `toml:"name"`
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

// Limits bounds what windpost reads.
type Limits struct {
	MaxMailSize int `toml:"max_mail_size"`
}

// Defaults returned for keys a file leaves out.
const (
	DefaultMailbox     = "INBOX"
	DefaultBotName     = "windpost"
	DefaultStorePath   = "windpost.db"
	DefaultPoll        = time.Minute
	DefaultMaxMailSize = 256 << 10
	DefaultConnections = 2
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

// key is one settable key: its dotted name and where its value lives.
type key struct {
	name string
	ptr  any // *string, *int or *time.Duration
}

func (c *Config) keys() []key {
	return []key{
		{"imap.host", &c.IMAP.Host}, {"imap.port", &c.IMAP.Port}, {"imap.tls", &c.IMAP.TLS},
		{"imap.username", &c.IMAP.Username}, {"imap.password", &c.IMAP.Password},
		{"imap.mailbox", &c.IMAP.Mailbox}, {"imap.ca_file", &c.IMAP.CAFile},
		{"smtp.host", &c.SMTP.Host}, {"smtp.port", &c.SMTP.Port}, {"smtp.tls", &c.SMTP.TLS},
		{"smtp.username", &c.SMTP.Username}, {"smtp.password", &c.SMTP.Password},
		{"smtp.ca_file", &c.SMTP.CAFile}, {"smtp.connections", &c.SMTP.Connections},
		{"bot.address", &c.Bot.Address}, {"bot.name", &c.Bot.Name},
		{"store.path", &c.Store.Path},
		{"auth.authserv_id", &c.Auth.AuthservID},
		{"poll.interval", &c.Poll.Interval},
		{"log.format", &c.Log.Format}, {"log.level", &c.Log.Level},
		{"limits.max_mail_size", &c.Limits.MaxMailSize},
	}
}

// want says in words what a key's value must look like.
func want(ptr any) string {
	switch ptr.(type) {
	case *int:
		return "a whole number without quotes, like 993"
	case *time.Duration:
		return `a duration in quotes, like "30s", "5m" or "1h30m"`
	default:
		return `text in quotes, like "example"`
	}
}

// checkTypes checks the type of every known key's value in the decoded
// TOML tree, so that a wrong type is refused with the key's name, what it
// wants and what it got.
func (c *Config) checkTypes(raw map[string]any) error {
	var errs []error
	for _, k := range c.keys() {
		section, name, _ := strings.Cut(k.name, ".")
		table, ok := raw[section].(map[string]any)
		if !ok {
			continue
		}
		v, ok := table[name]
		if !ok {
			continue
		}
		var fits bool
		switch k.ptr.(type) {
		case *int:
			_, fits = v.(int64)
		default: // *string, *time.Duration (a bare number would be nanoseconds)
			_, fits = v.(string)
		}
		if !fits {
			got := fmt.Sprintf("%v", v)
			if s, ok := v.(string); ok {
				got = fmt.Sprintf("the text %q", s)
			}
			if strings.HasSuffix(k.name, "password") {
				got = fmt.Sprintf("a %s (not shown)", tomlType(v))
			}
			errs = append(errs, fmt.Errorf("%s: want %s, got %s", k.name, want(k.ptr), got))
		}
	}
	return errors.Join(errs...)
}

// tomlType names the TOML type of a decoded value.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "text"
	case int64, float64:
		return "number"
	case bool:
		return "true/false value"
	case []any, []map[string]any:
		return "list"
	case map[string]any:
		return "table"
	default:
		return "date or time"
	}
}

// explain turns a TOML error about a known key's value into what the key
// wants ("imap.port (line 4): want a whole number without quotes, like
// 993 (...)"); other errors (syntax) come back as they are.
func (c *Config) explain(err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return err
	}
	for _, k := range c.keys() {
		if k.name != pe.LastKey {
			continue
		}
		return fmt.Errorf("%s (line %d): want %s (%s)", k.name, pe.Position.Line, want(k.ptr), pe.Message)
	}
	return err
}

// unknownKeys is the error for keys no windpost version knows, with the
// known key a typo most likely meant.
func unknownKeys(names []string) error {
	var parts []string
	listAll := false
	for _, n := range names {
		if near := nearestKey(n); near != "" {
			parts = append(parts, fmt.Sprintf("%s (did you mean %s?)", n, near))
		} else {
			parts = append(parts, n)
			listAll = true
		}
	}
	msg := "unknown key " + strings.Join(parts, ", ")
	if len(names) > 1 {
		msg = "unknown keys " + strings.Join(parts, ", ")
	}
	if listAll {
		msg += " (known keys: " + strings.Join(Keys(), ", ") + ")"
	}
	return errors.New(msg)
}

// nearestKey is the known key within two edits of name, or "".
func nearestKey(name string) string {
	best, bestD := "", 3
	for _, k := range Keys() {
		if d := editDistance(name, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Keys lists every key a file may set, as "section.key".
func Keys() []string {
	var c Config
	var ns []string
	for _, k := range c.keys() {
		ns = append(ns, k.name)
	}
	return ns
}

// EnvName is the environment variable that overrides key ("imap.password"
// -> "WINDPOST_IMAP_PASSWORD").
func EnvName(key string) string {
	return "WINDPOST_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

func (c *Config) applyEnv(env []string) error {
	byEnv := map[string]key{}
	sections := map[string]bool{}
	for _, k := range c.keys() {
		byEnv[EnvName(k.name)] = k
		sections["WINDPOST_"+strings.ToUpper(strings.SplitN(k.name, ".", 2)[0])+"_"] = true
	}
	for _, kv := range env {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(name, "WINDPOST_") {
			continue
		}
		k, known := byEnv[name]
		if !known {
			for s := range sections {
				if strings.HasPrefix(name, s) {
					return fmt.Errorf("unknown environment variable %s (known keys: %s)", name, strings.Join(Keys(), ", "))
				}
			}
			continue // another program's variable (WINDPOST_E2E_...)
		}
		switch p := k.ptr.(type) {
		case *string:
			*p = val
		case *int:
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil {
				return fmt.Errorf("%s (from %s): want a whole number, got %q", k.name, name, val)
			}
			*p = n
		case *time.Duration:
			d, err := time.ParseDuration(strings.TrimSpace(val))
			if err != nil {
				return fmt.Errorf("%s (from %s): want a duration like \"30s\" or \"5m\", got %q", k.name, name, val)
			}
			*p = d
		}
	}
	return nil
}

// DefaultPort is the usual port for a protocol ("imap" or "smtp") and TLS
// mode.
func DefaultPort(proto, mode string) int {
	switch {
	case proto == "imap" && mode == TLSImplicit:
		return 993
	case proto == "imap":
		return 143
	case mode == TLSImplicit:
		return 465
	case mode == TLSStartTLS:
		return 587
	default:
		return 25
	}
}

func (c *Config) fillDefaults() {
	if c.IMAP.TLS == "" {
		c.IMAP.TLS = TLSImplicit
	}
	if c.SMTP.TLS == "" {
		c.SMTP.TLS = TLSStartTLS
	}
	if c.IMAP.Port == 0 {
		c.IMAP.Port = DefaultPort("imap", c.IMAP.TLS)
	}
	if c.SMTP.Port == 0 {
		c.SMTP.Port = DefaultPort("smtp", c.SMTP.TLS)
	}
	if c.SMTP.Connections == 0 {
		c.SMTP.Connections = DefaultConnections
	}
	if c.IMAP.Mailbox == "" {
		c.IMAP.Mailbox = DefaultMailbox
	}
	if c.Bot.Name == "" {
		c.Bot.Name = DefaultBotName
	}
	if c.Store.Path == "" {
		c.Store.Path = DefaultStorePath
	}
	if c.Poll.Interval == 0 {
		c.Poll.Interval = DefaultPoll
	}
	if c.Log.Format == "" {
		c.Log.Format = "text"
	}
	if c.Log.Level == "" {
		c.Log.Level = "info"
	}
	if c.Limits.MaxMailSize == 0 {
		c.Limits.MaxMailSize = DefaultMaxMailSize
	}
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
	tlsMode := func(name, val string) {
		switch val {
		case TLSImplicit, TLSStartTLS, TLSNone:
		default:
			bad("%s: want implicit, starttls or none, got %q", name, val)
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
	need("imap.password", c.IMAP.Password)
	caFile("imap.ca_file", c.IMAP.CAFile)

	need("smtp.host", c.SMTP.Host)
	port("smtp.port", c.SMTP.Port)
	tlsMode("smtp.tls", c.SMTP.TLS)
	if c.SMTP.Username != "" {
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
	return errors.Join(errs...)
}
