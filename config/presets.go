package config

import (
	"fmt"
	"strings"
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

// Presets lists the providers windpost knows. Each carries its provider's
// sending limits (Send), as the provider documents them (looked up in
// November 2026). Where a provider documents no per-minute limit,
// windpost sets none: the day's limit is the one that locks an account,
// and windpost sends at most smtp.connections mails at once.
//
//   - Gmail: 500 recipients a day for a Gmail account
//     (https://support.google.com/mail/answer/22839); Google Workspace
//     allows 2,000 messages a day (https://support.google.com/a/answer/166852;
//     set outbox.per_day = 2000). Both over a rolling 24 hours.
//   - Outlook.com: Microsoft documents 5,000 recipients a day for Microsoft
//     365 subscribers and "lower for non-subscribers", without a figure
//     (https://support.microsoft.com/office/sending-limits-in-outlook-com-279ee200-594c-40f0-9ec8-bb6af7735c2e);
//     windpost assumes 300, the figure Microsoft's answers give for free
//     accounts (a subscriber sets outbox.per_day = 5000).
//   - Microsoft 365 (Exchange Online): 10,000 recipients a day and 30
//     messages a minute
//     (https://learn.microsoft.com/office365/servicedescriptions/exchange-online-service-description/exchange-online-limits#sending-limits-1).
//   - Fastmail: its account limits page
//     (https://www.fastmail.com/help/account/limits.html) speaks of fair-use
//     sending limits without a figure windpost could confirm: no preset
//     limit; set outbox.per_day.
//   - iCloud Mail: 1,000 messages and 1,000 recipients a day
//     (https://support.apple.com/102198).
//   - Yahoo: 500 mails a day, each recipient counting as one, the figure
//     Yahoo publishes for its SMTP (https://help.yahoo.com/kb/SLN17518.html,
//     written for Yahoo Business Mail; Yahoo publishes none for free
//     accounts).
func Presets() []Preset {
	return []Preset{
		{Name: "gmail", Title: "Gmail and Google Workspace",
			IMAP:  Server{"imap.gmail.com", 993, TLSImplicit},
			SMTP:  Server{"smtp.gmail.com", 465, TLSImplicit},
			OAuth: "google", Passwords: true, Send: SendLimits{PerDay: 500},
			Notes: []string{
				"Gmail has labels, not folders: moving a mail to windpost/processed replaces its INBOX label, and [Gmail]/All Mail keeps a copy.",
				"Plus-addresses (bot+tag@gmail.com) are delivered to the inbox.",
				"App passwords need 2-Step Verification; Workspace admins can turn them off, then use OAuth.",
			}},
		{Name: "outlook", Title: "Outlook.com, Hotmail and Live",
			IMAP:  Server{"outlook.office365.com", 993, TLSImplicit},
			SMTP:  Server{"smtp-mail.outlook.com", 587, TLSStartTLS},
			OAuth: "microsoft", Passwords: false, Send: SendLimits{PerDay: 300},
			Notes: []string{
				"Since 16 September 2024 personal Microsoft accounts accept only OAuth in mail programs.",
				"The server ends IDLE after about 30 minutes; windpost polls as well (poll.interval).",
				"MOVE is supported; plus-addresses are delivered.",
			}},
		{Name: "microsoft365", Title: "Microsoft 365 (Exchange Online)",
			IMAP:  Server{"outlook.office365.com", 993, TLSImplicit},
			SMTP:  Server{"smtp.office365.com", 587, TLSStartTLS},
			OAuth: "microsoft", Passwords: false, Send: SendLimits{PerDay: 10000, PerMinute: 30},
			Notes: []string{
				"Basic authentication is off: sign in with OAuth (set oauth.tenant to your directory).",
				"The admin must allow IMAP and authenticated SMTP (SMTP AUTH) for the mailbox.",
				"Plus addressing can be turned off for the organisation: windpost check tells.",
			}},
		{Name: "fastmail", Title: "Fastmail",
			IMAP:      Server{"imap.fastmail.com", 993, TLSImplicit},
			SMTP:      Server{"smtp.fastmail.com", 465, TLSImplicit},
			Passwords: true,
			Notes: []string{
				"Use an app password (Settings, Privacy & Security, App passwords) with IMAP and SMTP access.",
				"Plus-addresses are delivered; IDLE and MOVE are supported.",
			}},
		{Name: "icloud", Title: "iCloud Mail",
			IMAP:      Server{"imap.mail.me.com", 993, TLSImplicit},
			SMTP:      Server{"smtp.mail.me.com", 587, TLSStartTLS},
			Passwords: true, Send: SendLimits{PerDay: 1000},
			Notes: []string{
				"Use an app-specific password (account.apple.com, Sign-In and Security); two-factor authentication must be on.",
				"If the IMAP sign-in fails with the full address, set imap.username to the part before the @.",
			}},
		{Name: "yahoo", Title: "Yahoo Mail",
			IMAP:      Server{"imap.mail.yahoo.com", 993, TLSImplicit},
			SMTP:      Server{"smtp.mail.yahoo.com", 465, TLSImplicit},
			Passwords: true, Send: SendLimits{PerDay: 500},
			Notes: []string{
				"Use an app password (Account security, Generate app password).",
				"Yahoo does not deliver plus-addresses: players must keep the [windpost ...] tag in the subject (windpost check tells).",
			}},
	}
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
