package config

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
}

// Presets lists the providers windpost knows.
func Presets() []Preset {
	return []Preset{
		{Name: "gmail", Title: "Gmail and Google Workspace",
			IMAP:  Server{"imap.gmail.com", 993, TLSImplicit},
			SMTP:  Server{"smtp.gmail.com", 465, TLSImplicit},
			OAuth: "google", Passwords: true,
			Notes: []string{
				"Gmail has labels, not folders: moving a mail to windpost/processed replaces its INBOX label, and [Gmail]/All Mail keeps a copy.",
				"Plus-addresses (bot+tag@gmail.com) are delivered to the inbox.",
				"App passwords need 2-Step Verification; Workspace admins can turn them off, then use OAuth.",
			}},
		{Name: "outlook", Title: "Outlook.com, Hotmail and Live",
			IMAP:  Server{"outlook.office365.com", 993, TLSImplicit},
			SMTP:  Server{"smtp-mail.outlook.com", 587, TLSStartTLS},
			OAuth: "microsoft", Passwords: false,
			Notes: []string{
				"Since 16 September 2024 personal Microsoft accounts accept only OAuth in mail programs.",
				"The server ends IDLE after about 30 minutes; windpost polls as well (poll.interval).",
				"MOVE is supported; plus-addresses are delivered.",
			}},
		{Name: "microsoft365", Title: "Microsoft 365 (Exchange Online)",
			IMAP:  Server{"outlook.office365.com", 993, TLSImplicit},
			SMTP:  Server{"smtp.office365.com", 587, TLSStartTLS},
			OAuth: "microsoft", Passwords: false,
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
			Passwords: true,
			Notes: []string{
				"Use an app-specific password (account.apple.com, Sign-In and Security); two-factor authentication must be on.",
				"If the IMAP sign-in fails with the full address, set imap.username to the part before the @.",
			}},
		{Name: "yahoo", Title: "Yahoo Mail",
			IMAP:      Server{"imap.mail.yahoo.com", 993, TLSImplicit},
			SMTP:      Server{"smtp.mail.yahoo.com", 465, TLSImplicit},
			Passwords: true,
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
