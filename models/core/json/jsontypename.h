#pragma once

#include <nlohmann/json.hpp>

namespace bs {

// "a string", "an object", "null"...: how errors name what they found, the
// same in every reader (JsonNode, the progress parser).
const char *jsonTypeName(nlohmann::json::value_t type);
inline const char *jsonTypeName(const nlohmann::json &value) { return jsonTypeName(value.type()); }

} // namespace bs
