// Package clocks is the part of the store that keeps time: when the
// server last ran and last pruned, where the daily prune under way goes
// on, and the time indexes (an Index: "<time>/<name>" keys, no values)
// that let a tick read only what is due: the games by when their clock
// next wakes, the players by when their digest goes. It is read and
// written through a Tx, the clocks' view of a store transaction; when a
// game's clock wakes (a reminder, a loss on time, an expired challenge)
// is package games's, handed in as a Wake function.
package clocks
