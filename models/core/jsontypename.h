#pragma once

#include <nlohmann/json.hpp>

namespace bs {

// "a string", "an object", "null"...: how errors name what they found, the
// same in the capture reader, the importers and the runner's suite reader.
const char *jsonTypeName(const nlohmann::json &value);

} // namespace bs
