package textjoin

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

func words(n int) []string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("word%d", i)
	}
	return w
}

// Sub-benchmarks by size; SetBytes makes go test print MB/s.
func BenchmarkJoin(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		w := words(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(strings.Join(w, ","))))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Join(w, ",")
			}
		})
	}
}

// A custom unit through ReportMetric: comparisons per sort.
func BenchmarkSortWords(b *testing.B) {
	w := words(500)
	comparisons := 0
	for i := 0; i < b.N; i++ {
		c := append([]string(nil), w...)
		sort.Slice(c, func(x, y int) bool { comparisons++; return c[x] > c[y] })
	}
	b.ReportMetric(float64(comparisons)/float64(b.N), "cmps/op")
}
