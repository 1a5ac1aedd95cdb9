#include "jsontypename.h"

namespace bs {

const char *jsonTypeName(nlohmann::json::value_t type)
{
    using json = nlohmann::json;
    switch (type) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return "a number";
    default: return "an unsupported value";
    }
}

} // namespace bs
