package mailer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/inbound"
)

// ensureProcessed finds the hierarchy delimiter and creates the processed
// folder if it is missing.
func (cn *imapConn) ensureProcessed() error {
	delim := "/"
	var list []*imap.ListData
	if err := cn.wait("list", func() (err error) { list, err = cn.c.List("", "", nil).Collect(); return err }); err != nil {
		return err
	}
	if len(list) > 0 && list[0].Delim != 0 {
		delim = string(list[0].Delim)
	}
	cn.processed = fmt.Sprintf(ProcessedFolder, delim)
	if err := cn.wait("list", func() (err error) {
		list, err = cn.c.List("", cn.processed, nil).Collect()
		return err
	}); err != nil {
		return err
	}
	if len(list) > 0 {
		return nil
	}
	err := cn.wait("create "+cn.processed, cn.c.Create(cn.processed, nil).Wait)
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
		return nil
	}
	if err == nil {
		cn.d.log().Info("created folder", "folder", cn.processed)
	}
	return err
}

// catchUp handles every message above the cursor, in UID order, in
// chunks.
func (cn *imapConn) catchUp(ctx context.Context) error {
	d := cn.d
	mb := d.IMAP.Inbox()
	stored, err := d.Store.Cursor(mb)
	if err != nil {
		return fmt.Errorf("cursor %s: %w", mb, err)
	}
	cur := stored
	if cur.UIDValidity != cn.validity {
		if cur.UIDValidity != 0 {
			d.log().Warn("UIDVALIDITY changed: reading the whole mailbox again (mail handled before is recognised by its Message-ID)",
				"mailbox", mb, "was", cur.UIDValidity, "now", cn.validity)
		}
		cur = games.MailboxCursor{UIDValidity: cn.validity}
	}
	handledBefore := cn.handled
	for round := 0; round < 1_000_000; round++ {
		if ctx.Err() != nil {
			return nil
		}
		var sd *imap.SearchData
		searched := d.now()
		crit := &imap.SearchCriteria{UID: []imap.UIDSet{{imap.UIDRange{Start: imap.UID(cur.LastUID + 1), Stop: 0}}}}
		if err := cn.wait("uid search", func() (err error) { sd, err = cn.c.UIDSearch(crit, nil).Wait(); return err }); err != nil {
			return err
		}
		var uids []imap.UID
		for _, u := range sd.AllUIDs() {
			if uint32(u) > cur.LastUID { // "n:*" includes the last UID even when below n
				uids = append(uids, u)
			}
		}
		if len(uids) == 0 {
			if cur != stored {
				if err := d.Store.SetCursor(mb, cur); err != nil {
					return fmt.Errorf("cursor %s: %w", mb, err)
				}
			} // else nothing new: no write (each is an fsync)
			d.inboxReadAt.Store(d.now().UnixNano())
			d.markReadUpTo(searched)
			d.tell(Event{Kind: InboxRead, Mails: cn.handled - handledBefore})
			return nil
		}
		slices.Sort(uids)
		const chunk = 32
		if len(uids) > chunk {
			uids = uids[:chunk]
		}
		last, err := cn.handleChunk(ctx, uids)
		if last > 0 {
			cur.LastUID = uint32(last)
			if serr := d.Store.SetCursor(mb, cur); serr != nil {
				return errors.Join(err, fmt.Errorf("cursor %s: %w", mb, serr))
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// handleChunk fetches and handles uids (ascending) and files them away. It
// returns the highest UID fully handled and filed (0 if filing failed).
func (cn *imapConn) handleChunk(ctx context.Context, uids []imap.UID) (imap.UID, error) {
	d := cn.d
	sec := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Offset: 0, Size: int64(d.maxMailSize()) + 1}}
	var msgs []*imapclient.FetchMessageBuffer
	if err := cn.wait("fetch", func() (err error) {
		msgs, err = cn.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{
			UID: true, RFC822Size: true, InternalDate: true, BodySection: []*imap.FetchItemBodySection{sec},
		}).Collect()
		return err
	}); err != nil {
		return 0, err
	}
	fetched := fetchedMail(msgs, sec)
	var done []imap.UID
	var last imap.UID
	var herr error
	for _, uid := range uids {
		if ctx.Err() != nil {
			break
		}
		f, ok := fetched[uid]
		if !ok {
			// Gone between SEARCH and FETCH (another client moved it).
			last = uid
			continue
		}
		if f.raw == nil {
			// Never take a missing body for an empty mail: that would drop
			// it unanswered. Try again on the next connection.
			herr = fmt.Errorf("imap fetch: the server sent no body for UID %d", uid)
			break
		}
		at := inbound.Place{Mailbox: d.IMAP.Inbox(), UIDValidity: cn.validity, UID: uint32(uid)}
		if err := d.handleMail(ctx, f.raw, f.size, at, f.arrived); err != nil {
			if errors.Is(err, errSetAside) {
				last = uid // not filed, not seen: it stays in the inbox
				continue
			}
			herr = err
			break
		}
		done = append(done, uid)
		last = uid
	}
	cn.handled += len(done)
	if err := cn.file(done); err != nil {
		// The connection failed: the cursor stays where it was, and the
		// next connection reads these mails again (the games server knows
		// them by Message-ID) and files them.
		return 0, errors.Join(herr, err)
	}
	return last, herr
}

// fetched is one message as FETCH returned it.
type fetched struct {
	raw     []byte // nil = no body section came back
	size    int64
	arrived time.Time // the INTERNALDATE; zero if the server gave none
}

// fetchedMail gathers the FETCH answers by UID. A server may send more
// than one FETCH response for a message (another client's flag change
// arrives as an unsolicited FETCH in the middle of ours): the body comes
// from whichever response has it. The body is the section asked for, or,
// from a server that does not echo the partial range, the one body
// section returned.
func fetchedMail(msgs []*imapclient.FetchMessageBuffer, sec *imap.FetchItemBodySection) map[imap.UID]fetched {
	out := map[imap.UID]fetched{}
	for _, m := range msgs {
		if m.UID == 0 {
			continue // an unsolicited FETCH without its UID
		}
		f := out[m.UID]
		raw := m.FindBodySection(sec)
		if raw == nil && len(m.BodySection) == 1 {
			raw = m.BodySection[0].Bytes
		}
		if raw != nil {
			f.raw = raw
		}
		if m.RFC822Size > 0 {
			f.size = m.RFC822Size
		}
		if !m.InternalDate.IsZero() {
			f.arrived = m.InternalDate
		}
		out[m.UID] = f
	}
	return out
}

// file marks handled mail \Seen and moves it to the processed folder. If
// the folder is gone (TRYCREATE), it is made again and the move tried once
// more. It returns an error when the connection failed (the mail is then
// read and filed again over the next connection); a server that refuses to
// move the mail (a full folder...) gets it logged as an error, and the
// mail stays in the inbox, seen, while the daemon goes on with the next.
func (cn *imapConn) file(uids []imap.UID) error {
	if len(uids) == 0 {
		return nil
	}
	set := imap.UIDSetNum(uids...)
	if err := cn.wait("store \\Seen", func() error {
		return cn.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	}); err != nil && !refused(err) {
		return err
	}
	if !cn.canMove {
		return nil
	}
	move := func() error {
		return cn.wait("move to "+cn.processed, func() error {
			_, err := cn.c.Move(set, cn.processed).Wait()
			return err
		})
	}
	err := move()
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeTryCreate {
		if err = cn.ensureProcessed(); err == nil {
			err = move()
		}
	}
	if refused(err) {
		cn.d.log().Error("the server refused to file handled mail; it stays in the inbox, seen", "uids", set.String(), "folder", cn.processed, "err", err)
		return nil
	}
	return err
}

// refused reports whether err is the server's NO or BAD to a command (the
// connection itself is fine).
func refused(err error) bool {
	var ie *imap.Error
	return errors.As(err, &ie)
}
