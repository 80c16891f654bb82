package mailtest

import "strings"

// Unflowed reads format=flowed text with DelSp=no (RFC 3676), as windpost
// writes its text part, back into the lines it was written from:
// space-stuffing removed, soft line breaks (a line ending in a space, but
// for "-- ") joined.
func Unflowed(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		l = strings.TrimPrefix(l, " ")
		if body := strings.TrimSuffix(l, "\n"); strings.HasSuffix(body, " ") && body != "-- " {
			b.WriteString(body)
			continue
		}
		b.WriteString(l)
	}
	return b.String()
}
