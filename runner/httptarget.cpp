#include "httptarget.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <strings.h>

#include <cstring>

namespace bs {

std::optional<HttpTarget> HttpTarget::fromUrl(const std::string &url, std::string &error)
{
    const std::string scheme = "http://";
    if (url.compare(0, scheme.size(), scheme) != 0) {
        error = "expected an http:// URL, found \"" + url + "\"";
        return std::nullopt;
    }
    const std::string rest = url.substr(scheme.size());
    const auto slash = rest.find('/');
    const std::string authority = rest.substr(0, slash);
    HttpTarget t;
    t.m_basePath = slash == std::string::npos ? std::string() : rest.substr(slash);
    while (!t.m_basePath.empty() && t.m_basePath.back() == '/')
        t.m_basePath.pop_back();
    std::string host = authority;
    int port = 80;
    if (const auto colon = authority.rfind(':'); colon != std::string::npos) {
        host = authority.substr(0, colon);
        const std::string p = authority.substr(colon + 1);
        char *end = nullptr;
        const long v = std::strtol(p.c_str(), &end, 10);
        if (p.empty() || *end || v <= 0 || v > 65535) {
            error = "bad port in \"" + url + "\"";
            return std::nullopt;
        }
        port = int(v);
    }
    addrinfo hints {};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *res = nullptr;
    if (const int rc = getaddrinfo(host.c_str(), nullptr, &hints, &res); rc != 0 || !res) {
        error = "cannot resolve \"" + host + "\": " + gai_strerror(rc);
        return std::nullopt;
    }
    std::memcpy(&t.m_address, res->ai_addr, sizeof(sockaddr_in));
    freeaddrinfo(res);
    t.m_address.sin_port = htons(std::uint16_t(port));
    t.m_hostHeader = authority;
    return t;
}

std::string HttpTarget::request(const std::string &method, const std::string &path,
                                const std::vector<std::pair<std::string, std::string>> &headers,
                                const std::string &body) const
{
    const std::string target = m_basePath + path;
    std::string r = method + " " + (target.empty() ? std::string("/") : target) + " HTTP/1.1\r\n";
    bool hasHost = false;
    for (const auto &[k, v] : headers)
        hasHost = hasHost || strcasecmp(k.c_str(), "host") == 0;
    if (!hasHost)
        r += "Host: " + m_hostHeader + "\r\n";
    for (const auto &[k, v] : headers)
        r += k + ": " + v + "\r\n";
    if (!body.empty() || method == "POST" || method == "PUT" || method == "PATCH")
        r += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    r += "\r\n";
    r += body;
    return r;
}

} // namespace bs
