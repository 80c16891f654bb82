package keys

import (
	"fmt"
	"testing"
)

// TestMatchPersonal: a player's own key matches for its purpose and its
// address only; a game's id and key, another purpose's id, another
// address's or a changed token do not; and every id Personal makes has
// the length and prefix MatchPersonal looks at first.
func TestMatchPersonal(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	for i := 0; i < 200; i++ {
		address := fmt.Sprintf("player%d@club%d.test", i, i%7)
		for _, purpose := range []string{Digest, Address} {
			id, token := PersonalKey(secret, purpose, address)
			if len(id) != personalLen || id[:2] != "g"+purpose[:1] {
				t.Fatalf("PersonalKey(%s, %s) = %q: not %d characters starting g%c", purpose, address, id, personalLen, purpose[0])
			}
			if !MatchPersonal(secret, purpose, address, id, token) {
				t.Fatalf("%s's own %s key does not match", address, purpose)
			}
			changed := token[:len(token)-1] + "a"
			if token[len(token)-1] == 'a' {
				changed = token[:len(token)-1] + "b"
			}
			other := Digest
			if purpose == Digest {
				other = Address
			}
			for _, tc := range []struct {
				name                      string
				purpose, address, id, tok string
			}{
				{"another address", purpose, "someone@else.test", id, token},
				{"another purpose", other, address, id, token},
				{"a changed token", purpose, address, id, changed},
				{"a game's id and key", purpose, address, "g2345", Token(secret, "g2345", address)},
			} {
				if MatchPersonal(secret, tc.purpose, tc.address, tc.id, tc.tok) {
					t.Fatalf("%s: %s matches as %s's %s key", tc.name, tc.id, tc.address, tc.purpose)
				}
			}
		}
	}
}
