package store

import (
	"encoding/json"
	"strings"
	"testing"
)

// jsonSamples are values and near-values wellFormedJSON must judge as
// json.Valid does.
var jsonSamples = []string{
	`{}`, `[]`, ` { } `, `{"v":1}`, `{"v":1,}`, `{"v" 1}`, `{"v":}`, `{,}`, `[1,2,]`, `[1 2]`, `[`, `]`, `{"a":[1,{"b":null}]}`,
	`"a"`, `"a`, `"\u00e9\n\t\"\\\/"`, `"\u00g9"`, `"\x"`, "\"\x01\"", "\"\xff\xfe\"", `true`, `tru`, `truex`, `false`, `null`, `nul`,
	`0`, `-0`, `01`, `-`, `1.`, `1.5`, `.5`, `1e5`, `1E+5`, `1e-`, `1e`, `-1.25e-10`, `1 2`, ``, ` `, `{"a":1}}`, `{"a":1]`,
	`[[[[]]]]`, strings.Repeat("[", maxJSONDepth) + strings.Repeat("]", maxJSONDepth),
	`{"v":1,"id":"g36wx","moves":[{"text":"P-2c","at":"2026-11-21T12:00:00Z"}],"deadline":"0001-01-01T00:00:00Z"}`,
}

// TestWellFormedJSON: wellFormedJSON agrees with json.Valid, and refuses
// nesting past maxJSONDepth.
func TestWellFormedJSON(t *testing.T) {
	for _, s := range jsonSamples {
		if got, want := wellFormedJSON([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("%q: %v, json.Valid says %v", s, got, want)
		}
	}
	deep := strings.Repeat("[", maxJSONDepth+1) + strings.Repeat("]", maxJSONDepth+1)
	if wellFormedJSON([]byte(deep)) {
		t.Errorf("%d levels of arrays let through", maxJSONDepth+1)
	}
}

// FuzzWellFormedJSON: wellFormedJSON agrees with json.Valid on any input
// not nested past maxJSONDepth.
func FuzzWellFormedJSON(f *testing.F) {
	for _, s := range jsonSamples {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		if strings.Count(string(v), "[")+strings.Count(string(v), "{") > maxJSONDepth {
			return
		}
		if got, want := wellFormedJSON(v), json.Valid(v); got != want {
			t.Errorf("%q: %v, json.Valid says %v", v, got, want)
		}
	})
}
