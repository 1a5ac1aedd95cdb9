//go:build after

package textjoin

import "strings"

// Join concatenates the words with sep between them into one buffer sized up
// front (the "after" of the sample diff: one allocation instead of many).
func Join(words []string, sep string) string {
	n := len(sep) * (len(words) - 1)
	for _, w := range words {
		n += len(w)
	}
	var b strings.Builder
	b.Grow(n)
	for i, w := range words {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(w)
	}
	return b.String()
}
