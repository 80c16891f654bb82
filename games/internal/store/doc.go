// Package store is windpost's bbolt file below the games package: it
// opens the file (one process at a time), walks every page and record
// before anything is read and refuses a damaged or foreign file, migrates
// an older schema with the steps its caller gives, and checks and dumps
// the file for the operator.
//
// Every bucket's name is in buckets.go. Inside a transaction a Bucket
// reads and writes records as the store's JSON (Get, Put, and Each, the
// one iterator over a bucket's records) or index keys as raw bytes (Scan,
// Keys). What each record is, and what the indexes mean, is the games
// package's: this package knows no game, player or mail.
package store
