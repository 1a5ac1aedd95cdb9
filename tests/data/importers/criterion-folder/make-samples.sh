#!/bin/sh
# Makes the criterion.rs samples here with Debian's cargo and criterion 0.3
# (librust-criterion-dev), offline: a tiny crate with a group of three sorts
# over two input sizes and one plain function, then copies target/criterion
# (benchmark.json, estimates.json, sample.json, tukey.json; no HTML report).
# Usage: sh make-samples.sh   (as root, or with cargo and the package installed)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
crate=sorts
. "$here/../criterion-offline.sh"
cat > "$work/benches/sorts.rs" <<'RS'
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;

fn data(n: usize) -> Vec<u64> {
    let mut x = 0x2545F4914F6CDD1Du64;
    (0..n).map(|_| { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x }).collect()
}

fn sorts(c: &mut Criterion) {
    let mut g = c.benchmark_group("sort");
    for n in [100usize, 10000] {
        let v = data(n);
        g.bench_with_input(BenchmarkId::new("std_stable", n), &v, |b, v| b.iter(|| { let mut w = v.clone(); w.sort(); w }));
        g.bench_with_input(BenchmarkId::new("std_unstable", n), &v, |b, v| b.iter(|| { let mut w = v.clone(); w.sort_unstable(); w }));
    }
    g.finish();
}

fn sum(c: &mut Criterion) {
    let v = data(1000);
    c.bench_function("sum 1000", |b| b.iter(|| black_box(&v).iter().fold(0u64, |a, x| a.wrapping_add(*x))));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = sorts, sum
}
criterion_main!(benches);
RS
criterion_bench --noplot
criterion_keep_tree "$here"
