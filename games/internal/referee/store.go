package referee

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/botwork"
	"github.com/windpost/windpost/games/internal/clocks"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/store"
)

// The store is one bbolt file with these buckets; every value is JSON with
// a "v" field (the record's version), so that `windpost admin dump` can show
// it and later versions can migrate it.
//
//	games            game id -> record.Game
//	players          canonical address -> record.Player
//	processed        Message-ID -> record.Processed (when it was handled)
//	outbox           mail id (20-digit sequence) -> Mail, sent or not
//	outbox-pending   mail id -> "" for mails not yet sent (the work queue)
//	outbox-due       class, next try, '|', mail id -> "": the pending
//	                 mails by when they are due, moves and results ('f',
//	                 retries 'r') apart from the later mail ('l', retries
//	                 't'), so that a pass reads only what is due, in the
//	                 order it sends (internal/outbox; built by Open when missing)
//	outbox-sent      time sent, '|', mail id -> "": the mail sent in the last
//	                 day, counted against the send limits (internal/outbox;
//	                 made by the first mail marked sent)
//	cursors          IMAP mailbox name -> MailboxCursor
//	do-not-mail      canonical address -> record.DoNotMail (it said "stop"; kept for ever)
//	meta             "schema" -> schema version, "secret" -> the server secret,
//	                 "pruned" -> when the tick last pruned
//	                 ("clock", "prune-from": see internal/clocks;
//	                 "send-hold": see internal/outbox)
//	clocks           "<wake time>/<game id>" -> "": the games by when the
//	                 clock next has to do with them (internal/clocks; the
//	                 wake time is store_clock.go's wakeOf)
//	ratings          "<game>/<address>" -> a player's rating in a game
//	                 (internal/club; made by the first rated game)
//	digests          "<time>/<address>" -> "": the players by when their
//	                 next digest goes (internal/clocks' Index; made by the first
//	                 "notify digest")
//	seeks            seek id -> club.Seek: the open seeks (internal/club;
//	                 made by the first seek)
//
// Schema 1 also had "tokens" (reply token -> game and address), an index
// nothing read: a mail always carries its game id with its token. Open
// removes it (schema 2).
//
// Their names are in internal/store's buckets.go; store.DB opens the file,
// walks it for damage and migrates it (with migrate.go's steps). Only the
// store*.go files know the encodings; the rest of the package goes through
// storeTx and its views: outbox(), clocks(), botWork() and club(), the
// views of packages outbox, clocks, botwork and club.

// Store is windpost's bbolt file: games, players, processed Message-IDs,
// the outbox and the mailbox cursors. It is safe for concurrent use; bbolt
// lets one writer in at a time.
type Store struct {
	db     *store.DB
	path   string
	Secret []byte
}

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// Path is the store's file name.
func (s *Store) Path() string { return s.path }

// View runs f in a read transaction; bbolt failing on a damaged page is a
// DamagedError.
func (s *Store) View(f func(StoreTx) error) error {
	return s.db.View(func(tx *store.Tx) error { return f(StoreTx{tx}) })
}

// Update runs f in a write transaction, committed if f returns nil; bbolt
// failing on a damaged page is a DamagedError.
func (s *Store) Update(f func(StoreTx) error) error {
	return s.db.Update(func(tx *store.Tx) error { return f(StoreTx{tx}) })
}

// StoreTx is the store inside one bbolt transaction, with a typed
// accessor for each kind of record: with its views (outbox, clocks,
// botWork, club) the only code that knows how records are encoded.
type StoreTx struct{ Tx *store.Tx }

// Outbox is the outbox's part of the store (package outbox).
func (st StoreTx) Outbox() outbox.Tx { return outbox.View(st.Tx) }

// Clocks is the part of the store that keeps time (package clocks),
// reading a game's wake time with wakeOf.
func (st StoreTx) Clocks() clocks.Tx { return clocks.View(st.Tx, wakeOf) }

// BotWork is the bot's queue and budgets (package botwork).
func (st StoreTx) BotWork() botwork.Tx { return botwork.View(st.Tx) }

// Club is the seeks, tournaments and ratings (internal/club).
func (st StoreTx) Club() club.Tx { return club.View(st.Tx) }

// Game reads game id; rec is nil if there is none. raw is the record as
// stored, for putGame's comparison.
func (st StoreTx) Game(id string) (rec *record.Game, raw []byte, err error) {
	rec, raw, err = store.Get[record.Game](st.Tx.Bucket(store.Games), id)
	if err != nil {
		return nil, nil, fmt.Errorf("game %w", err)
	}
	return rec, raw, nil
}

// HasGame reports whether there is a game id.
func (st StoreTx) HasGame(id string) bool { return st.Tx.Bucket(store.Games).Has(id) }

// newGameNumber reserves the counter from which the next game id is made.
func (st StoreTx) newGameNumber() (uint64, error) { return st.Tx.Bucket(store.Games).NextSequence() }

// EachGame calls f with every game in id order; err is a record that
// cannot be decoded.
func (st StoreTx) EachGame(f func(id string, rec *record.Game, err error) error) error {
	return store.Each(st.Tx.Bucket(store.Games), f)
}

// PutGame writes rec with the current version, unless it encodes to old
// byte for byte (so that reading a game changes nothing); a record it
// writes is stamped Updated now. was is the wake time of the record as
// read (clockOf before any change; zero for a new game), whose entry in
// the clocks index rec's replaces.
func (st StoreTx) PutGame(rec *record.Game, old []byte, was, now time.Time) error {
	rec.V = record.GameVersion
	if old != nil {
		data, err := store.Marshal(rec)
		if err != nil {
			return fmt.Errorf("game %s: %w", rec.ID, err)
		}
		if bytes.Equal(data, old) {
			return nil
		}
	}
	rec.Updated = now
	if err := st.indexGame(rec, was); err != nil {
		return err
	}
	return st.Tx.Bucket(store.Games).Put(rec.ID, rec)
}

// Player reads the record of address; p is nil if there is none.
func (st StoreTx) Player(address string) (p *record.Player, err error) {
	p, _, err = store.Get[record.Player](st.Tx.Bucket(store.Players), address)
	return p, err
}

// PutPlayer writes the record of address.
func (st StoreTx) PutPlayer(address string, p *record.Player) error {
	p.V = 1
	return st.Tx.Bucket(store.Players).Put(address, p)
}

// deletePlayer deletes the record of address.
func (st StoreTx) deletePlayer(address string) error {
	return st.Tx.Bucket(store.Players).Delete(address)
}

// newStandInNumber reserves the counter of the next stand-in address of a
// forgotten player.
func (st StoreTx) newStandInNumber() (uint64, error) {
	return st.Tx.Bucket(store.Players).NextSequence()
}

// DoNotMail reports whether address asked never to be mailed. A store
// opened read-only before the bucket existed has none.
func (st StoreTx) DoNotMail(address string) bool {
	return st.Tx.Bucket(store.DoNotMail).Has(address)
}

// PutDoNotMail puts address on the do-not-mail list for ever.
func (st StoreTx) PutDoNotMail(address string, now time.Time) error {
	return st.Tx.Bucket(store.DoNotMail).Put(address, record.DoNotMail{V: 1, At: now})
}

// processed reports whether the mail with this Message-ID was handled.
func (st StoreTx) processed(messageID string) bool {
	return st.Tx.Bucket(store.Processed).Has(processedKey(messageID))
}

// MarkProcessed remembers the mail with this Message-ID as handled.
func (st StoreTx) MarkProcessed(messageID string, r record.Processed) error {
	r.V = 1
	return st.Tx.Bucket(store.Processed).Put(processedKey(messageID), r)
}

// processedKey is the processed bucket's key of a Message-ID: the id
// itself, or for an absurdly long one (bbolt keys are limited) its SHA-256.
func processedKey(messageID string) string {
	if len(messageID) <= 512 {
		return messageID
	}
	sum := sha256.Sum256([]byte(messageID))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// cursor reads the cursor of mailbox (zero if none).
func (st StoreTx) cursor(mailbox string) (MailboxCursor, error) {
	c, _, err := store.Get[storedCursor](st.Tx.Bucket(store.Cursors), mailbox)
	if c == nil {
		return MailboxCursor{}, err
	}
	return c.MailboxCursor, err
}

// putCursor writes the cursor of mailbox.
func (st StoreTx) putCursor(mailbox string, c MailboxCursor) error {
	return st.Tx.Bucket(store.Cursors).Put(mailbox, storedCursor{1, c})
}

// storedCursor is a MailboxCursor as the cursors bucket keeps it.
type storedCursor struct {
	V int `json:"v"`
	MailboxCursor
}
