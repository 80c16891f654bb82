package consent

import (
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
