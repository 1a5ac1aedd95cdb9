//go:build fail

package textjoin

import "testing"

var flakyRuns int

// Fails on the second of its -count runs (each run starts with b.N == 1).
func BenchmarkFlaky(b *testing.B) {
	if b.N == 1 {
		flakyRuns++
	}
	if flakyRuns == 2 {
		b.Fatal("injected failure on the second run")
	}
	for i := 0; i < b.N; i++ {
		Join([]string{"a", "b"}, ",")
	}
}

// Always fails: a benchmark whose every run is an error.
func BenchmarkBroken(b *testing.B) {
	b.Fatal("injected failure on every run")
}
