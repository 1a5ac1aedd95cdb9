#pragma once

#include <cstddef>
#include <string>

namespace bs {

// The bare NaN, Infinity and -Infinity tokens some tools write into their
// JSON (Google Benchmark, asv), which JSON has no place for.
namespace NonFiniteTokens {

// Replaces each such token outside strings: NaN by `nanAs`, Infinity and
// -Infinity by `infinityAs` (JSON text, such as "null"). Returns how many
// were replaced.
std::size_t replace(std::string &text, const std::string &nanAs, const std::string &infinityAs);

} // namespace NonFiniteTokens

} // namespace bs
