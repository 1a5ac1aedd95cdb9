'use strict';
// The HTTP side both Node participants share, so that they differ only in
// their SQLite driver: the routes, the nested assembly, the JSON and the
// shutdown. Same routes and shape as python-sqlite3/server.py.
//
//   serve(port, {user(id), posts(userId), comments(postIds)}) with each query
//   returning rows as plain objects (user: one row or undefined).
const http = require('node:http');

const route = /^\/users\/(\d+)(\/nested)?$/;

function nested(db, id) {
  const user = db.user(id);
  if (!user) return undefined;
  const posts = db.posts(id).map(p => ({id: p.id, title: p.title, body: p.body, comments: []}));
  const byId = new Map(posts.map(p => [p.id, p]));
  for (const c of db.comments([...byId.keys()]))
    byId.get(c.post_id).comments.push({id: c.id, author: c.author, body: c.body});
  user.posts = posts;
  return user;
}

function answer(res, status, body) {
  res.writeHead(status, {'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body)});
  res.end(body);
}

function serve(port, db) {
  const server = http.createServer((req, res) => {
    const match = req.method === 'GET' && route.exec(req.url);
    const value = match && (match[2] ? nested(db, Number(match[1])) : db.user(Number(match[1])));
    if (value) answer(res, 200, JSON.stringify(value));
    else answer(res, 404, '{"error":"not found"}');
  });
  server.keepAliveTimeout = 60000;
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  server.listen(Number(port), '127.0.0.1');
}

// The comments query with one ? per post id, prepared once per count.
function commentsQuery(postIds) {
  return `SELECT id, post_id, author, body FROM comments WHERE post_id IN (${postIds.map(() => '?').join(',')}) ORDER BY id`;
}

const queries = {
  user: 'SELECT id, name, email FROM users WHERE id = ?',
  posts: 'SELECT id, title, body FROM posts WHERE user_id = ? ORDER BY id',
};

module.exports = {serve, queries, commentsQuery};
