#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace bs {

// One file handed to the importers: its decoded text and, when the text is
// JSON, the parsed document (or the part of it a wrapper holds).
struct ImportInput {
    std::string path;                      // the file, as given; names it in errors
    const std::string &text;               // decoded (gunzipped) content, not copied
    const nlohmann::json *json = nullptr;  // null when the text is not JSON
    std::string jsonPath = "$";            // where `json` sits in the file ("$.stdout.value")
    std::size_t nonFiniteValues = 0;       // bare NaN/Infinity tokens read as null

    // "$.stdout.value" + ".summary" → "$.stdout.value.summary"
    std::string at(const std::string &relative) const { return jsonPath + relative; }
};

} // namespace bs
