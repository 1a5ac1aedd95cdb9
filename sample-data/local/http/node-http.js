'use strict';
// The web-frameworks contract and the route-coverage API on Node's own http
// module: one process, one event loop.
//     node node-http.js PORT
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const port = Number(process.argv[2]);
const staticFile = path.join(__dirname, 'static', 'hello.txt');
const userRoute = /^\/user\/([0-9]+)$/;

function send(res, status, body = '', type = 'text/plain') {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req, done) {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => done(Buffer.concat(chunks)));
}

function echo(res, body) {
  let received;
  try {
    received = JSON.parse(body);
  } catch {
    return send(res, 400);
  }
  send(res, 200, JSON.stringify({ received }), 'application/json');
}

function get(req, res) {
  if (req.url === '/') return send(res, 200);
  const user = userRoute.exec(req.url);
  if (user) return send(res, 200, user[1]);
  if (req.url === '/health') return send(res, 200, '{"status":"ok"}', 'application/json');
  if (req.url === '/static/hello.txt')
    return fs.readFile(staticFile, (err, data) => (err ? send(res, 500) : send(res, 200, data)));
  send(res, 404);
}

http
  .createServer((req, res) => {
    if (req.method === 'GET') return get(req, res);
    if (req.method === 'POST' && req.url === '/user') return readBody(req, () => send(res, 200));
    if (req.method === 'POST' && req.url === '/echo') return readBody(req, (body) => echo(res, body));
    send(res, 404);
  })
  .listen(port, '127.0.0.1');
