/**
 * (a) The ceiling: bare node:http answering fixed JSON bodies, with no database, routing,
 * validation or auth. Each scenario gets a fixed body of the same shape and size as the store's
 * answer (one pet; a page of 50 pets; an order), so the comparison is byte for byte.
 *
 *   node --import tsx bench/rest/servers/bare-http.ts --port N
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string' } } });

const pet = (id: number) => ({ id, name: `Rex ${id}`, categoryId: 1 + (id % 10), status: 'available' });
const ONE_PET = JSON.stringify([pet(12345)]);
const PAGE = JSON.stringify(Array.from({ length: 50 }, (_, i) => pet(1 + i * 10)));
const ORDER = JSON.stringify({ id: 123456, petId: 12, quantity: 1, complete: false });

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
