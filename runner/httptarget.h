#pragma once

#include <netinet/in.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bs {

// Where requests go ("http://127.0.0.1:8080/prefix"), resolved once, and
// the pre-built bytes of a request to it.
class HttpTarget {
public:
    static std::optional<HttpTarget> fromUrl(const std::string &url, std::string &error);

    const sockaddr_in &address() const { return m_address; }
    const std::string &hostHeader() const { return m_hostHeader; }
    const std::string &basePath() const { return m_basePath; }

    // The complete request for `path` (appended to the URL's path).
    std::string request(const std::string &method, const std::string &path,
                        const std::vector<std::pair<std::string, std::string>> &headers,
                        const std::string &body) const;

private:
    sockaddr_in m_address {};
    std::string m_hostHeader;
    std::string m_basePath;
};

} // namespace bs
