package games

import (
	"bytes"
	"strings"
	"testing"
)

// TestExport: "export" answers a player of the game (and a tournament
// game's organiser) with its PGN record attached; anyone else, a game
// that never began, and files past the budget are refused with no file.
func TestExport(t *testing.T) {
	for _, tt := range []struct {
		name      string
		budget    int
		from      string // "" the player alice, in her thread
		organiser bool   // carol organises the game's tournament
		lines     []string
		files     []string // the names attached; none: refused
		want      []string // in the answer's text
		wantInPGN []string
	}{
		{name: "player, game going on", lines: []string{"export"}, files: []string{"%s.pgn"},
			want: []string{"The record of game %s (Nim, 1 move, going on) is attached as %s.pgn"},
			wantInPGN: []string{`[Event "windpost game"]`, `[Round "-"]`, `[White "alice@players.test"]`, `[Black "bob@players.test"]`, `[Result "*"]`, `[TimeControl "1/259200"]`,
				"{White moves first: windpost's Black.}\n1. t3 *"}},
		{name: "player resigns, then exports", lines: []string{"resign", "export"}, files: []string{"%s.pgn"},
			want: []string{"(Nim, 1 move, white wins by resignation) is attached"},
			// White in the file is the side that moves first, alice, who resigned.
			wantInPGN: []string{`[Result "0-1"]`, "{Black wins by resignation.}"}},
		{name: "twice in one mail, one file", lines: []string{"export", "export %s"}, files: []string{"%s.pgn"}},
		{name: "organiser", from: carol, organiser: true, lines: []string{"export %s"}, files: []string{"%s.pgn"},
			wantInPGN: []string{`[Event "windpost tournament t2345"]`, `[Round "1"]`}},
		{name: "not the organiser", from: carol,
			want: []string{"only the players of game %s may have its record"}, lines: []string{"export %s"}},
		{name: "stranger", from: "eve@players.test", organiser: true, lines: []string{"export %s"},
			want: []string{"only the players of game %s may have its record", `Write "history %s" for its moves.`}},
		{name: "over the budget", budget: 100, lines: []string{"export"},
			want: []string{"the files would make the answer too large", "at most 100 in one mail"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			h.cfg.AttachmentBytes = tt.budget
			h.reopen(t)
			toAlice, _ := startHumanGame(t, h)
			id := toAlice.Headers["X-Windpost-Game"]
			h.reply(t, toAlice, "t3")
			if tt.organiser {
				setOrganiser(t, h, id, carol)
			}
			var lines []string
			for _, l := range tt.lines {
				lines = append(lines, strings.ReplaceAll(l, "%s", id))
			}
			var mails []Mail
			if tt.from == "" {
				mails = h.reply(t, toAlice, lines...)
			} else {
				mails = h.write(t, tt.from, lines...)
			}
			ans := only(t, mails, cmpOr(tt.from, alice))
			for _, w := range tt.want {
				wantText(t, ans, strings.ReplaceAll(w, "%s", id))
			}
			if len(ans.Attachments) != len(tt.files) {
				t.Fatalf("%d files attached, want %v:\n%s", len(ans.Attachments), tt.files, ans.Text)
			}
			for i, a := range ans.Attachments {
				if name := strings.ReplaceAll(tt.files[i], "%s", id); a.Name != name || a.ContentType != "text/plain; charset=utf-8" {
					t.Errorf("file %s (%s), want %s", a.Name, a.ContentType, name)
				}
				for _, w := range append(tt.wantInPGN, `[GameId "`+id+`"]`, `[Variant "nim"]`) {
					if !bytes.Contains(a.Data, []byte(w)) {
						t.Errorf("the record lacks %s:\n%s", w, a.Data)
					}
				}
			}
		})
	}
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// TestExportNeverBegan: a challenge not yet accepted has no record.
func TestExportNeverBegan(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	a := only(t, h.write(t, alice, "challenge bob@players.test nim"), alice)
	id := a.Headers["X-Windpost-Game"]
	ans := only(t, h.write(t, alice, "export "+id), alice)
	wantText(t, ans, "game "+id+" never began, so it has no record.")
	if len(ans.Attachments) != 0 {
		t.Errorf("files attached: %v", ans.Attachments)
	}
}

// TestAttachmentsKeptInOutbox: a mail's files are stored with it and come
// back from the outbox after the store is opened again.
func TestAttachmentsKeptInOutbox(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	files := []Attachment{{Name: "g2345.pgn", ContentType: "text/plain; charset=utf-8", Data: []byte("[Event \"x\"]\n\n*\n")},
		{Name: "g2345.micro.pgn", ContentType: "text/plain; charset=utf-8", Data: []byte{0, 1, 2, 0xff}}}
	if _, err := h.store.QueueMail(Mail{To: alice, Subject: "records", Text: "here", Attachments: files, NextTry: h.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	h.reopen(t)
	due, err := h.store.DueMail(h.clock.Now(), 0)
	if err != nil || len(due) != 1 {
		t.Fatalf("due %v, %v", due, err)
	}
	got := due[0].Attachments
	if len(got) != 2 {
		t.Fatalf("attachments %v", got)
	}
	for i := range files {
		if got[i].Name != files[i].Name || got[i].ContentType != files[i].ContentType || !bytes.Equal(got[i].Data, files[i].Data) {
			t.Errorf("file %d: %+v, want %+v", i, got[i], files[i])
		}
	}
}

// TestHelpExport: "help export" (and its other names) explains the
// command, and the overview lists it.
func TestHelpExport(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, topic := range []string{"export", "pgn", "record"} {
		wantText(t, only(t, h.write(t, alice, "help "+topic), alice), `"export" (or "export g7k3q"`, "g7k3q.micro.pgn", "nobody else may have them")
	}
	wantText(t, only(t, h.write(t, alice, "help"), alice), "export [<game>]         the game's record as a file (PGN) in the answer")
}
