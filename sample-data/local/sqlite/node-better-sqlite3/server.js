'use strict';
// The sqlite suites' Node participant with a native driver: better-sqlite3
// (one read-only connection, prepared statements) behind ../serve.js.
//
//   node server.js PORT DATABASE
//   node server.js --version    Node, better-sqlite3 and SQLite versions
const Database = require('better-sqlite3');
const {serve, queries, commentsQuery} = require('../serve.js');

const [port, file] = process.argv.slice(2);
if (port === '--version') {
  const sqlite = new Database(':memory:').prepare('SELECT sqlite_version() AS v').get().v;
  console.log(`Node ${process.version}, better-sqlite3 ${require('better-sqlite3/package.json').version}, SQLite ${sqlite}`);
  process.exit(0);
}
if (!port || !file) {
  console.error('usage: node server.js PORT DATABASE');
  process.exit(2);
}
const db = new Database(file, {readonly: true, fileMustExist: true});
const user = db.prepare(queries.user);
const posts = db.prepare(queries.posts);
const comments = new Map();
serve(port, {
  user: id => user.get(id),
  posts: id => posts.all(id),
  comments(postIds) {
    if (!comments.has(postIds.length)) comments.set(postIds.length, db.prepare(commentsQuery(postIds)));
    return comments.get(postIds.length).all(postIds);
  },
});
