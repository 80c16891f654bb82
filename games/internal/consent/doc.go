// Package consent is who may act in a player's name, and what waits for a
// player's word. A From line proves nothing: each verb declares an
// Authority (anyone, the sender's key, the game's player key, the
// organiser's key), which package games checks once before the verb runs.
// A line that needs the sender's key in a mail that proves nothing waits
// in a Confirmation for the sender's "confirm", whose reply key is
// ConfirmToken's; Hold keeps the caps on it (one request an hour, a few
// short lines), each refusal an error of its own type. A Window counts what an address did or had done to it
// in the last hour or day, for the caps that keep windpost from being a
// way to mail others.
package consent
