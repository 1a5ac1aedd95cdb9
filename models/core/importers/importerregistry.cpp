#include "importerregistry.h"

#include "abimporter.h"
#include "asvimporter.h"
#include "autocannonimporter.h"
#include "benchmarkdotnetimporter.h"
#include "benchmarkipsimporter.h"
#include "benchmarkjsimporter.h"
#include "benchmarktoolsimporter.h"
#include "catch2consoleimporter.h"
#include "catch2xmlimporter.h"
#include "criterionconsoleimporter.h"
#include "dartbenchmarkimporter.h"
#include "compactjsonparser.h"
#include "fileio.h"
#include "gobenchimporter.h"
#include "googlebenchmarkimporter.h"
#include "gowrkimporter.h"
#include "h2loadimporter.h"
#include "heyimporter.h"
#include "hyperfineimporter.h"
#include "jmhimporter.h"
#include "libtestimporter.h"
#include "k6consoleimporter.h"
#include "k6summaryimporter.h"
#include "locustimporter.h"
#include "nonfinitetokens.h"
#include "ohaimporter.h"
#include "ohatextimporter.h"
#include "pytestbenchmarkimporter.h"
#include "pyperfimporter.h"
#include "rubybenchmarkimporter.h"
#include "typescriptruntimetypeimporter.h"
#include "vegetaimporter.h"
#include "vitestbenchimporter.h"
#include "webframeworksimporter.h"
#include "wrkluajsonimporter.h"
#include "wrktextimporter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace bs {

using json = nlohmann::json;

namespace {

struct Parsed {
    std::optional<json> doc;
    std::size_t nonFinite = 0;
    LoadError syntaxError; // when the text starts like JSON but does not parse
};

// Parses through the one bounded JSON layer (limits, numbers out of range).
std::optional<json> parseBounded(const std::string &text, const std::string &path, LoadError &error)
{
    auto doc = CompactJsonParser::parse(text, path, error, false);
    if (!doc)
        return std::nullopt;
    return std::move(doc->root);
}

Parsed parseJson(const std::string &text, const std::string &path)
{
    Parsed p;
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || (text[first] != '{' && text[first] != '['))
        return p;
    p.doc = parseBounded(text, path, p.syntaxError);
    if (p.doc)
        return p;
    if (text.find("NaN") == std::string::npos && text.find("Infinity") == std::string::npos)
        return p;
    std::string copy = text;
    const std::size_t n = NonFiniteTokens::replace(copy, "null", "null");
    LoadError ignored; // the error about the original text is kept
    p.doc = parseBounded(copy, path, ignored);
    if (p.doc)
        p.nonFinite = n;
    return p;
}

} // namespace

ImporterRegistry::ImporterRegistry()
{
    m_importers.push_back(std::make_unique<OhaImporter>());
    m_importers.push_back(std::make_unique<AutocannonImporter>());
    m_importers.push_back(std::make_unique<K6SummaryImporter>());
    m_importers.push_back(std::make_unique<K6ConsoleImporter>());
    m_importers.push_back(std::make_unique<HyperfineImporter>());
    m_importers.push_back(std::make_unique<GoogleBenchmarkImporter>());
    m_importers.push_back(std::make_unique<TypescriptRuntimeTypeImporter>());
    m_importers.push_back(std::make_unique<WrkTextImporter>());
    m_importers.push_back(std::make_unique<WrkLuaJsonImporter>());
    m_importers.push_back(std::make_unique<GoWrkImporter>());
    m_importers.push_back(std::make_unique<WebFrameworksImporter>());
    // JMH and BenchmarkDotNet (criterion.rs is a folder: FolderImporter)
    m_importers.push_back(std::make_unique<JmhImporter>());
    m_importers.push_back(std::make_unique<BenchmarkDotNetImporter>());
    m_importers.push_back(std::make_unique<AbImporter>());
    m_importers.push_back(std::make_unique<HeyImporter>());
    m_importers.push_back(std::make_unique<OhaTextImporter>());
    m_importers.push_back(std::make_unique<H2loadImporter>());
    m_importers.push_back(std::make_unique<VegetaImporter>());
    // Language benchmark harnesses
    m_importers.push_back(std::make_unique<GoBenchImporter>());
    m_importers.push_back(std::make_unique<PytestBenchmarkImporter>());
    m_importers.push_back(std::make_unique<LibtestImporter>());
    m_importers.push_back(std::make_unique<BenchmarkJsImporter>());
    m_importers.push_back(std::make_unique<DartBenchmarkImporter>());
    m_importers.push_back(std::make_unique<BenchmarkIpsImporter>());
    m_importers.push_back(std::make_unique<RubyBenchmarkImporter>());
    m_importers.push_back(std::make_unique<PyperfImporter>());
    m_importers.push_back(std::make_unique<CriterionConsoleImporter>());
    m_importers.push_back(std::make_unique<LocustImporter>());
    m_importers.push_back(std::make_unique<Catch2XmlImporter>());
    m_importers.push_back(std::make_unique<Catch2ConsoleImporter>());
    m_importers.push_back(std::make_unique<VitestBenchImporter>());
    m_importers.push_back(std::make_unique<BenchmarkToolsImporter>());
    m_importers.push_back(std::make_unique<AsvImporter>());
}

const ImporterRegistry &ImporterRegistry::instance()
{
    static const ImporterRegistry registry;
    return registry;
}

std::vector<std::string> ImporterRegistry::formatNames() const
{
    std::vector<std::string> names = {"Benchscope capture"};
    for (const auto &i : m_importers)
        names.push_back(i->name());
    return names;
}

std::vector<std::string> ImporterRegistry::oneFilePerRun(const std::vector<std::string> &paths,
                                                        std::vector<std::string> *joined) const
{
    const std::set<std::string> given(paths.begin(), paths.end());
    std::vector<std::string> kept;
    for (const std::string &p : paths) {
        const bool part = std::any_of(m_importers.begin(), m_importers.end(), [&](const auto &i) {
            const std::string lead = i->leadFile(p);
            return !lead.empty() && lead != p && given.count(lead);
        });
        if (!part)
            kept.push_back(p);
        else if (joined)
            joined->push_back(p);
    }
    return kept;
}

std::optional<Capture> ImporterRegistry::importFile(const std::string &path, LoadError &error,
                                                    bool *unrecognised) const
{
    auto text = FileIO::readMaybeGzip(path, error);
    if (!text)
        return std::nullopt;
    return importText(*text, path, error, unrecognised);
}

std::optional<Capture> ImporterRegistry::importText(const std::string &text, const std::string &path,
                                                    LoadError &error, bool *unrecognised) const
{
    if (unrecognised)
        *unrecognised = false;
    Parsed parsed = parseJson(text, path);
    ImportInput in{path, text, parsed.doc ? &*parsed.doc : nullptr, "$", parsed.nonFinite};

    std::vector<std::pair<const Importer *, ImportInput>> matches;
    for (const auto &i : m_importers)
        if (i->detect(in))
            matches.emplace_back(i.get(), in);
    if (matches.empty() && in.json && in.json->is_object()) {
        for (const auto &[key, v] : in.json->items()) {
            if (!v.is_object() || !v.contains("value") || (v.contains("type") && v.at("type") != "json"))
                continue;
            const json *inner = &v.at("value");
            if (!inner->is_object())
                continue;
            ImportInput wrapped = in;
            wrapped.json = inner;
            wrapped.jsonPath = "$." + key + ".value";
            for (const auto &i : m_importers)
                if (i->detect(wrapped))
                    matches.emplace_back(i.get(), wrapped);
        }
    }

    std::string tried;
    for (const std::string &n : formatNames())
        tried += (tried.empty() ? "" : ", ") + n;
    if (matches.empty()) {
        if (unrecognised)
            *unrecognised = true;
        if (!in.json && !parsed.syntaxError.message.empty()) {
            error = parsed.syntaxError;
            error.message += " (formats tried: " + tried + ")";
        } else {
            error = {path, {}, "not a format Benchscope can open (tried: " + tried + ")"};
        }
        for (const auto &i : m_importers)
            if (const std::string why = i->whyNot(in); !why.empty())
                error.message += "; not " + i->name() + ": " + why;
        return std::nullopt;
    }
    if (matches.size() > 1) {
        std::string which;
        for (const auto &[i, input] : matches)
            which += (which.empty() ? "" : " and ") + i->name() + " (at " + input.jsonPath + ")";
        error = {path, {}, "ambiguous: the content matches " + which};
        return std::nullopt;
    }
    return matches.front().first->read(matches.front().second, error);
}

} // namespace bs
