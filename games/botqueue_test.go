package games

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/botwork"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
)

// botLog records what the server logs of the bot's queue: the sender of
// each search taken, in order, and each continuation queued.
type botLog struct {
	mu     sync.Mutex
	taken  []string // the senders of the searches, in the order taken
	queued []string // the keys of the continuations, in the order queued
}

func (l *botLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *botLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *botLog) WithGroup(string) slog.Handler            { return l }
func (l *botLog) Handle(_ context.Context, r slog.Record) error {
	attrs := map[string]string{}
	r.Attrs(func(a slog.Attr) bool { attrs[a.Key] = a.Value.String(); return true })
	l.mu.Lock()
	defer l.mu.Unlock()
	switch r.Message {
	case "bot work taken":
		l.taken = append(l.taken, attrs["from"])
	case "bot work queued":
		l.queued = append(l.queued, attrs["key"])
	}
	return nil
}

// botQueue is a harness on nim whose log goes to a botLog, and the keys
// of alice's and bob's games, with which their mails prove them.
type botQueue struct {
	*harness
	log  *botLog
	keys map[string][2]string // sender -> a game of theirs and their key
}

// newBotQueue makes a botQueue with the config changed by tune.
func newBotQueue(t *testing.T, tune func(*Config)) *botQueue {
	t.Helper()
	q := &botQueue{harness: newHarness(t, nimCatalog(10)), log: &botLog{}, keys: map[string][2]string{}}
	q.cfg.Logger = slog.New(q.log)
	if tune != nil {
		tune(&q.cfg)
	}
	q.reopen(t)
	for _, p := range []string{alice, bob} {
		m := only(t, q.write(t, p, "new nim as black level perfect"), p)
		game := m.Headers["X-Windpost-Game"]
		q.keys[p] = [2]string{game, keys.Token(testSecret, game, p)}
	}
	return q
}

// openings handles a mail from sender asking for n games in which the bot
// opens, without the bot's work. alice's and bob's mails carry the key of
// a game of theirs; the others' prove nothing.
func (q *botQueue) openings(t *testing.T, sender string, n int) {
	t.Helper()
	key := q.keys[sender]
	r := q.request(sender, key[0], key[1], slices.Repeat([]string{"new nim as white level perfect"}, n)...)
	if mails, err := q.srv.Handle(context.Background(), r); err != nil || len(mails) != 0 {
		t.Fatalf("%s: Handle before the bot's work: %v %s", sender, err, describe(mails))
	}
}

const (
	x1 = "x1@evil.test"
	x2 = "x2@evil.test"
)

// TestBotQueueOrder: the bot's work is taken in turns by lane, one search
// a turn: a proven sender's mails are their lane, every stranger's share
// one, a mail with more searches goes to the back of its lane, and a
// sender past their hour's bot time waits behind everyone else. Another
// player's search waits for one of a stranger's at most, however many
// mails and addresses the stranger has.
func TestBotQueueOrder(t *testing.T) {
	type mail struct {
		from     string
		openings int
	}
	for _, tc := range []struct {
		name   string
		budget time.Duration
		mails  []mail // queued in this order
		want   []string
	}{
		{"a stranger's mail of five searches, then a player's", 0,
			[]mail{{eve, 5}, {alice, 1}},
			[]string{eve, alice, eve, eve, eve, eve}},
		{"a player's mail of three searches, then another player's", 0,
			[]mail{{alice, 3}, {bob, 1}},
			[]string{alice, bob, alice, alice}},
		{"strangers under three addresses are one lane", 0,
			[]mail{{eve, 2}, {x1, 2}, {x2, 2}, {alice, 1}},
			[]string{eve, alice, x1, x2, eve, x1, x2}},
		{"two players with work in turns", 0,
			[]mail{{alice, 1}, {alice, 1}, {bob, 2}},
			[]string{alice, bob, alice, bob}},
		{"a player past the budget waits behind the others", time.Nanosecond,
			[]mail{{alice, 1}, {alice, 1}, {bob, 2}},
			[]string{alice, bob, bob, alice}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := newBotQueue(t, func(c *Config) { c.BotTimePerSenderHour = tc.budget })
			for _, m := range tc.mails {
				q.openings(t, m.from, m.openings)
			}
			mails := must[[]Mail](t)(q.srv.BotWork(context.Background()))
			if !slices.Equal(q.log.taken, tc.want) {
				t.Errorf("searches taken for\n%v\nwant\n%v", q.log.taken, tc.want)
			}
			if len(mails) != len(tc.mails) {
				t.Errorf("%d answers to %d mails: %s", len(mails), len(tc.mails), describe(mails))
			}
			if pending, _ := q.srv.PendingBot(); pending {
				t.Error("bot work left after BotWork")
			}
		})
	}
}

// TestBotQueueLanes: the keys of the bot's work name the lane: the
// sender's address for a mail that proves them, "strangers" for a mail
// that does not (whatever its From), and "over-budget" for a sender past
// the hour's bot time, which frees when the hour is over. A stranger's
// search is charged to nobody.
func TestBotQueueLanes(t *testing.T) {
	q := newBotQueue(t, func(c *Config) { c.BotTimePerSenderHour = time.Nanosecond })
	q.openings(t, alice, 1)
	q.openings(t, eve, 1)
	must[[]Mail](t)(q.srv.BotWork(context.Background()))
	q.openings(t, alice, 1) // alice has had her nanosecond
	unkeyed := q.request(alice, "", "", "new nim as white level perfect")
	if mails, err := q.srv.Handle(context.Background(), unkeyed); err != nil || len(mails) != 0 {
		t.Fatalf("alice without a key: %v %s", err, describe(mails))
	}
	q.openings(t, eve, 1) // eve was charged nothing
	q.clock.Advance(time.Hour)
	q.openings(t, alice, 1) // a new hour for alice
	var lanes []string
	for _, k := range q.log.queued {
		lane, seq, laned := botwork.SplitKey(k)
		if !laned || len(seq) != 20 {
			t.Errorf("key %q: no lane and 20-digit sequence", k)
		}
		lanes = append(lanes, lane)
	}
	if want := []string{alice, referee.LaneStrangers, referee.LaneOverBudget, referee.LaneStrangers, referee.LaneStrangers, alice}; !slices.Equal(lanes, want) {
		t.Errorf("lanes %v, want %v", lanes, want)
	}
}

// TestBotTimeBudget: a sender's hour of bot time is charged with each
// search; past it, their work waits behind another sender's older work,
// until the hour is over.
func TestBotTimeBudget(t *testing.T) {
	q := newBotQueue(t, func(c *Config) { c.BotTimePerSenderHour = time.Nanosecond })
	q.openings(t, alice, 1)
	must[[]Mail](t)(q.srv.BotWork(context.Background()))
	var spent time.Duration
	_ = q.store.View(func(st referee.StoreTx) error { spent = st.BotWork().Hour(alice, q.clock.Now()).Spent; return nil })
	if spent <= 0 {
		t.Fatalf("alice's search was not charged: %v", spent)
	}
	for _, tc := range []struct {
		after time.Duration
		other string // a sender who has not yet spent their hour
		want  []string
	}{
		{0, bob, []string{bob, alice}},                     // alice's mail is older, but she is over budget
		{time.Hour, bob, []string{alice, bob}},             // a new hour
		{0, eve, []string{eve, alice}},                     // and she spent it again; a stranger goes first
		{time.Hour - time.Second, x1, []string{x1, alice}}, // not quite a new hour
	} {
		q.clock.Advance(tc.after)
		q.log.taken = nil
		q.openings(t, alice, 1)
		q.openings(t, tc.other, 1)
		must[[]Mail](t)(q.srv.BotWork(context.Background()))
		if !slices.Equal(q.log.taken, tc.want) {
			t.Errorf("after %v more: searches for %v, want %v", tc.after, q.log.taken, tc.want)
		}
	}
}

// TestNewBotGamesUnproven: senders whose address was never proven begin
// at most Config.NewBotGamesUnproven games against the bot an hour, all
// together; a sender proven before is not limited (even in a mail without
// a key); the limit frees after the hour.
func TestNewBotGamesUnproven(t *testing.T) {
	h := newBotQueue(t, func(c *Config) { c.NewBotGamesUnproven = 2 })
	refusal := "Refused: I begin at most 2 games against the bot an hour for addresses that have not yet answered a windpost mail, and this hour's are taken. Try again after Sat 21 Nov 2026 13:00 UTC."
	m := only(t, h.write(t, eve, "new nim as black", "new nim as black", "new nim as black"), eve)
	if got := strings.Count(m.Text, "Done: new game"); got != 2 {
		t.Errorf("eve began %d games, want 2:\n%s", got, m.Text)
	}
	wantText(t, m, refusal)
	wantText(t, only(t, h.write(t, x1, "new nim as black"), x1), refusal)
	m = only(t, h.write(t, alice, "new nim as black", "new nim as black", "new nim as black"), alice)
	if got := strings.Count(m.Text, "Done: new game"); got != 3 {
		t.Errorf("alice (proven before) began %d games, want 3:\n%s", got, m.Text)
	}
	h.clock.Advance(time.Hour)
	m = only(t, h.write(t, x1, "new nim as black"), x1)
	wantText(t, m, "Done: new game")
}

// TestSchema2BotWork: a store of schema 2 with bot work waiting
// (testdata/store-v2-botwork.db, written through Handle by windpost at
// commit 6bba1fc with the toy nim and testSecret, the clock at 21 Nov 2026
// 12:00 UTC: eve, a stranger, asked for two games in which the bot opens,
// then alice, proven, moved in her game against the bot) is read as it is
// when opened read-only, and migrated to schema 3 when opened for
// writing: each continuation goes into its sender's lane with its
// sequence and its bytes, the rest stays; the bot's work then goes on in
// turns.
func TestSchema2BotWork(t *testing.T) {
	ro, err := OpenWith(copyFixture(t, "store-v2-botwork.db"), StoreOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	old := buckets(t, ro)
	ro.Close()
	if string(old["meta"]["schema"]) != "2" || len(old["bot-work"]) != 2 {
		t.Fatalf("the fixture is not a schema 2 store with two continuations: meta %s, bot work %d", old["meta"], len(old["bot-work"]))
	}
	want := map[string]string{} // the keys of schema 3 -> the values of schema 2
	for k, v := range old["bot-work"] {
		var c referee.Continuation
		if err := json.Unmarshal(v, &c); err != nil {
			t.Fatal(err)
		}
		lane := map[string]string{alice: alice, eve: referee.LaneStrangers}[c.From]
		want[lane+" "+k] = string(v)
	}

	q := newBotQueue(t, nil)
	h, log := q.harness, q.log
	h.store.Close()
	h.path = copyFixture(t, "store-v2-botwork.db")
	for i := 0; i < 2; i++ { // migrating twice changes nothing more
		h.open(t)
		got := buckets(t, h.store)
		if string(got["meta"]["schema"]) != "3" {
			t.Fatalf("open %d: schema %s", i, got["meta"]["schema"])
		}
		work := map[string]string{}
		for k, v := range got["bot-work"] {
			work[k] = string(v)
		}
		if !maps.Equal(work, want) {
			t.Fatalf("open %d: bot work\n%v\nwant\n%v", i, work, want)
		}
		for name, records := range old {
			if name == "bot-work" || name == "meta" {
				continue
			}
			if a, b := mustJSON(t, records), mustJSON(t, got[name]); a != b {
				t.Fatalf("open %d: bucket %s changed:\n%s\n%s", i, name, a, b)
			}
		}
		h.store.Close()
	}
	h.open(t)
	mails := must[[]Mail](t)(h.srv.BotWork(context.Background()))
	if want := []string{eve, alice, eve}; !slices.Equal(log.taken, want) {
		t.Errorf("searches for %v, want %v", log.taken, want)
	}
	wantText(t, only(t, mails, alice), "> t2\nDone: you played 1.t2. The bot answered 2.", "> board\n")
	if m := only(t, mails, eve); strings.Count(m.Text, "The bot opened with") != 2 {
		t.Errorf("eve's answer:\n%s", m.Text)
	}
}

// TestBotTimeRecords: the bot-time bucket holds only the last hour's
// senders (a write forgets the records whose hour is over), and a record
// that cannot be read counts as a new hour and is replaced, never stopping
// the bot's work.
func TestBotTimeRecords(t *testing.T) {
	q := newBotQueue(t, nil)
	err := q.store.Update(func(st referee.StoreTx) error {
		return st.Tx.Bucket(store.BotTime).PutRaw(alice, []byte("{damaged"))
	})
	if err != nil {
		t.Fatal(err)
	}
	records := func() map[string]botwork.Hour {
		out := map[string]botwork.Hour{}
		_ = q.store.View(func(st referee.StoreTx) error {
			return store.Each(st.Tx.Bucket(store.BotTime), func(k string, h *botwork.Hour, err error) error {
				if err != nil {
					t.Errorf("record %s: %v", k, err)
					h = &botwork.Hour{}
				}
				out[k] = *h
				return nil
			})
		})
		return out
	}
	q.openings(t, alice, 1)
	wantText(t, only(t, must[[]Mail](t)(q.srv.BotWork(context.Background())), alice), "The bot opened with")
	if got := records(); len(got) != 1 || got[alice].Spent <= 0 || !got[alice].From.Equal(q.clock.Now()) {
		t.Fatalf("after alice's search over a damaged record: %+v", got)
	}
	q.clock.Advance(30 * time.Minute)
	q.openings(t, bob, 1)
	must[[]Mail](t)(q.srv.BotWork(context.Background()))
	if got := records(); !slices.Equal(slices.Sorted(maps.Keys(got)), []string{alice, bob}) {
		t.Fatalf("within the hour: %+v", got)
	}
	q.clock.Advance(31 * time.Minute)
	q.openings(t, eve, 1) // a stranger: her new game is counted, her search charged to nobody
	must[[]Mail](t)(q.srv.BotWork(context.Background()))
	got := records()
	if !slices.Equal(slices.Sorted(maps.Keys(got)), []string{bob, botwork.KeyUnprovenGames}) || got[botwork.KeyUnprovenGames].Games != 1 {
		t.Fatalf("an hour after alice's search, eve's game forgets hers: %+v", got)
	}
}

// BenchmarkBotQueueNext measures the bot queue's choice of the next work
// (a read of the lanes' first keys, the budgets of the senders' lanes and
// the chosen continuation) with a stranger's flood of n continuations
// waiting beside one player's.
func BenchmarkBotQueueNext(b *testing.B) {
	for _, n := range []int{1, 100, 1000} {
		b.Run(fmt.Sprintf("flood=%d", n), func(b *testing.B) {
			h := newHarness(b, nimCatalog(10))
			cont := &referee.Continuation{MailState: referee.MailState{From: x1}, Job: referee.BotJob{Kind: referee.JobOpen, Game: "g1234", Line: "new nim as white"}}
			err := h.store.Update(func(st referee.StoreTx) error {
				for range n {
					if _, err := st.BotWork().Push(referee.LaneStrangers, cont); err != nil {
						return err
					}
				}
				_, err := st.BotWork().Push(alice, &referee.Continuation{MailState: referee.MailState{From: alice}, Job: cont.Job})
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				err := h.store.View(func(st referee.StoreTx) error {
					key, _, err := h.srv.NextWork(st, nil)
					if key == "" {
						return errors.New("no work")
					}
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
