package resume_test

import (
	"encoding/json"
	"fmt"
	"strings"
)

// toolargs is a made-up 20 KB tool-call argument object of the kind that
// streams slowly: a file write with long strings in CJK, emoji and
// escapes, arrays of small objects, and numbers. It is built here, not
// copied from anywhere.
var toolargs = func() string {
	var b strings.Builder
	b.WriteString(`{"path":"docs/\u65e5\u672c\u8a9e/README.md","mode":"overwrite","content":"`)
	lines := []string{
		`# 東京タワーの歴史 🗼\n`,
		`他の言語: Ελληνικά, Русский, 한국어, العربية — \"quoted\" and \\backslashed\\ text.\n`,
		`表情: 😀🎉👩‍💻🇯🇵 \ud83d\ude80 tab\there\n`,
		`func main() {\n\tfmt.Println(\"こんにちは, 世界\")\n}\n`,
		`価格は ¥1,280 (税込) です。\u00e9\u00e8 \/ path\/to\n`,
	}
	for i := 0; b.Len() < 9000; i++ {
		b.WriteString(lines[i%len(lines)])
	}
	b.WriteString(`","items":[`)
	for i := 0; b.Len() < 16500; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"sku":"SKU-%05d","名前":"商品%d ✓","price":%d.%02d,"qty":%d,"ok":%t,"tags":["a","β","😀"],"w":-1.5e-3}`,
			i, i*7, i, 100+i*3, i%100, i%9, i%3 == 0)
	}
	b.WriteString(`],"matrix":[`)
	for i := 0; b.Len() < 19800; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `[%d,%d.5,-%de%d,null]`, i, i*31, i%17, i%5)
	}
	b.WriteString(`],"dry_run":false,"note":null}`)
	s := b.String()
	if !json.Valid([]byte(s)) {
		panic("toolargs is not valid JSON")
	}
	return s
}()
