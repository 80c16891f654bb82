package games

import (
	"context"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/variants"
)

// The store and server API the mailer and cmd rely on: these signatures
// stay as they are unless both sides agree.
var (
	_ func(path string) (*referee.Store, error)                                        = referee.Open
	_ func(*referee.Store, *variants.Catalog, referee.Config) (*referee.Server, error) = NewServer
	_ func(*referee.Store) error                                                       = (*referee.Store).Close
	_ func(*referee.Store, time.Time, int) ([]referee.Mail, error)                     = (*referee.Store).DueMail
	_ func(*referee.Store, string, time.Time) error                                    = (*referee.Store).MarkSent
	_ func(*referee.Store, string, string, time.Time) error                            = (*referee.Store).MarkFailed
	_ func(*referee.Store, string) (referee.MailboxCursor, error)                      = (*referee.Store).Cursor
	_ func(*referee.Store, string, referee.MailboxCursor) error                        = (*referee.Store).SetCursor
	_ func(*referee.Store, string) (bool, error)                                       = (*referee.Store).Processed
	_ func(*referee.Server, context.Context, referee.Request) ([]referee.Mail, error)  = (*referee.Server).Handle
	_ func(*referee.Server, context.Context) ([]referee.Mail, error)                   = (*referee.Server).Tick
	_ func(string) (game, token string, ok bool)                                       = keys.ParsePlusTag
	_ func(string) (game, token string, ok bool)                                       = keys.ParseSubjectTag
	_ func(string) (game, token string, ok bool)                                       = keys.ParseReference
	_ func(bot, addr string) (game, token string, ok bool)                             = keys.ParseReplyAddress
)
