package record

import (
	"testing"
	"time"

	"github.com/windpost/windpost/rules"
)

func human(addr string) Slot { return Slot{Address: addr} }

var bot = Slot{Bot: true, Level: "perfect"}

func TestGameSides(t *testing.T) {
	challenge := &Game{State: Invited, Players: [2]Slot{human("alice@a.test"), human("bob@b.test")}, Challenger: "bob@b.test"}
	botGame := &Game{State: Playing, Players: [2]Slot{bot, human("carol@c.test")}}
	tests := []struct {
		name     string
		g        *Game
		address  string
		side     rules.Side
		plays    bool
		opponent string // OpponentAddress of the address's side
	}{
		{"challenger", challenge, "bob@b.test", rules.White, true, "alice@a.test"},
		{"invitee", challenge, "alice@a.test", rules.Black, true, "bob@b.test"},
		{"stranger", challenge, "mallory@m.test", rules.Black, false, ""},
		{"human against the bot", botGame, "carol@c.test", rules.White, true, ""},
		// The bot's slot has no address: "" must not match it.
		{"empty address", botGame, "", rules.Black, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			side, ok := tc.g.SideOf(tc.address)
			if ok != tc.plays || (ok && side != tc.side) {
				t.Fatalf("SideOf(%q) = %v, %v; want %v, %v", tc.address, side, ok, tc.side, tc.plays)
			}
			if tc.g.HasPlayer(tc.address) != tc.plays {
				t.Errorf("HasPlayer(%q) = %v", tc.address, !tc.plays)
			}
			if ok {
				if got := tc.g.OpponentAddress(side); got != tc.opponent {
					t.Errorf("OpponentAddress(%v) = %q, want %q", side, got, tc.opponent)
				}
			}
		})
	}
	if got := challenge.Invitee(); got != "alice@a.test" {
		t.Errorf("Invitee = %q", got)
	}
	if got := botGame.Humans(); len(got) != 1 || got[0] != "carol@c.test" {
		t.Errorf("Humans of a bot game = %q", got)
	}
	if s, ok := botGame.BotSide(); !ok || s != rules.Black || !botGame.IsBotGame() || challenge.IsBotGame() {
		t.Errorf("BotSide = %v, %v", s, ok)
	}
	// Only players see each other's whole addresses.
	if got := challenge.ShownTo("bob@b.test", "alice@a.test"); got != "bob@b.test" {
		t.Errorf("ShownTo a player = %q", got)
	}
	if got := challenge.ShownTo("bob@b.test", "mallory@m.test"); got == "bob@b.test" {
		t.Errorf("ShownTo a stranger = %q: the whole address", got)
	}
}

func TestGameDue(t *testing.T) {
	deadline := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		g    Game
		now  time.Time
		due  bool
	}{
		{"no clock", Game{State: Playing}, deadline, false},
		{"long before", Game{State: Playing, Deadline: deadline, DaysPerMove: 3}, deadline.Add(-48 * time.Hour), false},
		{"a day before, 3 days a move", Game{State: Playing, Deadline: deadline, DaysPerMove: 3}, deadline.Add(-ReminderBefore), true},
		{"a day before, 1 day a move", Game{State: Playing, Deadline: deadline, DaysPerMove: 1}, deadline.Add(-ReminderBefore), false},
		{"reminded", Game{State: Playing, Deadline: deadline, DaysPerMove: 3, Reminded: true}, deadline.Add(-time.Hour), false},
		{"own schedule", Game{State: Playing, Deadline: deadline, DaysPerMove: 1, RemindBefore: []time.Duration{2 * time.Hour}}, deadline.Add(-2 * time.Hour), true},
		{"deadline passed", Game{State: Playing, Deadline: deadline, DaysPerMove: 1}, deadline, true},
		// A challenge is due only when it expires, never for a reminder.
		{"challenge before expiry", Game{State: Invited, Deadline: deadline, DaysPerMove: 3}, deadline.Add(-time.Hour), false},
		{"challenge expired", Game{State: Invited, Deadline: deadline}, deadline, true},
		{"over", Game{State: Over, Deadline: deadline}, deadline.Add(time.Hour), false},
	}
	for _, tc := range tests {
		if got := tc.g.Due(tc.now); got != tc.due {
			t.Errorf("%s: Due = %v, want %v", tc.name, got, tc.due)
		}
	}
}

func TestGameIsPublic(t *testing.T) {
	two := [2]Slot{human("alice@a.test"), human("bob@b.test")}
	tests := []struct {
		name string
		g    Game
		want bool
	}{
		{"neither said public", Game{State: Playing, Players: two}, false},
		{"one said public", Game{State: Playing, Players: two, Public: []string{"black"}}, false},
		{"both said public", Game{State: Over, Players: two, Public: []string{"white", "black"}}, true},
		{"the human against the bot", Game{State: Playing, Players: [2]Slot{bot, human("c@c.test")}, Public: []string{"white"}}, true},
		{"a tournament's game", Game{State: Playing, Players: two, Tournament: "t1"}, true},
		{"a challenge, both public", Game{State: Invited, Players: two, Public: []string{"black", "white"}}, false},
	}
	for _, tc := range tests {
		if got := tc.g.IsPublic(); got != tc.want {
			t.Errorf("%s: IsPublic = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPlayerSettings(t *testing.T) {
	var p Player
	if p.Location() != time.UTC || p.ZoneName() != "UTC" {
		t.Errorf("no time zone: %v %q", p.Location(), p.ZoneName())
	}
	if got := p.Reminders(); len(got) != 1 || got[0] != ReminderBefore {
		t.Errorf("no schedule: Reminders = %v", got)
	}
	p.Timezone = "Not/A_Zone"
	if p.Location() != time.UTC {
		t.Errorf("an unknown zone: %v, want UTC", p.Location())
	}
	p.Timezone = "Europe/Helsinki"
	if p.Location().String() != "Europe/Helsinki" || p.ZoneName() != "Europe/Helsinki" {
		t.Errorf("Helsinki: %v %q", p.Location(), p.ZoneName())
	}
	now := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	p.VacationUntil = now.Add(time.Hour)
	if !p.OnVacation(now) || p.OnVacation(now.Add(time.Hour)) {
		t.Error("OnVacation: want true before VacationUntil, false from it")
	}
}
