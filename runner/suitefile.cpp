#include "suitefile.h"

#include "captureheader.h"
#include "compactjsonparser.h"
#include "cpuset.h"
#include "fileio.h"

#include "jsonnode.h"
#include "jsontypename.h"
#include "loadresult.h"
#include "replaceall.h"
#include "settingrange.h"
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

std::string resolve(const std::string &directory, const std::string &path)
{
    if (path.empty() || path[0] == '/' || directory.empty())
        return path;
    return directory + "/" + path;
}

namespace R = SettingRanges;

double number(const JsonNode &o, const char *key, double fallback, const SettingRange &range)
{
    auto v = o.optMember(key);
    if (!v)
        return fallback;
    const double d = v->number();
    if (!range.contains(d))
        v->fail("expected a number " + range.text() + " (the setting's range, see docs/runner.md), found "
                + v->value().dump());
    return d;
}

// A whole number within `range`.
long long count(const JsonNode &v, const SettingRange &range)
{
    return v.integer((long long)range.min, (long long)range.max);
}

std::optional<int> optCount(const JsonNode &o, const char *key, const SettingRange &range)
{
    auto v = o.optMember(key);
    return v ? std::optional<int>(int(count(*v, range))) : std::nullopt;
}

// A whole number, or a non-empty array of distinct ones (connection levels).
std::vector<int> levelList(const JsonNode &o, const char *key)
{
    auto v = o.optMember(key);
    if (!v)
        return {};
    if (!v->value().is_array())
        return {int(count(*v, R::connections))};
    std::vector<int> out;
    for (const JsonNode &level : v->elements()) {
        const int n = int(count(level, R::connections));
        if (std::find(out.begin(), out.end(), n) != out.end())
            level.fail("level " + std::to_string(n) + " is given twice");
        out.push_back(n);
    }
    if (out.empty())
        v->fail("expected a whole number or a non-empty array of them");
    return out;
}

std::map<std::string, std::string> stringMap(const JsonNode &o, const char *key)
{
    std::map<std::string, std::string> out;
    if (auto map = o.optMember(key))
        for (const auto &[k, v] : map->members())
            out[k] = v.string();
    return out;
}

void checkId(const std::string &id, const std::string &place)
{
    for (char c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
            throw InputFailure{place, "expected letters, digits, '-', '_' or '.', found \"" + id + "\""};
}

// A case's or participant's "id" (checked) and "label" (the id when absent).
template <class Spec>
void readIdAndLabel(const JsonNode &o, Spec &spec)
{
    spec.id = o.nonEmptyString("id");
    checkId(spec.id, o.pathOf("id"));
    spec.label = o.optString("label", spec.id);
}

// "engine": "native" (benchscope-run's own load generator) or "locust", and
// Locust's master and workers (docs/locust.md).
void engineSettings(const JsonNode &o, RunSettings &s)
{
    s.engine = o.optString("engine", s.engine);
    if (s.engine != "native" && s.engine != "locust")
        throw InputFailure{o.pathOf("engine"), "expected \"native\" or \"locust\", found \"" + s.engine + "\""};
    const std::optional<JsonNode> l = o.optMember("locust");
    if (!l)
        return;
    l->object().allowOnly({"workers", "remote_workers", "master_bind_host", "master_port", "connect_timeout_s"});
    s.locustWorkers = optCount(*l, "workers", R::locustWorkers).value_or(s.locustWorkers);
    s.locustRemoteWorkers = optCount(*l, "remote_workers", R::locustRemoteWorkers).value_or(s.locustRemoteWorkers);
    if (s.locustWorkers + s.locustRemoteWorkers == 0)
        throw InputFailure{l->pathOf("workers"), "Locust needs at least one worker (local \"workers\" or \"remote_workers\")"};
    s.locustBindHost = l->optString("master_bind_host", s.locustBindHost);
    s.locustMasterPort = optCount(*l, "master_port", R::port).value_or(s.locustMasterPort);
    s.locustConnectSeconds = number(*l, "connect_timeout_s", s.locustConnectSeconds, R::locustConnectSeconds);
}

RunSettings settings(const JsonNode &o, std::vector<int> &levels)
{
    o.allowOnly({"mode", "connections", "level_tabs", "threads", "warmup_s", "duration_s", "rate", "repetitions",
                 "run_order", "cpu_set_server", "cpu_set_client", "timeout_s", "ready_deadline_s", "stop_grace_s",
                 "restart", "engine", "locust", "client_io"});
    RunSettings s;
    engineSettings(o, s);
    s.mode = o.optString("mode", s.mode);
    if (s.mode != "saturation" && s.mode != "fixed-rate")
        throw InputFailure{o.pathOf("mode"), "expected \"saturation\" or \"fixed-rate\", found \"" + s.mode + "\""};
    levels = levelList(o, "connections");
    if (levels.size() == 1)
        s.connections = levels.front();
    s.levelTabs = o.optString("level_tabs", s.levelTabs);
    if (s.levelTabs != "level" && s.levelTabs != "workload")
        throw InputFailure{o.pathOf("level_tabs"), "expected \"level\" or \"workload\", found \"" + s.levelTabs + "\""};
    s.restart = o.optBoolean("restart").value_or(s.restart);
    s.threads = optCount(o, "threads", R::threads).value_or(s.threads);
    s.clientIo = o.optString("client_io", s.clientIo);
    if (ClientIo io; !clientIoFromName(s.clientIo, io))
        throw InputFailure{o.pathOf("client_io"), "expected \"auto\", \"epoll\" or \"io_uring\", found \"" + s.clientIo + "\""};
    s.warmupSeconds = number(o, "warmup_s", s.warmupSeconds, R::warmupSeconds);
    s.durationSeconds = number(o, "duration_s", s.durationSeconds, R::durationSeconds);
    s.rate = number(o, "rate", s.rate, R::rate);
    if (s.mode == "fixed-rate" && s.rate <= 0)
        throw InputFailure{o.has("rate") ? o.pathOf("rate") : o.pathOf("mode"), "fixed-rate mode needs \"rate\" above 0 (requests/s)"};
    s.repetitions = optCount(o, "repetitions", R::repetitions).value_or(s.repetitions);
    s.runOrder = o.optString("run_order", s.runOrder);
    if (s.runOrder != "sequential" && s.runOrder != "abba")
        throw InputFailure{o.pathOf("run_order"), "expected \"sequential\" or \"abba\", found \"" + s.runOrder + "\""};
    s.cpuSetServer = o.optString("cpu_set_server");
    s.cpuSetClient = o.optString("cpu_set_client");
    for (const char *key : {"cpu_set_server", "cpu_set_client"})
        if (std::string why; o.has(key) && !CpuSet::parse(o.optString(key), why))
            throw InputFailure{o.pathOf(key), why};
    s.timeoutSeconds = number(o, "timeout_s", s.timeoutSeconds, R::timeoutSeconds);
    s.readyDeadlineSeconds = number(o, "ready_deadline_s", s.readyDeadlineSeconds, R::readyDeadlineSeconds);
    s.stopGraceSeconds = number(o, "stop_grace_s", s.stopGraceSeconds, R::stopGraceSeconds);
    return s;
}

std::vector<std::string> commandLine(const JsonNode &o, const char *key)
{
    std::vector<std::string> argv = o.optStrings(key);
    if (o.has(key) && argv.empty())
        throw InputFailure{o.pathOf(key), "expected a command and its arguments, found an empty array"};
    return argv;
}

CaseSpec caseSpec(const json &v, const std::string &path, const std::string &directory, std::vector<int> &levels)
{
    const JsonNode o = JsonNode(v, path).object();
    o.allowOnly({"id", "label", "group", "description", "kind", "method", "path", "headers", "body", "expect",
                 "connections", "command", "runs", "warmup_runs", "size_path"});
    CaseSpec c;
    readIdAndLabel(o, c);
    c.group = o.optString("group");
    c.description = o.optString("description");
    c.kind = o.optString("kind", c.kind);
    if (c.kind == "http") {
        c.method = o.optString("method", c.method);
        c.path = o.optString("path", c.path);
        if (c.path.empty() || c.path[0] != '/')
            throw InputFailure{o.pathOf("path"), "expected a path starting with '/', found \"" + c.path + "\""};
        for (const auto &[k, val] : stringMap(o, "headers"))
            c.headers.emplace_back(k, val);
        c.body = o.optString("body");
        levels = levelList(o, "connections");
        if (o.has("size_path"))
            throw InputFailure{o.pathOf("size_path"), "an http case has no size_path (it is for command cases)"};
        if (o.has("command"))
            throw InputFailure{o.pathOf("command"), "an http case has no command (set \"kind\": \"command\")"};
        if (o.has("expect")) {
            const JsonNode e = o.member("expect").object();
            e.allowOnly({"status", "content_type", "body", "body_file", "json"});
            if (e.has("status"))
                c.expect.status = optCount(e, "status", R::status).value_or(0);
            c.expect.contentType = e.optString("content_type");
            if (e.has("body"))
                c.expect.body = e.optString("body");
            if (e.has("body_file")) {
                if (e.has("body"))
                    throw InputFailure{e.pathOf("body_file"), "give either \"body\" or \"body_file\", not both"};
                const std::string file = resolve(directory, e.optString("body_file"));
                LoadError err;
                auto bytes = FileIO::readFile(file, err, InputLimits::current().wholeFile());
                if (!bytes)
                    throw InputFailure{e.pathOf("body_file"), err.toString()};
                c.expect.body = *bytes;
                c.expect.bodyFile = file;
            }
            if (e.has("json"))
                c.expect.json = e.member("json").value().dump();
        }
    } else if (c.kind == "command") {
        c.command = commandLine(o, "command");
        c.runs = optCount(o, "runs", R::runs).value_or(c.runs);
        c.warmupRuns = optCount(o, "warmup_runs", R::warmupRuns).value_or(c.warmupRuns);
        c.sizePath = o.optString("size_path");
        for (const char *httpOnly : {"method", "path", "headers", "body", "expect", "connections"})
            if (o.has(httpOnly))
                throw InputFailure{o.pathOf(httpOnly), "a command case has no \"" + std::string(httpOnly) + "\""};
    } else {
        throw InputFailure{o.pathOf("kind"), "expected \"http\" or \"command\", found \"" + c.kind + "\""};
    }
    return c;
}

ParticipantSpec participantSpec(const json &v, const std::string &path, const std::string &directory)
{
    const JsonNode o = JsonNode(v, path).object();
    o.allowOnly({"id", "label", "runtime", "version", "baseline", "tags", "start", "url", "ready", "version_command",
                 "commands", "unsupported", "missing"});
    ParticipantSpec p;
    readIdAndLabel(o, p);
    p.runtime = o.optString("runtime");
    p.version = o.optString("version");
    p.baseline = o.optBoolean("baseline").value_or(false);
    p.tags = o.optStrings("tags");
    if (o.has("start")) {
        const JsonNode s = o.member("start").object();
        s.allowOnly({"command", "cwd", "env"});
        if (!s.has("command"))
            throw InputFailure{o.pathOf("start"), "missing required field \"command\""};
        p.startCommand = commandLine(s, "command");
        p.workingDirectory = resolve(directory, s.optString("cwd"));
        p.environment = stringMap(s, "env");
    }
    p.url = o.optString("url");
    while (!p.url.empty() && p.url.back() == '/')
        p.url.pop_back();
    if (!p.url.empty() && p.url.rfind("http://", 0) != 0)
        throw InputFailure{o.pathOf("url"), "expected an http:// URL, found \"" + p.url + "\""};
    if (!p.startCommand.empty() && p.url.empty())
        throw InputFailure{path, "a participant with \"start\" needs \"url\" (where it listens)"};
    p.readyUrl = p.url;
    if (o.has("ready")) {
        const JsonNode r = o.member("ready").object();
        r.allowOnly({"url", "deadline_s"});
        p.readyUrl = r.optString("url", p.url);
        if (r.has("deadline_s"))
            p.readyDeadlineSeconds = number(r, "deadline_s", 0, R::readyDeadlineSeconds);
    }
    p.versionCommand = commandLine(o, "version_command");
    if (o.has("commands")) {
        const JsonNode cs = o.member("commands").object();
        for (const auto &item : o.member("commands").value().items())
            p.commands[item.key()] = commandLine(cs, item.key().c_str());
    }
    p.unsupported = stringMap(o, "unsupported");
    p.missing = stringMap(o, "missing");
    for (const auto &[caseId, reason] : p.missing)
        if (reason.empty())
            throw InputFailure{o.pathOf("missing") + "." + caseId, "say why the participant cannot run this case"};
    return p;
}

RevisionSpec revisionSpec(const JsonNode &r, const std::string &directory)
{
    r.allowOnly({"id", "label", "date", "git"});
    RevisionSpec rev;
    rev.id = r.optString("id");
    rev.label = r.optString("label");
    rev.date = r.optString("date");
    // "git": a folder (relative to the suite file) or true for the suite's own folder.
    if (r.has("git")) {
        if (r.member("git").value().is_boolean())
            rev.gitDirectory = r.member("git").value().get<bool>() ? directory : std::string();
        else
            rev.gitDirectory = resolve(directory, r.optString("git"));
    }
    return rev;
}

const json &nonEmptyArray(const JsonNode &o, const char *key, const char *what)
{
    if (!o.has(key))
        throw InputFailure{"$", std::string("missing required field \"") + key + "\""};
    const json &v = o.member(key).value();
    if (!v.is_array() || v.empty())
        throw InputFailure{o.pathOf(key), std::string("expected a non-empty array of ") + what + ", found "
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

void readCases(SuiteSpec &s, const JsonNode &o, const std::vector<int> &suiteLevels)
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
            throw InputFailure{p + ".id", "duplicate case id \"" + c.id + "\""};
        for (std::size_t k = first + (levels.size() > 1 ? 0 : 1); k < s.cases.size(); ++k)
            if (!ids.insert(s.cases[k].id).second)
                throw InputFailure{p + ".id", "case id \"" + s.cases[k].id + "\" of a connection level is taken"};
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
                throw InputFailure{p + ".commands." + caseId, "unknown case \"" + caseId + "\" (not in $.cases)"};
            if (!namesCase(s, caseId, "command"))
                throw InputFailure{p + ".commands." + caseId, "case \"" + caseId + "\" is not a command case"};
        }
        for (const auto *declared : {&ps.unsupported, &ps.missing})
            for (const auto &[caseId, reason] : *declared) {
                (void)reason;
                const char *field = declared == &ps.unsupported ? ".unsupported." : ".missing.";
                if (!namesCase(s, caseId))
                    throw InputFailure{p + field + caseId, "unknown case \"" + caseId + "\" (not in $.cases)"};
                if (ps.unsupported.count(caseId) && ps.missing.count(caseId))
                    throw InputFailure{p + ".missing." + caseId, "a case is either unsupported or missing, not both"};
            }
    }
}

// Each revision's vars are put into every string of the participants, so a
// "{build}" in a command, folder, environment or url names its build.
RevisionVariant revisionVariant(const json &v, const std::string &path, const json &participants,
                                const std::string &directory)
{
    const JsonNode o = JsonNode(v, path).object();
    o.allowOnly({"name", "id", "label", "date", "git", "vars"});
    RevisionVariant r;
    r.name = o.nonEmptyString("name");
    checkId(r.name, o.pathOf("name"));
    json plain = v;
    plain.erase("name");
    plain.erase("vars");
    r.revision = revisionSpec(JsonNode(plain, path).object(), directory);
    std::string text = participants.dump();
    for (const auto &[key, value] : stringMap(o, "vars")) {
        const std::string escaped = json(value).dump();
        text = replaceAll(text, "{" + key + "}", escaped.substr(1, escaped.size() - 2));
    }
    const json parts = json::parse(text);
    for (std::size_t i = 0; i < parts.size(); ++i)
        r.participants.push_back(participantSpec(parts[i], "$.participants[" + std::to_string(i) + "]", directory));
    return r;
}

void readRevisions(SuiteSpec &s, const JsonNode &o)
{
    if (o.has("revision"))
        throw InputFailure{"$.revision", "give either \"revision\" or \"revisions\", not both"};
    const json &list = o.member("revisions").value();
    if (!list.is_array() || list.size() != 2)
        throw InputFailure{"$.revisions", "expected an array of two revisions (before and after)"};
    for (std::size_t i = 0; i < 2; ++i)
        s.revisions.push_back(revisionVariant(list[i], "$.revisions[" + std::to_string(i) + "]", o.member("participants").value(),
                                              s.directory));
    if (s.revisions[0].name == s.revisions[1].name)
        throw InputFailure{"$.revisions[1].name", "both revisions are named \"" + s.revisions[0].name + "\""};
    for (std::size_t i = 0; i < s.participants.size(); ++i) {
        const ParticipantSpec &a = s.revisions[0].participants[i];
        const ParticipantSpec &b = s.revisions[1].participants[i];
        if (!a.startCommand.empty() && a.url == b.url && !s.settings.restart)
            throw InputFailure{"$.participants[" + std::to_string(i) + "].url",
                          "both revisions listen at " + a.url + ": give each its own port through \"vars\", or set "
                          "\"restart\": true so that only one runs at a time"};
    }
}

// One of the metrics the suite's capture declares, or none.
void readPrimaryMetric(SuiteSpec &s, const JsonNode &o)
{
    s.primaryMetric = o.optString("primary_metric");
    if (s.primaryMetric.empty())
        return;
    std::string ids;
    for (const Metric &m : CaptureHeader::metrics(s)) {
        if (m.id == s.primaryMetric)
            return;
        ids += (ids.empty() ? "" : ", ") + m.id;
    }
    o.fail("primary_metric", "\"" + s.primaryMetric + "\" is not a metric this suite measures (" + ids + ")");
}

SuiteSpec suiteSpec(const json &root, const std::string &directory)
{
    const JsonNode o = JsonNode(root, "$").object();
    o.allowOnly({"suite", "revision", "revisions", "settings", "participants", "cases", "caveats", "sources",
                 "primary_metric"});
    SuiteSpec s;
    s.directory = directory;
    if (!o.has("suite"))
        throw InputFailure{"$", "missing required field \"suite\""};
    const JsonNode suite = o.member("suite").object();
    suite.allowOnly({"id", "title"});
    s.id = suite.nonEmptyString("id");
    s.title = suite.optString("title", s.id);
    if (o.has("revision"))
        s.revision = revisionSpec(o.member("revision").object(), directory);
    std::vector<int> levels;
    if (o.has("settings"))
        s.settings = settings(o.member("settings").object(), levels);
    s.caveats = o.optStrings("caveats");
    const std::vector<std::string> sources = o.optStrings("sources");
    for (std::size_t i = 0; i < sources.size(); ++i) {
        LoadError err;
        const auto bytes = FileIO::readFile(resolve(directory, sources[i]), err, InputLimits::current().captureFile());
        if (!bytes)
            throw InputFailure{"$.sources[" + std::to_string(i) + "]", err.toString()};
        s.sourceHashes[sources[i]] = Sha256::hex(*bytes);
        s.inputs.push_back(resolve(directory, sources[i]));
    }

    const json &parts = nonEmptyArray(o, "participants", "participants");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string p = "$.participants[" + std::to_string(i) + "]";
        s.participants.push_back(participantSpec(parts[i], p, directory));
        if (!ids.insert(s.participants.back().id).second)
            throw InputFailure{p + ".id", "duplicate participant id \"" + s.participants.back().id + "\""};
    }
    readCases(s, o, levels);
    for (const CaseSpec &c : s.cases)
        if (!c.expect.bodyFile.empty())
            s.inputs.push_back(c.expect.bodyFile);
    checkParticipantCases(s);
    if (o.has("revisions"))
        readRevisions(s, o);
    readPrimaryMetric(s, o);
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
    } catch (const InputFailure &f) {
        error.place = f.place;
        error.message = f.message;
    } catch (const json::exception &e) {
        error.message = e.what();
    }
    return std::nullopt;
}

std::optional<SuiteSpec> SuiteFile::read(const std::string &path, LoadError &error)
{
    auto text = FileIO::readFile(path, error, InputLimits::current().wholeFile());
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
        suite->inputs.push_back(path);
    }
    return suite;
}

} // namespace bs
