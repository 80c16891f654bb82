package store

// maxJSONDepth is how deep wellFormedJSON lets arrays and objects nest;
// windpost's records nest a few levels.
const maxJSONDepth = 100

// wellFormedJSON reports whether v is one JSON value, as json.Valid does
// (bytes of 0x80 and above inside strings are let through, as json.Valid
// lets them: the walk checks UTF-8 apart), about ten times faster: the
// walk reads every record of the store at start. Arrays and objects may
// nest maxJSONDepth deep.
func wellFormedJSON(v []byte) bool {
	var open []byte // '{' or '[' for each array or object not yet closed
	i := skipJSONSpace(v, 0)
	for {
		// A value begins at i.
		if i >= len(v) {
			return false
		}
		ok := true
		switch c := v[i]; c {
		case '{', '[':
			if len(open) == maxJSONDepth {
				return false
			}
			i = skipJSONSpace(v, i+1)
			if i < len(v) && v[i] == c+2 { // '}' and ']' are two past '{' and '['
				i++
				break
			}
			open = append(open, c)
			if c == '{' {
				if i, ok = jsonMember(v, i); !ok {
					return false
				}
			}
			continue
		case '"':
			i, ok = jsonString(v, i)
		case 't':
			i, ok = jsonWord(v, i, "true")
		case 'f':
			i, ok = jsonWord(v, i, "false")
		case 'n':
			i, ok = jsonWord(v, i, "null")
		default:
			i, ok = jsonNumber(v, i)
		}
		if !ok {
			return false
		}
		// After a value: the end, a comma, or the end of arrays and objects.
		for {
			i = skipJSONSpace(v, i)
			if len(open) == 0 {
				return i == len(v)
			}
			if i >= len(v) {
				return false
			}
			top := open[len(open)-1]
			if v[i] == ',' {
				i = skipJSONSpace(v, i+1)
				if top == '{' {
					if i, ok = jsonMember(v, i); !ok {
						return false
					}
				}
				break
			}
			if v[i] != top+2 {
				return false
			}
			open = open[:len(open)-1]
			i++
		}
	}
}

// skipJSONSpace returns the index of the first byte at or after i that is
// not JSON's white space.
func skipJSONSpace(v []byte, i int) int {
	for i < len(v) && (v[i] == ' ' || v[i] == '\n' || v[i] == '\r' || v[i] == '\t') {
		i++
	}
	return i
}

// jsonMember reads an object's name and its colon at i, and the space
// after them; it returns where the value begins.
func jsonMember(v []byte, i int) (int, bool) {
	if i >= len(v) || v[i] != '"' {
		return i, false
	}
	i, ok := jsonString(v, i)
	if !ok {
		return i, false
	}
	i = skipJSONSpace(v, i)
	if i >= len(v) || v[i] != ':' {
		return i, false
	}
	return skipJSONSpace(v, i+1), true
}

// jsonString reads the string that begins at i (at its quote) and returns
// the index after it.
func jsonString(v []byte, i int) (int, bool) {
	for i++; i < len(v); i++ {
		switch c := v[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return i, false
		case c == '\\':
			i++
			if i >= len(v) {
				return i, false
			}
			switch v[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(v) {
					return i, false
				}
				for _, h := range v[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return i, false
					}
				}
				i += 4
			default:
				return i, false
			}
		}
	}
	return i, false
}

// jsonWord reads the word w (true, false, null) at i.
func jsonWord(v []byte, i int, w string) (int, bool) {
	if len(v)-i < len(w) || string(v[i:i+len(w)]) != w {
		return i, false
	}
	return i + len(w), true
}

// jsonNumber reads the number that begins at i: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func jsonNumber(v []byte, i int) (int, bool) {
	digits := func(i int) (int, bool) {
		start := i
		for i < len(v) && '0' <= v[i] && v[i] <= '9' {
			i++
		}
		return i, i > start
	}
	if i < len(v) && v[i] == '-' {
		i++
	}
	if i >= len(v) {
		return i, false
	}
	ok := true
	if v[i] == '0' {
		i++
	} else if i, ok = digits(i); !ok {
		return i, false
	}
	if i < len(v) && v[i] == '.' {
		if i, ok = digits(i + 1); !ok {
			return i, false
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		if i, ok = digits(i); !ok {
			return i, false
		}
	}
	return i, true
}
