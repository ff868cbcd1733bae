package corpus

import (
	"fmt"
	"strings"
)

// ToolArgs returns a made-up tool-call argument object of about size
// bytes (never less), of the kind that streams slowly: a file write whose
// content string holds CJK, emoji and escapes, an array of small objects,
// and a matrix of numbers, in the proportions 45:38:17. The same size
// always gives the same bytes. Benchmarks and the CLI's bench use it; the
// 20 KB one is the "toolargs" document of BenchmarkStream.
func ToolArgs(size int) []byte {
	var b strings.Builder
	b.Grow(size + 256)
	b.WriteString(`{"path":"docs/\u65e5\u672c\u8a9e/README.md","mode":"overwrite","content":"`)
	lines := []string{
		`# 東京タワーの歴史 🗼\n`,
		`他の言語: Ελληνικά, Русский, 한국어, العربية — \"quoted\" and \\backslashed\\ text.\n`,
		`表情: 😀🎉👩‍💻🇯🇵 \ud83d\ude80 tab\there\n`,
		`func main() {\n\tfmt.Println(\"こんにちは, 世界\")\n}\n`,
		`価格は ¥1,280 (税込) です。\u00e9\u00e8 \/ path\/to\n`,
	}
	for i := 0; b.Len() < size*45/100; i++ {
		b.WriteString(lines[i%len(lines)])
	}
	b.WriteString(`","items":[`)
	for i := 0; b.Len() < size*83/100; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"sku":"SKU-%05d","名前":"商品%d ✓","price":%d.%02d,"qty":%d,"ok":%t,"tags":["a","β","😀"],"w":-1.5e-3}`,
			i, i*7, i, 100+i*3, i%100, i%9, i%3 == 0)
	}
	b.WriteString(`],"matrix":[`)
	const tail = `],"dry_run":false,"note":null}`
	for i := 0; i == 0 || b.Len()+len(tail) < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `[%d,%d.5,-%de%d,null]`, i, i*31, i%17, i%5)
	}
	b.WriteString(tail)
	return []byte(b.String())
}
