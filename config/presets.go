package config

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"
)

// Mail names a provider whose settings windpost knows (a preset).
//
//	[mail]
//	provider = "gmail"   # gmail | outlook | microsoft365 | fastmail | icloud | yahoo
//
// The preset fills imap and smtp host, port and tls, uses bot.address as
// the username, and turns on OAuth where the provider needs it; every key
// the file sets wins over the preset.
type Mail struct {
	Provider string `toml:"provider"`
}

// Server is one server of a preset.
type Server struct {
	Host string
	Port int
	TLS  TLSMode
}

// Preset is what windpost knows of a mail provider.
type Preset struct {
	Name  string // as written in mail.provider
	Title string // as the provider calls itself
	IMAP  Server
	SMTP  Server
	// OAuth is the oauth.provider its accounts sign in with ("" = none
	// known); Passwords says whether (app) passwords still work.
	OAuth     string
	Passwords bool
	// Notes say how its IMAP differs, for `windpost check` and the README.
	Notes []string
	// Send is the provider's documented sending limits, as the outbox
	// keeps under them ([outbox] per_day and per_minute override them).
	Send SendLimits
}

// SendLimits bound the mail the outbox sends: at most PerDay in any 24
// hours and PerMinute in any minute (rolling windows, counted from the
// store, so a restart does not reset them). Zero means no limit. Every
// mail windpost sends has one recipient, so a provider's limit on
// recipients is a limit on mails here.
type SendLimits struct {
	PerDay    int
	PerMinute int
	// Source says where the figures come from: "outbox.per_day", "the
	// gmail preset", for the log and `windpost admin outbox`.
	Source string
}

// String puts the limits in words: "500 a day, 30 a minute (the
// microsoft365 preset)", or "no limit".
func (l SendLimits) String() string {
	var parts []string
	if l.PerDay > 0 {
		parts = append(parts, fmt.Sprintf("%d a day", l.PerDay))
	}
	if l.PerMinute > 0 {
		parts = append(parts, fmt.Sprintf("%d a minute", l.PerMinute))
	}
	if len(parts) == 0 {
		return "no limit"
	}
	s := strings.Join(parts, ", ")
	if l.Source != "" {
		s += " (" + l.Source + ")"
	}
	return s
}

// presetsFile is the providers windpost knows, with each one's documented
// sending limits and where they were looked up.
//
//go:embed presets.toml
var presetsFile string

// Presets lists the providers windpost knows (presets.toml, beside this
// file, says where each one's figures come from). Each carries its
// provider's sending limits (Send) as the provider documents them.
func Presets() []Preset {
	var file struct {
		Preset []struct {
			Name, Title string
			IMAP        presetServer `toml:"imap"`
			SMTP        presetServer `toml:"smtp"`
			OAuth       string       `toml:"oauth"`
			Passwords   bool
			Notes       []string
			Send        struct {
				PerDay    int `toml:"per_day"`
				PerMinute int `toml:"per_minute"`
			}
		}
	}
	md, err := toml.Decode(presetsFile, &file)
	if err == nil && len(md.Undecoded()) > 0 {
		err = fmt.Errorf("unknown keys %v", md.Undecoded())
	}
	if err != nil {
		// The file is compiled in and TestPresets reads it: this is a
		// programming error.
		panic(fmt.Sprintf("config: presets.toml: %v", err))
	}
	ps := make([]Preset, len(file.Preset))
	for i, p := range file.Preset {
		ps[i] = Preset{Name: p.Name, Title: p.Title,
			IMAP: Server(p.IMAP), SMTP: Server(p.SMTP),
			OAuth: p.OAuth, Passwords: p.Passwords, Notes: p.Notes,
			Send: SendLimits{PerDay: p.Send.PerDay, PerMinute: p.Send.PerMinute}}
	}
	return ps
}

// presetServer is a Server as presets.toml writes it.
type presetServer struct {
	Host string  `toml:"host"`
	Port int     `toml:"port"`
	TLS  TLSMode `toml:"tls"`
}

// PresetNamed is the preset called name.
func PresetNamed(name string) (Preset, bool) {
	for _, p := range Presets() {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// PresetNames lists the preset names, as mail.provider takes them.
func PresetNames() []string {
	var ns []string
	for _, p := range Presets() {
		ns = append(ns, p.Name)
	}
	return ns
}
