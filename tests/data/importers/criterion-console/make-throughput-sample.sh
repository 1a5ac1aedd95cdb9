#!/bin/sh
# Makes criterion-console/local_criterion-0.3.6_throughput_second-run.txt
# with Debian's cargo and criterion 0.3.6 (librust-criterion-dev), offline:
# a tiny crate with a group measured in bytes and one in elements, run
# twice; the second run's output (cargo's lines and criterion's, 2>&1, as
# a CI log keeps them) compares each benchmark with the first, so with a
# throughput criterion prints its "change:" block (time and thrpt in %).
# Usage: sh make-throughput-sample.sh   (as root, or with cargo and the package installed)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
crate=sums
. "$here/../criterion-offline.sh"
cat > "$work/benches/sums.rs" <<'RS'
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

fn bytes(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 7919 % 251) as u8).collect()
}

fn checksum(c: &mut Criterion) {
    let mut g = c.benchmark_group("checksum");
    for n in [64usize, 65536] {
        let v = bytes(n);
        g.throughput(Throughput::Bytes(n as u64));
        g.bench_with_input(BenchmarkId::new("adler", n), &v, |b, v| {
            b.iter(|| {
                let (mut a, mut s) = (1u32, 0u32);
                for x in black_box(v) {
                    a = (a + *x as u32) % 65521;
                    s = (s + a) % 65521;
                }
                (s << 16) | a
            })
        });
    }
    g.finish();
}

fn parse(c: &mut Criterion) {
    let words: Vec<String> = (0..1000).map(|i| (i * 31).to_string()).collect();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(words.len() as u64));
    g.bench_function("u32 from str", |b| b.iter(|| black_box(&words).iter().map(|w| w.parse::<u32>().unwrap()).sum::<u32>()));
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = checksum, parse
}
criterion_main!(benches);
RS
criterion_bench --noplot >/dev/null 2>&1
criterion_bench --noplot > "$here/local_criterion-0.3.6_throughput_second-run.txt" 2>&1
