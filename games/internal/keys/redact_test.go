package keys

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

func TestRedactKeys(t *testing.T) {
	const key = "abcdefgh234567ab"
	for _, tt := range []struct{ in, want string }{
		{"Re: Gufuu game g7k3q [windpost g7k3q " + key + "]", "Re: Gufuu game g7k3q [windpost g7k3q …]"},
		{"[WINDPOST G7K3Q " + strings.ToUpper(key) + "]", "[WINDPOST G7K3Q …]"},
		{"bot+g7k3q." + key + "@example.org", "bot+g7k3q.…@example.org"},
		{"<windpost.g7k3q." + key + ".12@example.org>", "<windpost.g7k3q.….12@example.org>"},
		{"Web page: https://games.example.org/g/g7k3q-" + key, "Web page: https://games.example.org/g/g7k3q-…"},
		{"game g7k3q, no key " + key, "game g7k3q, no key " + key}, // a bare token is not known as one
		{"bot+g7k3q." + key + "x@example.org", "bot+g7k3q." + key + "x@example.org"},
		{"", ""},
	} {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRedactHandler: a key in the message, a string, an error, a group or
// a logger's attributes does not reach the log.
func TestRedactHandler(t *testing.T) {
	const key = "abcdefgh234567ab"
	var b bytes.Buffer
	log := slog.New(RedactHandler(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug})))
	log = log.With("reply_to", "bot+g7k3q."+key+"@x.test")
	log.Debug("sent [windpost g7k3q "+key+"]", "subject", "[windpost g7k3q "+key+"]",
		"err", errors.New("550 no such user bot+g7k3q."+key+"@x.test"),
		slog.Group("mail", "id", "<windpost.g7k3q."+key+".3@x.test>", "n", 3), "count", 7)
	out := b.String()
	if strings.Contains(out, key) || strings.Count(out, "…") != 5 || !strings.Contains(out, "count=7") || !strings.Contains(out, "mail.n=3") {
		t.Errorf("redacted log:\n%s", out)
	}
}
