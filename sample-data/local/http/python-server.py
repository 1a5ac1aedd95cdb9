#!/usr/bin/env python3
"""The web-frameworks contract and the route-coverage API on Python's
standard library: one process, a thread per connection, HTTP/1.1 keep-alive.

    python3 python-server.py PORT [CATALOG_DIR]

GET /catalog is answered by the catalog.py in CATALOG_DIR (default
revisions/after): the latest-optimizations suite starts one server per
revision folder."""
import importlib
import json
import os
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
USER = re.compile(r"/user/([0-9]+)")
STATIC = os.path.join(HERE, "static", "hello.txt")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # The headers and the body are two writes: without this, Nagle's
    # algorithm holds the body back until the client acknowledges the headers.
    disable_nagle_algorithm = True
    catalog = None

    def log_message(self, format, *args):
        pass  # no line on stderr per request

    def send(self, status, body=b"", content_type="text/plain"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        user = USER.fullmatch(self.path)
        if self.path == "/":
            self.send(200)
        elif user:
            self.send(200, user.group(1).encode())
        elif self.path == "/health":
            self.send(200, b'{"status":"ok"}', "application/json")
        elif self.path == "/static/hello.txt":
            with open(STATIC, "rb") as f:
                self.send(200, f.read())
        elif self.path == "/catalog":
            self.send(200, self.catalog.body(), "application/json")
        else:
            self.send(404)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path == "/user":
            self.send(200)
        elif self.path == "/echo":
            try:
                received = json.loads(body)
            except ValueError:
                return self.send(400)
            self.send(200, json.dumps({"received": received}).encode(), "application/json")
        else:
            self.send(404)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's default listen backlog is 5: a client opening its 32
    # connections at once would lose SYNs and wait a second to retransmit.
    request_queue_size = 128


def main():
    port = int(sys.argv[1])
    folder = sys.argv[2] if len(sys.argv) > 2 else os.path.join("revisions", "after")
    sys.path.insert(0, HERE)
    sys.path.insert(0, os.path.join(HERE, folder))
    Handler.catalog = importlib.import_module("catalog")
    Server(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
