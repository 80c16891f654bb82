package games

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The store is one bbolt file with these buckets; every value is JSON with
// a "v" field (the record's version), so that `windpost admin dump` can show
// it and later versions can migrate it.
//
//	games            game id -> gameRecord
//	players          canonical address -> playerRecord
//	processed        Message-ID -> processedRecord (when it was handled)
//	outbox           mail id (20-digit sequence) -> Mail, sent or not
//	outbox-pending   mail id -> "" for mails not yet sent (the work queue)
//	outbox-due       class, next try, '|', mail id -> "": the pending
//	                 mails by when they are due, moves and results ('f',
//	                 retries 'r') apart from the later mail ('l', retries
//	                 't'), so that a pass reads only what is due, in the
//	                 order it sends (store_outbox.go; built by Open when missing)
//	outbox-sent      time sent, '|', mail id -> "": the mail sent in the last
//	                 day, counted against the send limits (outbox_limit.go;
//	                 made by the first mail marked sent)
//	cursors          IMAP mailbox name -> MailboxCursor
//	do-not-mail      canonical address -> doNotMailRecord (it said "stop"; kept for ever)
//	meta             "schema" -> schema version, "secret" -> the server secret,
//	                 "pruned" -> when the tick last pruned
//	                 ("clock", "prune-from": see store_clock.go;
//	                 "send-hold": see outbox_limit.go)
//	clocks           "<wake time>/<game id>" -> "": the games by when the
//	                 clock next has to do with them (store_clock.go)
//	ratings          "<game>/<address>" -> a player's rating in a game
//	                 (store_rating.go; made by the first rated game)
//	digests          "<time>/<address>" -> "": the players by when their
//	                 next digest goes (store_digest.go; made by the first
//	                 "notify digest")
//	seeks            seek id -> seekRecord: the open seeks (store_seek.go;
//	                 made by the first seek)
//
// Schema 1 also had "tokens" (reply token -> game and address), an index
// nothing read: a mail always carries its game id with its token. Open
// removes it (schema 2).
//
// Their names are in buckets.go; only the store's files and open.go (which
// creates and migrates the buckets) know the encodings; the rest of the
// package goes through storeTx.

// allBuckets are the buckets of the current schema.
func allBuckets() [][]byte {
	return [][]byte{bucketGames, bucketPlayers, bucketProcessed, bucketOutbox, bucketPending, bucketCursors, bucketMeta, bucketDoNotMail}
}

// Store is windpost's bbolt file: games, players, processed Message-IDs,
// the outbox and the mailbox cursors. It is safe for concurrent use; bbolt
// lets one writer in at a time.
type Store struct {
	db     *bolt.DB
	path   string
	secret []byte
}

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// Path is the store's file name.
func (s *Store) Path() string { return s.path }

// view runs f in a read transaction; bbolt failing on a damaged page is a
// DamagedError (guard).
func (s *Store) view(f func(storeTx) error) error {
	return guard(s.path, func() error { return s.db.View(func(tx *bolt.Tx) error { return f(storeTx{tx}) }) })
}

// update runs f in a write transaction, committed if f returns nil; bbolt
// failing on a damaged page is a DamagedError (guard).
func (s *Store) update(f func(storeTx) error) error {
	return guard(s.path, func() error { return s.db.Update(func(tx *bolt.Tx) error { return f(storeTx{tx}) }) })
}

// storeTx is the store inside one bbolt transaction, with a typed
// accessor for each kind of record: the only code that knows the buckets
// and how records are encoded.
type storeTx struct{ tx *bolt.Tx }

// game reads game id; rec is nil if there is none. raw is the record as
// stored, for putGame's comparison.
func (st storeTx) game(id string) (rec *gameRecord, raw []byte, err error) {
	raw = bytes.Clone(st.tx.Bucket(bucketGames).Get([]byte(id)))
	if raw == nil {
		return nil, nil, nil
	}
	rec = &gameRecord{}
	if err := json.Unmarshal(raw, rec); err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	return rec, raw, nil
}

// hasGame reports whether there is a game id.
func (st storeTx) hasGame(id string) bool { return st.tx.Bucket(bucketGames).Get([]byte(id)) != nil }

// newGameNumber reserves the counter from which the next game id is made.
func (st storeTx) newGameNumber() (uint64, error) { return st.tx.Bucket(bucketGames).NextSequence() }

// eachGame calls f with every game in id order; err is a record that
// cannot be decoded.
func (st storeTx) eachGame(f func(id string, rec *gameRecord, err error) error) error {
	return st.tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var rec gameRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return f(string(k), nil, err)
		}
		return f(string(k), &rec, nil)
	})
}

// putGame writes rec with the current version, unless it encodes to old
// byte for byte (so that reading a game changes nothing); a record it
// writes is stamped Updated now.
func (st storeTx) putGame(rec *gameRecord, old []byte, now time.Time) error {
	rec.V = gameRecordVersion
	if old != nil {
		data, err := marshal(rec)
		if err != nil {
			return fmt.Errorf("game %s: %w", rec.ID, err)
		}
		if bytes.Equal(data, old) {
			return nil
		}
	}
	rec.Updated = now
	if err := st.indexGame(rec, old); err != nil {
		return err
	}
	return putJSON(st.tx.Bucket(bucketGames), rec.ID, rec)
}

// player reads the record of address; p is nil if there is none.
func (st storeTx) player(address string) (p *playerRecord, err error) {
	p = &playerRecord{}
	ok, err := getJSON(st.tx.Bucket(bucketPlayers), address, p)
	if !ok || err != nil {
		return nil, err
	}
	return p, nil
}

// putPlayer writes the record of address.
func (st storeTx) putPlayer(address string, p *playerRecord) error {
	p.V = 1
	return putJSON(st.tx.Bucket(bucketPlayers), address, p)
}

// deletePlayer deletes the record of address.
func (st storeTx) deletePlayer(address string) error {
	return st.tx.Bucket(bucketPlayers).Delete([]byte(address))
}

// newStandInNumber reserves the counter of the next stand-in address of a
// forgotten player.
func (st storeTx) newStandInNumber() (uint64, error) {
	return st.tx.Bucket(bucketPlayers).NextSequence()
}

// doNotMail reports whether address asked never to be mailed. A store
// opened read-only before the bucket existed has none.
func (st storeTx) doNotMail(address string) bool {
	b := st.tx.Bucket(bucketDoNotMail)
	return b != nil && b.Get([]byte(address)) != nil
}

// putDoNotMail puts address on the do-not-mail list for ever.
func (st storeTx) putDoNotMail(address string, now time.Time) error {
	b, err := st.tx.CreateBucketIfNotExists(bucketDoNotMail)
	if err != nil {
		return err
	}
	return putJSON(b, address, doNotMailRecord{V: 1, At: now})
}

// newMailNumber reserves the outbox sequence number of the next mail.
func (st storeTx) newMailNumber() (uint64, error) { return st.tx.Bucket(bucketOutbox).NextSequence() }

// queueMail stores a composed mail in the outbox as pending.
func (st storeTx) queueMail(m *Mail) error {
	if err := putJSON(st.tx.Bucket(bucketOutbox), m.ID, storedMail{V: 1, Mail: *m}); err != nil {
		return err
	}
	if err := st.tx.Bucket(bucketPending).Put([]byte(m.ID), nil); err != nil {
		return err
	}
	return st.putDue(*m)
}

// mail reads outbox mail id; ok is false if there is none.
func (st storeTx) mail(id string) (m Mail, ok bool, err error) {
	var sm storedMail
	ok, err = getJSON(st.tx.Bucket(bucketOutbox), id, &sm)
	return sm.Mail, ok, err
}

// putMail writes outbox mail m back; sent (or failed for good) takes it
// off the pending queue, else it is indexed by its next try (the caller
// dropped its old index entry with dropDue).
func (st storeTx) putMail(m Mail) error {
	if !m.SentAt.IsZero() || !m.FailedAt.IsZero() {
		if err := st.tx.Bucket(bucketPending).Delete([]byte(m.ID)); err != nil {
			return err
		}
	} else if err := st.putDue(m); err != nil {
		return err
	}
	return putJSON(st.tx.Bucket(bucketOutbox), m.ID, storedMail{V: 1, Mail: m})
}

// pendingMail calls f with the outbox mails not yet sent, oldest first,
// until f returns false.
func (st storeTx) pendingMail(f func(Mail) bool) error {
	out := st.tx.Bucket(bucketOutbox)
	c := st.tx.Bucket(bucketPending).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		var sm storedMail
		ok, err := getJSON(out, string(k), &sm)
		if err != nil {
			return err
		}
		if ok && !f(sm.Mail) {
			break
		}
	}
	return nil
}

// processed reports whether the mail with this Message-ID was handled.
func (st storeTx) processed(messageID string) bool {
	return st.tx.Bucket(bucketProcessed).Get([]byte(processedKey(messageID))) != nil
}

// markProcessed remembers the mail with this Message-ID as handled.
func (st storeTx) markProcessed(messageID string, r processedRecord) error {
	r.V = 1
	return putJSON(st.tx.Bucket(bucketProcessed), processedKey(messageID), r)
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
func (st storeTx) cursor(mailbox string) (MailboxCursor, error) {
	var c storedCursor
	_, err := getJSON(st.tx.Bucket(bucketCursors), mailbox, &c)
	return c.MailboxCursor, err
}

// putCursor writes the cursor of mailbox.
func (st storeTx) putCursor(mailbox string, c MailboxCursor) error {
	return putJSON(st.tx.Bucket(bucketCursors), mailbox, storedCursor{1, c})
}

// storedCursor is a MailboxCursor as the cursors bucket keeps it.
type storedCursor struct {
	V int `json:"v"`
	MailboxCursor
}

// lastPruned is when forget last ran (zero if never).
func (st storeTx) lastPruned() time.Time {
	t, _ := time.Parse(time.RFC3339, string(st.tx.Bucket(bucketMeta).Get(keyPruned)))
	return t
}

// getJSON reads key of bucket b into v; it reports false if there is none.
func getJSON(b *bolt.Bucket, key string, v any) (bool, error) {
	data := b.Get([]byte(key))
	if data == nil {
		return false, nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return true, fmt.Errorf("%s: %w", key, err)
	}
	return true, nil
}

// putJSON writes v as JSON under key.
func putJSON(b *bolt.Bucket, key string, v any) error {
	data, err := marshal(v)
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return b.Put([]byte(key), data)
}

// marshal is v as the store keeps it: JSON in which '<' and '>' stay as
// they are, so that Message-IDs read well in a dump.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// eachRecord calls f with every record of every bucket as stored, the
// server secret replaced by "(redacted)": the raw view of an admin dump.
// Each bucket comes first by its name alone (key "", value nil), so that
// empty buckets show too.
func (st storeTx) eachRecord(f func(bucket, key string, value []byte)) error {
	return st.tx.ForEach(func(name []byte, b *bolt.Bucket) error {
		f(string(name), "", nil)
		return b.ForEach(func(k, v []byte) error {
			if bytes.Equal(name, bucketMeta) && bytes.Equal(k, keySecret) {
				v = []byte(`"(redacted)"`)
			}
			f(string(name), string(k), v)
			return nil
		})
	})
}

// bucketBotWork holds the continuations of mails whose answer waits for
// the bot (botwork.go): key "<lane> <20-digit sequence>" -> continuation.
// The lane is the sender's canonical address, or laneStrangers or
// laneOverBudget (botqueue.go); within a lane the keys go oldest first.
// Schema 2 keyed by the sequence alone (open.go migrates). It is made by
// the first continuation stored.
//
// bucketBotTime holds the bot's budgets per hour (store_bot.go): a
// sender's canonical address -> botHour of the bot time their mails took,
// and keyUnprovenGames -> botHour of the games against the bot that
// unproven senders started. It is made by the first search charged.

// putContinuation stores c at the back of lane, under a new key, and
// returns the key.
func (st storeTx) putContinuation(lane string, c *continuation) (string, error) {
	b, err := st.tx.CreateBucketIfNotExists(bucketBotWork)
	if err != nil {
		return "", err
	}
	n, err := b.NextSequence()
	if err != nil {
		return "", err
	}
	key := workKey(lane, n)
	c.V = 1
	return key, putJSON(b, key, c)
}

// laneHeads returns the first key of each lane of the bot's queue, in key
// order, passing over the keys in skip. It reads keys only.
func (st storeTx) laneHeads(skip map[string]bool) []string {
	b := st.tx.Bucket(bucketBotWork)
	if b == nil {
		return nil
	}
	var heads []string
	cur := b.Cursor()
	for k, _ := cur.First(); k != nil; {
		key := string(k)
		lane, _, laned := splitWorkKey(key)
		if skip[key] || !laned {
			k, _ = cur.Next()
			if !skip[key] {
				heads = append(heads, key) // a key of no lane is a lane of its own
			}
			continue
		}
		heads = append(heads, key)
		k, _ = cur.Seek([]byte(lane + "!")) // '!' follows ' ': past the lane's keys
	}
	return heads
}

// continuation reads continuation key; one that cannot be read comes with
// the error.
func (st storeTx) continuation(key string) (*continuation, error) {
	c := &continuation{}
	b := st.tx.Bucket(bucketBotWork)
	if b == nil {
		return nil, fmt.Errorf("continuation %s is gone", key)
	}
	found, err := getJSON(b, key, c)
	if err != nil {
		return nil, fmt.Errorf("continuation %w", err)
	}
	if !found {
		return nil, fmt.Errorf("continuation %s is gone", key)
	}
	return c, nil
}

// anyContinuation reports whether a mail waits for the bot.
func (st storeTx) anyContinuation() bool {
	b := st.tx.Bucket(bucketBotWork)
	if b == nil {
		return false
	}
	k, _ := b.Cursor().First()
	return k != nil
}

// continuationJob reads the job of continuation key; ok is false if it
// is gone or cannot be read.
func (st storeTx) continuationJob(key string) (job botJob, ok bool) {
	b := st.tx.Bucket(bucketBotWork)
	if b == nil {
		return botJob{}, false
	}
	var c continuation
	found, err := getJSON(b, key, &c)
	return c.Job, found && err == nil
}

// deleteContinuation removes continuation key.
func (st storeTx) deleteContinuation(key string) error {
	if b := st.tx.Bucket(bucketBotWork); b != nil {
		return b.Delete([]byte(key))
	}
	return nil
}
