package games

import (
	"slices"
	"strings"
	"testing"
)

// TestToyVerb: a verb is one verbSpec; the registry parses it, checks its
// authority and runs it, and keyword and "did you mean" know its words.
func TestToyVerb(t *testing.T) {
	for _, tc := range []struct {
		authority Authority
		keyed     bool
		want      string
	}{
		{Anyone, false, "pong from alice@players.test"},
		{Sender, true, "pong from alice@players.test"},
		{Sender, false, "Waiting for your confirm: this line acts in your name"},
	} {
		t.Run(tc.authority.String(), func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			toy := verbSpec{verb: "ping", words: []string{"ping", "pingg"}, authority: tc.authority, suggest: true,
				run: func(h *handling, c Command) (string, error) { return "pong from " + h.from, nil }}
			h.srv.verbs = newVerbRegistry(append(builtinVerbs(), toy))
			send := h.fresh
			if tc.keyed {
				send = h.write
			}
			wantText(t, only(t, send(t, alice, "ping"), alice), "> ping\n"+tc.want)
			if !h.srv.verbs.keyword("pingg") {
				t.Error("the toy's second word is no keyword")
			}
			if _, meant, ok := h.srv.verbs.didYouMean("pinng"); !ok || meant != "ping" {
				t.Errorf("did you mean for pinng: %q %v", meant, ok)
			}
		})
	}
}

// senderLines are a line for every verb that acts in the sender's name.
var senderLines = map[Verb]string{
	VerbChallenge:  "challenge carol@players.test nim",
	VerbVacation:   "vacation 7",
	VerbStop:       "stop",
	VerbBlock:      "block carol@players.test",
	VerbUnblock:    "unblock carol@players.test",
	VerbForget:     "forget me",
	VerbNotify:     "notify digest 07:00",
	VerbRemind:     "remind 48h 2h",
	VerbTimezone:   "timezone Europe/Helsinki",
	VerbSeek:       "seek nim",
	VerbUnseek:     "seek cancel s7k3q",
	VerbJoin:       "join s7k3q",
	VerbRematch:    "rematch",
	VerbTournament: "tournament new nim roundrobin",
	VerbWithdraw:   "withdraw t7k3q",
}

// TestForgedSenderVerbs: every verb that acts in the sender's name, in a
// mail "from" bob without bob's key (anyone can write that), does nothing
// in bob's name: bob's record and games stay as they were, nobody else
// is mailed, and bob gets one keyed confirm request; a second such mail
// within the hour gets no second request (its answer, like every mail to
// bob, carries only bob's own key, with which nothing held runs).
func TestForgedSenderVerbs(t *testing.T) {
	registry := newVerbRegistry(builtinVerbs())
	for v, spec := range registry.byVerb {
		line, ok := senderLines[v]
		if spec.authority == Sender && !ok {
			t.Errorf("verb %q acts in the sender's name but has no line in senderLines", v)
		}
		if !ok {
			continue
		}
		c, _ := registry.parse(line)
		if c.Verb != v || c.Err != "" || spec.authorityFor(c) != Sender {
			t.Fatalf("%q reads as %q (%s), authority %s", line, c.Verb, c.Err, spec.authorityFor(c))
		}
		t.Run(string(v), func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			toBob := only(t, h.write(t, bob, "new nim as black"), bob)
			h.reply(t, toBob, "resign")
			before := h.playerOf(t, bob)
			mails := h.fresh(t, bob, line)
			m := only(t, mails, bob)
			if len(mails) != 1 {
				t.Fatalf("a forged %q sent %s", line, describe(mails))
			}
			wantText(t, m, "Waiting for your confirm: this line acts in your name")
			if !strings.Contains(m.ReplyTo, "+g") {
				t.Errorf("the confirm request carries no key: %q", m.ReplyTo)
			}
			after := h.playerOf(t, bob)
			if after.Confirm == nil || len(after.Confirm.Challenges) != 1 || !strings.Contains(m.ReplyTo, "+"+after.Confirm.ID+".") {
				t.Fatalf("bob's record holds %+v; the request's Reply-To is %q", after.Confirm, m.ReplyTo)
			}
			asked := after.Confirm.ID
			after.Confirm = nil
			after.ErrorAnswers = before.ErrorAnswers
			if !slices.Equal(after.Games, before.Games) || after.Notify != before.Notify || after.Timezone != before.Timezone ||
				!slices.Equal(after.Blocked, before.Blocked) || !after.VacationUntil.Equal(before.VacationUntil) ||
				h.onDoNotMail(t, bob) {
				t.Errorf("a forged %q changed bob's record:\nbefore %+v\nafter  %+v", line, before, after)
			}
			h.clock.Advance(confirmMailGap / 2)
			again := only(t, h.fresh(t, bob, line), bob)
			wantText(t, again, "Refused: I asked you to confirm another mail at")
			if p := h.playerOf(t, bob); p.Confirm == nil || p.Confirm.ID != asked || len(p.Confirm.Challenges) != 1 ||
				strings.Contains(again.ReplyTo, "+"+asked+".") {
				t.Errorf("a second forged mail within the hour brought a second request: %q, %+v", again.ReplyTo, p.Confirm)
			}
		})
	}
}

// onDoNotMail reports whether address is on the do-not-mail list.
func (h *harness) onDoNotMail(t testing.TB, address string) bool {
	t.Helper()
	var on bool
	if err := h.store.view(func(st storeTx) error { on = st.doNotMail(address); return nil }); err != nil {
		t.Fatal(err)
	}
	return on
}

// TestHelpFromRegistry: "help" lists every verb by its first word (the
// organiser's after the others), and every topic a verb leads to exists.
func TestHelpFromRegistry(t *testing.T) {
	r := newVerbRegistry(builtinVerbs())
	overview := r.overview()
	organiser := strings.Index(overview, "For a tournament's organiser")
	for _, s := range r.order {
		name := strings.Fields(string(s.verb))[0]
		i := -1
		for _, form := range []string{"  " + name + " ", "  " + name + ",", "  " + name + "\n", ", " + name, "/ " + name} {
			if j := strings.Index(overview, form); j >= 0 && (i < 0 || j < i) {
				i = j
			}
		}
		if s.verb == VerbMove {
			i = strings.Index(overview, "  <move>")
		}
		if i < 0 {
			t.Errorf("help does not name %q", s.verb)
		}
		if (s.authority == Organiser) != (i > organiser) {
			t.Errorf("%q is listed on the wrong side of the organiser's heading", s.verb)
		}
		if s.topic != "" {
			if _, ok := r.helpTopic(s.topic); !ok {
				t.Errorf("%q leads to help topic %q, which does not exist", s.verb, s.topic)
			}
		}
	}
	for _, line := range strings.Split(overview, "\n") {
		if len(line) > 78 {
			t.Errorf("help line over 78 columns: %q", line)
		}
	}
}
