package referee

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math/rand/v2"
	"net/mail"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/variants"
)

// Request is one incoming mail, already parsed and free of quoted text.
type Request struct {
	From      string    // the sender's bare address, as written (games canonicalises it)
	FromName  string    // the display name in From, "" if none; user input, cleaned before it is shown
	GameID    string    // from the reply token, "" if the mail carried none
	Token     string    // the reply token, "" if none
	Subject   string    // the subject as received (decoded)
	MessageID string    // the mail's Message-ID with its angle brackets; the dedupe key
	Lines     []string  // the text lines, without quoted text and signature
	Received  time.Time // when the mail arrived (IMAP INTERNALDATE); deadlines judge by it (arrival.go); zero = now
	// TooLarge is set by the mailer for mail over its size limit; Lines is
	// then empty and the answer is a short refusal.
	TooLarge bool
	// Aligned is set by the mailer when the receiving server named by
	// [auth] authserv_id found dmarc=pass for the From's domain: then the
	// mail proves its sender like a reply key does (authority.go).
	Aligned bool
}

// Clock tells the time; tests use a fake one.
type Clock interface {
	Now() time.Time
}

// Config configures a Server.
type Config struct {
	BotAddress string // e.g. "bot@example.test"
	BotName    string // display name, e.g. "windpost"
	Clock      Clock  // nil = the real clock
	Seed       uint64 // 0 = random; fixed in tests for reproducible bots and ids
	// ErrorAnswersPerHour limits answers to a sender whose mails change
	// nothing (every command refused), and every answer to a mail without
	// the sender's key (twice as many for an address that proved itself
	// once); further ones get no answer. 0 = 10.
	ErrorAnswersPerHour int
	// BotMoveTime bounds the bot's thinking per move (a context deadline
	// on solver.Bot.Choose); 0 = only the request's context bounds it.
	BotMoveTime time.Duration
	// AnalysisTime bounds the analyst per position (a context deadline on
	// solver.Analyst.Evaluate) for "analysis" and for the bot's answer to
	// a draw offer; searching analysts return their best estimate by then,
	// solved tables answer at once. 0 = 200 ms.
	AnalysisTime time.Duration
	// InvitationsPerDay caps the addresses that never played a sender may
	// invite in 24 hours (withdrawn invitations count too);
	// 0 = DefaultInvitationsPerDay.
	InvitationsPerDay int
	// Logger receives what games logs (dropped answers); nil = discard.
	Logger *slog.Logger
	// CheckAddress refuses an address mail can never be sent to (the
	// mailer's CheckAddress, with the mail library's rules); nil = the
	// RFC 5322 reading of net/mail.
	CheckAddress func(addr string) error
	// CommandsPerMail is how many commands of one mail are run; the rest
	// are listed in the answer as not run. 0 = DefaultCommandsPerMail.
	CommandsPerMail int
	// AnswerBytes bounds the text of one answer; what does not fit is
	// summarised. 0 = DefaultAnswerBytes.
	AnswerBytes int
	// MailsPerMail bounds the mails one incoming mail may cause (its
	// answer and the notices to others); commands that would cause more
	// are not run. 0 = DefaultMailsPerMail.
	MailsPerMail int
	// OutageAfter: when no request or tick came for longer than this
	// (windpost was not running, or its clock jumped forward), that time
	// is not charged to players: the running deadlines move by it (see
	// Server.TickUpTo). 0 = 10 minutes; below 0 = never.
	OutageAfter time.Duration
	// AttachmentBytes bounds the files one answer carries ("export": a
	// game's records); 0 = DefaultAttachmentBytes.
	AttachmentBytes int
	// BotTimePerSenderHour is how much of the bot's thinking one sender's
	// mails that prove them may take in an hour; past it their work waits
	// until no other sender's does (botqueue.go). 0 =
	// DefaultBotTimePerSenderHour.
	BotTimePerSenderHour time.Duration
	// NewBotGamesUnproven caps the games against the bot that senders who
	// never proved their address begin in an hour, all of them together;
	// further "new" commands from such senders are refused until the hour
	// is over. 0 = DefaultNewBotGamesUnproven.
	NewBotGamesUnproven int
	// WebBaseURL is where the web view is reached from outside
	// ("https://games.example.org"): every mail about a game ends with a
	// link to its page there (webview.go). "" = no link.
	WebBaseURL string
}

// CheckAddress refuses an address windpost could never mail.
func (s *Server) CheckAddress(addr string) error {
	if s.Config.CheckAddress != nil {
		return s.Config.CheckAddress(addr)
	}
	a, err := mail.ParseAddress(addr)
	if err == nil && (a.Name != "" || !strings.EqualFold(a.Address, addr)) {
		err = fmt.Errorf("%q is not a bare address", addr)
	}
	return err
}

// Defaults of Config and the clocks.
const (
	DefaultDaysPerMove         = 7
	DefaultErrorAnswersPerHour = 10
	MaxVacationDays            = 30 // per calendar year
	InvitationDays             = 14 // a challenge not answered in time expires
	MaxOpenInvitations         = 5  // per challenger
	MaxBotGames                = 20 // in progress, per player
)

// Server handles requests and clocks on a Store with a catalog of
// variants. It is safe for concurrent use: bbolt runs one write
// transaction at a time.
type Server struct {
	Store   *Store
	Catalog *variants.Catalog
	Config  Config
	Log     *slog.Logger
	seed    uint64
	Local   string // the bot address's local part
	Domain  string
	Verbs   *verbRegistry // the command language (verbs.go)
	turns   *botTurns     // whose turn the bot's work is (botqueue.go)
	club    ClubHooks     // club play's part in a mail and the tick
}

// ClubHooks is what club play (seeks and tournaments) does at the points
// of a mail's course and of the tick that concern it; a nil hook does
// nothing.
type ClubHooks struct {
	// Results records the tournament games ended in the change and moves
	// their tournaments on, before the change commits.
	Results func(c *Change) error
	// Mails counts the mails results will send, for the mail's budget.
	Mails func(c *Change) int
	// Expire ends the seeks whose time ran out before handledUpTo (the
	// tick).
	Expire func(c *Change, handledUpTo time.Time) error
	// Forget takes address out of its tournaments, writing standIn for
	// it ("forget me").
	Forget func(c *Change, address, standIn string) error
}

// New returns a server of the games in store, playing the variants
// of catalog, speaking the command language of verbs, with club play's
// hooks (NewServer gives windpost's own).
func New(store *Store, catalog *variants.Catalog, cfg Config, verbs []VerbSpec, club ClubHooks) (*Server, error) {
	addr := keys.CanonicalAddress(cfg.BotAddress)
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
	return &Server{Store: store, Catalog: catalog, Config: cfg, Log: log, seed: seed, Local: local, Domain: domain,
		Verbs: NewVerbRegistry(verbs), turns: &botTurns{}, club: club}, nil
}

func (s *Server) now() time.Time { return s.Config.Clock.Now().UTC().Truncate(time.Second) }

// Handle handles one request in one write transaction and returns the mails
// it put in the outbox (already stored). It returns nil if the request was
// handled before, and an empty list when it deserves no answer (a sender
// past the error-answer limit, a From that is not an address) or when its
// answer waits for the bot (BotWork sends it). An error
// means nothing was changed (the store failed, the bot failed, ctx ended);
// the mailer may try again later.
func (s *Server) Handle(ctx context.Context, r Request) ([]Mail, error) {
	if strings.TrimSpace(r.MessageID) == "" {
		return nil, errors.New("games: a request without a Message-ID cannot be handled exactly once")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("games: request %s: %w", r.MessageID, err)
	}
	from := keys.CanonicalAddress(r.From)
	var queued []Mail
	err := s.Store.Update(func(st StoreTx) error {
		queued = nil
		if err := s.resumeClocks(st); err != nil {
			return err
		}
		if st.processed(r.MessageID) {
			return nil
		}
		queued = []Mail{}
		if !keys.PlausibleAddress(from) {
			// Nobody to answer: remember the mail so that it is not
			// handed over again, and log it.
			s.Log.Info("no answer: the sender is not an address", "from", r.From, "message_id", r.MessageID)
			return st.MarkProcessed(r.MessageID, record.Processed{At: s.now(), From: r.From})
		}
		if st.Banned(from) {
			// No answer, ever: a ban must not be a way to make windpost write.
			s.Log.Info("no answer: the sender is banned", "from", from, "message_id", r.MessageID)
			return st.MarkProcessed(r.MessageID, record.Processed{At: s.now(), From: from})
		}
		h := &Handling{Change: s.NewChange(ctx, st, from), MailState: MailState{Req: r, From: from}}
		if err := h.runLines(); err != nil {
			return err
		}
		if h.bot.pending != nil {
			return h.suspend("") // the bot thinks outside this transaction (botwork.go)
		}
		if err := h.commit(); err != nil {
			return err
		}
		queued = append(queued, h.Queued...)
		return st.MarkProcessed(r.MessageID, record.Processed{At: h.Now, From: from, Queued: len(h.Queued)})
	})
	if err != nil {
		return nil, fmt.Errorf("games: request %s from %s: %w", r.MessageID, from, err)
	}
	return queued, nil
}

// Tick is TickUpTo with every mail handled up to now (for a caller
// without an inbox that could hold mail not yet handled), followed by the
// daily prune, all of it (see Prune).
func (s *Server) Tick(ctx context.Context) ([]Mail, error) {
	queued, err := s.TickUpTo(ctx, s.now())
	if err != nil {
		return nil, err
	}
	for more := true; more; {
		if more, err = s.Prune(ctx); err != nil {
			return queued, err
		}
	}
	return queued, nil
}

// TickUpTo fires due reminders, time forfeits and expired challenges, and
// returns the mails queued. It runs in one write transaction; what it
// missed while windpost was down fires at the next tick.
//
// handledUpTo is the time up to which every mail that arrived has been
// handled: a loss on time or an expired challenge fires only for a
// deadline before it (a later one waits: the move may be in a mail not
// yet handled). It is taken as now when it is later.
//
// A reminder goes out a day before a deadline, in games with at least two
// days per move (with one day, the mail that gave the move is the
// reminder). At a deadline the player to move loses on time, unless the opponent
// offered a draw that the late player had not answered: that offer counts
// as accepted (a player's own pending offer does not save them). Players
// on vacation are not reminded and do not lose: their deadlines were moved
// when the vacation began.
//
// Time in which the server ran no transaction for longer than
// Config.OutageAfter (it was not running, or the clock jumped forward) is
// not charged to players: the first Handle or Tick after it moves every
// running deadline by the gap, and the mails about those games say so
// (see resumeClocks).
func (s *Server) TickUpTo(ctx context.Context, handledUpTo time.Time) ([]Mail, error) {
	var queued []Mail
	err := s.Store.Update(func(st StoreTx) error {
		queued = nil
		if err := s.resumeClocks(st); err != nil {
			return err
		}
		c := s.NewChange(ctx, st, "")
		if err := tick(c, earlier(handledUpTo, c.Now)); err != nil {
			return err
		}
		if err := c.Commit(); err != nil {
			return err
		}
		queued = c.Queued
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("games: tick: %w", err)
	}
	return queued, nil
}

// NewChange begins the change of one request from (or of a tick, from ""):
// its random numbers are fixed by from and the time, so that a request
// handled again after a failure draws the same.
func (s *Server) NewChange(ctx context.Context, st StoreTx, from string) *Change {
	now := s.now()
	h := fnv.New64a()
	h.Write([]byte(from))
	h.Write([]byte(now.String()))
	pcg := rand.NewPCG(s.seed, h.Sum64())
	return &Change{
		Server: s, ctx: ctx, Tx: st, Now: now, pcg: pcg,
		rng:        rand.New(pcg),
		Games:      map[string]*LiveGame{},
		Unreadable: map[string]error{},
		players:    map[string]*record.Player{},
		dirty:      map[string]bool{},
		Notices:    map[NoticeKey]*notice{},
	}
}

// resultsOf runs the results hook, if any.
func (k ClubHooks) resultsOf(c *Change) error {
	if k.Results == nil {
		return nil
	}
	return k.Results(c)
}

// mailsFor runs the mails hook: 0 if none.
func (k ClubHooks) mailsFor(c *Change) int {
	if k.Mails == nil {
		return 0
	}
	return k.Mails(c)
}

// expireBy runs the expire hook, if any.
func (k ClubHooks) expireBy(c *Change, handledUpTo time.Time) error {
	if k.Expire == nil {
		return nil
	}
	return k.Expire(c, handledUpTo)
}

// forgetIn runs the forget hook, if any.
func (k ClubHooks) forgetIn(c *Change, address, standIn string) error {
	if k.Forget == nil {
		return nil
	}
	return k.Forget(c, address, standIn)
}
