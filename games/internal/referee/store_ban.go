package referee

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/store"
)

// Bans: the operator's list of addresses windpost has nothing to do with
// (windpost admin ban). A banned address's mail is dropped unanswered
// (Handle makes no mail for it, so that a ban cannot be used to make
// windpost write), it cannot be invited, and windpost mails it nothing
// more: its games' notices and reminders are dropped. Its games stay as
// they are, clocks running, until the operator cancels or adjudicates them;
// Ban lists them. Unban lifts it.

// Bucket "bans" holds the banned addresses: canonical address ->
// banRecord. It is made with the first ban.

// banRecord is a banned address: when, by whom and why.
type banRecord struct {
	V   int       `json:"v"`
	At  time.Time `json:"at"`
	By  string    `json:"by"`
	Why string    `json:"why"`
}

// Banned reports whether address is banned.
func (st StoreTx) Banned(address string) bool {
	return st.Tx.Bucket(store.Bans).Has(address)
}

// putBan bans address.
func (st StoreTx) putBan(address string, r banRecord) error {
	r.V = 1
	if err := st.Tx.Bucket(store.Bans).Put(address, r); err != nil {
		return fmt.Errorf("bans: %w", err)
	}
	return nil
}

// deleteBan lifts the ban of address.
func (st StoreTx) deleteBan(address string) error {
	return st.Tx.Bucket(store.Bans).Delete(address)
}

// Banned says what a ban found: the address as banned and its games still
// open (in progress, or challenges), which the operator may cancel or
// adjudicate.
type Banned struct {
	Address string
	Open    []string
}

// Ban bans address for the operator and logs it. Nothing is mailed.
func (s *Server) Ban(ctx context.Context, address string, d Decision) (Banned, error) {
	addr := keys.CanonicalAddress(address)
	out := Banned{Address: addr}
	err := s.banChange(ctx, addr, d, func(c *Change) error {
		if c.Tx.Banned(addr) {
			return errors.New("the address is banned already")
		}
		if err := c.Tx.putBan(addr, banRecord{At: c.Now, By: d.who(), Why: d.Why}); err != nil {
			return err
		}
		p, err := c.Tx.Player(addr)
		if err != nil {
			return err
		}
		if p != nil {
			for _, id := range p.Games {
				if lg := c.Game(id); lg != nil && (lg.Rec.State == record.Playing || lg.Rec.State == record.Invited) {
					out.Open = append(out.Open, id)
				}
			}
		}
		return c.Audit(d.who(), "ban", addr, fmt.Sprintf("%d open games", len(out.Open)), d.Why)
	})
	return out, err
}

// Unban lifts the ban of address for the operator and logs it.
func (s *Server) Unban(ctx context.Context, address string, d Decision) error {
	addr := keys.CanonicalAddress(address)
	return s.banChange(ctx, addr, d, func(c *Change) error {
		if !c.Tx.Banned(addr) {
			return errors.New("the address is not banned")
		}
		if err := c.Tx.deleteBan(addr); err != nil {
			return err
		}
		return c.Audit(d.who(), "unban", addr, "", d.Why)
	})
}

// banChange runs act in one write transaction for the operator's decision
// d about addr.
func (s *Server) banChange(ctx context.Context, addr string, d Decision, act func(*Change) error) error {
	err := d.check()
	if err == nil && !keys.PlausibleAddress(addr) {
		err = errors.New("not a mail address")
	}
	if err == nil {
		err = s.Store.Update(func(st StoreTx) error { return act(s.NewChange(ctx, st, "")) })
	}
	if err != nil {
		return fmt.Errorf("games: %s: %w", addr, err)
	}
	return nil
}
