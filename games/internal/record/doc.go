// Package record holds the records windpost's store keeps, as JSON: a
// game (Game: its players, moves, clock, talk, ratings and conditional
// moves), a player (Player: their games, settings, vacation, consent and
// digest), and the marks of handled mail and of addresses never to mail.
// What a record can tell of itself without the rules engine or the store
// (whose side an address plays, the invitee, when the next reminder is
// due, whether the game's page is public) is a method here; what moves a
// game on is in package games, and the buckets are in internal/store.
package record
