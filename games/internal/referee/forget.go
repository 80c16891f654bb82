package referee

import (
	"context"
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
)

// Forgetting a player ("forget me", `windpost admin forget`): their games
// in progress are resigned and their challenges withdrawn or declined, their
// address in every game record is replaced by a stand-in
// ("forgotten-<n>@invalid"), and their player record and ratings are deleted
// (their games in progress are rated as resigned first, and the opponents'
// rating histories name the stand-in). Kept: the
// games (they are their opponents' too) under the stand-in; the do-not-mail
// entry if the address said "stop" (for ever); processed-mail marks and sent
// mails, which the daily pruning deletes after 90 days.

// Forgotten says what forgetting a player did.
type Forgotten struct {
	StandIn  string   // the address that replaced theirs in the game records
	Resigned []string // games in progress they resigned
	Ended    []string // challenges withdrawn or declined
	Games    int      // game records in which the address was replaced
}

// Forget forgets the player at address as "forget me" does, for the
// operator, in one write transaction; the opponents' notices go to the
// outbox. A player with no record is an error.
func (s *Server) Forget(ctx context.Context, address string) (Forgotten, error) {
	addr := keys.CanonicalAddress(address)
	var f Forgotten
	err := s.Store.Update(func(st StoreTx) error {
		p, err := st.Player(addr)
		if err != nil {
			return err
		}
		if p == nil {
			return fmt.Errorf("there is no player %s", addr)
		}
		c := s.NewChange(ctx, st, "")
		if f, err = c.Forget(addr); err != nil {
			return err
		}
		return c.Commit()
	})
	if err != nil {
		return Forgotten{}, fmt.Errorf("games: forget %s: %w", addr, err)
	}
	return f, nil
}

// Forget forgets the player at address within the change.
func (c *Change) Forget(address string) (Forgotten, error) {
	p, err := c.Player(address)
	if err != nil {
		return Forgotten{}, err
	}
	n, err := c.Tx.newStandInNumber()
	if err != nil {
		return Forgotten{}, err
	}
	f := Forgotten{StandIn: fmt.Sprintf("forgotten-%d@invalid", n)}
	opponents := map[string]bool{}
	for _, id := range p.Games {
		lg := c.Game(id)
		if lg == nil {
			continue // unreadable: logged by c.game; the address stays there
		}
		rec := lg.Rec
		side, ok := rec.SideOf(address)
		if !ok {
			continue
		}
		other := rec.OpponentAddress(side)
		switch rec.State {
		case record.Playing:
			lg.Finish(rules.WinFor(side.Opponent(), rules.Resignation))
			if err := rateEnded(c); err != nil { // rated before the address goes
				return Forgotten{}, err
			}
			c.Notify(Notice, other, id, fmt.Sprintf("Your opponent left windpost and resigned: you win game %s.", id))
			f.Resigned = append(f.Resigned, id)
		case record.Invited:
			how := "the challenge was declined"
			if rec.Challenger == address {
				how = "the challenge was withdrawn"
			}
			lg.decline(how)
			c.Notify(Notice, other, id, fmt.Sprintf("The other player left windpost: %s, and game %s will not begin.", how, id))
			f.Ended = append(f.Ended, id)
		}
		if other != "" {
			opponents[other] = true
		}
		rec.Players[side].Address = f.StandIn
		rec.Players[side].Name = ""
		if rec.Challenger == address {
			rec.Challenger = f.StandIn
		}
		f.Games++
	}
	if err := forgetRatings(c, address, f.StandIn, opponents); err != nil {
		return Forgotten{}, err
	}
	if err := c.Server.club.forgetIn(c, address, f.StandIn); err != nil {
		return Forgotten{}, err
	}
	delete(c.players, address)
	delete(c.dirty, address)
	return f, c.Tx.deletePlayer(address)
}

// ForgetMe answers "forget me". It resigns games, so it counts only in a
// mail that carries the sender's reply key.
func ForgetMe(h *Handling, _ Command) (string, error) {
	f, err := h.Forget(h.From)
	if err != nil {
		return "", err
	}
	text := fmt.Sprintf("Done: I forgot %s. Your games show you as %s from now on, and I deleted your player record.", h.From, f.StandIn)
	if len(f.Resigned) > 0 {
		text += fmt.Sprintf("\nYou resigned %s.", strings.Join(f.Resigned, ", "))
	}
	if len(f.Ended) > 0 {
		text += fmt.Sprintf("\nYour challenges %s are off.", strings.Join(f.Ended, ", "))
	}
	if !h.Tx.DoNotMail(h.From) {
		text += "\nIf you also want never to be mailed by windpost again, write: stop"
	}
	return text, nil
}
