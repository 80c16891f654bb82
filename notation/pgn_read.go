package notation

import (
	"fmt"
	"strings"
	"unicode"
)

// ReadPGN reads the games of a PGN file. It is tolerant, as the records
// people keep and other tools write call for:
//
//   - tags in any order, anywhere before a game's moves, several on a line
//     or one split over lines; a tag's value may hold \" and \\;
//   - line breaks and spaces anywhere between tokens;
//   - move numbers with one or more dots ("12.", "12...", "12.K*1c", and
//     dots alone, "12. ... a4a3"), by full moves or one per move, or none;
//     their values are not checked;
//   - comments in braces {...} and from ";" to the end of the line; the
//     last one after the moves is kept as the record's Comment, the first
//     brace comment before them as its Preamble;
//   - "1..." (or "...") before the first move says it is the second
//     side's (SecondFirst);
//   - lines that begin with "%", variations in parentheses (nested), and
//     numeric annotations ($1) are skipped, and so are stray ")" "}" "]";
//   - several games in one file: a game ends at its result token (1-0,
//     0-1, 1/2-1/2, ½-½, *), or where tags follow moves.
//
// A tag that does not close is an error naming its line; the games read
// until then are returned with it.
func ReadPGN(text string) ([]PGN, error) {
	var (
		games []PGN
		cur   PGN
		group []string // the words of the move text being read
		moved bool     // cur has move text or a result
		line  = 1
	)
	flush := func() {
		if len(group) > 0 {
			cur.Moves = append(cur.Moves, strings.Join(group, " "))
			cur.Comment, group = "", nil
		}
	}
	endGame := func() {
		flush()
		if moved || len(cur.Tags) > 0 {
			games = append(games, cur)
		}
		cur, moved = PGN{}, false
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '%' && (i == 0 || text[i-1] == '\n'), c == ';':
			if c == ';' {
				flush()
			}
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			if c == ';' && len(cur.Moves) > 0 {
				cur.Comment = strings.Join(strings.Fields(text[i+1:i+end]), " ")
			}
			i += end
		case c == '{':
			flush()
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				end = len(text) - i
			}
			body := text[i+1 : i+end]
			line += strings.Count(body, "\n")
			if len(cur.Moves) > 0 {
				cur.Comment = strings.Join(strings.Fields(body), " ")
			} else if !moved && cur.Preamble == "" {
				cur.Preamble = strings.Join(strings.Fields(body), " ")
			}
			i += end + 1
		case c == '(':
			flush()
			for depth := 0; i < len(text); {
				switch text[i] {
				case '(':
					depth++
				case ')':
					depth--
				case '\n':
					line++
				}
				i++
				if depth == 0 {
					break
				}
			}
		case c == '[':
			if moved {
				endGame()
			}
			tag, n, err := readTag(text[i:])
			if err != nil {
				endGame()
				return games, fmt.Errorf("line %d: %w", line, err)
			}
			cur.Tags = append(cur.Tags, tag)
			line += strings.Count(text[i:i+n], "\n")
			i += n
		case c == ')' || c == '}' || c == ']':
			i++
		default:
			end := i
			for end < len(text) && !strings.ContainsRune(" \t\r\n\f\v{}[]();", rune(text[end])) {
				end++
			}
			word := text[i:end]
			i = end
			if cur.Result != "" {
				endGame()
			}
			if len(cur.Moves) == 0 && len(group) == 0 {
				// "1..." or "..." before the first move: the second side's.
				cur.SecondFirst = cur.SecondFirst || strings.Contains(word, "...")
			}
			moved = true
			for word != "" { // numbers and dots ("1. ... a4a3") away
				_, rest, ok := SplitMoveNumber(word)
				if ok {
					flush()
				} else if rest = strings.TrimLeft(word, "."); rest == word {
					break
				}
				word = rest
			}
			switch {
			case word == "" || word[0] == '$':
			case isResult(word):
				flush()
				cur.Result = strings.ReplaceAll(word, "½", "1/2")
			default:
				group = append(group, word)
				cur.Comment = ""
			}
		}
	}
	endGame()
	return games, nil
}

// isResult reports whether word is a result token.
func isResult(word string) bool {
	switch word {
	case "1-0", "0-1", "1/2-1/2", "½-½", "*":
		return true
	}
	return false
}

// readTag reads the tag pair at the start of s, [Name "Value"], and
// returns it and its length.
func readTag(s string) (Tag, int, error) {
	i := 1
	skip := func() {
		for i < len(s) && unicode.IsSpace(rune(s[i])) {
			i++
		}
	}
	skip()
	start := i
	for i < len(s) && (s[i] == '_' || s[i] >= '0' && s[i] <= '9' || s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
		i++
	}
	name := s[start:i]
	skip()
	if name == "" || i >= len(s) || s[i] != '"' {
		return Tag{}, 0, fmt.Errorf("a tag is [Name \"value\"], not %q", cut(s, 40))
	}
	var v strings.Builder
	for i++; ; i++ {
		if i >= len(s) {
			return Tag{}, 0, fmt.Errorf("tag %s: the value does not end with \"", name)
		}
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		} else if s[i] == '"' {
			break
		}
		v.WriteByte(s[i])
	}
	i++
	skip()
	if i >= len(s) || s[i] != ']' {
		return Tag{}, 0, fmt.Errorf("tag %s: no ] after the value", name)
	}
	return Tag{name, v.String()}, i + 1, nil
}

// cut is s up to its first line break and at most n bytes.
func cut(s string, n int) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > n {
		s = s[:n]
	}
	return s
}
