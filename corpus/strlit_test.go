package corpus

import (
	"hash/crc32"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func crc32IEEE(b []byte) uint32 { return crc32.ChecksumIEEE(b) }

func TestUnquote(t *testing.T) {
	tests := []struct {
		name, in, want, rest string
		err                  bool
	}{
		{name: "plain", in: `"abc"x`, want: "abc", rest: "x"},
		{name: "empty", in: `""`, want: ""},
		{name: "escapes", in: `"\"\\\/\b\f\n\r\t"`, want: "\"\\/\b\f\n\r\t"},
		{name: "bmp", in: `"caf\u00e9 \u65E5"`, want: "café 日"},
		{name: "pair", in: `"\ud83d\ude00"`, want: "😀"},
		{name: "lone high", in: `"\ud83dx"`, want: "\uFFFDx"},
		{name: "lone low", in: `"\ude00"`, want: "\uFFFD"},
		{name: "high then bmp", in: `"\ud83d\u0041"`, want: "\uFFFDA"},
		{name: "high at end", in: `"\ud83d"`, want: "\uFFFD"},
		{name: "raw invalid UTF-8 kept", in: "\"\xff\xfe\xed\xa0\x80\"", want: "\xff\xfe\xed\xa0\x80"},
		{name: "raw UTF-8 kept", in: `"日本"`, want: "日本"},
		{name: "not closed", in: `"abc`, err: true},
		{name: "dangling backslash", in: `"abc\`, err: true},
		{name: "bad escape", in: `"\x"`, err: true},
		{name: "short unicode", in: `"\u12"`, err: true},
		{name: "no quote", in: `abc`, err: true},
		{name: "high then cut", in: `"\ud83d\u`, err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, rest, err := unquote([]byte(tt.in))
			if tt.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
			assert.Equal(t, tt.rest, string(rest))
		})
	}
}

func TestParseStringMap(t *testing.T) {
	got, err := parseStringMap([]byte("{\n\t\"b\": \"\xff\\\"\",\n\t\"a\" : \"\\u00e9\"\n}\n"))
	require.NoError(t, err)
	assert.Equal(t, []File{{Name: "a", Data: []byte("é")}, {Name: "b", Data: []byte("\xff\"")}}, got)

	for _, bad := range []string{``, `[]`, `{"a":1}`, `{"a":"x"`, `{"a":"x",}`, `{"a" "x"}`, `{"a":"x"} x`, `{"a":"x","a":"y"}`} {
		_, err := parseStringMap([]byte(bad))
		assert.Error(t, err, bad)
	}
}

func TestPartialArgs(t *testing.T) {
	str := func(s string) *string { return &s }
	yes := true
	tests := []struct {
		name string
		in   []partialArg
		want string
		err  bool
	}{{
		name: "strings appended, order kept",
		in: []partialArg{{JSONPath: "$.b", StringValue: str("x\"")}, {JSONPath: "$.a", NumberValue: []byte("1.50")},
			{JSONPath: "$.b", StringValue: str("y\n")}},
		want: `{"b":"x\"y\n","a":1.50}`,
	}, {
		name: "nested and arrays",
		in: []partialArg{{JSONPath: "$.o.p[1]", BoolValue: &yes}, {JSONPath: "$['q r'][0].s", NullValue: []byte(`"NULL_VALUE"`)},
			{JSONPath: `$["t"]`, StringValue: str("<&>")}},
		want: `{"o":{"p":[null,true]},"q r":[{"s":null}],"t":"<&>"}`,
	}, {
		name: "control characters escaped",
		in:   []partialArg{{JSONPath: "$.c", StringValue: str("\x01\t")}},
		want: `{"c":"\u0001\t"}`,
	}, {
		name: "root path", in: []partialArg{{JSONPath: "$", StringValue: str("x")}}, err: true,
	}, {
		name: "no dollar", in: []partialArg{{JSONPath: "a", StringValue: str("x")}}, err: true,
	}, {
		name: "bad index", in: []partialArg{{JSONPath: "$.a[x]", StringValue: str("x")}}, err: true,
	}, {
		name: "unclosed bracket", in: []partialArg{{JSONPath: "$['a", StringValue: str("x")}}, err: true,
	}, {
		name: "index into object", in: []partialArg{{JSONPath: "$.a.b", StringValue: str("x")}, {JSONPath: "$.a[0]", StringValue: str("y")}}, err: true,
	}, {
		name: "padding at the bound", in: []partialArg{{JSONPath: "$.a[65536]", StringValue: str("x")}},
		want: `{"a":[` + strings.Repeat("null,", maxPadding) + `"x"]}`,
	}, {
		name: "padding past the bound", in: []partialArg{{JSONPath: "$.a[999999999]", StringValue: str("x")}}, err: true,
	}, {
		name: "padding past the bound in all", in: []partialArg{{JSONPath: "$.a[40000]", StringValue: str("x")}, {JSONPath: "$.b[30000]", StringValue: str("x")}}, err: true,
	}, {
		// A path of a million steps took 694 MB, eight million overflowed
		// the stack; steps and nodes are bounded.
		name: "steps at the bound", in: []partialArg{{JSONPath: "$" + strings.Repeat(".a", maxPathSteps), StringValue: str("x")}},
		want: strings.Repeat(`{"a":`, maxPathSteps) + `"x"` + strings.Repeat("}", maxPathSteps),
	}, {
		name: "steps past the bound", in: []partialArg{{JSONPath: "$" + strings.Repeat(".a", maxPathSteps+1), StringValue: str("x")}}, err: true,
	}, {
		name: "nodes past the bound in all", in: func() (pas []partialArg) {
			for i := range maxNodes/maxPathSteps + 1 {
				pas = append(pas, partialArg{JSONPath: "$.k" + strconv.Itoa(i) + strings.Repeat(".a", maxPathSteps-1), StringValue: str("x")})
			}
			return pas
		}(), err: true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := newPartialObj()
			left := newTreeBudget()
			var err error
			for _, pa := range tt.in {
				if err = o.apply(pa, &left); err != nil {
					break
				}
			}
			if tt.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(o.json()))
		})
	}
}

func TestLoneSurrogate(t *testing.T) {
	for _, tt := range []struct {
		lit  string
		want int
	}{
		{`"abc"`, -1},
		{`"\ud83d\ude00"`, -1},
		{`"a\ud83d\ude00\u00e9"`, -1},
		{`"\ud800"`, 1},
		{`"ab\ude00"`, 3},
		{`"\ud83d\u0041"`, 1},
		{`"\ud83d\ud83d\ude00"`, 1},
		{`"\\ud800"`, -1}, // an escaped backslash, then text
		{`"\\\ud800"`, 3},
		{`"\ud83d`, 1}, // cut short: no pair
	} {
		assert.Equal(t, tt.want, loneSurrogate([]byte(tt.lit)), tt.lit)
	}
	_, _, err := argText([]byte(`"{\"a\":\"\ud800\"}"`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unpaired surrogate escape \ud800 at byte 10`)
	text, ok, err := argText([]byte(`"{\"a\":\"\ud83d\ude00\"}"`))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "{\"a\":\"\U0001F600\"}", string(text))
}
