#include "jsonaccess.h"

#include "jsontypename.h"

#include <cmath>

namespace bs {

const JsonAccess::json &JsonAccess::object(const json &v, const std::string &path)
{
    if (!v.is_object())
        throw ImportFailure{path, std::string("expected an object, found ") + jsonTypeName(v)};
    return v;
}

const JsonAccess::json &JsonAccess::array(const json &v, const std::string &path)
{
    if (!v.is_array())
        throw ImportFailure{path, std::string("expected an array, found ") + jsonTypeName(v)};
    return v;
}

const JsonAccess::json &JsonAccess::member(const json &obj, const std::string &key, const std::string &path)
{
    object(obj, path);
    auto it = obj.find(key);
    if (it == obj.end())
        throw ImportFailure{path, "missing required field \"" + key + "\""};
    return *it;
}

const JsonAccess::json *JsonAccess::optMember(const json &obj, const std::string &key)
{
    if (!obj.is_object())
        return nullptr;
    auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
}

double JsonAccess::number(const json &v, const std::string &path)
{
    if (!v.is_number())
        throw ImportFailure{path, std::string("expected a number, found ") + jsonTypeName(v)};
    const double d = v.get<double>();
    if (!std::isfinite(d))
        throw ImportFailure{path, "expected a finite number"};
    return d;
}

double JsonAccess::numberAt(const json &obj, const std::string &key, const std::string &path)
{
    return number(member(obj, key, path), path + "." + key);
}

std::optional<double> JsonAccess::optNumber(const json &obj, const std::string &key, const std::string &path)
{
    const json *v = optMember(obj, key);
    if (!v)
        return std::nullopt;
    return number(*v, path + "." + key);
}

std::string JsonAccess::string(const json &v, const std::string &path)
{
    if (!v.is_string())
        throw ImportFailure{path, std::string("expected a string, found ") + jsonTypeName(v)};
    return v.get<std::string>();
}

std::string JsonAccess::stringAt(const json &obj, const std::string &key, const std::string &path)
{
    return string(member(obj, key, path), path + "." + key);
}

std::string JsonAccess::optString(const json &obj, const std::string &key, const std::string &path)
{
    const json *v = optMember(obj, key);
    return v ? string(*v, path + "." + key) : std::string();
}

bool JsonAccess::hasAll(const json &obj, std::initializer_list<const char *> keys)
{
    if (!obj.is_object())
        return false;
    for (const char *k : keys)
        if (!obj.contains(k))
            return false;
    return true;
}

} // namespace bs
