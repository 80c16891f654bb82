package keys

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
)

// pattern finds a reply key where windpost writes one: in the subject
// tag "[windpost <game> <key>]", the plus tag "+<game>.<key>@" of a reply
// address, the Message-ID "windpost.<game>.<key>.<n>@", and a game's web
// link "/g/<game>-<key>" (webview.go). The first group is what stays.
var pattern = regexp.MustCompile(`(?i)(\[windpost\s+g[0-9a-z]{4,11}\s+|\+g[0-9a-z]{4,11}\.|windpost\.g[0-9a-z]{4,11}\.|/g/g[0-9a-z]{4,11}-)[a-z2-7]{16}\b`)

// Redacted stands for a reply key in logs and dumps.
const Redacted = "…"

// Redact returns s with every reply key in a subject tag, reply
// address or Message-ID replaced by "…": "[windpost g7k3q …]",
// "bot+g7k3q.…@example.org". Logs and dumps show what mail went where
// without giving away the keys that let one play in a player's name.
func Redact(s string) string {
	return pattern.ReplaceAllString(s, "${1}"+Redacted)
}

// RedactHandler returns a slog.Handler that writes to h with every reply
// key in the message and in the attributes' values replaced (Redact).
func RedactHandler(h slog.Handler) slog.Handler { return redactHandler{h} }

type redactHandler struct{ h slog.Handler }

// Enabled is h's.
func (r redactHandler) Enabled(ctx context.Context, l slog.Level) bool { return r.h.Enabled(ctx, l) }

// Handle redacts the record and hands it to h.
func (r redactHandler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, Redact(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return r.h.Handle(ctx, out)
}

// WithAttrs redacts attrs and hands them to h.
func (r redactHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		red[i] = redactAttr(a)
	}
	return redactHandler{r.h.WithAttrs(red)}
}

// WithGroup is h's group.
func (r redactHandler) WithGroup(name string) slog.Handler { return redactHandler{r.h.WithGroup(name)} }

// redactAttr redacts the value of a (of a group, each member's); a value
// that is not a string, number, time or the like is redacted as its text.
func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, Redact(v.String()))
	case slog.KindGroup:
		g := v.Group()
		red := make([]any, len(g))
		for i, m := range g {
			red[i] = redactAttr(m)
		}
		return slog.Group(a.Key, red...)
	case slog.KindAny:
		s := fmt.Sprint(v.Any())
		if r := Redact(s); r != s {
			return slog.String(a.Key, r)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
