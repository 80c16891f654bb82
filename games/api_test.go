package games

import (
	"context"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/variants"
)

// The store and server API the mailer and cmd rely on: these signatures
// stay as they are unless both sides agree.
var (
	_ func(path string) (*Store, error)                        = Open
	_ func(*Store, *variants.Catalog, Config) (*Server, error) = NewServer
	_ func(*Store) error                                       = (*Store).Close
	_ func(*Store, time.Time, int) ([]Mail, error)             = (*Store).DueMail
	_ func(*Store, string, time.Time) error                    = (*Store).MarkSent
	_ func(*Store, string, string, time.Time) error            = (*Store).MarkFailed
	_ func(*Store, string) (MailboxCursor, error)              = (*Store).Cursor
	_ func(*Store, string, MailboxCursor) error                = (*Store).SetCursor
	_ func(*Store, string) (bool, error)                       = (*Store).Processed
	_ func(*Server, context.Context, Request) ([]Mail, error)  = (*Server).Handle
	_ func(*Server, context.Context) ([]Mail, error)           = (*Server).Tick
	_ func(string) (game, token string, ok bool)               = keys.ParsePlusTag
	_ func(string) (game, token string, ok bool)               = keys.ParseSubjectTag
	_ func(string) (game, token string, ok bool)               = keys.ParseReference
	_ func(bot, addr string) (game, token string, ok bool)     = keys.ParseReplyAddress
)
