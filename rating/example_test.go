package rating_test

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/rating"
)

// A correspondence game between two people is rated when it ends, each
// rating first aged for the time since its last rated game.
func ExampleSystem_Game() {
	sys := rating.System{}
	alice := rating.Rating{R: 1620, RD: 70, Sigma: 0.06}
	bob := rating.Start()
	alice, _ = sys.Age(alice, 60*24*time.Hour)
	newAlice, newBob, err := sys.Game(alice, bob, rating.Loss)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("Alice:", newAlice, rating.Change(alice, newAlice))
	fmt.Println("Bob:", newBob, rating.Change(bob, newBob))
	// Output:
	// Alice: 1605 (±79) -15
	// Bob: 1744 (provisional, ±257) +244
}

// A game against a bot level changes only the human's rating.
func ExampleSystem_AgainstAnchor() {
	level := rating.Anchor{R: 1400, RD: 50}
	carol, err := rating.System{}.AgainstAnchor(rating.Start(), level, rating.Win)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(carol, level)
	// Output:
	// 1632 (provisional, ±253) {1400 50}
}
