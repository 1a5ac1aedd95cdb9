# Sourced by the criterion.rs sample scripts (criterion-folder/,
# criterion-repeated-id-folder/, criterion-console/): installs Debian's cargo and
# criterion 0.3.6 (librust-criterion-dev) when missing, and makes "$work", a
# crate named "$crate" (set by the caller) whose bench target "$crate"
# (benches/$crate.rs, written by the caller) builds offline against Debian's
# registry; "$work" is removed on exit.
if ! command -v cargo >/dev/null || [ ! -d /usr/share/cargo/registry/criterion-0.3.6 ]; then
    apt-get install -y --no-install-recommends cargo librust-criterion-dev
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.cargo" "$work/benches" "$work/src"
cat > "$work/.cargo/config.toml" <<'TOML'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
[net]
offline = true
TOML
cat > "$work/Cargo.toml" <<TOML
[package]
name = "$crate"
version = "0.1.0"
edition = "2018"
[dev-dependencies]
criterion = { version = "0.3", default-features = false }
[[bench]]
name = "$crate"
harness = false
TOML
echo "" > "$work/src/lib.rs"

# Runs the crate's benchmarks (criterion's arguments after --).
criterion_bench() {
    (cd "$work" && CARGO_HOME="$work/.cargo" nice cargo bench --offline -j 1 --bench "$crate" -- "$@")
}

# Copies target/criterion into "$1"/target without the HTML report, with the versions.
criterion_keep_tree() {
    rm -rf "$1/target"
    mkdir -p "$1/target"
    cp -r "$work/target/criterion" "$1/target/"
    find "$1/target" -name '*.svg' -delete -o -name '*.html' -delete
    find "$1/target" -type d -name report -empty -delete
    rustc --version > "$1/target/VERSION"
    echo "criterion 0.3.6 (Debian librust-criterion-dev $(dpkg-query -W -f '${Version}' librust-criterion-dev))" >> "$1/target/VERSION"
}
