#!/usr/bin/env python3
"""The sqlite suites' Python participant: stdlib only.

    server.py PORT DATABASE
    server.py --version    Python and SQLite versions

GET /users/ID          one row by id: {"id", "name", "email"}
GET /users/ID/nested   the user with its 4 posts and their 12 comments,
                       read in three queries and assembled as nested JSON
HTTP/1.1 with keep-alive (ThreadingHTTPServer: a thread per connection, each
with its own read-only connection to the database).
"""
import http.server
import json
import re
import sqlite3
import sys
import threading

ROUTE = re.compile(r"^/users/(\d+)(/nested)?$")
local = threading.local()


def database():
    if not hasattr(local, "db"):
        local.db = sqlite3.connect(f"file:{DATABASE}?mode=ro", uri=True)
    return local.db


def lookup(db, user_id):
    row = db.execute("SELECT id, name, email FROM users WHERE id = ?", (user_id,)).fetchone()
    return None if row is None else {"id": row[0], "name": row[1], "email": row[2]}


def nested(db, user_id):
    user = lookup(db, user_id)
    if user is None:
        return None
    posts = [{"id": p[0], "title": p[1], "body": p[2], "comments": []}
             for p in db.execute("SELECT id, title, body FROM posts WHERE user_id = ? ORDER BY id", (user_id,))]
    by_id = {p["id"]: p for p in posts}
    marks = ",".join("?" * len(posts))
    for c in db.execute(f"SELECT id, post_id, author, body FROM comments WHERE post_id IN ({marks}) ORDER BY id",
                        list(by_id)):
        by_id[c[1]]["comments"].append({"id": c[0], "author": c[2], "body": c[3]})
    user["posts"] = posts
    return user


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: with Nagle's algorithm the body
    # waits for the client's delayed ACK (40 ms) on a keep-alive connection.
    disable_nagle_algorithm = True

    def do_GET(self):
        match = ROUTE.match(self.path)
        value = None
        if match:
            read = nested if match.group(2) else lookup
            value = read(database(), int(match.group(1)))
        if value is None:
            self.answer(404, b'{"error":"not found"}')
        else:
            self.answer(200, json.dumps(value, separators=(",", ":")).encode())

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    if sys.argv[1:] == ["--version"]:
        sys.exit(print(f"Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}"))
    if len(sys.argv) != 3:
        sys.exit("usage: server.py PORT DATABASE")
    DATABASE = sys.argv[2]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    server.daemon_threads = True
    server.serve_forever()
