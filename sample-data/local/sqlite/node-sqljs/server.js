'use strict';
// The sqlite suites' WebAssembly participant: sql.js (SQLite compiled with
// Emscripten), the database file read into its memory at start, prepared
// statements, behind ../serve.js.
//
//   node server.js PORT DATABASE
//   node server.js --version    Node, sql.js and SQLite versions
const fs = require('node:fs');
const path = require('node:path');
const initSqlJs = require('sql.js');
const {serve, queries, commentsQuery} = require('../serve.js');

// sql.js's exports leave out its package.json: read it beside the module.
function packageVersion() {
  const file = path.join(path.dirname(require.resolve('sql.js')), '..', 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

function rows(statement, params) {
  statement.bind(params);
  const out = [];
  while (statement.step()) out.push(statement.getAsObject());
  statement.reset();
  return out;
}

async function main([port, file]) {
  const SQL = await initSqlJs();
  if (port === '--version') {
    const sqlite = new SQL.Database().exec('SELECT sqlite_version()')[0].values[0][0];
    console.log(`Node ${process.version}, sql.js ${packageVersion()}, SQLite ${sqlite}`);
    return;
  }
  if (!port || !file) {
    console.error('usage: node server.js PORT DATABASE');
    process.exit(2);
  }
  const db = new SQL.Database(fs.readFileSync(file));
  const user = db.prepare(queries.user);
  const posts = db.prepare(queries.posts);
  const comments = new Map();
  serve(port, {
    user: id => rows(user, [id])[0],
    posts: id => rows(posts, [id]),
    comments(postIds) {
      if (!comments.has(postIds.length)) comments.set(postIds.length, db.prepare(commentsQuery(postIds)));
      return rows(comments.get(postIds.length), postIds);
    },
  });
}

main(process.argv.slice(2));
