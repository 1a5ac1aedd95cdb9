#include "result.h"

namespace bs {

const char *statusName(ResultStatus s)
{
    switch (s) {
    case ResultStatus::Ok: return "ok";
    case ResultStatus::Unsupported: return "unsupported";
    case ResultStatus::Missing: return "missing";
    case ResultStatus::ContractFailed: return "contract-failed";
    case ResultStatus::Error: return "error";
    case ResultStatus::Cancelled: return "cancelled";
    }
    return "error";
}

std::optional<ResultStatus> statusFromName(const std::string &name)
{
    for (ResultStatus s : {ResultStatus::Ok, ResultStatus::Unsupported, ResultStatus::Missing,
                           ResultStatus::ContractFailed, ResultStatus::Error, ResultStatus::Cancelled})
        if (name == statusName(s))
            return s;
    return std::nullopt;
}

} // namespace bs
