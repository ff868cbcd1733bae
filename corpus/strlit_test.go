package corpus

import (
	"hash/crc32"
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
