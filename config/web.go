package config

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// Web configures the read-only web view (package web). It is off unless
// Listen is set (or serve -web is given).
//
//	[web]
//	listen = "127.0.0.1:8080" # host:port to serve on; "" = no web view
//	base_url = ""             # where players reach it, e.g. "https://games.example.org";
//	                          # set: every mail about a game links to its page
type Web struct {
	Listen  string `toml:"listen"`
	BaseURL string `toml:"base_url"`
}

// Enabled says whether windpost serves the web view.
func (w Web) Enabled() bool { return w.Listen != "" }

// Base is the address the mails' links to game pages start with, without
// a trailing slash; "" (the default) = the mails carry no link.
func (w Web) Base() string { return strings.TrimRight(w.BaseURL, "/") }

// webKeys are the [web] keys (added to keys()).
func (c *Config) webKeys() []key {
	return []key{{"web.listen", &c.Web.Listen}, {"web.base_url", &c.Web.BaseURL}}
}

// validateWeb checks the [web] keys.
func (c *Config) validateWeb(bad func(format string, args ...any)) {
	if c.Web.Listen != "" {
		if err := CheckListen(c.Web.Listen); err != nil {
			bad("web.listen: %v", err)
		}
	}
	if c.Web.BaseURL != "" {
		u, err := url.Parse(c.Web.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
			bad("web.base_url: want the address players reach the web view at, like \"https://games.example.org\" (http or https, no query), got %q", c.Web.BaseURL)
		}
	}
}

// CheckListen checks a web view's listen address: host:port (the host may
// be empty for every address of the machine), the port 1 to 65535.
func CheckListen(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 1 || n > 65535 {
		return fmt.Errorf("want host:port like \"127.0.0.1:8080\", got %q", addr)
	}
	return nil
}
