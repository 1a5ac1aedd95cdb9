#include "suitefile.h"

#include "compactjsonparser.h"
#include "fileio.h"

#include "jsontypename.h"
#include "sha256.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <set>

namespace bs {

namespace {

using json = nlohmann::json;

struct Failure {
    std::string place;
    std::string message;
};

std::string resolve(const std::string &directory, const std::string &path)
{
    if (path.empty() || path[0] == '/' || directory.empty())
        return path;
    return directory + "/" + path;
}

// Field access that names the field on every mistake, and refuses unknown
// fields so that a typo does not silently fall back to a default.
class Object {
public:
    Object(const json &v, std::string path) : m_v(v), m_path(std::move(path))
    {
        if (!v.is_object())
            throw Failure{m_path, "expected an object, found " + std::string(jsonTypeName(v))};
    }

    void allow(std::initializer_list<const char *> keys) const
    {
        std::set<std::string> known(keys.begin(), keys.end());
        for (const auto &item : m_v.items())
            if (!known.count(item.key()))
                throw Failure{at(item.key()), "unknown field \"" + item.key() + "\""};
    }

    std::string at(const std::string &key) const { return m_path + "." + key; }
    bool has(const char *key) const { return m_v.contains(key); }
    const json &get(const char *key) const { return m_v.at(key); }

    std::string string(const char *key, const std::string &fallback = {}) const
    {
        if (!has(key))
            return fallback;
        if (!get(key).is_string())
            throw Failure{at(key), "expected a string, found " + std::string(jsonTypeName(get(key)))};
        return get(key).get<std::string>();
    }
    std::string requiredString(const char *key) const
    {
        if (!has(key))
            throw Failure{m_path, std::string("missing required field \"") + key + "\""};
        const std::string s = string(key);
        if (s.empty())
            throw Failure{at(key), "must not be empty"};
        return s;
    }
    double number(const char *key, double fallback, double min, bool exclusiveMin = false) const
    {
        if (!has(key))
            return fallback;
        const json &v = get(key);
        if (!v.is_number())
            throw Failure{at(key), "expected a number, found " + std::string(jsonTypeName(v))};
        const double d = v.get<double>();
        if (!std::isfinite(d) || d < min || (exclusiveMin && d == min))
            throw Failure{at(key), "expected a number " + std::string(exclusiveMin ? "above " : "of at least ")
                                       + json(min).dump() + ", found " + v.dump()};
        return d;
    }
    int integer(const char *key, int fallback, int min) const
    {
        if (!has(key))
            return fallback;
        const json &v = get(key);
        if (!v.is_number_integer() || v.get<long long>() < min || v.get<long long>() > 1000000)
            throw Failure{at(key), "expected a whole number of at least " + std::to_string(min) + ", found " + v.dump()};
        return v.get<int>();
    }
    bool boolean(const char *key, bool fallback) const
    {
        if (!has(key))
            return fallback;
        if (!get(key).is_boolean())
            throw Failure{at(key), "expected true or false, found " + std::string(jsonTypeName(get(key)))};
        return get(key).get<bool>();
    }
    std::vector<std::string> strings(const char *key) const
    {
        std::vector<std::string> out;
        if (!has(key))
            return out;
        const json &v = get(key);
        if (!v.is_array())
            throw Failure{at(key), "expected an array of strings, found " + std::string(jsonTypeName(v))};
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_string())
                throw Failure{at(key) + "[" + std::to_string(i) + "]", "expected a string, found " + std::string(jsonTypeName(v[i]))};
            out.push_back(v[i].get<std::string>());
        }
        return out;
    }
    // A whole number, or a non-empty array of distinct ones (connection levels).
    std::vector<int> integers(const char *key, int min) const
    {
        if (!has(key))
            return {};
        if (!get(key).is_array())
            return {integer(key, 0, min)};
        const json &v = get(key);
        std::vector<int> out;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string place = at(key) + "[" + std::to_string(i) + "]";
            if (!v[i].is_number_integer() || v[i].get<long long>() < min || v[i].get<long long>() > 1000000)
                throw Failure{place, "expected a whole number of at least " + std::to_string(min) + ", found " + v[i].dump()};
            if (std::find(out.begin(), out.end(), v[i].get<int>()) != out.end())
                throw Failure{place, "level " + v[i].dump() + " is given twice"};
            out.push_back(v[i].get<int>());
        }
        if (out.empty())
            throw Failure{at(key), "expected a whole number or a non-empty array of them"};
        return out;
    }
    std::map<std::string, std::string> stringMap(const char *key) const
    {
        std::map<std::string, std::string> out;
        if (!has(key))
            return out;
        const Object o(get(key), at(key));
        for (const auto &item : get(key).items())
            out[item.key()] = o.string(item.key().c_str());
        return out;
    }

private:
    const json &m_v;
    std::string m_path;
};

void checkId(const std::string &id, const std::string &place)
{
    for (char c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
            throw Failure{place, "expected letters, digits, '-', '_' or '.', found \"" + id + "\""};
}

RunSettings settings(const Object &o, std::vector<int> &levels)
{
    o.allow({"mode", "connections", "level_tabs", "threads", "warmup_s", "duration_s", "rate", "repetitions",
             "run_order", "cpu_set_server", "cpu_set_client", "timeout_s", "ready_deadline_s", "stop_grace_s",
             "restart"});
    RunSettings s;
    s.mode = o.string("mode", s.mode);
    if (s.mode != "saturation" && s.mode != "fixed-rate")
        throw Failure{o.at("mode"), "expected \"saturation\" or \"fixed-rate\", found \"" + s.mode + "\""};
    levels = o.integers("connections", 1);
    if (levels.size() == 1)
        s.connections = levels.front();
    s.levelTabs = o.string("level_tabs", s.levelTabs);
    if (s.levelTabs != "level" && s.levelTabs != "workload")
        throw Failure{o.at("level_tabs"), "expected \"level\" or \"workload\", found \"" + s.levelTabs + "\""};
    s.restart = o.boolean("restart", s.restart);
    s.threads = o.integer("threads", s.threads, 1);
    s.warmupSeconds = o.number("warmup_s", s.warmupSeconds, 0);
    s.durationSeconds = o.number("duration_s", s.durationSeconds, 0, true);
    s.rate = o.number("rate", s.rate, 0);
    if (s.mode == "fixed-rate" && s.rate <= 0)
        throw Failure{o.has("rate") ? o.at("rate") : o.at("mode"), "fixed-rate mode needs \"rate\" above 0 (requests/s)"};
    s.repetitions = o.integer("repetitions", s.repetitions, 1);
    s.runOrder = o.string("run_order", s.runOrder);
    if (s.runOrder != "sequential" && s.runOrder != "abba")
        throw Failure{o.at("run_order"), "expected \"sequential\" or \"abba\", found \"" + s.runOrder + "\""};
    s.cpuSetServer = o.string("cpu_set_server");
    s.cpuSetClient = o.string("cpu_set_client");
    s.timeoutSeconds = o.number("timeout_s", s.timeoutSeconds, 0, true);
    s.readyDeadlineSeconds = o.number("ready_deadline_s", s.readyDeadlineSeconds, 0, true);
    s.stopGraceSeconds = o.number("stop_grace_s", s.stopGraceSeconds, 0);
    return s;
}

std::vector<std::string> commandLine(const Object &o, const char *key)
{
    std::vector<std::string> argv = o.strings(key);
    if (o.has(key) && argv.empty())
        throw Failure{o.at(key), "expected a command and its arguments, found an empty array"};
    return argv;
}

CaseSpec caseSpec(const json &v, const std::string &path, const std::string &directory, std::vector<int> &levels)
{
    const Object o(v, path);
    o.allow({"id", "label", "group", "description", "kind", "method", "path", "headers", "body", "expect",
             "connections", "command", "runs", "warmup_runs", "size_path"});
    CaseSpec c;
    c.id = o.requiredString("id");
    checkId(c.id, o.at("id"));
    c.label = o.string("label", c.id);
    c.group = o.string("group");
    c.description = o.string("description");
    c.kind = o.string("kind", c.kind);
    if (c.kind == "http") {
        c.method = o.string("method", c.method);
        c.path = o.string("path", c.path);
        if (c.path.empty() || c.path[0] != '/')
            throw Failure{o.at("path"), "expected a path starting with '/', found \"" + c.path + "\""};
        for (const auto &[k, val] : o.stringMap("headers"))
            c.headers.emplace_back(k, val);
        c.body = o.string("body");
        levels = o.integers("connections", 1);
        if (o.has("size_path"))
            throw Failure{o.at("size_path"), "an http case has no size_path (it is for command cases)"};
        if (o.has("command"))
            throw Failure{o.at("command"), "an http case has no command (set \"kind\": \"command\")"};
        if (o.has("expect")) {
            const Object e(o.get("expect"), o.at("expect"));
            e.allow({"status", "content_type", "body", "body_file", "json"});
            if (e.has("status"))
                c.expect.status = e.integer("status", 0, 100);
            c.expect.contentType = e.string("content_type");
            if (e.has("body"))
                c.expect.body = e.string("body");
            if (e.has("body_file")) {
                if (e.has("body"))
                    throw Failure{e.at("body_file"), "give either \"body\" or \"body_file\", not both"};
                const std::string file = resolve(directory, e.string("body_file"));
                LoadError err;
                auto bytes = FileIO::readFile(file, err);
                if (!bytes)
                    throw Failure{e.at("body_file"), err.toString()};
                c.expect.body = *bytes;
            }
            if (e.has("json"))
                c.expect.json = e.get("json").dump();
        }
    } else if (c.kind == "command") {
        c.command = commandLine(o, "command");
        c.runs = o.integer("runs", c.runs, 1);
        c.warmupRuns = o.integer("warmup_runs", c.warmupRuns, 0);
        c.sizePath = o.string("size_path");
        for (const char *httpOnly : {"method", "path", "headers", "body", "expect", "connections"})
            if (o.has(httpOnly))
                throw Failure{o.at(httpOnly), "a command case has no \"" + std::string(httpOnly) + "\""};
    } else {
        throw Failure{o.at("kind"), "expected \"http\" or \"command\", found \"" + c.kind + "\""};
    }
    return c;
}

ParticipantSpec participantSpec(const json &v, const std::string &path, const std::string &directory)
{
    const Object o(v, path);
    o.allow({"id", "label", "runtime", "version", "baseline", "tags", "start", "url", "ready", "version_command",
             "commands", "unsupported", "missing"});
    ParticipantSpec p;
    p.id = o.requiredString("id");
    checkId(p.id, o.at("id"));
    p.label = o.string("label", p.id);
    p.runtime = o.string("runtime");
    p.version = o.string("version");
    p.baseline = o.boolean("baseline", false);
    p.tags = o.strings("tags");
    if (o.has("start")) {
        const Object s(o.get("start"), o.at("start"));
        s.allow({"command", "cwd", "env"});
        if (!s.has("command"))
            throw Failure{o.at("start"), "missing required field \"command\""};
        p.startCommand = commandLine(s, "command");
        p.workingDirectory = resolve(directory, s.string("cwd"));
        p.environment = s.stringMap("env");
    }
    p.url = o.string("url");
    while (!p.url.empty() && p.url.back() == '/')
        p.url.pop_back();
    if (!p.url.empty() && p.url.rfind("http://", 0) != 0)
        throw Failure{o.at("url"), "expected an http:// URL, found \"" + p.url + "\""};
    if (!p.startCommand.empty() && p.url.empty())
        throw Failure{path, "a participant with \"start\" needs \"url\" (where it listens)"};
    p.readyUrl = p.url;
    if (o.has("ready")) {
        const Object r(o.get("ready"), o.at("ready"));
        r.allow({"url", "deadline_s"});
        p.readyUrl = r.string("url", p.url);
        if (r.has("deadline_s"))
            p.readyDeadlineSeconds = r.number("deadline_s", 0, 0, true);
    }
    p.versionCommand = commandLine(o, "version_command");
    if (o.has("commands")) {
        const Object cs(o.get("commands"), o.at("commands"));
        for (const auto &item : o.get("commands").items())
            p.commands[item.key()] = commandLine(cs, item.key().c_str());
    }
    p.unsupported = o.stringMap("unsupported");
    p.missing = o.stringMap("missing");
    for (const auto &[caseId, reason] : p.missing)
        if (reason.empty())
            throw Failure{o.at("missing") + "." + caseId, "say why the participant cannot run this case"};
    return p;
}

RevisionSpec revisionSpec(const Object &r, const std::string &directory)
{
    r.allow({"id", "label", "date", "git"});
    RevisionSpec rev;
    rev.id = r.string("id");
    rev.label = r.string("label");
    rev.date = r.string("date");
    // "git": a folder (relative to the suite file) or true for the suite's own folder.
    if (r.has("git")) {
        if (r.get("git").is_boolean())
            rev.gitDirectory = r.get("git").get<bool>() ? directory : std::string();
        else
            rev.gitDirectory = resolve(directory, r.string("git"));
    }
    return rev;
}

const json &nonEmptyArray(const Object &o, const char *key, const char *what)
{
    if (!o.has(key))
        throw Failure{"$", std::string("missing required field \"") + key + "\""};
    const json &v = o.get(key);
    if (!v.is_array() || v.empty())
        throw Failure{o.at(key), std::string("expected a non-empty array of ") + what + ", found "
                                     + std::string(jsonTypeName(v))};
    return v;
}

// One case per connection level: "lookup" at [1, 48] becomes "lookup-c1"
// ("lookup · 1 concurrent") and "lookup-c48", in a tab per level or per workload.
void addLevels(SuiteSpec &s, const CaseSpec &c, const std::vector<int> &levels)
{
    for (int n : levels) {
        CaseSpec k = c;
        k.id = c.id + "-c" + std::to_string(n);
        k.label = c.label + " \u00b7 " + std::to_string(n) + " concurrent";
        const std::string level = std::to_string(n) + " concurrent";
        if (s.settings.levelTabs == "level")
            k.group = c.group.empty() ? level : c.group + " \u00b7 " + level;
        else if (k.group.empty())
            k.group = c.label;
        k.connections = n;
        s.cases.push_back(k);
    }
}

void readCases(SuiteSpec &s, const Object &o, const std::vector<int> &suiteLevels)
{
    const json &cases = nonEmptyArray(o, "cases", "cases");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const std::string p = "$.cases[" + std::to_string(i) + "]";
        std::vector<int> levels;
        CaseSpec c = caseSpec(cases[i], p, s.directory, levels);
        c.baseId = c.id;
        c.connections = levels.size() == 1 ? levels.front() : s.settings.connections;
        if (levels.empty() && c.kind == "http" && suiteLevels.size() > 1)
            levels = suiteLevels;
        const std::size_t first = s.cases.size();
        if (levels.size() > 1)
            addLevels(s, c, levels);
        else
            s.cases.push_back(c);
        s.hasConnectionLevels = s.hasConnectionLevels || levels.size() > 1;
        if (!ids.insert(c.id).second)
            throw Failure{p + ".id", "duplicate case id \"" + c.id + "\""};
        for (std::size_t k = first + (levels.size() > 1 ? 0 : 1); k < s.cases.size(); ++k)
            if (!ids.insert(s.cases[k].id).second)
                throw Failure{p + ".id", "case id \"" + s.cases[k].id + "\" of a connection level is taken"};
    }
}

bool namesCase(const SuiteSpec &s, const std::string &id, const char *kind = nullptr)
{
    for (const CaseSpec &c : s.cases)
        if ((c.id == id || c.baseId == id) && (!kind || c.kind == kind))
            return true;
    return false;
}

void checkParticipantCases(const SuiteSpec &s)
{
    for (std::size_t i = 0; i < s.participants.size(); ++i) {
        const ParticipantSpec &ps = s.participants[i];
        const std::string p = "$.participants[" + std::to_string(i) + "]";
        for (const auto &[caseId, argv] : ps.commands) {
            (void)argv;
            if (!namesCase(s, caseId))
                throw Failure{p + ".commands." + caseId, "unknown case \"" + caseId + "\" (not in $.cases)"};
            if (!namesCase(s, caseId, "command"))
                throw Failure{p + ".commands." + caseId, "case \"" + caseId + "\" is not a command case"};
        }
        for (const auto *declared : {&ps.unsupported, &ps.missing})
            for (const auto &[caseId, reason] : *declared) {
                (void)reason;
                const char *field = declared == &ps.unsupported ? ".unsupported." : ".missing.";
                if (!namesCase(s, caseId))
                    throw Failure{p + field + caseId, "unknown case \"" + caseId + "\" (not in $.cases)"};
                if (ps.unsupported.count(caseId) && ps.missing.count(caseId))
                    throw Failure{p + ".missing." + caseId, "a case is either unsupported or missing, not both"};
            }
    }
}

std::string replaceAll(std::string s, const std::string &from, const std::string &to)
{
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
    return s;
}

// Each revision's vars are put into every string of the participants, so a
// "{build}" in a command, folder, environment or url names its build.
RevisionVariant revisionVariant(const json &v, const std::string &path, const json &participants,
                                const std::string &directory)
{
    const Object o(v, path);
    o.allow({"name", "id", "label", "date", "git", "vars"});
    RevisionVariant r;
    r.name = o.requiredString("name");
    checkId(r.name, o.at("name"));
    json plain = v;
    plain.erase("name");
    plain.erase("vars");
    r.revision = revisionSpec(Object(plain, path), directory);
    std::string text = participants.dump();
    for (const auto &[key, value] : o.stringMap("vars")) {
        const std::string escaped = json(value).dump();
        text = replaceAll(text, "{" + key + "}", escaped.substr(1, escaped.size() - 2));
    }
    const json parts = json::parse(text);
    for (std::size_t i = 0; i < parts.size(); ++i)
        r.participants.push_back(participantSpec(parts[i], "$.participants[" + std::to_string(i) + "]", directory));
    return r;
}

void readRevisions(SuiteSpec &s, const Object &o)
{
    if (o.has("revision"))
        throw Failure{"$.revision", "give either \"revision\" or \"revisions\", not both"};
    const json &list = o.get("revisions");
    if (!list.is_array() || list.size() != 2)
        throw Failure{"$.revisions", "expected an array of two revisions (before and after)"};
    for (std::size_t i = 0; i < 2; ++i)
        s.revisions.push_back(revisionVariant(list[i], "$.revisions[" + std::to_string(i) + "]", o.get("participants"),
                                              s.directory));
    if (s.revisions[0].name == s.revisions[1].name)
        throw Failure{"$.revisions[1].name", "both revisions are named \"" + s.revisions[0].name + "\""};
    for (std::size_t i = 0; i < s.participants.size(); ++i) {
        const ParticipantSpec &a = s.revisions[0].participants[i];
        const ParticipantSpec &b = s.revisions[1].participants[i];
        if (!a.startCommand.empty() && a.url == b.url && !s.settings.restart)
            throw Failure{"$.participants[" + std::to_string(i) + "].url",
                          "both revisions listen at " + a.url + ": give each its own port through \"vars\", or set "
                          "\"restart\": true so that only one runs at a time"};
    }
}

SuiteSpec suiteSpec(const json &root, const std::string &directory)
{
    const Object o(root, "$");
    o.allow({"suite", "revision", "revisions", "settings", "participants", "cases", "caveats", "sources"});
    SuiteSpec s;
    s.directory = directory;
    if (!o.has("suite"))
        throw Failure{"$", "missing required field \"suite\""};
    const Object suite(o.get("suite"), "$.suite");
    suite.allow({"id", "title"});
    s.id = suite.requiredString("id");
    s.title = suite.string("title", s.id);
    if (o.has("revision"))
        s.revision = revisionSpec(Object(o.get("revision"), "$.revision"), directory);
    std::vector<int> levels;
    if (o.has("settings"))
        s.settings = settings(Object(o.get("settings"), "$.settings"), levels);
    s.caveats = o.strings("caveats");
    const std::vector<std::string> sources = o.strings("sources");
    for (std::size_t i = 0; i < sources.size(); ++i) {
        LoadError err;
        const auto bytes = FileIO::readFile(resolve(directory, sources[i]), err);
        if (!bytes)
            throw Failure{"$.sources[" + std::to_string(i) + "]", err.toString()};
        s.sourceHashes[sources[i]] = Sha256::hex(*bytes);
    }

    const json &parts = nonEmptyArray(o, "participants", "participants");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string p = "$.participants[" + std::to_string(i) + "]";
        s.participants.push_back(participantSpec(parts[i], p, directory));
        if (!ids.insert(s.participants.back().id).second)
            throw Failure{p + ".id", "duplicate participant id \"" + s.participants.back().id + "\""};
    }
    readCases(s, o, levels);
    checkParticipantCases(s);
    if (o.has("revisions"))
        readRevisions(s, o);
    return s;
}

} // namespace

std::optional<SuiteSpec> SuiteFile::parse(const std::string &text, const std::string &path,
                                          const std::string &directory, LoadError &error)
{
    error = LoadError{path, {}, {}};
    auto doc = CompactJsonParser::parse(text, path, error, false);
    if (!doc)
        return std::nullopt;
    try {
        return suiteSpec(doc->root, directory);
    } catch (const Failure &f) {
        error.place = f.place;
        error.message = f.message;
    } catch (const json::exception &e) {
        error.message = e.what();
    }
    return std::nullopt;
}

std::optional<SuiteSpec> SuiteFile::read(const std::string &path, LoadError &error)
{
    auto text = FileIO::readFile(path, error);
    if (!text)
        return std::nullopt;
    const auto slash = path.rfind('/');
    const std::string directory = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
    auto suite = parse(*text, path, directory, error);
    if (suite) {
        char *absolute = realpath(path.c_str(), nullptr);
        suite->sourceFile = absolute ? absolute : path;
        std::free(absolute);
        Sha256 hash;
        hash.update(text->data(), text->size());
        suite->sourceSha256 = hash.hexDigest();
    }
    return suite;
}

} // namespace bs
