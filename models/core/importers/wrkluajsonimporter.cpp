#include "wrkluajsonimporter.h"

#include "capturebuilder.h"
#include "compactjsonparser.h"
#include "failureshare.h"
#include "wrkdonejson.h"
#include "wrktextimporter.h"

namespace bs {

using json = nlohmann::json;

bool WrkLuaJsonImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return WrkDoneJson::hasShape(*in.json);
    // After wrk's own report, the text importer reads both.
    return WrkDoneJson::start(in.text) != std::string::npos && in.text.find("\"latency\"") != std::string::npos
        && !WrkTextImporter().detect(in);
}

Capture WrkLuaJsonImporter::import(const ImportInput &in) const
{
    json parsed;
    const json *doc = in.json;
    std::string base = in.jsonPath;
    if (doc) {
        WrkDoneJson::checkShape(*doc, base);
    } else {
        parsed = WrkDoneJson::parse(in.text, WrkDoneJson::start(in.text), base);
        WrkDoneJson::checkShape(parsed, base);
        doc = &parsed;
    }
    const json &root = *doc;

    CaptureBuilder b(in, "wrk", "load-generator");
    Conditions &k = b.provenance().conditions;
    k.mode = "saturation";
    k.latencyCorrected = false;
    b.caveat("latency is not coordinated-omission corrected (wrk runs a closed loop)");
    if (!in.json && WrkDoneJson::start(in.text) > 1)
        b.caveat("the text before the done() JSON (up to its " + CompactJsonParser::placeOfByte(in.text, WrkDoneJson::start(in.text))
                 + ") was not read: it is not wrk's console report");

    const std::string part = b.participant("wrk");
    const std::string cs = b.caseId("run");
    Repetition &rep = b.addRepetition(part, cs);
    WrkDoneJson::read(b, rep, root, base);
    FailureShare::applyToRequests(b.result(part, cs), rep.errors, std::uint64_t(rep.metrics.at("requests")));
    b.setPrimary("rps");
    return b.finish();
}

} // namespace bs
