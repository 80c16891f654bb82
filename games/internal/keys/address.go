package keys

import "strings"

// CanonicalAddress returns the form of an address windpost keys players
// by: trimmed, angle brackets removed, lower case.
func CanonicalAddress(addr string) string {
	a := strings.TrimSpace(addr)
	if i := strings.LastIndexByte(a, '<'); i >= 0 {
		a = a[i+1:]
		if j := strings.IndexByte(a, '>'); j >= 0 {
			a = a[:j]
		}
	}
	return strings.ToLower(strings.TrimSpace(a))
}

// PlausibleAddress is a light check of a canonical address: a local part,
// one '@', a domain (a dot is not required: demo setups use "localhost"),
// no spaces, commas or angle brackets.
func PlausibleAddress(a string) bool {
	local, domain, ok := strings.Cut(a, "@")
	return ok && local != "" && domain != "" && !strings.ContainsAny(a, " \t<>,;\"()[]") &&
		!strings.Contains(domain, "@") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}

// BareAddress returns addr without white space around it and without the
// display name and angle brackets of "Name <a@b>"; its case is kept.
func BareAddress(addr string) string {
	a := strings.TrimSpace(addr)
	if i := strings.LastIndexByte(a, '<'); i >= 0 {
		a = strings.TrimSuffix(a[i+1:], ">")
	}
	return strings.TrimSpace(a)
}

// SplitAddress splits an address at its last '@'; domain is "" if there is
// none.
func SplitAddress(addr string) (local, domain string) {
	i := strings.LastIndexByte(addr, '@')
	if i < 0 {
		return addr, ""
	}
	return addr[:i], addr[i+1:]
}

// Shown is address as asker may see it: whole when it is asker's own,
// otherwise its local part and "@..." ("alice@..."): nothing of another
// player beyond that reaches a mail without that game's key, or the web,
// so that windpost's public address is no list of addresses to harvest.
func Shown(address, asker string) string {
	if address == asker {
		return address
	}
	local, _ := SplitAddress(address)
	return local + "@..."
}
