// The allocator's settings, read by jemalloc when the program starts.
//
// Loading a history of thousands of captures, or a large capture, makes
// hundreds of MB of small objects (maps of metrics per repetition, steps
// with their words). With 4 KiB pages each first touch of new memory is a
// page fault, and on the 2-core VM a fault costs about 10 µs: with glibc's
// malloc a third of a warm history of 2,000 captures went to them, and
// the TLB misses showed in user time too. jemalloc backs its memory with
// transparent huge pages (2 MiB; `thp:always` asks for them with
// MADV_HUGEPAGE, which the kernel's default "madvise" mode honours), which
// took that history from about 2.1 s to 1.5 s (docs/history.md has the figures).
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's (its malloc_conf).
const char *malloc_conf = "thp:always,metadata_thp:auto";
}
