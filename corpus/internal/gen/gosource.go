package main

import (
	"fmt"
	"strings"
)

// goSource makes a Go source file of at least n bytes, written here rather
// than copied from anywhere. It is full of what JSON must escape: tabs,
// newlines, quotes, backslashes, plus non-ASCII comments.
func goSource(n int) string {
	var b strings.Builder
	b.WriteString("// Package demo is a generated stand-in for a real source file.\n")
	b.WriteString("package demo\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n")
	words := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"}
	for i := 0; b.Len() < n; i++ {
		w := words[i%len(words)]
		fmt.Fprintf(&b, "// %s%d joins parts with a tab. Grüße, 日本語, ✓ %d.\n", strings.ToUpper(w[:1])+w[1:], i, i)
		fmt.Fprintf(&b, "func %s%d(parts []string) string {\n", strings.ToUpper(w[:1])+w[1:], i)
		fmt.Fprintf(&b, "\tif len(parts) == 0 {\n\t\treturn \"\\\"empty\\\"\\n\"\n\t}\n")
		fmt.Fprintf(&b, "\tsep := '\\t'\n\tpath := `C:\\dir\\%s`\n", w)
		fmt.Fprintf(&b, "\treturn fmt.Sprintf(\"%%s|%%c|%%q\\n\", strings.Join(parts, \"\\\\\"), sep, path)\n}\n\n")
	}
	return b.String()
}
