package consent

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestWindow(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	w := Window{now.Add(-2 * time.Hour), now.Add(-time.Hour), now.Add(-59 * time.Minute), now.Add(-time.Minute)}
	got := w.Since(now, time.Hour)
	if len(got) != 2 || !got[0].Equal(now.Add(-59*time.Minute)) {
		t.Errorf("Since an hour: %v (a time exactly an hour back no longer counts)", got)
	}
	if f := got.Freed(now, time.Hour); !f.Equal(now.Add(time.Minute)) {
		t.Errorf("Freed %v, want a minute from now", f)
	}
	if f := (Window{}).Freed(now, 24*time.Hour); !f.Equal(now.Add(24 * time.Hour)) {
		t.Errorf("an empty window is freed at %v", f)
	}
	if got := (Window(nil)).Since(now, time.Hour); len(got) != 0 {
		t.Errorf("nil window %v", got)
	}
}

func TestConfirmation(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	c := &Confirmation{ID: "g2345", Until: now.Add(time.Hour), Challenges: []HeldChallenge{{Line: "challenge bob@x.test gufuu", To: "bob@x.test"}}}
	if got := c.Held(now); len(got) != 1 {
		t.Errorf("held before Until: %v", got)
	}
	if got := c.Held(now.Add(time.Hour)); got != nil {
		t.Errorf("held at Until: %v", got)
	}
	if got := (*Confirmation)(nil).Held(now); got != nil {
		t.Errorf("a nil confirmation holds %v", got)
	}
	secret := []byte("0123456789abcdef")
	a, b := ConfirmToken(secret, "g2345", "alice@x.test"), ConfirmToken(secret, "g2346", "alice@x.test")
	if a == "" || a == b || a != ConfirmToken(secret, "g2345", "alice@x.test") || a == ConfirmToken(secret, "g2345", "bob@x.test") {
		t.Errorf("tokens %q %q: want one per confirmation and address, stable", a, b)
	}
}

func TestAuthorityString(t *testing.T) {
	for a, want := range map[Authority]string{Anyone: "anyone", Sender: "the sender's key", Player: "the game's player key",
		Organiser: "the organiser's key", Authority(9): "Authority(9)"} {
		if got := a.String(); got != want {
			t.Errorf("%d: %q, want %q", int(a), got, want)
		}
	}
}

// TestHold: a line waits in a new confirmation that the mail must ask
// for; a second line of the same mail joins it; a new mail within AskGap
// of the request is refused, later it replaces the one waiting; the lines
// are capped in number and length, and an expired confirmation is
// replaced at once. Each refusal is its own error type.
func TestHold(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	n := 0
	id := func() string { n++; return fmt.Sprintf("g%d", n) }
	line := HeldChallenge{Line: "challenge bob@x.test gufuu", To: "bob@x.test"}
	waiting := &Confirmation{ID: "g0", Asked: now.Add(-10 * time.Minute), Until: now.Add(Lifetime - 10*time.Minute), Challenges: []HeldChallenge{line}}
	expired := &Confirmation{ID: "g0", Asked: now.Add(-30 * time.Minute), Until: now.Add(-time.Second), Challenges: []HeldChallenge{line}}
	for _, tc := range []struct {
		name   string
		c      *Confirmation
		at     time.Time
		asked  bool
		held   HeldChallenge
		most   int
		ask    bool
		lines  int
		refuse any
	}{
		{"nothing waits", nil, now, false, line, 5, true, 1, nil},
		{"the same mail's second line", waiting, now, true, line, 5, false, 2, nil},
		{"a new mail within the hour", waiting, now, false, line, 5, false, 1, &AskedLately{}},
		{"a new mail after the hour", waiting, now.Add(51 * time.Minute), false, line, 5, true, 1, nil},
		{"an expired confirmation", expired, now, false, line, 5, true, 1, nil},
		{"full", waiting, now, true, line, 1, false, 1, &Full{}},
		{"too long a line", nil, now, false, HeldChallenge{Line: strings.Repeat("x", MaxLine+1)}, 5, false, 0, &TooLong{}},
	} {
		c := tc.c
		if c != nil {
			cp := *c
			cp.Challenges = slices.Clone(c.Challenges)
			c = &cp
		}
		got, ask, err := Hold(c, tc.at, tc.asked, id, tc.held, tc.most)
		switch want := tc.refuse.(type) {
		case nil:
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
				continue
			}
		case *AskedLately:
			if !errors.As(err, &want) || !want.At.Equal(tc.c.Asked) {
				t.Errorf("%s: %v, want AskedLately at %v", tc.name, err, tc.c.Asked)
			}
		case *Full:
			if !errors.As(err, &want) || want.Held != len(tc.c.Challenges) {
				t.Errorf("%s: %v, want Full", tc.name, err)
			}
		case *TooLong:
			if !errors.As(err, &want) || want.Len != MaxLine+1 {
				t.Errorf("%s: %v, want TooLong", tc.name, err)
			}
		}
		if ask != tc.ask {
			t.Errorf("%s: ask %v, want %v", tc.name, ask, tc.ask)
		}
		if got == nil && tc.lines > 0 || got != nil && len(got.Challenges) != tc.lines {
			t.Errorf("%s: %+v, want %d lines", tc.name, got, tc.lines)
		}
		if tc.ask && (got.Asked != tc.at || !got.Until.Equal(tc.at.Add(Lifetime)) || got.ID == "g0") {
			t.Errorf("%s: a new confirmation %+v", tc.name, got)
		}
	}
}
