package referee

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// Change is one write transaction of the server: one request handled, or
// one tick. It loads each game and player once, collects the news for the
// players, and commit writes back what changed and queues the mails.
type Change struct {
	Server *Server
	ctx    context.Context
	Tx     StoreTx
	Now    time.Time
	rng    *rand.Rand
	pcg    *rand.PCG // rng's source, kept with a continuation (botwork.go)

	Games      map[string]*LiveGame
	GameOrder  []string // the order commit writes the games in
	Unreadable map[string]error
	players    map[string]*record.Player
	dirty      map[string]bool // players whose records commit writes back

	Notices map[NoticeKey]*notice
	Queued  []Mail
}

// Game returns game id, loaded once per change; nil if there is none, or
// if the game cannot be read (a damaged record, a variant this server no
// longer plays, moves the engine refuses): that is logged and remembered in
// c.unreadable, so that one broken game cannot block every request and
// tick.
func (c *Change) Game(id string) *LiveGame {
	if lg, ok := c.Games[id]; ok {
		return lg
	}
	if _, bad := c.Unreadable[id]; bad {
		return nil
	}
	lg, err := c.readGame(id)
	if err != nil {
		c.Server.Log.Error("game cannot be read", "game", id, "err", err)
		c.Unreadable[id] = err
		return nil
	}
	if lg != nil {
		c.Games[id] = lg
		c.GameOrder = append(c.GameOrder, id)
	}
	return lg
}

func (c *Change) readGame(id string) (*LiveGame, error) {
	rec, raw, err := c.Tx.Game(id)
	if rec == nil || err != nil {
		return nil, err
	}
	kit, found := c.Server.Catalog.Lookup(rec.Variant)
	if !found {
		return nil, fmt.Errorf("game %s: this server does not play %s", id, rec.Variant)
	}
	return loadGame(rec, raw, kit)
}

// Player returns the record of address, creating it in memory if needed;
// a caller that changes it calls c.markChanged(address).
func (c *Change) Player(address string) (*record.Player, error) {
	if p, ok := c.players[address]; ok {
		return p, nil
	}
	p, err := c.Tx.Player(address)
	if err != nil {
		return nil, err
	}
	if p == nil {
		p = &record.Player{Address: address, Created: c.Now}
	}
	c.players[address] = p
	return p, nil
}

// MarkChanged has commit write the record of address back.
func (c *Change) MarkChanged(address string) { c.dirty[address] = true }

// PlayerGames returns the games of address that can be read, oldest
// first. Challenges to address that ended without being played (declined,
// withdrawn, expired) are pruned from its record on the way: a player
// spammed with challenges must not stay slow.
func (c *Change) PlayerGames(address string) ([]*LiveGame, error) {
	p, err := c.Player(address)
	if err != nil {
		return nil, err
	}
	var mine []*LiveGame
	kept := p.Games[:0:0]
	for _, id := range p.Games {
		lg := c.Game(id)
		if lg != nil && lg.Rec.State == record.Declined && lg.Rec.Invitee() == address {
			continue // a challenge to them that ended: they never played it
		}
		kept = append(kept, id)
		if lg != nil {
			mine = append(mine, lg)
		}
	}
	if len(kept) < len(p.Games) {
		p.Games = kept
		c.MarkChanged(address)
	}
	return mine, nil
}

// NewGame creates a game in which challenger plays side against opponent,
// with a fresh id, and registers it with its players.
func (c *Change) NewGame(kit variants.Kit, challenger string, side rules.Side, opponent record.Slot, state record.State) (*LiveGame, error) {
	var players [2]record.Slot
	players[side] = record.Slot{Address: challenger}
	players[side.Opponent()] = opponent
	id, err := c.newGameID()
	if err != nil {
		return nil, err
	}
	start := kit.Rules.Start()
	rec := &record.Game{
		V: record.GameVersion, ID: id, Variant: kit.Rules.Name(), State: state, Players: players,
		Challenger: challenger, Start: kit.Notation.FormatPosition(start), Created: c.Now,
	}
	lg := &LiveGame{Rec: rec, Kit: kit, Game: rules.NewGameFrom(kit.Rules, start)}
	c.Games[id] = lg
	c.GameOrder = append(c.GameOrder, id)
	for _, addr := range rec.Humans() {
		p, err := c.Player(addr)
		if err != nil {
			return nil, err
		}
		p.Games = append(p.Games, id)
		c.MarkChanged(addr)
		if s, ok := rec.SideOf(addr); ok {
			rec.Players[s].Name = p.Name
		}
	}
	return lg, nil
}

// newGameID draws ids until one is free (in the store and among the games
// this change made) and cannot be read as a command word or a variant's
// name; when the short ids are crowded, longer ones follow.
func (c *Change) newGameID() (string, error) {
	for tries := 0; ; tries++ {
		n, err := c.Tx.newGameNumber()
		if err != nil {
			return "", err
		}
		length := 4
		if tries >= 8 {
			length = 4 + tries/8
		}
		id := keys.GameID(c.Server.Store.Secret, n, length)
		_, variant := c.Server.Catalog.Lookup(id)
		_, madeHere := c.Games[id] // made earlier in this transaction, not stored yet
		if !madeHere && !c.Tx.HasGame(id) && !c.Server.Verbs.Keyword(id) && !variant {
			return id, nil
		}
	}
}

// Commit queues the notices collected and writes the changed records.
func (c *Change) Commit() error {
	if err := rateEnded(c); err != nil {
		return err
	}
	if err := c.queueNotices(); err != nil {
		return err
	}
	return c.writeRecords()
}

// writeRecords writes the changed games and players.
func (c *Change) writeRecords() error {
	if err := rateEnded(c); err != nil {
		return err
	}
	for _, id := range c.GameOrder {
		lg := c.Games[id]
		lg.derive()
		if err := c.Tx.PutGame(lg.Rec, lg.stored, lg.wasWake, c.Now); err != nil {
			return err
		}
	}
	for addr := range c.dirty {
		if err := c.Tx.PutPlayer(addr, c.players[addr]); err != nil {
			return err
		}
	}
	return nil
}
