package referee

import (
	"context"
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// pruneBatch is how many records one prune transaction looks at: small
// enough that requests wait for it a few milliseconds at most.
const pruneBatch = 500

// Prune forgets, once a day, the handled Message-IDs and sent mails older
// than keepFor, so that the store does not grow for ever. It works in
// small steps: each call is one short write transaction over at most
// pruneBatch records, and more reports whether the prune under way has
// records left (call again, letting requests in between). When no prune is
// due it does nothing and returns false. Where it stands is kept in the
// store, so a restart goes on from there. Last, it puts back into the
// clocks index any game missing there (written by a windpost that did not
// keep it).
func (s *Server) Prune(ctx context.Context) (more bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("games: prune: %w", err)
	}
	if !s.pruneDue() {
		return false, nil
	}
	err = s.Store.Update(func(st StoreTx) error {
		now := s.now()
		clocks := st.Clocks()
		bucket, key, under := clocks.PruneFrom()
		if !under {
			if last := clocks.LastPruned(); !last.IsZero() && now.Sub(last) < 24*time.Hour {
				more = false
				return nil
			}
			bucket, key = store.Processed, ""
		}
		var next string
		var left bool
		var err error
		if bucket == store.Games {
			next, left, err = clocks.ReindexSome(key, pruneBatch, func(string, error) {})
		} else {
			next, left, err = clocks.ForgetSome(bucket, key, pruneBatch, forgetOld(bucket, now.Add(-KeepFor)))
		}
		if err != nil {
			return err
		}
		switch {
		case left:
		case bucket == store.Processed:
			bucket, next = store.Outbox, ""
		case bucket == store.Outbox:
			bucket, next = store.Games, "" // and the clocks index is mended
		default:
			more = false
			if err := clocks.SetPruneFrom("", ""); err != nil {
				return err
			}
			return clocks.NotePruned(now)
		}
		more = true
		return clocks.SetPruneFrom(bucket, next)
	})
	if err != nil {
		return false, fmt.Errorf("games: prune: %w", err)
	}
	return more, nil
}

// pruneDue reports, in a read transaction (no write, no fsync), whether a
// prune is under way or due; Prune checks again in its write transaction.
func (s *Server) pruneDue() bool {
	due := true
	_ = s.Store.View(func(st StoreTx) error {
		_, _, under := st.Clocks().PruneFrom()
		last := st.Clocks().LastPruned()
		due = under || last.IsZero() || s.now().Sub(last) >= 24*time.Hour
		return nil
	})
	return due
}
