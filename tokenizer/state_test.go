package tokenizer

// The state a Tokenizer is in, named, for tests that check it.

// expect is what the grammar allows next, outside of a lexeme.
type expect uint8

const (
	expectValue expect = iota // a value, or a close right after '['
	expectName                // an object member name, or '}' right after '{'
	expectColon               // ':' after a name
	expectComma               // ',' or the close of the container
	expectEnd                 // end of input (or, with AllowMultipleValues, another value)
)

func (e expect) String() string {
	if names := [...]string{"value", "name", "colon", "comma", "end"}; int(e) < len(names) {
		return names[e]
	}
	return "invalid"
}

// lexeme says what the Tokenizer is in the middle of, when a chunk ended
// inside a token.
type lexeme uint8

const (
	inNone    lexeme = iota // between tokens
	inString                // inside a string value
	inName                  // inside an object member name
	inNumber                // inside a number
	inLiteral               // inside true, false or null
)

func (l lexeme) String() string {
	if names := [...]string{"none", "string", "name", "number", "literal"}; int(l) < len(names) {
		return names[l]
	}
	return "invalid"
}

// cutLexeme reports which lexeme a chunk boundary has cut, if any.
func (t *Tokenizer) cutLexeme() lexeme {
	switch t.lex {
	case lexString:
		if t.isName {
			return inName
		}
		return inString
	case lexNumber:
		return inNumber
	case lexLiteral:
		return inLiteral
	}
	return inNone
}

// expects reports what the grammar allows next. Inside a lexeme it reports
// what is allowed after it.
func (t *Tokenizer) expects() expect {
	if t.lex == lexString && t.isName {
		return expectColon
	}
	if t.lex != lexNone {
		if t.depth == 0 {
			return expectEnd
		}
		return expectComma
	}
	switch t.expect {
	case expValue, expFirstValue:
		return expectValue
	case expName, expFirstName:
		return expectName
	case expColon:
		return expectColon
	case expComma:
		return expectComma
	}
	return expectEnd
}

// nextClose returns the byte that closes the innermost open container,
// '}' or ']', when it may come next, and 0 when it may not: outside any
// container, where a name, a colon or a value is due, and after a comma.
// Inside a lexeme it answers for the moment the lexeme ends, as Expect
// does: in a value, the close may follow; in a member name, it may not.
// After an error nothing may come, and it returns 0.
func (t *Tokenizer) nextClose() byte {
	if t.depth == 0 || t.err != nil {
		return 0
	}
	closer := byte(']')
	if t.top.obj {
		closer = '}'
	}
	switch {
	case t.lex == lexString && t.isName:
		return 0 // a colon and a value come first
	case t.lex != lexNone, t.expect == expFirstValue, t.expect == expFirstName, t.expect == expComma:
		return closer
	}
	return 0
}
