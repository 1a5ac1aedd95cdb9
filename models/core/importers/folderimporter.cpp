#include "folderimporter.h"

#include "capturebuilder.h"
#include "fileio.h"
#include "importerregistry.h"
#include "jsonaccess.h"
#include "summarizer.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <regex>
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

// Reads one string field of the mapping with a precise error.
std::string mapString(const ojson &obj, const char *key, const std::string &path)
{
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return {};
    if (!it->is_string())
        throw ImportFailure{path + "." + key, "expected a string"};
    return it->get<std::string>();
}

const ojson &mapObject(const ojson &v, const std::string &path)
{
    if (!v.is_object())
        throw ImportFailure{path, "expected an object"};
    return v;
}

struct Mapping {
    ojson doc = ojson::object();
    std::string file;

    const ojson *section(const char *key) const
    {
        auto it = doc.find(key);
        return it == doc.end() ? nullptr : &mapObject(*it, std::string("$.") + key);
    }
};

} // namespace

std::optional<Capture> FolderImporter::import(const std::string &folder, LoadError &error)
{
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        error = {folder, {}, "not a folder"};
        return std::nullopt;
    }
    std::vector<std::string> paths;
    std::string mapFile;
    for (const auto &entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.' || !entry.is_regular_file())
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
    std::map<std::string, std::string> pathOf; // file name → path
    std::vector<std::string> names;
    for (const std::string &p : paths) {
        const std::string name = fs::path(p).filename().string();
        if (!pathOf.emplace(name, p).second) {
            error = {p, {}, "two input files have the same name; participant and case come from the name"};
            return std::nullopt;
        }
        names.push_back(name);
    }
    Mapping map;
    map.file = mapFile;
    if (!mapFile.empty()) {
        auto text = FileIO::readFile(map.file, error);
        if (!text)
            return std::nullopt;
        try {
            map.doc = ojson::parse(*text);
        } catch (const ojson::parse_error &e) {
            error = {map.file, "byte " + std::to_string(e.byte), std::string("not valid JSON: ") + e.what()};
            return std::nullopt;
        } catch (const ojson::out_of_range &e) { // a number too large for a double
            error = {map.file, {}, std::string("not valid JSON: ") + e.what()};
            return std::nullopt;
        }
    }

    try {
        mapObject(map.doc, "$");
        std::set<std::string> ignored = {kMapFileName};
        if (auto it = map.doc.find("ignore"); it != map.doc.end()) {
            if (!it->is_array())
                throw ImportFailure{"$.ignore", "expected an array of file names"};
            for (std::size_t i = 0; i < it->size(); ++i) {
                if (!(*it)[i].is_string())
                    throw ImportFailure{"$.ignore[" + std::to_string(i) + "]", "expected a file name"};
                ignored.insert((*it)[i].get<std::string>());
            }
        }
        const std::string separator = mapString(map.doc, "separator", "$");
        const ojson *files = map.section("files");
        // Check every file entry now, present or not, so a typo shows at once.
        if (files)
            for (const auto &[name, fj] : files->items()) {
                const std::string fp = "$.files." + name;
                if (mapString(mapObject(fj, fp), "participant", fp).empty() || mapString(fj, "case", fp).empty())
                    throw ImportFailure{fp, "needs both \"participant\" and \"case\""};
            }
        const ojson *participants = map.section("participants");
        const ojson *cases = map.section("cases");

        Capture c;
        const std::string &folderName = title;
        c.suite.id = CaptureBuilder::slug(folderName);
        c.suite.title = folderName;
        if (const ojson *s = map.section("suite")) {
            if (auto id = mapString(*s, "id", "$.suite"); !id.empty())
                c.suite.id = id;
            if (auto t = mapString(*s, "title", "$.suite"); !t.empty())
                c.suite.title = t;
        }
        // results/20260502-172812-local → captured 2026-05-02T17:28:12, run "local".
        static const std::regex stamp(R"(^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(.+))?$)");
        std::smatch m;
        if (std::regex_match(folderName, m, stamp)) {
            c.capturedAt = m[1].str() + "-" + m[2].str() + "-" + m[3].str() + "T" + m[4].str() + ":" + m[5].str()
                + ":" + m[6].str();
            if (m[7].matched)
                c.provenance.conditions.extra["run"] = m[7];
        }

        auto ensureParticipant = [&](const std::string &id) {
            if (c.participant(id))
                return;
            Participant p;
            p.id = id;
            p.label = id;
            if (participants && participants->contains(id)) {
                const std::string pp = "$.participants." + id;
                const ojson &pj = mapObject(participants->at(id), pp);
                p.label = mapString(pj, "label", pp).empty() ? id : mapString(pj, "label", pp);
                p.runtime = mapString(pj, "runtime", pp);
                p.version = mapString(pj, "version", pp);
                if (auto b = pj.find("baseline"); b != pj.end()) {
                    if (!b->is_boolean())
                        throw ImportFailure{pp + ".baseline", "expected true or false"};
                    p.baseline = b->get<bool>();
                }
                if (auto t = pj.find("tags"); t != pj.end()) {
                    if (!t->is_array())
                        throw ImportFailure{pp + ".tags", "expected an array of strings"};
                    for (const auto &tag : *t)
                        if (tag.is_string())
                            p.tags.push_back(tag.get<std::string>());
                }
            }
            c.participants.push_back(p);
        };
        auto ensureCase = [&](const std::string &id, const std::string &description) {
            if (c.caseInfo(id))
                return;
            CaseInfo ci;
            ci.id = id;
            ci.label = id;
            ci.description = description;
            if (cases && cases->contains(id)) {
                const std::string cp = "$.cases." + id;
                const ojson &cj = mapObject(cases->at(id), cp);
                ci.label = mapString(cj, "label", cp).empty() ? id : mapString(cj, "label", cp);
                ci.group = mapString(cj, "group", cp);
                if (auto d = mapString(cj, "description", cp); !d.empty())
                    ci.description = d;
            }
            c.cases.push_back(ci);
        };
        // The mapping's order comes first, so a table follows it.
        if (participants)
            for (const auto &[id, v] : participants->items())
                ensureParticipant(id);
        if (cases)
            for (const auto &[id, v] : cases->items())
                ensureCase(id, {});

        std::size_t imported = 0;
        std::vector<std::string> skipped;
        for (const std::string &name : names) {
            if (ignored.count(name))
                continue;
            const std::string &path = pathOf[name];
            bool unrecognised = false;
            auto fc = ImporterRegistry::instance().importFile(path, error, &unrecognised);
            if (!fc) {
                if (unrecognised) {
                    skipped.push_back(name);
                    continue;
                }
                return std::nullopt; // the file's own error, naming it and the place
            }
            const auto real = std::count_if(fc->results.begin(), fc->results.end(),
                                            [](const Result &r) { return r.status != ResultStatus::Missing; });
            if (real != 1 || fc->results.size() != 1) {
                error = {path, {},
                         "holds " + std::to_string(fc->results.size())
                             + " results; a folder import expects one run per file (list the file under "
                               "\"ignore\" in " + std::string(kMapFileName) + " to leave it out)"};
                return std::nullopt;
            }

            // Which participant and case the file is.
            std::string pid, cid;
            if (files && files->contains(name)) {
                const std::string fp = "$.files." + name;
                pid = mapString(files->at(name), "participant", fp);
                cid = mapString(files->at(name), "case", fp);
            } else {
                const std::string stem = stemOf(name);
                const std::string sep = !separator.empty() ? separator
                    : stem.find("__") != std::string::npos ? "__"
                                                           : "-";
                const auto at = stem.rfind(sep);
                if (at == std::string::npos || at == 0 || at + sep.size() >= stem.size()) {
                    pid = stem;
                    cid = "run";
                } else {
                    pid = stem.substr(0, at);
                    cid = stem.substr(at + sep.size());
                }
            }
            ensureParticipant(pid);
            ensureCase(cid, fc->cases.front().description);

            // Metric definitions: the first file's win; a unit clash is an error.
            for (const Metric &fm : fc->metrics) {
                if (const Metric *have = c.metric(fm.id)) {
                    if (have->unit != fm.unit)
                        throw ImportFailure{name, "metric \"" + fm.id + "\" is in " + fm.unit + " here but in "
                                                      + have->unit + " in an earlier file"};
                    continue;
                }
                Metric copy = fm;
                copy.primary = fm.primary
                    && std::none_of(c.metrics.begin(), c.metrics.end(), [](const Metric &x) { return x.primary; });
                c.metrics.push_back(copy);
            }
            Provenance &pv = c.provenance;
            const Provenance &fpv = fc->provenance;
            if (imported == 0) {
                pv.machine = fpv.machine;
                const auto extra = pv.conditions.extra;
                pv.conditions = fpv.conditions;
                pv.conditions.extra.insert(extra.begin(), extra.end());
            }
            for (const ToolVersion &t : fpv.tools)
                if (std::find(pv.tools.begin(), pv.tools.end(), t) == pv.tools.end())
                    pv.tools.push_back(t);
            for (const std::string &cv : fpv.caveats)
                if (std::find(pv.caveats.begin(), pv.caveats.end(), cv) == pv.caveats.end())
                    pv.caveats.push_back(cv);
            pv.sourceHashes.insert(fpv.sourceHashes.begin(), fpv.sourceHashes.end());
            for (const std::string &w : fc->warnings)
                c.warnings.push_back(name + ": " + w);

            Result *r = nullptr;
            for (Result &existing : c.results)
                if (existing.participant == pid && existing.caseId == cid)
                    r = &existing;
            if (!r) {
                c.results.push_back({});
                r = &c.results.back();
                r->participant = pid;
                r->caseId = cid;
            }
            const Result &fr = fc->results.front();
            if (fr.status != ResultStatus::Ok) {
                r->status = fr.status;
                r->reason = name + ": " + fr.reason;
            } else if (!fr.flags.empty()) {
                for (const std::string &f : fr.flags)
                    if (std::find(r->flags.begin(), r->flags.end(), f) == r->flags.end())
                        r->flags.push_back(f);
                r->reason += (r->reason.empty() ? "" : "; ") + name + ": " + fr.reason;
            }
            for (const auto &[id, v] : fr.once)
                if (!r->once.emplace(id, v).second)
                    c.warnings.push_back(name + ": a second once-measured \"" + id
                                         + "\" for the same result; the first file's is kept");
            r->repetitions.insert(r->repetitions.end(), fr.repetitions.begin(), fr.repetitions.end());
            for (const ContractCheck &cc : fc->contracts)
                c.contracts.push_back({pid, cid, cc.what, cc.passed, cc.expected, cc.actual});
            ++imported;
        }
        if (imported == 0)
            throw ImportFailure{{}, "no result file in the folder (formats tried: "
                                        + [] {
                                              std::string s;
                                              for (const auto &n : ImporterRegistry::instance().formatNames())
                                                  s += (s.empty() ? "" : ", ") + n;
                                              return s;
                                          }() + ")"};
        for (const std::string &name : skipped)
            c.warnings.push_back(name + ": not a result file any importer recognises; skipped");
        c.provenance.source = title;
        c.provenance.conditions.repetitions.reset();
        for (const Participant &p : c.participants)
            for (const CaseInfo &ci : c.cases)
                if (!c.result(p.id, ci.id)) {
                    Result r;
                    r.participant = p.id;
                    r.caseId = ci.id;
                    r.status = ResultStatus::Missing;
                    r.reason = "no result file in the folder";
                    c.results.push_back(r);
                }
        Summarizer::summarize(c);
        c.sourcePath = title;
        return c;
    } catch (const ImportFailure &f) {
        const bool inMap = !f.place.empty() && f.place[0] == '$';
        if (inMap)
            error = {map.file, f.place, f.message};
        else if (pathOf.count(f.place))
            error = {pathOf[f.place], {}, f.message};
        else
            error = {title, f.place, f.message};
        return std::nullopt;
    }
}

} // namespace bs
