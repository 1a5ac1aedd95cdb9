#include "folderimporter.h"

#include "capturebuilder.h"
#include "criterionimporter.h"
#include "fileio.h"
#include "importerregistry.h"
#include "jsonnode.h"
#include "summarizer.h"
#include "slug.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

namespace bs {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

std::string stemOf(std::string name)
{
    for (const char *ext : {".gz", ".json", ".txt", ".out", ".log"})
        if (name.size() > std::strlen(ext) && name.compare(name.size() - std::strlen(ext), std::string::npos, ext) == 0)
            name.resize(name.size() - std::strlen(ext));
    return name;
}

template <class T>
void addOnce(std::vector<T> &list, const T &item)
{
    if (std::find(list.begin(), list.end(), item) == list.end())
        list.push_back(item);
}

// benchscope-map.json, checked whole when read so that a typo shows at once.
struct Mapping {
    std::set<std::string> ignored = {FolderImporter::kMapFileName};
    std::string separator;
    std::map<std::string, std::pair<std::string, std::string>> files; // file name → participant, case
    std::string suiteId, suiteTitle;
    std::vector<Participant> participants; // in the mapping's order
    std::vector<CaseInfo> cases;

    explicit Mapping(const OrderedJsonNode &root)
    {
        if (auto list = root.object().optMember("ignore"))
            for (const OrderedJsonNode &name : list->elements())
                ignored.insert(name.string());
        separator = root.optString("separator");
        if (auto f = root.optMember("files"))
            for (const auto &[name, entry] : f->members()) {
                files[name] = {entry.object().optString("participant"), entry.optString("case")};
                if (files[name].first.empty() || files[name].second.empty())
                    entry.fail("needs both \"participant\" and \"case\"");
            }
        if (auto s = root.optMember("suite")) {
            suiteId = s->object().optString("id");
            suiteTitle = s->optString("title");
        }
        if (auto p = root.optMember("participants"))
            for (const auto &[id, pj] : p->members())
                participants.push_back(participant(id, pj.object()));
        if (auto c = root.optMember("cases"))
            for (const auto &[id, cj] : c->members())
                cases.push_back({id, cj.object().optString("label", id), cj.optString("group"),
                                 cj.optString("description")});
    }

    static Participant participant(const std::string &id, const OrderedJsonNode &pj)
    {
        Participant p;
        p.id = id;
        p.label = pj.optString("label", id);
        p.runtime = pj.optString("runtime");
        p.version = pj.optString("version");
        p.baseline = pj.optBoolean("baseline").value_or(false);
        if (auto tags = pj.optMember("tags"))
            for (const OrderedJsonNode &tag : tags->elements())
                p.tags.push_back(tag.string());
        return p;
    }

    // Which participant and case a file is: the mapping's "files", else its name.
    std::pair<std::string, std::string> identify(const std::string &name) const
    {
        if (auto it = files.find(name); it != files.end())
            return it->second;
        const std::string stem = stemOf(name);
        const std::string sep = !separator.empty() ? separator : stem.find("__") != std::string::npos ? "__" : "-";
        const auto at = stem.rfind(sep);
        if (at == std::string::npos || at == 0 || at + sep.size() >= stem.size())
            return {stem, "run"};
        return {stem.substr(0, at), stem.substr(at + sep.size())};
    }
};

std::optional<ojson> readMapping(const std::string &file, LoadError &error)
{
    if (file.empty())
        return ojson::object();
    auto text = FileIO::readFile(file, error, InputLimits::current().wholeFile());
    if (!text)
        return std::nullopt;
    // nlohmann keeps the last of two equal keys; like the capture reader,
    // the map refuses them (which one was meant would be a guess).
    struct Open { std::set<std::string> keys; std::string key; std::size_t index = 0; bool array = false; };
    std::vector<Open> open; // the containers being read, outermost first
    std::string duplicate, place;
    auto path = [&] {
        std::string p = "$";
        for (std::size_t i = 0; i + 1 < open.size(); ++i)
            p += open[i].array ? "[" + std::to_string(open[i].index) + "]" : "." + open[i].key;
        return p;
    };
    auto check = [&](int, ojson::parse_event_t event, ojson &parsed) {
        using E = ojson::parse_event_t;
        if (event == E::object_start || event == E::array_start)
            open.push_back({{}, {}, 0, event == E::array_start});
        if (event == E::object_end || event == E::array_end)
            open.pop_back();
        if (event == E::key && !open.back().keys.insert(parsed.get<std::string>()).second && duplicate.empty()) {
            duplicate = parsed.get<std::string>();
            place = path();
        }
        if (event == E::key)
            open.back().key = parsed.get<std::string>();
        if ((event == E::value || event == E::object_end || event == E::array_end) && !open.empty()
            && open.back().array)
            ++open.back().index;
        return true;
    };
    try {
        ojson doc = ojson::parse(*text, check);
        if (duplicate.empty())
            return doc;
        error = {file, place, "duplicate key \"" + duplicate.substr(0, 64) + "\": the object already has a member of that name"};
        return std::nullopt;
    } catch (const ojson::parse_error &e) {
        error = {file, "byte " + std::to_string(e.byte), std::string("not valid JSON: ") + e.what()};
    } catch (const ojson::out_of_range &e) { // a number too large for a double
        error = {file, {}, std::string("not valid JSON: ") + e.what()};
    }
    return std::nullopt;
}

// The capture the files are gathered into.
class FolderCapture {
public:
    FolderCapture(const Mapping &map, const std::string &title) : m_map(map), m_title(title) { start(); }

    // Adds one file's single result; false with `error` set when it is not one.
    bool add(const std::string &name, const std::string &path, LoadError &error)
    {
        bool unrecognised = false;
        auto fc = ImporterRegistry::instance().importFile(path, error, &unrecognised);
        if (!fc) {
            if (!unrecognised)
                return false; // the file's own error, naming it and the place
            m_skipped.push_back(name);
            return true;
        }
        const auto real = std::count_if(fc->results.begin(), fc->results.end(),
                                        [](const Result &r) { return r.status != ResultStatus::Missing; });
        if (real != 1 || fc->results.size() != 1) {
            error = {path, {},
                     "holds " + std::to_string(fc->results.size())
                         + " results; a folder import expects one run per file (list the file under \"ignore\" in "
                         + FolderImporter::kMapFileName + " to leave it out)"};
            return false;
        }
        const auto [pid, cid] = m_map.identify(name);
        ensureParticipant(pid);
        ensureCase(cid, fc->cases.front().description);
        mergeMetrics(*fc);
        mergeProvenance(*fc, name);
        mergeResult(*fc, name, pid, cid);
        ++m_imported;
        return true;
    }

    Capture finish();

private:
    void start();
    void ensureParticipant(const std::string &id);
    void ensureCase(const std::string &id, const std::string &description);
    void mergeMetrics(const Capture &fc);
    void mergeProvenance(const Capture &fc, const std::string &name);
    void mergeResult(const Capture &fc, const std::string &name, const std::string &pid, const std::string &cid);
    void addMissingResults();

    const Mapping &m_map;
    const std::string m_title;
    Capture m_c;
    std::size_t m_imported = 0;
    std::vector<std::string> m_skipped;
};

void FolderCapture::start()
{
    m_c.suite.id = m_map.suiteId.empty() ? Slug::id(m_title) : m_map.suiteId;
    m_c.suite.title = m_map.suiteTitle.empty() ? m_title : m_map.suiteTitle;
    // results/20260502-172812-local → captured 2026-05-02T17:28:12, run "local".
    const std::string &t = m_title;
    const auto digits = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i)
            if (i >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i])))
                return false;
        return true;
    };
    const bool stamped = digits(0, 8) && t.size() >= 15 && t[8] == '-' && digits(9, 15)
        && (t.size() == 15 || (t.size() > 16 && t[15] == '-'));
    if (stamped) {
        m_c.capturedAt = t.substr(0, 4) + "-" + t.substr(4, 2) + "-" + t.substr(6, 2) + "T" + t.substr(9, 2) + ":"
            + t.substr(11, 2) + ":" + t.substr(13, 2);
        if (t.size() > 16)
            m_c.provenance.conditions.extra["run"] = t.substr(16);
    }
    // The mapping's order comes first, so a table follows it.
    m_c.participants = m_map.participants;
    m_c.cases = m_map.cases;
}

void FolderCapture::ensureParticipant(const std::string &id)
{
    if (m_c.participant(id))
        return;
    Participant p;
    p.id = id;
    p.label = id;
    m_c.participants.push_back(p);
}

void FolderCapture::ensureCase(const std::string &id, const std::string &description)
{
    if (m_c.caseInfo(id))
        return;
    CaseInfo ci;
    ci.id = id;
    ci.label = id;
    ci.description = description;
    m_c.cases.push_back(ci);
}

// Metric definitions: the first file's win; a unit clash is an error.
void FolderCapture::mergeMetrics(const Capture &fc)
{
    for (const Metric &fm : fc.metrics) {
        if (const Metric *have = m_c.metric(fm.id)) {
            if (have->unit != fm.unit)
                throw InputFailure{{}, "metric \"" + fm.id + "\" is in " + fm.unit + " here but in " + have->unit
                                           + " in an earlier file"};
            continue;
        }
        Metric copy = fm;
        copy.primary = fm.primary
            && std::none_of(m_c.metrics.begin(), m_c.metrics.end(), [](const Metric &x) { return x.primary; });
        m_c.metrics.push_back(copy);
    }
}

void FolderCapture::mergeProvenance(const Capture &fc, const std::string &name)
{
    Provenance &pv = m_c.provenance;
    const Provenance &fpv = fc.provenance;
    if (m_imported == 0) {
        pv.machine = fpv.machine;
        const auto extra = pv.conditions.extra;
        pv.conditions = fpv.conditions;
        pv.conditions.extra.insert(extra.begin(), extra.end());
    }
    for (const ToolVersion &t : fpv.tools)
        addOnce(pv.tools, t);
    for (const std::string &cv : fpv.caveats)
        addOnce(pv.caveats, cv);
    pv.sourceHashes.insert(fpv.sourceHashes.begin(), fpv.sourceHashes.end());
    for (const std::string &w : fc.warnings)
        m_c.warnings.push_back(name + ": " + w);
}

// Files naming the same participant and case become repetitions of one result.
void FolderCapture::mergeResult(const Capture &fc, const std::string &name, const std::string &pid,
                                const std::string &cid)
{
    Result *r = m_c.result(pid, cid);
    if (!r) {
        Result fresh;
        fresh.participant = pid;
        fresh.caseId = cid;
        m_c.results.push_back(std::move(fresh));
        r = &m_c.results.back();
    }
    const Result &fr = fc.results.front();
    if (fr.status != ResultStatus::Ok) {
        r->status = fr.status;
        r->reason = name + ": " + fr.reason;
    } else if (!fr.flags.empty()) {
        for (const std::string &f : fr.flags)
            addOnce(r->flags, f);
        r->reason += (r->reason.empty() ? "" : "; ") + name + ": " + fr.reason;
    }
    for (const auto &[id, v] : fr.once)
        if (!r->once.emplace(id, v).second)
            m_c.warnings.push_back(name + ": a second once-measured \"" + id
                                   + "\" for the same result; the first file's is kept");
    r->repetitions.insert(r->repetitions.end(), fr.repetitions.begin(), fr.repetitions.end());
    for (const ContractCheck &cc : fc.contracts)
        m_c.contracts.push_back({pid, cid, cc.what, cc.passed, cc.expected, cc.actual});
}

// Pairs with no file are "missing".
void FolderCapture::addMissingResults()
{
    for (const Participant &p : m_c.participants)
        for (const CaseInfo &ci : m_c.cases)
            if (!m_c.result(p.id, ci.id)) {
                Result r;
                r.participant = p.id;
                r.caseId = ci.id;
                r.status = ResultStatus::Missing;
                r.reason = "no result file in the folder";
                m_c.results.push_back(r);
            }
}

Capture FolderCapture::finish()
{
    if (m_imported == 0) {
        std::string formats;
        for (const auto &n : ImporterRegistry::instance().formatNames())
            formats += (formats.empty() ? "" : ", ") + n;
        throw InputFailure{{}, "no result file in the folder (formats tried: " + formats + ")"};
    }
    for (const std::string &name : m_skipped)
        m_c.warnings.push_back(name + ": not a result file any importer recognises; skipped");
    m_c.provenance.source = m_title;
    m_c.provenance.conditions.repetitions.reset();
    addMissingResults();
    Summarizer::summarize(m_c);
    m_c.sourcePath = m_title;
    return std::move(m_c);
}

} // namespace

std::optional<Capture> FolderImporter::import(const std::string &folder, LoadError &error)
{
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        error = {folder, {}, "not a folder"};
        return std::nullopt;
    }
    // The one place folders are told apart: a criterion.rs tree, else one run per file.
    if (CriterionImporter::holdsBenchmarks(folder))
        return CriterionImporter::import(folder, error);
    std::vector<std::string> paths;
    std::string mapFile;
    for (const auto &entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        // Subfolders and dangling links are not results; a FIFO, device or
        // socket is kept so that reading it refuses it by name.
        if (name.empty() || name[0] == '.' || entry.is_directory() || !entry.exists())
            continue;
        if (name == kMapFileName)
            mapFile = entry.path().string();
        else
            paths.push_back(entry.path().string());
    }
    if (ec) {
        error = {folder, {}, "cannot list the folder: " + ec.message()};
        return std::nullopt;
    }
    std::sort(paths.begin(), paths.end());
    const fs::path normal = fs::path(folder).lexically_normal();
    const std::string title = normal.filename().empty() ? normal.parent_path().filename().string()
                                                        : normal.filename().string();
    auto c = importFiles(paths, mapFile, title, error);
    if (c) {
        c->provenance.source = folder;
        c->sourcePath = folder;
    }
    return c;
}

std::optional<Capture> FolderImporter::importFiles(const std::vector<std::string> &paths, const std::string &mapFile,
                                                   const std::string &title, LoadError &error)
{
    // A run a tool writes as several files is one run: its lead file reads the others.
    std::vector<std::string> joined;
    const std::vector<std::string> runs = ImporterRegistry::instance().oneFilePerRun(paths, &joined);
    if (runs.size() == 1 && !joined.empty() && mapFile.empty())
        return ImporterRegistry::instance().importFile(runs.front(), error);
    std::set<std::string> names;
    for (const std::string &p : runs)
        if (!names.insert(fs::path(p).filename().string()).second) {
            error = {p, {}, "two input files have the same name; participant and case come from the name"};
            return std::nullopt;
        }
    const auto doc = readMapping(mapFile, error);
    if (!doc)
        return std::nullopt;
    std::string current = mapFile; // the file an InputFailure is in
    try {
        const Mapping map{OrderedJsonNode(*doc)};
        FolderCapture capture(map, title);
        for (const std::string &path : runs) {
            const std::string name = fs::path(path).filename().string();
            current = path;
            if (!map.ignored.count(name) && !capture.add(name, path, error))
                return std::nullopt;
        }
        current = title;
        return capture.finish();
    } catch (const InputFailure &f) {
        error = {current, f.place, f.message};
        return std::nullopt;
    }
}

} // namespace bs
