package games

import (
	"testing"

	"github.com/windpost/windpost/rules"
)

func TestResultFor(t *testing.T) {
	rec := &gameRecord{State: stateOver}
	rec.Players[rules.Black].Address = alice
	rec.Players[rules.White].Address = bob
	for _, tc := range []struct {
		outcome         rules.Outcome
		alice, bob, eve string
	}{
		{rules.WinFor(rules.Black, rules.Checkmate), "you win by checkmate", "you lose by checkmate", "black wins by checkmate"},
		{rules.WinFor(rules.White, rules.Timeout), "you lose on time", "you win on time", "white wins on time"},
		{rules.WinFor(rules.White, rules.Resignation), "you lose by resignation", "you win by resignation", "white wins by resignation"},
		{rules.DrawBy(rules.AgreedDraw), "draw by agreement", "draw by agreement", "draw by agreement"},
		{rules.DrawBy(rules.Repetition), "draw by repetition", "draw by repetition", "draw by repetition"},
	} {
		lg := &liveGame{rec: rec, outcome: tc.outcome}
		for reader, want := range map[string]string{alice: tc.alice, bob: tc.bob, eve: tc.eve} {
			if got := lg.resultFor(reader); got != want {
				t.Errorf("%v for %s: %q, want %q", tc.outcome, reader, got, want)
			}
		}
	}
	never := &liveGame{rec: &gameRecord{State: stateDeclined, Result: "the challenge expired"}}
	if got := never.resultFor(alice); got != "the challenge expired" {
		t.Errorf("a game that never began: %q", got)
	}
}
