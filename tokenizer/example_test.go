package tokenizer_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/deltajson/deltajson/tokenizer"
)

// Deltas of a tool call's arguments, cut where a provider might cut them:
// inside an escape, between the halves of a surrogate pair, inside a
// number. Each piece decodes on its own; the empty piece is the closing
// quote of "Paris é 😀", which arrived with the next name.
func Example() {
	deltas := []string{`{"city":"Par`, `is \`, `u00e9 \ud83d`, `\ude00","days":3.`, `5}`}
	tk := tokenizer.New(tokenizer.Options{})
	for _, d := range deltas {
		tk.Feed([]byte(d))
		for {
			tok, err := tk.Next()
			if err != nil {
				break // ErrNeedMore: wait for the next delta
			}
			fmt.Printf("%-6v %q\n", tok.Kind(), tok.AppendText(nil))
		}
		fmt.Println("--", tk.Status(), tk.Pointer())
	}
	// Output:
	// {      "{"
	// name   "city"
	// string "Par"
	// -- need-more /city
	// string "is "
	// -- need-more /city
	// string "é"
	// string " "
	// -- need-more /city
	// string "😀"
	// string ""
	// name   "days"
	// -- need-more /days
	// number "3.5"
	// }      "}"
	// -- complete
}

func ExampleSyntaxError() {
	err := tokenizer.Validate([]byte(`{"items":[1,2,}`))
	var se *tokenizer.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Pointer, errors.Is(err, tokenizer.ErrSyntax))
		fmt.Println(err)
	}
	// Output:
	// 14 /items/2 true
	// tokenizer: invalid character '}' looking for beginning of value at offset 14 (/items/2)
}

// The end signal matters: only Close tells a number that has ended, or a
// text cut short. Reading after Close gives io.EOF for a whole value, and
// io.ErrUnexpectedEOF, with the offset and pointer, for a cut one.
func ExampleTokenizer_Close() {
	for _, deltas := range [][]string{{`{"retries":`, ` 12}`}, {`12`}, {`{"a": [1, `, `2`}} {
		tk := tokenizer.New(tokenizer.Options{})
		read := func() error {
			for {
				if _, err := tk.Next(); err != nil {
					return err
				}
			}
		}
		var err error
		for _, d := range deltas {
			tk.Feed([]byte(d))
			if err = read(); err != tokenizer.ErrNeedMore {
				break
			}
		}
		if err == tokenizer.ErrNeedMore {
			tk.Close()
			err = read()
		}
		fmt.Printf("%q: %v, cut short: %v\n", strings.Join(deltas, ""), err, errors.Is(err, io.ErrUnexpectedEOF))
	}
	// Output:
	// "{\"retries\": 12}": EOF, cut short: false
	// "12": EOF, cut short: false
	// "{\"a\": [1, 2": tokenizer: unexpected end of input after array element (expecting ',' or ']') at offset 11 (/a/1), cut short: true
}
