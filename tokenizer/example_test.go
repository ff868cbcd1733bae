package tokenizer_test

import (
	"errors"
	"fmt"

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
	// deltajson: invalid character '}' looking for beginning of value at offset 14 (/items/2)
}
