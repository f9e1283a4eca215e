package movevalue

import (
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// scanner walks a JSON text that json.Valid has accepted. Because the
// syntax is known to be right, it only has to find token boundaries; every
// read is still bounds-checked (at returns 0 past the end) so that a logic
// error can never turn into a panic.
type scanner struct {
	data []byte
	pos  int
}

// validJSON returns nil when v is exactly one well-formed JSON value.
func validJSON(v []byte) error {
	if json.Valid(v) {
		return nil
	}
	var raw json.RawMessage
	if err := json.Unmarshal(v, &raw); err != nil {
		return fmt.Errorf("malformed JSON: %v", err)
	}
	return errors.New("malformed JSON")
}

func (s *scanner) at(i int) byte {
	if i < 0 || i >= len(s.data) {
		return 0
	}
	return s.data[i]
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (s *scanner) ws() {
	for s.pos < len(s.data) && isSpace(s.data[s.pos]) {
		s.pos++
	}
}

// peek skips whitespace and returns the first byte of the next token.
func (s *scanner) peek() byte {
	s.ws()
	return s.at(s.pos)
}

// jsonKind names the kind of the value starting with c, for messages.
func jsonKind(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a bool"
	case 'n':
		return "null"
	case 0:
		return "nothing"
	}
	return "a number"
}

// stringEnd returns the index of the closing quote of the string whose
// opening quote is at i, and whether it contains escapes.
func (s *scanner) stringEnd(i int) (int, bool) {
	esc := false
	for i++; i < len(s.data); i++ {
		switch s.data[i] {
		case '\\':
			esc = true
			i++
		case '"':
			return i, esc
		}
	}
	return len(s.data), esc
}

// str reads a JSON string (the next token must be '"') and returns its
// value. Raw bytes that are not UTF-8 are rejected rather than replaced.
func (s *scanner) str() (string, error) {
	s.ws()
	start := s.pos
	end, esc := s.stringEnd(start)
	s.pos = end + 1
	if end >= len(s.data) {
		return "", errors.New("unterminated string")
	}
	raw := s.data[start+1 : end]
	if !utf8.Valid(raw) {
		return "", errors.New("string is not valid UTF-8")
	}
	if !esc {
		return string(raw), nil
	}
	var out string
	if err := json.Unmarshal(s.data[start:end+1], &out); err != nil {
		return "", fmt.Errorf("invalid string: %v", err)
	}
	return out, nil
}

// token reads a number or literal and returns its text.
func (s *scanner) token() string {
	s.ws()
	start := s.pos
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		if c == ',' || c == ']' || c == '}' || isSpace(c) {
			break
		}
		s.pos++
	}
	return string(s.data[start:s.pos])
}

// skip moves past one value.
func (s *scanner) skip() {
	s.ws()
	switch s.at(s.pos) {
	case '"':
		end, _ := s.stringEnd(s.pos)
		s.pos = end + 1
	case '{', '[':
		depth := 0
		for s.pos < len(s.data) {
			switch s.data[s.pos] {
			case '"':
				end, _ := s.stringEnd(s.pos)
				s.pos = end
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.pos++
					return
				}
			}
			s.pos++
		}
	default:
		s.token()
	}
}

// next is called at the start of each element of an array or object whose
// opening bracket was consumed. It consumes a separating comma and reports
// whether an element follows, consuming the closing bracket when not.
func (s *scanner) next(close byte) bool {
	c := s.peek()
	if c == close || c == 0 {
		s.pos++
		return false
	}
	if c == ',' {
		s.pos++
		s.ws()
	}
	return true
}

// countElems counts the elements of the array starting at the next token
// without consuming it.
func (s *scanner) countElems() int {
	t := scanner{data: s.data, pos: s.pos}
	t.peek()
	t.pos++ // '['
	n := 0
	for t.next(']') {
		t.skip()
		n++
	}
	return n
}

// members reads an object (the next token must be '{') whose keys must be
// exactly the names of fields, each once, and returns the offset of each
// field's value in declaration order. The scanner ends after the object.
func (s *scanner) members(p *path, fields []Field) ([]int, error) {
	s.peek()
	s.pos++ // '{'
	pos := make([]int, len(fields))
	for i := range pos {
		pos[i] = -1
	}
	for s.next('}') {
		key, err := s.str()
		if err != nil {
			return nil, p.errorf("object key: %v", err)
		}
		idx := -1
		for i := range fields {
			if fields[i].Name == key {
				idx = i
				break
			}
		}
		if idx < 0 {
			return nil, p.errorf("unknown field %q", truncate(key))
		}
		if pos[idx] >= 0 {
			return nil, p.errorf("duplicate field %q", truncate(key))
		}
		s.peek()
		s.pos++ // ':'
		pos[idx] = s.pos
		s.skip()
	}
	for i, at := range pos {
		if at < 0 {
			return nil, p.errorf("missing field %q", fields[i].Name)
		}
	}
	return pos, nil
}

// soleKey reports whether the object at the next token has exactly one
// member, named key, whose value starts with the byte first. It consumes
// nothing.
func (s *scanner) soleKey(key string, first byte) bool {
	t := scanner{data: s.data, pos: s.pos}
	t.peek()
	t.pos++ // '{'
	n, match := 0, false
	for t.next('}') {
		k, err := t.str()
		if err != nil {
			return false
		}
		n++
		t.peek()
		t.pos++ // ':'
		match = k == key && t.peek() == first
		t.skip()
	}
	return n == 1 && match
}

// truncate shortens s for error messages.
func truncate(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
