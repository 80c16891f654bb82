package club

import (
	"time"

	"github.com/windpost/windpost/rating"
)

// MaxRatingHistory is how many changes a rating record keeps.
const MaxRatingHistory = 100

// Rating is one player's rating in one game, with its history.
type Rating struct {
	V       int           `json:"v"`
	Address string        `json:"address"`
	Variant string        `json:"variant"`
	Rating  rating.Rating `json:"rating"`
	Games   int           `json:"games"` // rated games played
	Last    time.Time     `json:"last"`  // when the last rated game ended
	// History is the rating's changes, oldest first; the last
	// MaxRatingHistory are kept (the game records keep every change).
	History []RatingChange `json:"history,omitempty"`
}

// RatingChange is what one rated game did to one player's rating.
type RatingChange struct {
	At       time.Time     `json:"at"`
	Game     string        `json:"game"`
	Opponent string        `json:"opponent"` // an address, or "the bot (strong)"
	Result   string        `json:"result"`   // "win", "draw" or "loss"
	Before   rating.Rating `json:"before"`   // aged for the idle time before the game
	After    rating.Rating `json:"after"`
}
