#include "jsonnode.h"

#include "jsontypename.h"

#include <cmath>
#include <limits>
#include <set>

namespace bs {

namespace {

// The capture reader's parser stands a histogram's bucket list in for
// {"$buckets": index}; it is no object to the reader.
template <class Json>
bool isObject(const Json &v)
{
    return v.is_object() && !v.contains("$buckets");
}

template <class Json>
std::string found(const Json &v)
{
    return v.is_object() && v.contains("$buckets") ? "a bucket array" : jsonTypeName(v.type());
}

} // namespace

template <class Json>
BasicJsonNode<Json>::BasicJsonNode(const Json &value, std::string path) : m_value(value), m_path(std::move(path))
{
}

template <class Json>
const BasicJsonNode<Json> &BasicJsonNode<Json>::object() const
{
    if (!isObject(m_value))
        fail("expected an object, found " + found(m_value));
    return *this;
}

template <class Json>
const BasicJsonNode<Json> &BasicJsonNode<Json>::array() const
{
    if (!m_value.is_array())
        fail("expected an array, found " + found(m_value));
    return *this;
}

template <class Json>
std::string BasicJsonNode<Json>::string() const
{
    if (!m_value.is_string())
        fail("expected a string, found " + found(m_value));
    return m_value.template get<std::string>();
}

template <class Json>
double BasicJsonNode<Json>::number() const
{
    if (!m_value.is_number())
        fail("expected a number, found " + found(m_value));
    const double d = m_value.template get<double>();
    if (!std::isfinite(d))
        fail("expected a finite number");
    return d;
}

template <class Json>
long long BasicJsonNode<Json>::integer(long long min, long long max) const
{
    if (!m_value.is_number())
        fail("expected a whole number, found " + found(m_value));
    const double d = number();
    if (d != std::floor(d) || d < double(min) || d > double(max)) {
        const std::string range = max == std::numeric_limits<long long>::max()
            ? "of at least " + std::to_string(min)
            : "from " + std::to_string(min) + " to " + std::to_string(max);
        fail("expected a whole number " + range + ", found " + m_value.dump());
    }
    return static_cast<long long>(d);
}

template <class Json>
bool BasicJsonNode<Json>::boolean() const
{
    if (!m_value.is_boolean())
        fail("expected true or false, found " + found(m_value));
    return m_value.template get<bool>();
}

template <class Json>
bool BasicJsonNode<Json>::has(const std::string &key) const
{
    if (!isObject(m_value))
        return false;
    auto it = m_value.find(key);
    return it != m_value.end() && !it->is_null();
}

template <class Json>
bool BasicJsonNode<Json>::hasAll(std::initializer_list<const char *> keys) const
{
    for (const char *key : keys)
        if (!has(key))
            return false;
    return true;
}

template <class Json>
BasicJsonNode<Json> BasicJsonNode<Json>::member(const std::string &key) const
{
    object();
    auto it = m_value.find(key);
    if (it == m_value.end())
        fail("missing required field \"" + key + "\"");
    return BasicJsonNode(*it, pathOf(key));
}

template <class Json>
std::optional<BasicJsonNode<Json>> BasicJsonNode<Json>::optMember(const std::string &key) const
{
    object();
    auto it = m_value.find(key);
    if (it == m_value.end() || it->is_null())
        return std::nullopt;
    return BasicJsonNode(*it, pathOf(key));
}

template <class Json>
std::string BasicJsonNode<Json>::string(const std::string &key) const
{
    return member(key).string();
}

template <class Json>
std::string BasicJsonNode<Json>::nonEmptyString(const std::string &key) const
{
    std::string s = string(key);
    if (s.empty())
        fail(key, "must not be empty");
    return s;
}

template <class Json>
std::string BasicJsonNode<Json>::optString(const std::string &key, const std::string &fallback) const
{
    auto m = optMember(key);
    return m ? m->string() : fallback;
}

template <class Json>
double BasicJsonNode<Json>::number(const std::string &key) const
{
    return member(key).number();
}

template <class Json>
std::optional<double> BasicJsonNode<Json>::optNumber(const std::string &key) const
{
    auto m = optMember(key);
    return m ? std::optional<double>(m->number()) : std::nullopt;
}

template <class Json>
long long BasicJsonNode<Json>::integer(const std::string &key, long long min, long long max) const
{
    return member(key).integer(min, max);
}

template <class Json>
std::optional<long long> BasicJsonNode<Json>::optInteger(const std::string &key, long long min,
                                                         long long max) const
{
    auto m = optMember(key);
    return m ? std::optional<long long>(m->integer(min, max)) : std::nullopt;
}

template <class Json>
bool BasicJsonNode<Json>::boolean(const std::string &key) const
{
    return member(key).boolean();
}

template <class Json>
std::optional<bool> BasicJsonNode<Json>::optBoolean(const std::string &key) const
{
    auto m = optMember(key);
    return m ? std::optional<bool>(m->boolean()) : std::nullopt;
}

template <class Json>
std::vector<std::string> BasicJsonNode<Json>::optStrings(const std::string &key) const
{
    std::vector<std::string> out;
    auto list = optMember(key);
    if (!list)
        return out;
    if (!list->m_value.is_array())
        list->fail("expected an array of strings, found " + found(list->m_value));
    for (const BasicJsonNode &s : list->elements())
        out.push_back(s.string());
    return out;
}

template <class Json>
void BasicJsonNode<Json>::allowOnly(std::initializer_list<const char *> keys) const
{
    const std::set<std::string> known(keys.begin(), keys.end());
    for (const auto &item : object().m_value.items())
        if (!known.count(item.key()))
            fail(item.key(), "unknown field \"" + item.key() + "\"");
}

template <class Json>
std::vector<BasicJsonNode<Json>> BasicJsonNode<Json>::elements() const
{
    array();
    std::vector<BasicJsonNode> out;
    out.reserve(m_value.size());
    for (std::size_t i = 0; i < m_value.size(); ++i)
        out.emplace_back(m_value[i], m_path + "[" + std::to_string(i) + "]");
    return out;
}

template <class Json>
std::vector<std::pair<std::string, BasicJsonNode<Json>>> BasicJsonNode<Json>::members() const
{
    object();
    std::vector<std::pair<std::string, BasicJsonNode>> out;
    for (const auto &item : m_value.items())
        out.emplace_back(item.key(), BasicJsonNode(item.value(), pathOf(item.key())));
    return out;
}

template <class Json>
void BasicJsonNode<Json>::fail(const std::string &message) const
{
    throw InputFailure{m_path, message};
}

template <class Json>
void BasicJsonNode<Json>::fail(const std::string &key, const std::string &message) const
{
    throw InputFailure{pathOf(key), message};
}

template class BasicJsonNode<nlohmann::json>;
template class BasicJsonNode<nlohmann::ordered_json>;

} // namespace bs
