package inbound

import (
	"slices"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
)

func TestReplyToken(t *testing.T) {
	const (
		tok  = "k7x2m4p6q3r5s2t4" // game g7k3q
		tok2 = "abcdefgh23456723" // game g9m4r
	)
	tests := []struct {
		name        string
		header      []string
		game, token string
		ok          bool
	}{
		{"plus-address in To", []string{"From: a@example.org", "To: windpost <windpost+g7k3q." + tok + "@example.test>"}, "g7k3q", tok, true},
		{"plus-address in Cc", []string{"From: a@example.org", "To: bob@example.org", "Cc: windpost+g7k3q." + tok + "@example.test"}, "g7k3q", tok, true},
		{"plus-address in Delivered-To only", []string{"From: a@example.org", "To: windpost@example.test", "Delivered-To: windpost+g7k3q." + tok + "@example.test"}, "g7k3q", tok, true},
		{"upper-cased by the client", []string{"From: a@example.org", "To: WINDPOST+G7K3Q." + "K7X2M4P6Q3R5S2T4@EXAMPLE.TEST"}, "g7k3q", tok, true},
		{"To before Delivered-To", []string{"From: a@example.org", "To: windpost+g9m4r." + tok2 + "@example.test", "Delivered-To: windpost+g7k3q." + tok + "@example.test"}, "g9m4r", tok2, true},
		{"someone else's plus-address", []string{"From: a@example.org", "To: other+g7k3q." + tok + "@example.test"}, "", "", false},
		{"our local part at another domain", []string{"From: a@example.org", "To: windpost+g7k3q." + tok + "@example.org"}, "", "", false},
		{"a longer local part", []string{"From: a@example.org", "To: windpostx+g7k3q." + tok + "@example.test"}, "", "", false},
		{"a bad plus tag falls back to the subject", []string{"From: a@example.org", "To: windpost+hello@example.test", "Subject: Re: move [windpost g9m4r " + tok2 + "]"}, "g9m4r", tok2, true},
		{"subject tag", []string{"From: a@example.org", "To: windpost@example.test", "Subject: Re: your move [windpost g7k3q " + tok + "]"}, "g7k3q", tok, true},
		{"plus-address before subject", []string{"From: a@example.org", "To: windpost+g9m4r." + tok2 + "@example.test", "Subject: [windpost g7k3q " + tok + "]"}, "g9m4r", tok2, true},
		{"encoded subject", []string{"From: a@example.org", "Subject: =?UTF-8?Q?R=C3=A9p=3A_[windpost_g7k3q_" + tok + "]?="}, "g7k3q", tok, true},
		{"In-Reply-To", []string{"From: a@example.org", "In-Reply-To: <windpost.g7k3q." + tok + ".3@example.test>"}, "g7k3q", tok, true},
		{
			"References newest first",
			[]string{"From: a@example.org", "References: <windpost.g7k3q." + tok + ".1@example.test> <windpost.g9m4r." + tok2 + ".2@example.test> <CAF123@mail.gmail.com>"},
			"g9m4r", tok2, true,
		},
		{
			"In-Reply-To before References",
			[]string{"From: a@example.org", "In-Reply-To: <windpost.g7k3q." + tok + ".3@example.test>", "References: <windpost.g9m4r." + tok2 + ".2@example.test>"},
			"g7k3q", tok, true,
		},
		{"foreign In-Reply-To, ours in References", []string{"From: a@example.org", "In-Reply-To: <CAF123@mail.gmail.com>", "References: <windpost.g7k3q." + tok + ".3@example.test> <CAF123@mail.gmail.com>"}, "g7k3q", tok, true},
		{"nothing", []string{"From: a@example.org", "To: windpost@example.test", "Subject: new julgonu"}, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			game, token, ok := mailWith(t, tt.header...).ReplyToken(bot)
			if game != tt.game || token != tt.token || ok != tt.ok {
				t.Errorf("ReplyToken = %q, %q, %v; want %q, %q, %v", game, token, ok, tt.game, tt.token, tt.ok)
			}
		})
	}
}

func TestReplyTokenFixtures(t *testing.T) {
	for _, file := range []string{"plain-move.eml", "gmail-reply.eml", "outlook-reply.eml", "thunderbird-reply.eml",
		"html-only.eml", "latin1-qp.eml", "windows-1252.eml", "shift-jis.eml", "iso-2022-jp.eml", "iphone-reply.eml"} {
		game, token, ok := mustFixture(t, file).ReplyToken(bot)
		if game != "g7k3q" || token != "k7x2m4p6q3r5s2t4" || !ok {
			t.Errorf("%s: ReplyToken = %q, %q, %v", file, game, token, ok)
		}
	}
	if game, token, ok := mustFixture(t, "mailing-list.eml").ReplyToken(bot); ok {
		t.Errorf("mailing-list.eml: ReplyToken = %q, %q, true", game, token)
	}
}

func TestRequest(t *testing.T) {
	at := time.Date(2026, 11, 21, 12, 5, 3, 0, time.UTC)
	got := mustFixture(t, "gmail-reply.eml").Request(bot, at)
	want := games.Request{
		From:      "alice.liddell@gmail.com",
		GameID:    "g7k3q",
		Token:     "k7x2m4p6q3r5s2t4",
		Subject:   "Re: " + subj,
		MessageID: "<CAF=q8Zx+Gm4bYk3r7v@mail.gmail.com>",
		Lines:     []string{"c2-c3"},
		Received:  at,
	}
	if got.From != want.From || got.GameID != want.GameID || got.Token != want.Token || got.Subject != want.Subject ||
		got.MessageID != want.MessageID || !slices.Equal(got.Lines, want.Lines) || !got.Received.Equal(at) || got.TooLarge {
		t.Errorf("Request =\n%+v\nwant\n%+v", got, want)
	}
	// From is passed as written: games canonicalises it.
	if r := mailWith(t, "From: Alice <Alice@Example.ORG>").Request(bot, at); r.From != "Alice@Example.ORG" || r.GameID != "" || r.Token != "" {
		t.Errorf("Request From %q GameID %q Token %q", r.From, r.GameID, r.Token)
	}
}
