package resume_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// TestHeldDeltasMatchTheTokenizer feeds documents in deltas of 1, 3 and
// 64 bytes, which the call holds back from its tokenizer, and
// checks after every delta that the status, the error and the partial
// view are those of a call that reads the same prefix straight through
// the tokenizer (a string limit turns holding back off); the view only
// while the call is valid, since an invalid call keeps the view its deltas
// left; that view must be the one the same deltas give without holding
// back. Then it ends both and compares the results.
func TestHeldDeltasMatchTheTokenizer(t *testing.T) {
	deep := strings.Repeat(`{"a":[`, 40) + `1` + strings.Repeat(`]}`, 40)
	docs := []string{
		`{"s":"plain","u":"東京 😀 é","e":"\" \\ \/ \b \f \n \r \t","x":"\u00e9\ud83d\ude00"}`,
		`[0,-1,2.5,-0.0e+10,1E-3,true,false,null,[],{},[[]],{"":{}}]`,
		`  {"a" : [ 1 , "b" , { "c" : null } ] }  `,
		`"top"`, `123 `, `123`, `true`, `[1,2]x`, `{"a":1,}`, `[1 2]`, `{"a" 1}`, `[01]`, `[1.]`, `[-]`,
		`[1e]`, `{"a":tru}`, `{"a":"\x"}`, "[\"\x01\"]", "[\"\xff\"]", "[\"\xe6\x9d\"]", `[}`, `{]`, `[1]]`, `[1}`, `{"a":1]`, `[[1]}`, `{"a":{}]`,
		deep, strings.Repeat(`[`, 70) + strings.Repeat(`]`, 70), strings.Repeat(`[`, 70) + `}`,
		`["\ud800"]`, `["\udc00"]`, `["\ud800\u0041"]`, `["\ud800x"]`, `["\ud800\\"]`, `["\uD83D\uDE00\uDBFF\uDFFF"]`,
		"[\"\\n\x01\"]", "[\"\xf0\x9f\x98\x80\x01\"]", `["\u00g0"]`, `["\u12"]`, `{"\u0041\ud83d\ude00":"\u00e9"}`, `["\ud83d\udb00"]`, `["\ud83d\uc000"]`,
		`[123456789,12345678901234]`, `{"k":[1,2,3],"k2":{"n":-12.5e3}}`,
	}
	for _, s := range corpus.Streams() {
		for _, c := range s.Expect.Calls {
			if len(c.Arguments) <= 1500 { // each prefix is read again: keep it quick
				docs = append(docs, c.Arguments)
			}
		}
	}
	options := []resume.Options{
		{},
		{Tokenizer: tokenizer.Options{MaxDepth: 3}},
		{Tokenizer: tokenizer.Options{MaxNumberLength: 5}},
	}
	for _, opts := range options {
		ref := opts
		ref.Tokenizer.MaxStringLength = 1 << 40
		for _, doc := range docs {
			for _, size := range []int{1, 3, 64} {
				name := fmt.Sprintf("%+v/%d/%.30q", opts.Tokenizer, size, doc)
				c := resume.NewCall("0", opts)
				same := resume.NewCall("0", ref) // the same deltas, not held back
				for i := 0; i < len(doc); i += size {
					_ = c.Delta([]byte(doc[i:min(i+size, len(doc))]), -1, -1)
					_ = same.Delta([]byte(doc[i:min(i+size, len(doc))]), -1, -1)
					require.Equal(t, string(same.AppendPartial(nil)), string(c.AppendPartial(nil)), "%s: view after %d bytes, against the same deltas", name, i+size)
					whole := resume.NewCall("0", ref)
					_ = whole.Delta([]byte(doc[:min(i+size, len(doc))]), -1, -1)
					require.Equal(t, whole.Status(), c.Status(), "%s: status after %d bytes", name, i+size)
					require.Equal(t, fmt.Sprint(whole.Err()), fmt.Sprint(c.Err()), "%s: error after %d bytes", name, i+size)
					if c.Status() != resume.StatusInvalid { // then the view stays where the deltas left it
						require.Equal(t, string(whole.AppendPartial(nil)), string(c.AppendPartial(nil)), "%s: view after %d bytes", name, i+size)
					}
				}
				whole := resume.NewCall("0", ref)
				_ = whole.Delta([]byte(doc), -1, -1)
				require.NoError(t, whole.End(nil))
				require.NoError(t, c.End(nil))
				require.Equal(t, whole.Status(), c.Status(), "%s: status at the end", name)
				require.Equal(t, fmt.Sprint(whole.Err()), fmt.Sprint(c.Err()), "%s: error at the end", name)
			}
		}
	}
}
