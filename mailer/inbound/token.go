package inbound

import (
	"time"

	"github.com/windpost/windpost/games"
)

// ReplyToken finds the game and reply token the mail carries, in this order:
//
//  1. a recipient that is a plus-address of the bot (To, Cc, Delivered-To in
//     that order), read by games.ParseReplyAddress;
//  2. the subject tag, read by games.ParseSubjectTag;
//  3. one of our Message-IDs in In-Reply-To, then References newest first,
//     read by games.ParseReference.
//
// The first that parses wins; ok is false when none does.
func (m *Message) ReplyToken(botAddress string) (game, token string, ok bool) {
	for _, r := range m.Recipients {
		if game, token, ok = games.ParseReplyAddress(botAddress, r); ok {
			return game, token, true
		}
	}
	if game, token, ok = games.ParseSubjectTag(m.Subject); ok {
		return game, token, true
	}
	refs := make([]string, 0, len(m.References)+1)
	if m.InReplyTo != "" {
		refs = append(refs, m.InReplyTo)
	}
	for i := len(m.References) - 1; i >= 0; i-- {
		refs = append(refs, m.References[i])
	}
	for _, id := range refs {
		if game, token, ok = games.ParseReference(id); ok {
			return game, token, true
		}
	}
	return "", "", false
}

// Request is the mail as the games package takes it: From as written (games
// canonicalises it), the reply token, the subject, the Message-ID, the text
// lines, the time the mailer saw it and whether it was too large.
func (m *Message) Request(botAddress string, received time.Time) games.Request {
	game, token, _ := m.ReplyToken(botAddress)
	return games.Request{
		From:      m.From,
		FromName:  m.FromName,
		GameID:    game,
		Token:     token,
		Subject:   m.Subject,
		MessageID: m.MessageID,
		Lines:     m.Lines,
		Received:  received,
		TooLarge:  m.TooLarge,
	}
}
