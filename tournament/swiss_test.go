package tournament

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// pairingText writes a round as "p1-p5 p6-p2 p7:bye", White first.
func pairingText(r Round) string {
	var parts []string
	for _, g := range r.Games {
		if g.Bye() {
			parts = append(parts, g.White+":bye")
		} else {
			parts = append(parts, g.White+"-"+g.Black)
		}
	}
	return strings.Join(parts, " ")
}

// scriptedSwiss is a five-round Swiss of eight whose pairings were worked
// out by hand from the Dutch rules; p8 withdraws after round 2.
var scriptedSwiss = []struct {
	pairing string
	results []Result // board by board
	why     string
}{
	{"p1-p5 p6-p2 p3-p7 p8-p4", []Result{WhiteWins, BlackWins, WhiteWins, BlackWins},
		"S1 1-4 against S2 5-8; pairing number 1 takes White, 2 Black (E.5)"},
	{"p4-p1 p2-p3 p5-p8 p7-p6", []Result{BlackWins, WhiteWins, WhiteWins, BlackWins},
		"1-3 and 2-4 would both clash on colour: the transposition 1-4 2-3 grants all"},
	{"p1-p2 p3-p5 p6-p4 p7:bye", []Result{Draw, WhiteWins, BlackWins},
		"p8 has withdrawn; p7, last on 0, has the bye; {3,4,5,6}: S1 3,4 against 5,6"},
	{"p3-p1 p2-p4 p5-p7 p6:bye", []Result{BlackWins, WhiteWins, WhiteWins},
		"p7 had a bye, so p6; 1 and 2 met and float onto {3,4}: only 1-3 2-4 is legal, " +
			"both pairs clash, E.4 gives the higher ranked their colour"},
	{"p1-p6 p7-p2 p4-p3 p5:bye", []Result{WhiteWins, BlackWins, BlackWins},
		"p7 and p6 had byes, so p5; p2 has met 1, 3, 4 and 6 and floats to 7; " +
			"p4 (B W B B) must have White, p3 (W B W W) Black"},
}

func TestSwissOfEightFiveRounds(t *testing.T) {
	tour, err := New(Swiss, 5, players(8))
	if err != nil {
		t.Fatal(err)
	}
	for i, step := range scriptedSwiss {
		r, err := tour.PairNext()
		if err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		if got := pairingText(r); got != step.pairing {
			t.Fatalf("round %d: %s, want %s (%s)", i+1, got, step.pairing, step.why)
		}
		if tour.Finished() {
			t.Fatalf("round %d: Finished with games to play", i+1)
		}
		if i+1 < len(scriptedSwiss) {
			if _, err := tour.PairNext(); !errors.Is(err, ErrRoundOpen) {
				t.Fatalf("round %d: pairing before the results: %v, want ErrRoundOpen", i+2, err)
			}
		}
		for b, res := range step.results {
			if err := tour.Record(r.Number, b+1, res); err != nil {
				t.Fatal(err)
			}
		}
		if i == 1 {
			if err := tour.Withdraw("p8"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := tour.PairNext(); !errors.Is(err, ErrFinished) {
		t.Errorf("a sixth round: %v, want ErrFinished", err)
	}
	if !tour.Finished() {
		t.Error("not Finished after five rounds with every result")
	}
	checkSwiss(t, tour)

	// Final scores: p1 4.5, p2 4.5, p3 3, p4 2, p5 3, p6 2, p7 1, p8 0.
	// Buchholz adds the opponents' scores; a bye counts the player's own.
	want := []struct {
		id         string
		rank       int
		points     Score
		cut1, full float64
	}{
		{"p1", 1, 9, 3 + 2 + 4.5 + 3 + 2 - 2, 3 + 2 + 4.5 + 3 + 2},     // p5 p4 p2 p3 p6
		{"p2", 2, 9, 2 + 3 + 4.5 + 2 + 1 - 1, 2 + 3 + 4.5 + 2 + 1},     // p6 p3 p1 p4 p7
		{"p3", 3, 6, 1 + 4.5 + 3 + 4.5 + 2 - 1, 1 + 4.5 + 3 + 4.5 + 2}, // p7 p2 p5 p1 p4
		{"p5", 4, 6, 4.5 + 0 + 3 + 1 + 3 - 0, 4.5 + 0 + 3 + 1 + 3},     // p1 p8 p3 p7 bye
		{"p4", 5, 4, 0 + 4.5 + 2 + 4.5 + 3 - 0, 0 + 4.5 + 2 + 4.5 + 3}, // p8 p1 p6 p2 p3
		{"p6", 6, 4, 4.5 + 1 + 2 + 2 + 4.5 - 1, 4.5 + 1 + 2 + 2 + 4.5}, // p2 p7 p4 bye p1
		{"p7", 7, 2, 3 + 2 + 1 + 3 + 4.5 - 1, 3 + 2 + 1 + 3 + 4.5},     // p3 p6 bye p5 p2
		{"p8", 8, 0, 2 + 3 - 2, 2 + 3},                                 // p4 p5, then withdrawn
	}
	got := tour.Standings()
	for i, w := range want {
		s := got[i]
		if s.Player.ID != w.id || s.Rank != w.rank || s.Points != w.points ||
			s.TieBreaks[0] != w.cut1 || s.TieBreaks[1] != w.full {
			t.Errorf("standing %d: %s rank %d %s pts BH-C1 %v BH %v; want %s rank %d %s pts BH-C1 %v BH %v",
				i+1, s.Player.ID, s.Rank, s.Points, s.TieBreaks[0], s.TieBreaks[1],
				w.id, w.rank, w.points, w.cut1, w.full)
		}
	}
	if !got[7].Withdrawn {
		t.Error("p8 is not marked withdrawn")
	}
}

// checkSwiss fails unless every round of a Swiss is a valid pairing: each
// player at most once, nobody twice against the same opponent, at most one
// bye each and none after a forfeit win, and colours never three in a row
// nor beyond ±2.
func checkSwiss(t *testing.T, tour *Tournament) {
	t.Helper()
	l := newLedger(nil)
	for _, r := range tour.Paired {
		pairedOnce(t, r)
		for _, g := range r.Games {
			if p := l.add(g); p != "" {
				t.Fatalf("round %d: %s", r.Number, p)
			}
		}
		if len(r.Games) > (len(tour.Players)+1)/2 {
			t.Fatalf("round %d: %d games for %d players", r.Number, len(r.Games), len(tour.Players))
		}
	}
	for id, cs := range l.played {
		checkColours(t, id, cs, 2)
	}
}

func TestSwissPairsEveryoneNotWithdrawn(t *testing.T) {
	tour, err := New(Swiss, 3, players(6))
	if err != nil {
		t.Fatal(err)
	}
	r, err := tour.PairNext()
	if err != nil {
		t.Fatal(err)
	}
	if err := tour.Withdraw("p2"); err != nil {
		t.Fatal(err)
	}
	// p2 was Black against p5 (1-4 5-2 3-6): the game is forfeited.
	if got := tour.Paired[0].Games[1]; got.Result != WhiteWinsByForfeit || got.White != "p5" {
		t.Fatalf("p2's open game after the withdrawal: %+v", got)
	}
	for b := range r.Games {
		if b != 1 {
			if err := tour.Record(1, b+1, Draw); err != nil {
				t.Fatal(err)
			}
		}
	}
	r2, err := tour.PairNext()
	if err != nil {
		t.Fatal(err)
	}
	// p5 leads with a forfeit win, which bars a bye; the bye goes to the lowest of the rest.
	if got := pairingText(r2); strings.Contains(got, "p2") || !strings.HasSuffix(got, "p6:bye") {
		t.Errorf("round 2: %s, want no p2 and the bye to p6", got)
	}
	checkSwiss(t, tour)
}

func TestSwissRefusesWhenNoPairingIsLeft(t *testing.T) {
	tour, err := New(Swiss, 5, players(4))
	if err != nil {
		t.Fatal(err)
	}
	for round := 1; round <= 3; round++ {
		r, err := tour.PairNext()
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		for b := range r.Games {
			if err := tour.Record(round, b+1, Draw); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkSwiss(t, tour)
	if _, err := tour.PairNext(); !errors.Is(err, ErrNoPairing) {
		t.Errorf("a fourth round among 4 players: %v, want ErrNoPairing", err)
	}
	if len(tour.Paired) != 3 {
		t.Errorf("%d rounds kept after the refusal, want 3", len(tour.Paired))
	}
}

func TestRecordRefuses(t *testing.T) {
	tour, err := New(Swiss, 3, players(3))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tour.PairNext(); err != nil { // p1-p2 p3:bye
		t.Fatal(err)
	}
	for _, tt := range []struct{ round, board int }{{0, 1}, {2, 1}, {1, 0}, {1, 3}, {1, 2}} {
		if err := tour.Record(tt.round, tt.board, Draw); err == nil {
			t.Errorf("Record(%d, %d) succeeded", tt.round, tt.board)
		}
	}
	if err := tour.Record(1, 1, Result(42)); err == nil {
		t.Error("Record with result 42 succeeded")
	}
	if err := tour.Withdraw("nobody"); err == nil {
		t.Error("Withdraw of nobody succeeded")
	}
	if _, err := tour.PairAll(); err == nil {
		t.Error("PairAll of a Swiss succeeded")
	}
}

func TestTextForms(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{Score(0).String(), "0"},
		{Score(5).String(), "2.5"},
		{Score(8).String(), "4"},
		{WhiteWins.String(), "1-0"},
		{BlackWins.String(), "0-1"},
		{Draw.String(), "1/2-1/2"},
		{WhiteWinsByForfeit.String(), "+/-"},
		{BlackWinsByForfeit.String(), "-/+"},
		{DoubleForfeit.String(), "-/-"},
		{Pending.String(), "*"},
		{Swiss.String(), "Swiss (Dutch)"},
		{DoubleRoundRobin.String(), "double round robin"},
		{SonnebornBerger.String(), "Sonneborn-Berger"},
		{BuchholzCut1.String(), "Buchholz Cut-1"},
		{White.Opposite().String(), "Black"},
		{NoColour.Opposite().String(), "none"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("case %d: %q, want %q", i, tt.got, tt.want)
		}
	}
}

// A Tournament is kept by the caller between rounds: stored as JSON and
// read back, it pairs the next round as it would have.
func TestStoredTournamentPairsTheSame(t *testing.T) {
	tour, err := New(Swiss, 6, players(9))
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, tour, 3, nil)
	if err := tour.Withdraw("p4"); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(tour)
	if err != nil {
		t.Fatal(err)
	}
	var stored Tournament
	if err := json.Unmarshal(data, &stored); err != nil {
		t.Fatal(err)
	}
	want, err := tour.PairNext()
	if err != nil {
		t.Fatal(err)
	}
	got, err := stored.PairNext()
	if err != nil {
		t.Fatal(err)
	}
	if pairingText(got) != pairingText(want) || stored.Crosstable() != tour.Crosstable() {
		t.Errorf("read back: %s, kept: %s", pairingText(got), pairingText(want))
	}
}
