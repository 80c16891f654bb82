package inbound

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// A mail's HTML may hold text its reader never sees: a hidden preheader,
// a frame's fallback, a form's text area. A stranger could hide commands
// there in a mail that looks harmless when forwarded or quoted, so windpost
// reads only what a mail client shows. visibleHTML parses the HTML as a
// browser does and removes those elements before htmlToText reads it.

// unshownElements hold text that a mail client does not show as the
// mail's text.
var unshownElements = map[string]bool{
	"iframe": true, "noscript": true, "textarea": true, "template": true,
	"noembed": true, "noframes": true, "object": true,
}

// visibleHTML returns s, parsed and written again without its hidden
// elements (see hidden); "" if it cannot be written again.
func visibleHTML(s string) string {
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		return ""
	}
	prune(doc)
	var b strings.Builder
	if err := html.Render(&b, doc); err != nil {
		return ""
	}
	return b.String()
}

// prune removes n's hidden descendants.
func prune(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && hidden(c) {
			n.RemoveChild(c)
		} else {
			prune(c)
		}
		c = next
	}
}

// hidden reports whether element n is not shown: an element of
// unshownElements, one with the hidden attribute, or one hidden by its
// style attribute (see hiddenStyle).
func hidden(n *html.Node) bool {
	if unshownElements[n.Data] {
		return true
	}
	for _, a := range n.Attr {
		switch strings.ToLower(a.Key) {
		case "hidden":
			return true
		case "style":
			if hiddenStyle(a.Val) {
				return true
			}
		}
	}
	return false
}

// hiddenStyle reports whether an inline style hides its element the ways
// mail senders do: display:none, visibility:hidden, opacity:0,
// mso-hide:all, font-size:0, color:transparent, or a zero height, width
// or max-height with overflow:hidden.
func hiddenStyle(style string) bool {
	props := map[string]string{}
	for _, decl := range strings.Split(style, ";") {
		k, v, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		v = strings.ToLower(strings.TrimSpace(v))
		v = strings.TrimSpace(strings.TrimSuffix(v, "!important"))
		props[strings.ToLower(strings.TrimSpace(k))] = v
	}
	switch {
	case props["display"] == "none",
		props["visibility"] == "hidden", props["visibility"] == "collapse",
		props["mso-hide"] == "all",
		props["color"] == "transparent",
		zeroLength(props["opacity"]),
		zeroLength(props["font-size"]):
		return true
	}
	if props["overflow"] == "hidden" || props["overflow-y"] == "hidden" || props["overflow-x"] == "hidden" {
		for _, k := range []string{"max-height", "height", "max-width", "width", "line-height"} {
			if zeroLength(props[k]) {
				return true
			}
		}
	}
	return false
}

// zeroLength reports whether a CSS value is a number equal to zero, with
// or without a unit ("0", "0px", "0.0em", "0%").
func zeroLength(v string) bool {
	end := strings.IndexFunc(v, func(r rune) bool { return !(r >= '0' && r <= '9' || r == '.' || r == '-' || r == '+') })
	if end < 0 {
		end = len(v)
	}
	if end == 0 {
		return false
	}
	f, err := strconv.ParseFloat(v[:end], 64)
	return err == nil && f == 0
}
