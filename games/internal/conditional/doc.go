// Package conditional is a player's conditional moves ("if they play X,
// I play Y") as a tree, and the text players write them in: Join finds
// the lines of a mail that belong to one tree, Read reads the text into
// rows of words, and Build plays every row in the position it would arise
// in with a game's rules and notation, keeping the legal lines and saying
// why each other one was left out. The caps (MaxLines lines of MaxMoves
// moves, MaxText bytes of text) bound what one mail may ask. Where a tree
// is kept, when it answers a move and what clears it are package games's.
package conditional
