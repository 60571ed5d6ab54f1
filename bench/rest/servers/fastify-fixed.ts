/**
 * (f) The framework's floor: Fastify 5 with its defaults and no logger (as the store runs it), with
 * one route per scenario answering the same fixed JSON bodies as (a). The gap between (a) and (f)
 * is what the framework costs per request before the store does anything; the gap between (f) and
 * the store is the store's own work (auth, validation, the query, paging headers).
 *
 *   node --import tsx bench/rest/servers/fastify-fixed.ts --port N
 */
import Fastify from 'fastify';
import { parseArgs } from 'node:util';
import { FIXED_BODIES } from './fixed-bodies';

const { values } = parseArgs({ options: { port: { type: 'string' } } });

const app = Fastify({ logger: false });
const json = 'application/json; charset=utf-8';
app.get('/v1/pets', (request, reply) => {
  const body = (request.query as Record<string, string>).status === undefined ? FIXED_BODIES.onePet : FIXED_BODIES.page;
  reply.header('content-type', json).send(body);
});
app.post('/v1/store/orders', (_request, reply) => {
  reply.code(201).header('content-type', json).send(FIXED_BODIES.order);
});
app.get('/', (_request, reply) => {
  reply.header('content-type', json).send('{}');
});

await app.listen({ port: Number(values.port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
