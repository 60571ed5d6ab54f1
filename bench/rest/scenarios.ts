import type { LoadRequest } from './load';
import type { ServerId } from './servers/catalog';

export type ScenarioId = 'pet-by-id' | 'page-of-50' | 'place-order' | 'sale-3-lines';

export interface Scenario {
  id: ScenarioId;
  title: string;
  /** The goal for its 99th percentile, in ms. */
  p99Goal: number;
  /** Only these servers serve it (a sale is the store's own: the ceilings and peers have none). */
  only?: ServerId[];
}

export const SCENARIOS: Scenario[] = [
  { id: 'pet-by-id', title: 'a pet by id (list filter ?id=N, varying ids)', p99Goal: 10 },
  { id: 'page-of-50', title: 'a filtered page of 50 (?status=available&limit=50)', p99Goal: 10 },
  { id: 'place-order', title: 'place an order (POST, 1 unit, WAL + synchronous=FULL)', p99Goal: 10 },
  {
    id: 'sale-3-lines',
    title: 'a sale of three lines (POST /sales, handed over now, paid in cash)',
    p99Goal: 20,
    only: ['petstore', 'petstore-baseline', 'petstore-pg'],
  },
];

/** Whether a server serves a scenario. */
export const serves = (server: ServerId, scenario: ScenarioId): boolean => SCENARIOS.find(({ id }) => id === scenario)?.only?.includes(server) ?? true;

/** How a server spells the three requests: the store's /v1 API, or json-server's conventions. */
export type Dialect = 'v1' | 'json-server';

/**
 * A deterministic sequence of ids in 1..n that jumps all over the table (an LCG), so every run
 * asks the same ids and no cache of recent answers could help. For n = 100,000 = 2^5·5^5 it has
 * full period (Hull–Dobell: c coprime to n; a−1 divisible by 2, 5 and 4): every id once per cycle.
 */
function idSequence(n: number, seed = 12345): () => number {
  let x = seed % n;
  const a = 1 + 20 * 1231;
  const c = 7919;
  return () => {
    x = (a * x + c) % n;
    return x + 1;
  };
}

/** The requests of a scenario for a server of the given dialect. */
export function loadRequest(
  scenario: ScenarioId,
  dialect: Dialect,
  context: { pets: number; orderPetIds: number[]; token: string },
): LoadRequest {
  // Every server receives the same headers (the bare ones and json-server ignore the token).
  const headers: Record<string, string> = { authorization: `Bearer ${context.token}` };
  const base = dialect === 'v1' ? '/v1/pets' : '/pets';
  switch (scenario) {
    case 'pet-by-id': {
      const nextId = idSequence(context.pets);
      return { method: 'GET', headers, next: () => ({ path: `${base}?id=${nextId()}` }) };
    }
    case 'page-of-50': {
      const path = dialect === 'v1' ? `${base}?status=available&limit=50` : `${base}?status=available&_limit=50`;
      return { method: 'GET', headers, next: () => ({ path }) };
    }
    case 'place-order': {
      let i = 0;
      const path = dialect === 'v1' ? '/v1/store/orders' : '/orders';
      const ids = context.orderPetIds;
      return {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        next: () => {
          const petId = ids[i++ % ids.length];
          const order = dialect === 'v1' ? { petId, quantity: 1 } : { petId, quantity: 1, complete: false };
          return { path, body: JSON.stringify(order) };
        },
      };
    }
    case 'sale-3-lines': {
      // Three different pets of the restocked ones (priced by the seed), one unit each; cash over the total.
      let i = 0;
      const ids = context.orderPetIds;
      return {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        next: () => {
          const first = i++;
          const lines = [0, 1, 2].map((k) => ({ petId: ids[(first + k) % ids.length], quantity: 1 }));
          return { path: '/v1/sales', body: JSON.stringify({ lines, payments: [{ method: 'cash', amount: 10_000_000 }] }) };
        },
      };
    }
  }
}

/**
 * One request of the scenario, checked, before anything is measured: a server answering 401s or
 * empty pages quickly must not pass for a fast one. `exact` is false for the fixed-body ceiling.
 */
export async function checkAnswer(origin: string, request: LoadRequest, scenario: ScenarioId, exact: boolean): Promise<void> {
  const { path, body } = request.next();
  const response = await fetch(origin + path, { method: request.method, headers: request.headers, body });
  const text = await response.text();
  const fail = (why: string) => {
    throw new Error(`${request.method} ${origin}${path}: ${why} (status ${response.status}: ${text.slice(0, 200)})`);
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail('the answer is not JSON');
  }
  if (scenario === 'pet-by-id') {
    if (response.status !== 200 || !Array.isArray(json) || json.length !== 1) fail('expected 200 and one pet');
    const wanted = Number(new URL(path, origin).searchParams.get('id'));
    if (exact && (json as { id: number }[])[0].id !== wanted) fail(`expected pet ${wanted}`);
  } else if (scenario === 'page-of-50') {
    if (response.status !== 200 || !Array.isArray(json) || json.length !== 50) fail('expected 200 and 50 pets');
    if ((json as { status: string }[]).some((pet) => pet.status !== 'available')) fail('expected available pets only');
  } else if (scenario === 'sale-3-lines') {
    const sale = json as { id?: number; lines?: unknown[]; status?: string };
    if (response.status !== 201 || typeof sale.id !== 'number' || sale.lines?.length !== 3 || sale.status !== 'completed') fail('expected 201 and a completed sale of three lines');
  } else {
    const order = json as { id?: number; petId?: number };
    if (response.status !== 201 || typeof order.id !== 'number') fail('expected 201 and an order with an id');
    if (exact && order.petId !== (JSON.parse(body!) as { petId: number }).petId) fail('expected the pet ordered');
  }
}
