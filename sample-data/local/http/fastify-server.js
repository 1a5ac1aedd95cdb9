'use strict';
// The web-frameworks contract and the route-coverage API on fastify (pinned
// in package.json): one process, fastify's own router and JSON handling.
// It has no /static route: fastify core serves no files (that is the
// @fastify/static plugin, which this participant does not install).
//     node fastify-server.js PORT
const fastify = require('fastify')({ logger: false });

fastify.get('/', async () => '');
fastify.get('/user/:id', async (req) => req.params.id);
fastify.post('/user', async () => '');
fastify.get('/health', async () => ({ status: 'ok' }));
fastify.post('/echo', async (req) => ({ received: req.body }));

fastify.listen({ port: Number(process.argv[2]), host: '127.0.0.1' }).catch((err) => {
  console.error(err);
  process.exit(1);
});
