package games

import (
	"fmt"
	"testing"
)

func TestZZShow(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol, dave)
	tt := openTournament(t, h, alice, "tournament new nim swiss rounds 3 days 3 rated name Club Cup")
	fmt.Println(tt.open.Subject, "\n", tt.open.Text)
	for _, p := range []string{bob, carol, dave, alice} {
		h.write(t, p, "join "+tt.id)
	}
	ms := tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	fmt.Println(describe(ms))
	tt.end(t, tt.order[0], "white resigns")
	ms = tt.end(t, tt.order[1], "draw")
	fmt.Println(describe(ms))
	for _, id := range tt.order[2:] { tt.end(t, id, "black resigns") }
	fmt.Println(describe(tt.news[bob][len(tt.news[bob])-1:]))
	fmt.Println(describe(h.write(t, eve, "tournament "+tt.id)))
}
