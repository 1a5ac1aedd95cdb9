//go:build !after

package textjoin

// Join concatenates the words with sep between them, growing the result one
// word at a time (the "before" of the sample diff).
func Join(words []string, sep string) string {
	out := ""
	for i, w := range words {
		if i > 0 {
			out += sep
		}
		out += w
	}
	return out
}
