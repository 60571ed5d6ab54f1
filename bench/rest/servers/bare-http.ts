/**
 * (a) The ceiling: bare node:http answering fixed JSON bodies, with no database, routing,
 * validation or auth. Each scenario gets a fixed body of the same shape and size as the store's
 * answer (fixed-bodies.ts).
 *
 *   node --import tsx bench/rest/servers/bare-http.ts --port N
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { FIXED_BODIES } from './fixed-bodies';

const { values } = parseArgs({ options: { port: { type: 'string' } } });

const { onePet: ONE_PET, page: PAGE, order: ORDER } = FIXED_BODIES;

const server = createServer((request, response) => {
  if (request.method === 'POST') {
    // Read the whole body, as a real server must, then answer.
    request.on('data', () => {});
    request.on('end', () => {
      response.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(ORDER) });
      response.end(ORDER);
    });
    return;
  }
  const body = request.url!.includes('status=') ? PAGE : ONE_PET;
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
});

server.listen(Number(values.port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
