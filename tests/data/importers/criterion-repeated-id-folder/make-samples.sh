#!/bin/sh
# Makes criterion-repeated-id-folder/target/criterion with Debian's cargo and
# criterion 0.3.6 (librust-criterion-dev), offline: a group whose one
# function is measured three times under the same id over inputs of 8, 64
# and 512 bytes (an id used again in one run, as public trees show it:
# criterion titles them "<id> #2", "<id> #3" and keeps them in "<name>_2",
# "<name>_3"). The HTML report is removed; base/ and raw.csv are kept, as in
# criterion-folder/.
# Usage: sh make-samples.sh   (as root, or with cargo and the package installed)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
crate=hashes
. "$here/../criterion-offline.sh"
cat > "$work/benches/hashes.rs" <<'RS'
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf29ce484222325u64, |h, b| (h ^ *b as u64).wrapping_mul(0x100000001b3))
}

fn hashes(c: &mut Criterion) {
    let mut g = c.benchmark_group("hash64");
    for n in [8usize, 64, 512] {
        let data: Vec<u8> = (0..n).map(|i| i as u8).collect();
        g.throughput(Throughput::Bytes(n as u64));
        g.bench_function("fnv1a", |b| b.iter(|| fnv1a(black_box(&data))));
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = hashes
}
criterion_main!(benches);
RS
criterion_bench --noplot
criterion_keep_tree "$here"
