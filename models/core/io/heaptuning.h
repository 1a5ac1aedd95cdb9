#pragma once

namespace bs {

// How the C library's allocator keeps memory, set once at the start of each
// program (before any thread). Loading a history or a large capture
// allocates and frees hundreds of MB in small pieces; by default glibc
// gives the top of the heap back to the kernel whenever 128 KiB are free
// there and maps every block over 128 KiB anew, so the same memory is
// faulted in again and again (on the 2-core VM a page fault costs about
// 10 µs: a third of a warm history of 2,000 captures went to them). Kept
// instead: the heap grows 64 MiB at a time, is trimmed only past 256 MiB
// free, and blocks under 32 MiB come from it. docs/history.md has the figures.
// Elsewhere than glibc it does nothing.
namespace HeapTuning {

void apply();

} // namespace HeapTuning

} // namespace bs
