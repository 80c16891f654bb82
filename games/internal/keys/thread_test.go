package keys

import (
	"strings"
	"testing"
)

// testSecret is a server secret of the tests.
var testSecret = []byte("windpost test secret, 32 bytes..")

func TestReplyToken(t *testing.T) {
	tok := Token(testSecret, "g7k3q", "alice@players.test")
	if len(tok) != 16 || !ValidToken(tok) || tok != strings.ToLower(tok) {
		t.Fatalf("token %q: want 16 lower-case base32 characters (80 bits)", tok)
	}
	for _, other := range []string{
		Token(testSecret, "g7k3r", "alice@players.test"),
		Token(testSecret, "g7k3q", "bob@players.test"),
		Token([]byte("another secret, also 32 bytes..."), "g7k3q", "alice@players.test"),
		Token(testSecret, "g7k3qalice", "@players.test"), // the NUL separates id and address
	} {
		if other == tok {
			t.Fatalf("two different inputs share the token %s", tok)
		}
	}
	if !Match(strings.ToUpper(tok), tok) || Match(tok[:15], tok) || Match(tok[:15]+"a", tok) && tok[15] != 'a' {
		t.Fatal("Match")
	}
}

func TestGameIDs(t *testing.T) {
	seen := map[string]bool{}
	for n := uint64(1); n <= 2000; n++ {
		id := GameID(testSecret, n, 4)
		if !ValidGameID(id) || len(id) != 5 {
			t.Fatalf("id %q", id)
		}
		for _, c := range "01ilo" {
			if strings.ContainsRune(id[1:], c) {
				t.Fatalf("id %q has the ambiguous %q", id, c)
			}
		}
		seen[id] = true
	}
	// 2000 draws from 31^4 ids: a few collisions at most (the server
	// skips taken ids).
	if len(seen) < 1990 {
		t.Fatalf("only %d distinct ids of 2000", len(seen))
	}
}

func TestThreadingFormats(t *testing.T) {
	tok := Token(testSecret, "g7k3q", "alice@players.test")
	for _, tc := range []struct {
		name   string
		parse  func(string) (string, string, bool)
		in     string
		wantOK bool
	}{
		{"plus", ParsePlusTag, PlusTag("g7k3q", tok), true},
		{"plus upper", ParsePlusTag, strings.ToUpper(PlusTag("g7k3q", tok)), true},
		{"plus no token", ParsePlusTag, "g7k3q", false},
		{"plus short token", ParsePlusTag, "g7k3q." + tok[:10], false},
		{"plus bad id", ParsePlusTag, "x7k3q." + tok, false},
		{"subject", ParseSubjectTag, "Re: Nim game g7k3q: you (black) vs. the bot " + SubjectTag("g7k3q", tok), true},
		{"subject folded case", ParseSubjectTag, "AW: [Windpost G7K3Q " + strings.ToUpper(tok) + "]", true},
		{"subject two tags, last counts", ParseSubjectTag, "[windpost gaaaa " + tok + "] " + SubjectTag("g7k3q", tok), true},
		{"subject no tag", ParseSubjectTag, "Re: windpost", false},
		{"subject broken", ParseSubjectTag, "[windpost g7k3q]", false},
		{"reference", ParseReference, GameMessageID("g7k3q", tok, 42, "windpost.test"), true},
		{"reference bare", ParseReference, strings.Trim(GameMessageID("g7k3q", tok, 42, "windpost.test"), "<>"), true},
		{"reference plain", ParseReference, PlainMessageID(42, "windpost.test"), false},
		{"reference foreign", ParseReference, "<CAF=abc@mail.gmail.com>", false},
		{"reference no number", ParseReference, "<windpost.g7k3q." + tok + ".@windpost.test>", false},
	} {
		g, k, ok := tc.parse(tc.in)
		if ok != tc.wantOK {
			t.Errorf("%s: parse(%q) ok = %v", tc.name, tc.in, ok)
			continue
		}
		if ok && (g != "g7k3q" || k != tok) {
			t.Errorf("%s: parse(%q) = %q, %q", tc.name, tc.in, g, k)
		}
	}
}

func TestCanonicalAddress(t *testing.T) {
	for in, want := range map[string]string{
		"Alice@Players.Test":            "alice@players.test",
		" <Bob@x.org> ":                 "bob@x.org",
		`"Bob Smith" <Bob.Smith@X.org>`: "bob.smith@x.org",
		"carol@example.org":             "carol@example.org",
	} {
		if got := CanonicalAddress(in); got != want {
			t.Errorf("CanonicalAddress(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestReplyAddress: the reply address windpost writes is read back, and
// only as a plus-address of the bot's own local part and domain.
func TestReplyAddress(t *testing.T) {
	tok := Token(testSecret, "g7k3q", "alice@players.test")
	written := ReplyAddress("bot", "windpost.test", "g7k3q", tok)
	if written != "bot+g7k3q."+tok+"@windpost.test" {
		t.Fatalf("ReplyAddress = %q", written)
	}
	for _, tc := range []struct {
		name, bot, addr string
		wantOK          bool
	}{
		{"as written", "bot@windpost.test", written, true},
		{"bot with a display name", `"windpost" <bot@windpost.test>`, written, true},
		{"upper-cased by the client", "bot@windpost.test", strings.ToUpper(written), true},
		{"the bot in capitals", "BOT@Windpost.Test", written, true},
		{"someone else's plus-address", "bot@windpost.test", "other+g7k3q." + tok + "@windpost.test", false},
		{"another domain", "bot@windpost.test", "bot+g7k3q." + tok + "@example.org", false},
		{"a longer local part", "bot@windpost.test", "botx+g7k3q." + tok + "@windpost.test", false},
		{"the bare bot address", "bot@windpost.test", "bot@windpost.test", false},
		{"a bad tag", "bot@windpost.test", "bot+hello@windpost.test", false},
		{"a bot address without domain", "bot", "bot+g7k3q." + tok, false},
	} {
		g, k, ok := ParseReplyAddress(tc.bot, tc.addr)
		if ok != tc.wantOK || ok && (g != "g7k3q" || k != tok) {
			t.Errorf("%s: ParseReplyAddress(%q, %q) = %q, %q, %v", tc.name, tc.bot, tc.addr, g, k, ok)
		}
	}
}

// TestShown: an address is shown whole only to itself; anyone else sees
// its local part.
func TestShown(t *testing.T) {
	for _, tc := range []struct{ address, asker, want string }{
		{"alice@players.test", "alice@players.test", "alice@players.test"},
		{"alice@players.test", "bob@players.test", "alice@..."},
		{"alice@players.test", "", "alice@..."},
		{"Alice.Smith+chess@players.test", "mallory@evil.test", "Alice.Smith+chess@..."},
	} {
		if got := Shown(tc.address, tc.asker); got != tc.want {
			t.Errorf("Shown(%q, %q) = %q, want %q", tc.address, tc.asker, got, tc.want)
		}
	}
}
