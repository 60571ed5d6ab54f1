import autocannon from 'autocannon';
import { percentileOfSorted } from './stats';

/** One kind of request, as autocannon sends it; `next` varies it per request (ids, bodies). */
export interface LoadRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The path (and body) of the next request to send. */
  next(): { path: string; body?: string };
}

export interface RunFigures {
  /** Successful (2xx) answers per second. */
  requestsPerSecond: number;
  /** Latency of successful answers, in milliseconds (measured by autocannon per request, exact). */
  p50: number;
  p99: number;
  /** Answers that were not 2xx, socket errors and timeouts: any of these spoils the run. */
  failures: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
}

/**
 * Loads `origin` with `connections` keep-alive connections for `seconds` and measures. Latencies
 * come from autocannon's per-request `response` events (float milliseconds), not from its
 * histogram, which rounds to whole milliseconds.
 */
export async function runLoad(origin: string, request: LoadRequest, seconds: number, connections: number): Promise<RunFigures> {
  const first = request.next();
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const instance = autocannon({
    url: origin,
    connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: request.method,
        path: first.path,
        headers: request.headers,
        body: first.body,
        setupRequest: (current) => {
          const { path, body } = request.next();
          return body === undefined ? { ...current, path } : { ...current, path, body };
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode < 200 || statusCode > 299) return;
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
  });
  const result = await instance;
  const sorted = latencies.subarray(0, count).sort();
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count: n }]) => [code, n]));
  return {
    requestsPerSecond: count / result.duration,
    p50: percentileOfSorted(sorted, 50),
    p99: percentileOfSorted(sorted, 99),
    failures: result.non2xx + result.errors + result.timeouts,
    statusCodes,
    durationSeconds: result.duration,
  };
}
