// Package club is the club play's records as the store keeps them: the
// open seeks, the tournaments and the players' ratings, each in its
// bucket, read and written through a Tx (the club's view of a store
// transaction). It holds what a record is and says of itself (a seek's
// rating range, a tournament's pairing system, caps and title) and how
// a tournament is shown to anyone (Page: the players as "alice@...",
// the crosstable's blocks, each round's pairings, the winners); what
// players are told in their mails, and the games a tournament makes, are
// package games's.
package club
