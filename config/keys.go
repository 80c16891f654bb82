package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// key is one settable key: its dotted name and where its value lives.
type key struct {
	name string
	ptr  any // *string, *TLSMode, *int or *time.Duration
}

func (c *Config) keys() []key {
	return append([]key{
		{"imap.host", &c.IMAP.Host}, {"imap.port", &c.IMAP.Port}, {"imap.tls", &c.IMAP.TLS},
		{"imap.username", &c.IMAP.Username}, {"imap.password", &c.IMAP.Password},
		{"imap.mailbox", &c.IMAP.Mailbox}, {"imap.ca_file", &c.IMAP.CAFile},
		{"smtp.host", &c.SMTP.Host}, {"smtp.port", &c.SMTP.Port}, {"smtp.tls", &c.SMTP.TLS},
		{"smtp.username", &c.SMTP.Username}, {"smtp.password", &c.SMTP.Password},
		{"smtp.ca_file", &c.SMTP.CAFile}, {"smtp.connections", &c.SMTP.Connections},
		{"bot.address", &c.Bot.Address}, {"bot.name", &c.Bot.Name}, {"bot.think_time", &c.Bot.ThinkTime},
		{"bot.threads", &c.Bot.Threads}, {"bot.time_per_sender_hour", &c.Bot.TimePerSenderHour},
		{"bot.new_games_per_hour_unproven", &c.Bot.NewGamesPerHourUnproven},
		{"store.path", &c.Store.Path},
		{"auth.authserv_id", &c.Auth.AuthservID},
		{"poll.interval", &c.Poll.Interval},
		{"log.format", &c.Log.Format}, {"log.level", &c.Log.Level},
		{"limits.max_mail_size", &c.Limits.MaxMailSize},
		{"limits.commands_per_mail", &c.Limits.CommandsPerMail}, {"limits.answer_bytes", &c.Limits.AnswerBytes},
		{"limits.mails_per_mail", &c.Limits.MailsPerMail}, {"limits.invitations_per_day", &c.Limits.InvitationsPerDay},
		{"limits.attachment_bytes", &c.Limits.AttachmentBytes},
		{"outbox.retry_delay", &c.Outbox.RetryDelay}, {"outbox.max_retry_delay", &c.Outbox.MaxRetryDelay},
		{"outbox.permanent_tries", &c.Outbox.PermanentTries}, {"outbox.give_up_after", &c.Outbox.GiveUpAfter},
		{"outbox.retries_per_pass", &c.Outbox.RetriesPerPass},
		{"outbox.per_day", &c.Outbox.PerDay}, {"outbox.per_minute", &c.Outbox.PerMinute},
		{"clock.outage_after", &c.Clock.OutageAfter}, {"clock.skew", &c.Clock.Skew},
	}, append(c.oauthKeys(), c.webKeys()...)...)
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
		default: // *string, *TLSMode, *time.Duration (a bare number would be nanoseconds)
			_, fits = v.(string)
		}
		if !fits {
			got := fmt.Sprintf("%v", v)
			if s, ok := v.(string); ok {
				got = fmt.Sprintf("the text %q", s)
			}
			if strings.HasSuffix(k.name, "password") || strings.HasSuffix(k.name, "secret") {
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
		case *TLSMode:
			*p = TLSMode(val)
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
