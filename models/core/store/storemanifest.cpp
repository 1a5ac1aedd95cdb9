#include "storemanifest.h"

#include "compactjsonparser.h"
#include "fileio.h"
#include "jsonnode.h"

#include <nlohmann/json.hpp>

namespace bs {

namespace {

constexpr const char *kManifestFormat = "benchscope-store";
constexpr int kManifestVersion = 1;

bool isSha256(const std::string &s)
{
    return s.size() == 64 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

StoreEntry entryOf(const JsonNode &e)
{
    e.object().allowOnly({"file", "sha256", "suite", "revision", "commit", "branch", "machine", "captured_at"});
    StoreEntry entry;
    entry.sha256 = e.string("sha256");
    if (!isSha256(entry.sha256))
        e.fail("sha256", "expected 64 lower-case hexadecimal digits, found \"" + entry.sha256.substr(0, 80) + "\"");
    entry.file = e.string("file");
    // The store names its files; a manifest that points elsewhere is damaged
    // (prune would remove what it names).
    if (entry.file != "captures/" + entry.sha256 + ".json.gz")
        e.fail("file", "expected \"captures/" + entry.sha256 + ".json.gz\", the name of its sha256");
    entry.suite = e.optString("suite");
    entry.revision = e.optString("revision");
    entry.commit = e.optString("commit");
    entry.branch = e.optString("branch");
    entry.machine = e.optString("machine");
    entry.capturedAt = e.optString("captured_at");
    return entry;
}

} // namespace

std::optional<std::vector<StoreEntry>> StoreManifest::read(const std::string &path, LoadError &error)
{
    const auto text = FileIO::readFile(path, error);
    if (!text)
        return std::nullopt;
    const auto doc = CompactJsonParser::parse(*text, path, error, false);
    if (!doc)
        return std::nullopt;
    try {
        const JsonNode root(doc->root);
        root.object().allowOnly({"format", "version", "captures"});
        if (root.string("format") != kManifestFormat)
            root.fail("format", std::string("expected \"") + kManifestFormat + "\", found \"" + root.string("format").substr(0, 80) + "\"");
        root.integer("version", kManifestVersion, kManifestVersion);
        std::vector<StoreEntry> entries;
        for (const JsonNode &e : root.member("captures").array().elements())
            entries.push_back(entryOf(e));
        return entries;
    } catch (const InputFailure &f) {
        error = {path, f.place, f.message};
        return std::nullopt;
    }
}

std::string StoreManifest::text(const std::vector<StoreEntry> &entries)
{
    std::string out = std::string("{\"format\": \"") + kManifestFormat + "\", \"version\": " + std::to_string(kManifestVersion)
        + ", \"captures\": [\n";
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const StoreEntry &e = entries[i];
        const nlohmann::ordered_json line = {
            {"file", e.file},         {"sha256", e.sha256},   {"suite", e.suite},     {"revision", e.revision},
            {"commit", e.commit},     {"branch", e.branch},   {"machine", e.machine}, {"captured_at", e.capturedAt},
        };
        out += line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + (i + 1 < entries.size() ? ",\n" : "\n");
    }
    return out + "]}\n";
}

} // namespace bs
