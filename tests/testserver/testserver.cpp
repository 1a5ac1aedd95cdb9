// A small HTTP/1.1 server for the runner's tests (no Qt, thread per
// connection). It misbehaves on request:
//   --port N            listen on 127.0.0.1:N (0: an ephemeral port; the port
//                       is printed as the first line on stdout)
//   --delay-ms N        answer every request after N ms
//   --stall-ms N        once, hold one response for N ms ...
//   --stall-after K     ... the response to the K-th request (default 1)
//   --close-every K     every K-th response says "Connection: close", and the
//                       connection is closed after it
//   --wrong-body        answer "wrong" instead of "hello"
//   --chunked           send bodies chunked
//   --status N          answer with status N
//   --crash-after K     exit at once (like a crash) on the K-th request
//   --reset-every K     on every K-th request, reset the connection
//   --garbage-every K   on every K-th request, answer with bytes that are not HTTP
//   --truncate-every K  on every K-th request, close in the middle of the body
//   --endless-every K   on every K-th request, send a body that never ends
//   --count-file PATH   on SIGTERM, write the request count there and exit
// GET /__count answers with the number of other requests seen so far;
// GET /__connections with the number of connections that carried one.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

namespace {

struct Options {
    int port = 0;
    int delayMs = 0;
    int stallMs = 0;
    long stallAfter = 1;
    long closeEvery = 0;
    bool wrongBody = false;
    bool chunked = false;
    int status = 200;
    long crashAfter = 0;
    long resetEvery = 0;
    long garbageEvery = 0;
    long truncateEvery = 0;
    long endlessEvery = 0;
    const char *countFile = nullptr;
};

Options g_options;
std::atomic<long> g_requests {0};
std::atomic<long> g_connections {0};
std::atomic<bool> g_stalled {false};

bool sendAll(int fd, const std::string &bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        done += std::size_t(n);
    }
    return true;
}

std::string response(int status, const std::string &body, bool chunked, bool close = false)
{
    std::string r = "HTTP/1.1 " + std::to_string(status) + (status < 400 ? " OK" : " Error") + "\r\n";
    r += "Content-Type: text/plain; charset=utf-8\r\n";
    if (close)
        r += "Connection: close\r\n";
    if (chunked) {
        r += "Transfer-Encoding: chunked\r\n\r\n";
        const std::size_t half = body.size() / 2;
        char size[32];
        std::snprintf(size, sizeof size, "%zx\r\n", half);
        r += size + body.substr(0, half) + "\r\n";
        std::snprintf(size, sizeof size, "%zx\r\n", body.size() - half);
        r += size + body.substr(half) + "\r\n0\r\n\r\n";
    } else {
        r += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    }
    return r;
}

void serve(int fd)
{
    std::string buffer;
    char chunk[4096];
    long served = 0;
    bool counted = false;
    for (;;) {
        std::size_t end;
        while ((end = buffer.find("\r\n\r\n")) == std::string::npos) {
            const ssize_t n = recv(fd, chunk, sizeof chunk, 0);
            if (n <= 0) {
                close(fd);
                return;
            }
            buffer.append(chunk, std::size_t(n));
        }
        const std::string head = buffer.substr(0, end);
        buffer.erase(0, end + 4); // requests from the runner carry no body here
        if (head.rfind("GET /__count ", 0) == 0) {
            if (!sendAll(fd, response(200, std::to_string(g_requests.load()), false)))
                break;
            continue;
        }
        if (head.rfind("GET /__connections ", 0) == 0) {
            if (!sendAll(fd, response(200, std::to_string(g_connections.load()), false)))
                break;
            continue;
        }
        if (!counted) {
            counted = true;
            ++g_connections;
        }
        const long k = ++g_requests;
        if (g_options.crashAfter && k >= g_options.crashAfter)
            _exit(70);
        if (g_options.resetEvery && k % g_options.resetEvery == 0) {
            linger l {1, 0}; // close with RST
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
            break;
        }
        if (g_options.garbageEvery && k % g_options.garbageEvery == 0) {
            sendAll(fd, "this is not http\r\n\r\n");
            break;
        }
        if (g_options.truncateEvery && k % g_options.truncateEvery == 0) {
            sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhe");
            break;
        }
        if (g_options.endlessEvery && k % g_options.endlessEvery == 0) {
            // Delimited by close, and never closed: only the client can end it.
            const std::string block(16384, 'x');
            if (sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n"))
                while (sendAll(fd, block)) { }
            break;
        }
        if (g_options.delayMs)
            std::this_thread::sleep_for(std::chrono::milliseconds(g_options.delayMs));
        if (g_options.stallMs && k >= g_options.stallAfter && !g_stalled.exchange(true))
            std::this_thread::sleep_for(std::chrono::milliseconds(g_options.stallMs));
        ++served;
        const bool closing = g_options.closeEvery && served % g_options.closeEvery == 0;
        if (!sendAll(fd, response(g_options.status, g_options.wrongBody ? "wrong" : "hello", g_options.chunked, closing))
            || closing)
            break;
    }
    close(fd);
}

void onTerm(int)
{
    // Only async-signal-safe calls here.
    const int fd = open(g_options.countFile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    char digits[32];
    int n = 0;
    long v = g_requests.load();
    do {
        digits[sizeof digits - 1 - n++] = char('0' + v % 10);
        v /= 10;
    } while (v > 0);
    if (fd >= 0) {
        (void)!write(fd, digits + sizeof digits - n, std::size_t(n));
        close(fd);
    }
    _exit(0);
}

long argValue(int &i, int argc, char **argv)
{
    if (i + 1 >= argc) {
        std::fprintf(stderr, "testserver: %s needs a value\n", argv[i]);
        std::exit(2);
    }
    return std::strtol(argv[++i], nullptr, 10);
}

} // namespace

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--port") g_options.port = int(argValue(i, argc, argv));
        else if (a == "--delay-ms") g_options.delayMs = int(argValue(i, argc, argv));
        else if (a == "--stall-ms") g_options.stallMs = int(argValue(i, argc, argv));
        else if (a == "--stall-after") g_options.stallAfter = argValue(i, argc, argv);
        else if (a == "--close-every") g_options.closeEvery = argValue(i, argc, argv);
        else if (a == "--wrong-body") g_options.wrongBody = true;
        else if (a == "--chunked") g_options.chunked = true;
        else if (a == "--status") g_options.status = int(argValue(i, argc, argv));
        else if (a == "--crash-after") g_options.crashAfter = argValue(i, argc, argv);
        else if (a == "--reset-every") g_options.resetEvery = argValue(i, argc, argv);
        else if (a == "--garbage-every") g_options.garbageEvery = argValue(i, argc, argv);
        else if (a == "--truncate-every") g_options.truncateEvery = argValue(i, argc, argv);
        else if (a == "--endless-every") g_options.endlessEvery = argValue(i, argc, argv);
        else if (a == "--count-file" && i + 1 < argc) g_options.countFile = argv[++i];
        else {
            std::fprintf(stderr, "testserver: unknown option %s\n", a.c_str());
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    if (g_options.countFile)
        signal(SIGTERM, onTerm);
    const int listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr {};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(std::uint16_t(g_options.port));
    if (bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || listen(listener, 512) != 0) {
        std::perror("testserver: bind/listen");
        return 1;
    }
    socklen_t len = sizeof addr;
    getsockname(listener, reinterpret_cast<sockaddr *>(&addr), &len);
    std::printf("%d\n", ntohs(addr.sin_port));
    std::fflush(stdout);
    for (;;) {
        const int fd = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0)
            continue;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        std::thread(serve, fd).detach();
    }
}
