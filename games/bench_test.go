package games

import (
	"context"
	"testing"
)

// BenchmarkMoveRequest measures one move request of a human game: the
// dedupe check, the token, the replay of the game, the move, the mails to
// both players into the outbox, and the bbolt commit with its fsync. Games
// run to 60 moves, then a new one begins (outside the timer).
func BenchmarkMoveRequest(b *testing.B) {
	h := newHarness(b, nimCatalog(1000))
	ctx := context.Background()
	var game string
	var tokens map[string]string
	players := [2]string{alice, bob}
	ply := 0
	start := func() {
		mails := h.write(b, alice, "challenge bob@players.test nim as black")
		inv := only(b, mails, bob)
		game = inv.Headers["X-Windpost-Game"]
		h.send(b, h.request(bob, game, ReplyToken(testSecret, game, bob), "accept"))
		tokens = map[string]string{alice: ReplyToken(testSecret, game, alice), bob: ReplyToken(testSecret, game, bob)}
		ply = 0
	}
	start()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if ply == 60 {
			b.StopTimer()
			start()
			b.StartTimer()
		}
		from := players[ply%2]
		mails, err := h.srv.Handle(ctx, h.request(from, game, tokens[from], "t1"))
		if err != nil || len(mails) != 2 {
			b.Fatalf("move %d: %v %s", ply+1, err, describe(mails))
		}
		ply++
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
}
