#pragma once

#include "httptarget.h"

#include <string>

namespace bs {

// One request on a fresh, blocking connection, with the whole response kept:
// for readiness checks and for contract checks (never under load).
class HttpExchange {
public:
    struct Response {
        bool ok = false;
        std::string errorKind; // "connect_refused", "connect_timeout", "reset", "eof", "parse", "timeout",
                               // "early_response" (an answer before the request was all written)
        std::string error;     // human text
        int status = 0;
        std::string contentType;
        std::string body;
    };

    static Response perform(const HttpTarget &target, const std::string &requestBytes, bool headRequest,
                            double timeoutSeconds);
};

} // namespace bs
