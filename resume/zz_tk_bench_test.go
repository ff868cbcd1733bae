package resume_test

import (
	"testing"

	"github.com/deltajson/deltajson/tokenizer"
)

func BenchmarkZZTokenizer(b *testing.B) {
	doc := []byte(toolargs)
	for _, n := range []int{1, len(doc)} {
		b.Run("", func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			ntok := 0
			for b.Loop() {
				tk := tokenizer.New(tokenizer.Options{})
				for i := 0; i < len(doc); i += n {
					tk.Feed(doc[i:min(i+n, len(doc))])
					for {
						_, err := tk.Next()
						if err != nil {
							break
						}
						ntok++
					}
				}
			}
			b.ReportMetric(float64(ntok)/float64(b.N), "tok/op")
		})
	}
}
