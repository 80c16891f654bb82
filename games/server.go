package games

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// Defaults of Config and the clocks.
const (
	DefaultDaysPerMove         = 7
	DefaultErrorAnswersPerHour = 10
	maxVacationDays            = 30 // per calendar year
	invitationDays             = 14 // a challenge not answered in time expires
	maxOpenInvitations         = 5  // per challenger
	maxBotGames                = 20 // in progress, per player
	reminderBefore             = 24 * time.Hour
)

// Server handles requests and clocks on a Store with a catalog of
// variants. It is safe for concurrent use: bbolt runs one write
// transaction at a time.
type Server struct {
	store   *Store
	catalog *variants.Catalog
	cfg     Config
	log     *slog.Logger
	seed    uint64
	local   string // the bot address's local part
	domain  string
}

// NewServer returns a server of the games in store, playing the variants
// of catalog.
func NewServer(store *Store, catalog *variants.Catalog, cfg Config) (*Server, error) {
	addr := CanonicalAddress(cfg.BotAddress)
	local, domain, ok := strings.Cut(addr, "@")
	if !ok || local == "" || domain == "" {
		return nil, fmt.Errorf("games: the bot address %q is not an address", cfg.BotAddress)
	}
	if i := strings.IndexByte(local, '+'); i >= 0 {
		local = local[:i]
	}
	cfg.BotAddress = addr
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	if cfg.ErrorAnswersPerHour <= 0 {
		cfg.ErrorAnswersPerHour = DefaultErrorAnswersPerHour
	}
	if cfg.AnalysisTime <= 0 {
		cfg.AnalysisTime = 200 * time.Millisecond
	}
	if cfg.BotName == "" {
		cfg.BotName = "windpost"
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	return &Server{store: store, catalog: catalog, cfg: cfg, log: log, seed: seed, local: local, domain: domain}, nil
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (s *Server) now() time.Time { return s.cfg.Clock.Now().UTC().Truncate(time.Second) }

// replyAddress is the bot's plus-address carrying tag.
func (s *Server) replyAddress(game, token string) string {
	return s.local + "+" + plusTag(game, token) + "@" + s.domain
}

// Handle handles one request in one write transaction and returns the mails
// it put in the outbox (already stored). It returns nil if the request was
// handled before, and an empty list when it deserves no answer (a sender
// past the error-answer limit, a From that is not an address). An error
// means nothing was changed (the store failed, the bot failed, ctx ended);
// the mailer may try again later.
func (s *Server) Handle(ctx context.Context, r Request) ([]Mail, error) {
	if strings.TrimSpace(r.MessageID) == "" {
		return nil, errors.New("games: a request without a Message-ID cannot be handled exactly once")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("games: request %s: %w", r.MessageID, err)
	}
	from := CanonicalAddress(r.From)
	key := processedKey(r.MessageID)
	var queued []Mail
	err := s.store.db.Update(func(tx *bolt.Tx) error {
		queued = nil
		if tx.Bucket(bucketProcessed).Get([]byte(key)) != nil {
			return nil
		}
		queued = []Mail{}
		if !plausibleAddress(from) {
			// Nobody to answer: remember the mail so that it is not
			// handed over again, and log it.
			s.log.Info("no answer: the sender is not an address", "from", r.From, "message_id", r.MessageID)
			return putJSON(tx.Bucket(bucketProcessed), key, processedRecord{V: 1, At: s.now(), From: r.From})
		}
		ss := s.newSession(ctx, tx, from)
		ss.req = r
		if err := ss.handle(); err != nil {
			return err
		}
		if err := ss.flush(); err != nil {
			return err
		}
		queued = append(queued, ss.queued...)
		return putJSON(tx.Bucket(bucketProcessed), key,
			processedRecord{V: 1, At: ss.now, From: from, Queued: len(ss.queued)})
	})
	if err != nil {
		return nil, fmt.Errorf("games: request %s from %s: %w", r.MessageID, from, err)
	}
	return queued, nil
}

// session is the handling of one request or one tick inside its write
// transaction. Changed records are written back by flush.
type session struct {
	s   *Server
	ctx context.Context
	tx  *bolt.Tx
	now time.Time
	rng *rand.Rand

	req  Request
	from string
	// authGame is the game whose reply token the request carried and
	// proved (the token is from's); "" if none or a wrong one.
	authGame   string
	badToken   bool
	created    string // the game the last new or challenge of this mail made
	games      map[string]*liveGame
	unreadable map[string]error
	players    map[string]*playerRecord
	changed    map[string]bool // players whose records flush writes back
	gameOrder  []string

	answer  answer
	notices map[noticeKey]*notice
	queued  []Mail
}

type noticeKey struct{ to, game string }

// notice is news for one player about one game, collected while a request
// runs and sent as one mail.
type notice struct {
	kind   MailKind
	events []string
	order  int
}

func (s *Server) newSession(ctx context.Context, tx *bolt.Tx, from string) *session {
	now := s.now()
	h := fnv.New64a()
	h.Write([]byte(from))
	h.Write([]byte(now.String()))
	return &session{
		s: s, ctx: ctx, tx: tx, now: now, from: from,
		rng:        rand.New(rand.NewPCG(s.seed, h.Sum64())),
		games:      map[string]*liveGame{},
		unreadable: map[string]error{},
		players:    map[string]*playerRecord{},
		changed:    map[string]bool{},
		notices:    map[noticeKey]*notice{},
	}
}

// loadGame returns game id, loaded once per session; nil if there is none,
// or if the game cannot be read (a damaged record, a variant this server no
// longer plays, moves the engine refuses): that is logged and remembered in
// ss.unreadable, so that one broken game cannot block every request and
// tick. The error is for the caller's plumbing and is always nil today.
func (ss *session) loadGame(id string) (*liveGame, error) {
	if lg, ok := ss.games[id]; ok {
		return lg, nil
	}
	if _, bad := ss.unreadable[id]; bad {
		return nil, nil
	}
	lg, err := ss.readGame(id)
	if err != nil {
		ss.s.log.Error("game cannot be read", "game", id, "err", err)
		ss.unreadable[id] = err
		return nil, nil
	}
	if lg != nil {
		ss.games[id] = lg
		ss.gameOrder = append(ss.gameOrder, id)
	}
	return lg, nil
}

func (ss *session) readGame(id string) (*liveGame, error) {
	stored := bytes.Clone(ss.tx.Bucket(bucketGames).Get([]byte(id)))
	if stored == nil {
		return nil, nil
	}
	var rec gameRecord
	if err := json.Unmarshal(stored, &rec); err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	kit, found := ss.s.catalog.Lookup(rec.Variant)
	if !found {
		return nil, fmt.Errorf("game %s: this server does not play %s", id, rec.Variant)
	}
	g, err := rebuild(&rec, kit)
	if err != nil {
		return nil, err
	}
	return &liveGame{rec: &rec, kit: kit, g: g, stored: stored}, nil
}

// player returns the record of address, creating it in memory if needed;
// a caller that changes it calls ss.changed[address] = true.
func (ss *session) player(address string) (*playerRecord, error) {
	if p, ok := ss.players[address]; ok {
		return p, nil
	}
	p := &playerRecord{}
	ok, err := getJSON(ss.tx.Bucket(bucketPlayers), address, p)
	if err != nil {
		return nil, err
	}
	if !ok {
		p = &playerRecord{Address: address, Created: ss.now}
	}
	ss.players[address] = p
	return p, nil
}

// newGame creates a game of the sender, who plays side, against opponent,
// with a fresh id, and registers it with its players and their tokens.
func (ss *session) newGame(kit variants.Kit, side rules.Side, opponent playerSlot, state gameState) (*liveGame, error) {
	var players [2]playerSlot
	players[side] = playerSlot{Address: ss.from}
	players[side.Opponent()] = opponent
	games := ss.tx.Bucket(bucketGames)
	var id string
	for tries := 0; ; tries++ {
		n, err := games.NextSequence()
		if err != nil {
			return nil, err
		}
		length := 4
		if tries >= 8 {
			length = 4 + tries/8
		}
		id = gameIDCandidate(ss.s.store.secret, n, length)
		if _, variant := ss.s.catalog.Lookup(id); games.Get([]byte(id)) == nil && !keyword(id) && !variant {
			break
		}
	}
	start := kit.Rules.Start()
	rec := &gameRecord{
		V: gameRecordVersion, ID: id, Variant: kit.Rules.Name(), State: state, Players: players,
		Challenger: ss.from, Start: kit.Notation.FormatPosition(start), Created: ss.now,
	}
	lg := &liveGame{rec: rec, kit: kit, g: rules.NewGameFrom(kit.Rules, start)}
	lg.sync()
	ss.games[id] = lg
	ss.gameOrder = append(ss.gameOrder, id)
	for _, addr := range rec.humans() {
		p, err := ss.player(addr)
		if err != nil {
			return nil, err
		}
		p.Games = append(p.Games, id)
		ss.changed[addr] = true
		tok := ReplyToken(ss.s.store.secret, id, addr)
		if err := putJSON(ss.tx.Bucket(bucketTokens), tok, tokenRecord{V: 1, Game: id, Address: addr}); err != nil {
			return nil, err
		}
	}
	return lg, nil
}

// authenticate checks the request's reply token against its sender.
func (ss *session) authenticate() {
	r := ss.req
	if r.Token == "" {
		return
	}
	game := strings.ToLower(r.GameID)
	if game == "" {
		var tr tokenRecord
		if ok, _ := getJSON(ss.tx.Bucket(bucketTokens), strings.ToLower(r.Token), &tr); ok {
			game = tr.Game
		}
	}
	if game != "" && tokenMatches(r.Token, ReplyToken(ss.s.store.secret, game, ss.from)) {
		if lg, err := ss.loadGame(game); err == nil && lg != nil {
			if _, ok := lg.rec.sideOf(ss.from); ok {
				ss.authGame = game
				return
			}
		}
	}
	ss.badToken = true
}

// playerGames returns the games of address that can be read, oldest
// first.
func (ss *session) playerGames(address string) ([]*liveGame, error) {
	p, err := ss.player(address)
	if err != nil {
		return nil, err
	}
	var mine []*liveGame
	for _, id := range p.Games {
		lg, err := ss.loadGame(id)
		if err != nil {
			return nil, err
		}
		if lg != nil {
			mine = append(mine, lg)
		}
	}
	return mine, nil
}

// pickGames returns the ids of the sender's games that pick accepts.
func (ss *session) pickGames(pick func(*gameRecord) bool) ([]string, error) {
	mine, err := ss.playerGames(ss.from)
	var ids []string
	for _, lg := range mine {
		if pick(lg.rec) {
			ids = append(ids, lg.rec.ID)
		}
	}
	return ids, err
}

// deadlineFor is when a player who gets the move now must have moved.
func (ss *session) deadlineFor(lg *liveGame, side rules.Side) (time.Time, error) {
	if lg.rec.DaysPerMove == 0 || lg.rec.Players[side].Bot {
		return time.Time{}, nil
	}
	p, err := ss.player(lg.rec.Players[side].Address)
	if err != nil {
		return time.Time{}, err
	}
	from := ss.now
	if p.VacationUntil.After(from) {
		from = p.VacationUntil
	}
	return from.Add(time.Duration(lg.rec.DaysPerMove) * 24 * time.Hour), nil
}

// startClock sets the deadline for the side to move after a change.
func (ss *session) startClock(lg *liveGame) error {
	lg.rec.Reminded = false
	if lg.rec.State != statePlaying {
		lg.rec.Deadline = time.Time{}
		return nil
	}
	d, err := ss.deadlineFor(lg, lg.g.Position().ToMove())
	lg.rec.Deadline = d
	return err
}

// botMoves lets the bot play while it is its turn in a bot game. It
// returns the moves it made in numbered form.
func (ss *session) botMoves(lg *liveGame) ([]string, error) {
	var played []string
	for lg.rec.State == statePlaying {
		side, ok := lg.rec.botSide()
		if !ok || lg.g.Position().ToMove() != side {
			break
		}
		m, err := ss.choose(lg, lg.rec.Players[side].Level)
		if err != nil {
			return played, fmt.Errorf("game %s: the bot: %w", lg.rec.ID, err)
		}
		text, err := lg.play(m, ss.now)
		if err != nil {
			return played, fmt.Errorf("game %s: the bot chose a move the rules refuse: %w", lg.rec.ID, err)
		}
		played = append(played, text)
	}
	return played, nil
}

// choose asks the bot for its move in lg within Config.BotMoveTime, with
// randomness fixed by the game and the ply (so a request handled again
// after a failure gets the same answer).
func (ss *session) choose(lg *liveGame, level solver.Level) (rules.Move, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", lg.rec.ID, lg.g.Ply())
	rng := rand.New(rand.NewPCG(ss.s.seed, h.Sum64()))
	ctx := ss.ctx
	if ss.s.cfg.BotMoveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ss.s.cfg.BotMoveTime)
		defer cancel()
	}
	return lg.kit.Bot.Choose(ctx, lg.g.Clone(), level, rng)
}

// notify adds an event to the notice for address about game.
func (ss *session) notify(kind MailKind, to, game, event string) {
	if to == "" {
		return
	}
	k := noticeKey{to, game}
	n, ok := ss.notices[k]
	if !ok {
		n = &notice{kind: kind, order: len(ss.notices)}
		ss.notices[k] = n
	}
	if kind == Notice {
		n.kind = Notice
	}
	n.events = append(n.events, event)
}

// opponent returns the other player's address in a human game, "" in a
// bot game.
func opponentAddress(lg *liveGame, side rules.Side) string {
	o := lg.rec.Players[side.Opponent()]
	if o.Bot {
		return ""
	}
	return o.Address
}

// flush composes and queues the mails and writes the changed records.
func (ss *session) flush() error {
	if ss.answer.present {
		if err := ss.queueAnswer(); err != nil {
			return err
		}
	}
	keys := make([]noticeKey, 0, len(ss.notices))
	for k := range ss.notices {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b noticeKey) int { return ss.notices[a].order - ss.notices[b].order })
	for _, k := range keys {
		n := ss.notices[k]
		lg := ss.games[k.game]
		body := strings.Join(n.events, "\n\n") + "\n\n" + ss.statusBlock(lg, k.to)
		m, err := ss.gameMail(n.kind, lg, k.to, "", body)
		if err != nil {
			return err
		}
		ss.queued = append(ss.queued, m)
	}
	for _, id := range ss.gameOrder {
		lg := ss.games[id]
		lg.rec.V = gameRecordVersion
		if lg.stored != nil {
			data, err := marshal(lg.rec)
			if err != nil {
				return fmt.Errorf("game %s: %w", id, err)
			}
			if bytes.Equal(data, lg.stored) {
				continue
			}
		}
		lg.rec.Updated = ss.now
		if err := putJSON(ss.tx.Bucket(bucketGames), id, lg.rec); err != nil {
			return err
		}
	}
	for addr := range ss.changed {
		p := ss.players[addr]
		p.V = 1
		if err := putJSON(ss.tx.Bucket(bucketPlayers), addr, p); err != nil {
			return err
		}
	}
	return nil
}

// nextMailNumber reserves the outbox sequence number of the next mail.
func (ss *session) nextMailNumber() (uint64, error) {
	return ss.tx.Bucket(bucketOutbox).NextSequence()
}

// gameMail composes and queues a mail about lg to address. inReplyTo is
// the request answered, or "".
func (ss *session) gameMail(kind MailKind, lg *liveGame, to, inReplyTo, body string) (Mail, error) {
	n, err := ss.nextMailNumber()
	if err != nil {
		return Mail{}, err
	}
	rec := lg.rec
	tok := ReplyToken(ss.s.store.secret, rec.ID, to)
	m := Mail{
		ID:        mailKey(n),
		MessageID: gameMessageID(rec.ID, tok, n, ss.s.domain),
		Kind:      kind,
		To:        to,
		Subject:   ss.gameSubject(lg, to) + " " + subjectTag(rec.ID, tok),
		ReplyTo:   ss.s.replyAddress(rec.ID, tok),
		InReplyTo: inReplyTo,
		Headers:   gameHeaders(lg),
		Text:      body,
		NextTry:   ss.now,
	}
	if kind == Answer {
		m.Subject = "Re: " + m.Subject
	}
	if side, ok := rec.sideOf(to); ok {
		if t := rec.Players[side].Thread; t != "" {
			m.References = append(m.References, t)
		} else {
			rec.Players[side].Thread = m.MessageID
		}
	}
	if inReplyTo != "" {
		m.References = append(m.References, inReplyTo)
	}
	if err := putMail(ss.tx, &m); err != nil {
		return Mail{}, err
	}
	return m, nil
}

// plainMail composes and queues a mail about no game.
func (ss *session) plainMail(kind MailKind, to, subject, inReplyTo, body string) (Mail, error) {
	n, err := ss.nextMailNumber()
	if err != nil {
		return Mail{}, err
	}
	m := Mail{
		ID: mailKey(n), MessageID: plainMessageID(n, ss.s.domain), Kind: kind, To: to,
		Subject: subject, InReplyTo: inReplyTo, Text: body, NextTry: ss.now,
	}
	if inReplyTo != "" {
		m.References = []string{inReplyTo}
	}
	if err := putMail(ss.tx, &m); err != nil {
		return Mail{}, err
	}
	return m, nil
}

// putMail stores a composed mail in the outbox as pending.
func putMail(tx *bolt.Tx, m *Mail) error {
	if err := putJSON(tx.Bucket(bucketOutbox), m.ID, storedMail{V: 1, Mail: *m}); err != nil {
		return err
	}
	return tx.Bucket(bucketPending).Put([]byte(m.ID), nil)
}

// gameHeaders are the X-Windpost-* headers of a mail about lg.
func gameHeaders(lg *liveGame) map[string]string {
	rec := lg.rec
	last := ""
	if len(rec.Moves) > 0 {
		last = rec.Moves[len(rec.Moves)-1].Text
	}
	toMove := rec.ToMove
	if rec.State != statePlaying {
		toMove = "none"
	}
	return map[string]string{
		"X-Windpost-Game":      rec.ID,
		"X-Windpost-Variant":   rec.Variant,
		"X-Windpost-Position":  rec.Position,
		"X-Windpost-Last-Move": last,
		"X-Windpost-To-Move":   toMove,
		"X-Windpost-Result":    rec.Result,
	}
}

// Tick fires due reminders, time forfeits and expired challenges, and
// returns the mails queued. It runs in one write transaction; what it
// missed while windpost was down fires at the next tick.
//
// A reminder goes out a day before a deadline, in games with at least two
// days per move (with one day, the mail that gave the move is the
// reminder). At a deadline the player to move loses on time, unless the opponent
// offered a draw that the late player had not answered: that offer counts
// as accepted (a player's own pending offer does not save them). Players
// on vacation are not reminded and do not lose: their deadlines were moved
// when the vacation began.
func (s *Server) Tick(ctx context.Context) ([]Mail, error) {
	var queued []Mail
	err := s.store.db.Update(func(tx *bolt.Tx) error {
		queued = nil
		ss := s.newSession(ctx, tx, "")
		var due []string
		err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
			var rec struct {
				State    gameState `json:"state"`
				Deadline time.Time `json:"deadline"`
				Reminded bool      `json:"reminded"`
				Days     int       `json:"days_per_move"`
			}
			if err := json.Unmarshal(v, &rec); err != nil {
				// One damaged record must not stop every clock.
				s.log.Error("game cannot be read", "game", string(k), "err", err)
				return nil
			}
			if rec.Deadline.IsZero() || (rec.State != statePlaying && rec.State != stateInvited) {
				return nil
			}
			remind := !rec.Reminded && rec.State == statePlaying && rec.Days >= 2 && !ss.now.Before(rec.Deadline.Add(-reminderBefore))
			if remind || !ss.now.Before(rec.Deadline) {
				due = append(due, string(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, id := range due {
			lg, err := ss.loadGame(id)
			if err != nil {
				return err
			}
			if lg == nil {
				continue
			}
			if err := ss.tick(lg); err != nil {
				return err
			}
		}
		if err := ss.flush(); err != nil {
			return err
		}
		queued = ss.queued
		return prune(tx, ss.now)
	})
	if err != nil {
		return nil, fmt.Errorf("games: tick: %w", err)
	}
	return queued, nil
}

// keepFor is how long the store remembers handled Message-IDs and sent
// mails. A mail handed over again after that would be handled again; the
// mailer moves handled mail out of the inbox long before.
const keepFor = 90 * 24 * time.Hour

var keyPruned = []byte("pruned")

// prune forgets, once a day, the processed Message-IDs and sent mails older
// than keepFor, so that the store does not grow for ever.
func prune(tx *bolt.Tx, now time.Time) error {
	meta := tx.Bucket(bucketMeta)
	if last, err := time.Parse(time.RFC3339, string(meta.Get(keyPruned))); err == nil && now.Sub(last) < 24*time.Hour {
		return nil
	}
	cutoff := now.Add(-keepFor)
	err := deleteWhere(tx.Bucket(bucketProcessed), func(v []byte) bool {
		var p processedRecord
		return json.Unmarshal(v, &p) == nil && p.At.Before(cutoff)
	})
	if err != nil {
		return err
	}
	err = deleteWhere(tx.Bucket(bucketOutbox), func(v []byte) bool {
		var m storedMail
		return json.Unmarshal(v, &m) == nil && !m.SentAt.IsZero() && m.SentAt.Before(cutoff)
	})
	if err != nil {
		return err
	}
	return meta.Put(keyPruned, []byte(now.Format(time.RFC3339)))
}

// deleteWhere deletes the records of b whose value old accepts.
func deleteWhere(b *bolt.Bucket, old func(v []byte) bool) error {
	var keys [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if old(v) {
			keys = append(keys, k)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// tick fires what is due in one game.
func (ss *session) tick(lg *liveGame) error {
	rec := lg.rec
	if rec.State == stateInvited {
		if ss.now.Before(rec.Deadline) {
			return nil
		}
		rec.State = stateDeclined
		rec.Result = "the challenge expired"
		rec.Deadline = time.Time{}
		ss.notify(Notice, rec.Challenger, rec.ID, fmt.Sprintf("%s did not answer your challenge within %d days; it has expired.", rec.invitee(), invitationDays))
		return nil
	}
	side := lg.g.Position().ToMove()
	late := rec.Players[side]
	if late.Bot {
		return nil
	}
	p, err := ss.player(late.Address)
	if err != nil {
		return err
	}
	if p.onVacation(ss.now) {
		return nil
	}
	if ss.now.Before(rec.Deadline) {
		if rec.Reminded || rec.DaysPerMove < 2 {
			return nil
		}
		rec.Reminded = true
		ss.notify(Reminder, late.Address, rec.ID, fmt.Sprintf(
			"A reminder: it is your move in game %s, and the deadline is %s (in less than a day). If no move arrives by then, you lose on time.",
			rec.ID, formatTime(rec.Deadline)))
		return nil
	}
	other := opponentAddress(lg, side)
	if rec.DrawOffer == side.Opponent().String() {
		lg.finish(rules.DrawBy(rules.AgreedDraw))
		ss.notify(Reminder, late.Address, rec.ID, "The deadline passed without a move from you, so the draw your opponent offered counts as accepted: the game is drawn.")
		ss.notify(Notice, other, rec.ID, "Your opponent did not move in time while your draw offer was open: it counts as accepted, and the game is drawn.")
		return nil
	}
	deadline := formatTime(rec.Deadline)
	lg.finish(rules.WinFor(side.Opponent(), rules.Timeout))
	ss.notify(Reminder, late.Address, rec.ID, fmt.Sprintf("The deadline (%s) passed without a move from you: you lose on time.", deadline))
	ss.notify(Notice, other, rec.ID, fmt.Sprintf("Your opponent did not move by the deadline (%s): you win on time.", deadline))
	return nil
}

// evaluate asks the game's analyst for the value of g's position within
// Config.AnalysisTime.
func (ss *session) evaluate(lg *liveGame, g *rules.Game) (solver.Value, error) {
	ctx, cancel := context.WithTimeout(ss.ctx, ss.s.cfg.AnalysisTime)
	defer cancel()
	return lg.kit.Analyst.Evaluate(ctx, g)
}

// levelFor picks the bot level: the one asked for if the bot plays it,
// else the bot's strongest (perfect where the game is solved: that is the
// opponent windpost promises; "level strong" or "level casual" ask for a
// gentler one).
func levelFor(bot solver.Bot, asked string) (solver.Level, error) {
	levels := bot.Levels()
	if len(levels) == 0 {
		return "", errors.New("the bot has no levels")
	}
	if asked != "" {
		if slices.Contains(levels, solver.Level(asked)) {
			return solver.Level(asked), nil
		}
		var names []string
		for _, l := range levels {
			names = append(names, string(l))
		}
		return "", fmt.Errorf("the bot does not play at level %s in this game; it plays %s", asked, strings.Join(names, ", "))
	}
	return levels[0], nil
}
