#include "importer.h"

#include "inputfailure.h"

namespace bs {

std::optional<Capture> Importer::read(const ImportInput &in, LoadError &error) const
{
    try {
        Capture c = import(in);
        c.sourcePath = in.path;
        return c;
    } catch (const InputFailure &f) {
        error = {in.path, f.place, name() + ": " + f.message};
    } catch (const nlohmann::json::exception &e) {
        // A shape the importer did not check by hand; still name the format.
        error = {in.path, in.jsonPath, name() + ": unexpected JSON value (" + e.what() + ")"};
    }
    return std::nullopt;
}

} // namespace bs
